// kernel/system.hpp: with no state effectors the hub is a rigid body; the right-hand side is a
// pure function of (x, t); copies share one workspace.
#include "ramus/kernel/system.hpp"

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <memory>

#include "kernel/stub_effectors.hpp"
#include "kernel/test_support.hpp"
#include "ramus/kernel/model.hpp"

using namespace ramus;
using ramus::test::check_near;

namespace {

struct RigidHub {
  double m = 50.0;                                // [kg]
  Eigen::Matrix3d I_PntBc_B;                      // [kg m²]
  Eigen::Vector3d r_BcB_B{0.3, -0.2, 0.5};        // [m]
  Eigen::Vector3d force_B{1.0, 2.0, -3.0};        // [N] body-fixed force
  Eigen::Vector3d force_N{-0.5, 0.25, 2.0};       // [N] inertial force
  Eigen::Vector3d torque_PntB_B{0.5, -0.1, 0.2};  // [N m] about B
  double k_gravity = 1e-3;                        // [1/s²] g = −k r
  double load_rate = 0.1;                         // [1/s] loads scale with (1 + rate t)
  std::shared_ptr<Model> model = std::make_shared<Model>();

  RigidHub() {
    I_PntBc_B << 12.0, 0.5, -0.3, 0.5, 15.0, 0.2, -0.3, 0.2, 9.0;
    Vehicle& v = model->add_vehicle("sc", test::hub_config(m, I_PntBc_B, r_BcB_B));
    v.add_dynamic_effector(std::make_shared<test::ConstantWrench>("load", force_B, torque_PntB_B, force_N, load_rate));
    const Quaternion q = Quaternion(0.4, -0.3, 0.7, 0.5).normalized();
    v.set_initial_state(test::initial_state({100.0, -50.0, 20.0}, {1.0, 2.0, 3.0}, q, {0.1, -0.2, 0.3}));
    model->set_gravity(std::make_shared<test::LinearGravity>(k_gravity));
    model->finalize();
  }

  /// Newton–Euler about the hub's centre of mass Bc, written directly:
  ///   m a_Bc = F,  I_Bc ω̇ + ω × I_Bc ω = L_Bc = L_B − r_BcB × F_applied,
  ///   a_B = a_Bc − ω̇ × r_BcB − ω × (ω × r_BcB); gravity uniform over the body, at Bc.
  Eigen::VectorXd reference(const Eigen::VectorXd& x, double t) const {
    const Quaternion q = x.segment<4>(6) / x.segment<4>(6).norm();
    const Eigen::Matrix3d dcm_NB = rotation_matrix(q);
    const Eigen::Matrix3d dcm_BN = dcm_NB.transpose();
    const Eigen::Vector3d omega = x.segment<3>(10);
    const Eigen::Vector3d r_BcN_N = x.segment<3>(0) + dcm_NB * r_BcB_B;
    const double s = 1.0 + load_rate * t;
    const Eigen::Vector3d F_applied_B = s * (force_B + dcm_BN * force_N);
    const Eigen::Vector3d L_Bc_B = s * torque_PntB_B - r_BcB_B.cross(F_applied_B);
    const Eigen::Vector3d g_B = dcm_BN * (-k_gravity * r_BcN_N);
    const Eigen::Vector3d a_Bc_B = F_applied_B / m + g_B;
    const Eigen::Vector3d omegaDot = I_PntBc_B.inverse() * (L_Bc_B - omega.cross(I_PntBc_B * omega));
    const Eigen::Vector3d a_B_B = a_Bc_B - omegaDot.cross(r_BcB_B) - omega.cross(omega.cross(r_BcB_B));
    Eigen::VectorXd f(16);
    f.segment<3>(0) = x.segment<3>(3);
    f.segment<3>(3) = dcm_NB * a_B_B;
    const Quaternion w(0.0, omega.x(), omega.y(), omega.z());
    f.segment<4>(6) = 0.5 * quat_multiply(x.segment<4>(6), w);  // on the raw q (docs/architecture.md §D4)
    f.segment<3>(10) = omegaDot;
    f.segment<3>(13) = dcm_NB * F_applied_B / m;  // non-gravitational acceleration of C = Bc
    return f;
  }
};

Eigen::VectorXd evaluate(const System& system, const Eigen::VectorXd& x, double t) {
  Eigen::VectorXd dxdt(x.size());
  system(x, dxdt, t);
  return dxdt;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(system_evaluation)

BOOST_AUTO_TEST_CASE(hub_alone_is_newton_euler_about_its_centre_of_mass) {
  RigidHub hub;
  const System system(hub.model);
  Eigen::VectorXd x = hub.model->initial_state();
  for (int n = 0; n < 20; ++n) {
    const double t = test::uniform(0.0, 100.0);
    const Eigen::VectorXd f = evaluate(system, x, t);
    const Eigen::VectorXd ref = hub.reference(x, t);
    // Two routes (6×6 back-substitution about B vs 3×3 inverse about Bc) for the same O(1) numbers:
    // a condition number ~2 and a few dozen operations, so agreement to ~1e-15 of the largest
    // term; 1e-12 relative to max(|ref|, 1) leaves room and still catches any wrong term.
    for (Eigen::Index i = 0; i < 16; ++i)
      BOOST_CHECK_SMALL(f[i] - ref[i], 1e-12 * std::max(1.0, ref.cwiseAbs().maxCoeff()));
    // Next point: a random state, the attitude deliberately not normalised (the RHS uses q/|q|).
    x.segment<3>(0) = test::random_vector(1e3);
    x.segment<3>(3) = test::random_vector(10.0);
    x.segment<4>(6) = (1.0 + 0.01 * n) * test::random_quaternion();
    x.segment<3>(10) = test::random_vector(1.0);
  }
}

BOOST_AUTO_TEST_CASE(copies_share_the_workspace) {
  RigidHub hub;
  const System a(hub.model);
  const System b = a;  // what Odeint does
  BOOST_TEST(&a.workspace() == &b.workspace());
  BOOST_TEST(&a.model() == hub.model.get());
  a.reset_evaluations();
  const Eigen::VectorXd x = hub.model->initial_state();
  const Eigen::VectorXd fa = evaluate(a, x, 1.5);
  const Eigen::VectorXd fb = evaluate(b, x, 1.5);
  BOOST_TEST((fa == fb));  // bit-identical
  BOOST_TEST(a.evaluations() == 2u);
  BOOST_TEST(b.evaluations() == 2u);
  // A System of its own has a workspace of its own and the same answer.
  const System c(hub.model);
  BOOST_TEST(&c.workspace() != &a.workspace());
  BOOST_TEST((evaluate(c, x, 1.5) == fa));
  BOOST_TEST(c.evaluations() == 1u);
}

BOOST_AUTO_TEST_CASE(evaluation_is_a_pure_function_of_x_and_t) {
  RigidHub hub;
  const System system(hub.model);
  const Eigen::VectorXd x1 = hub.model->initial_state();
  Eigen::VectorXd x2 = x1;
  x2.segment<3>(0) *= -3.0;
  x2.segment<4>(6) = Quaternion(0.1, 0.9, -0.3, 0.2).normalized();
  x2.segment<3>(10) = Eigen::Vector3d(-1.0, 0.5, 2.0);
  const Eigen::VectorXd f1 = evaluate(system, x1, 2.0);
  BOOST_TEST((evaluate(system, x1, 2.0) == f1));  // twice at (x1, t): bit-identical
  const Eigen::VectorXd f2 = evaluate(system, x2, 7.0);
  BOOST_TEST(!(f2 == f1));
  BOOST_TEST((evaluate(system, x1, 2.0) == f1));  // x1, x2, x1: nothing stale from x2
  BOOST_TEST((evaluate(system, x2, 7.0) == f2));
  BOOST_TEST(!(evaluate(system, x1, 3.0) == f1));  // t matters (the loads depend on it)
}

BOOST_AUTO_TEST_CASE(unsized_dxdt_is_resized) {
  RigidHub hub;
  const System system(hub.model);
  Eigen::VectorXd dxdt;  // Odeint may pass an empty vector on the first call
  system(hub.model->initial_state(), dxdt, 0.0);
  BOOST_TEST(dxdt.size() == 16);
  BOOST_TEST((dxdt == evaluate(system, hub.model->initial_state(), 0.0)));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(system_errors)

BOOST_AUTO_TEST_CASE(wrong_state_size) {
  RigidHub hub;
  const System system(hub.model);
  Eigen::VectorXd dxdt(16);
  BOOST_CHECK_EXCEPTION(system(Eigen::VectorXd::Zero(15), dxdt, 0.0), Error, test::message_has("state size"));
}

BOOST_AUTO_TEST_SUITE_END()
