// ExternalForceTorque's point of application r_PF_F (docs/models/external_force_torque.md eq. (1)):
// a force at a point off C of a free rigid hub against Euler's and Newton's equations about C, the
// same force on a hinged panel's segment against the force at the segment's origin plus the couple
// r × F worked out here, and the rejected non-finite point.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <memory>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "support/models.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;

Force3 newtons(const Eigen::Vector3d& v) { return {v, si::newton}; }

}  // namespace

BOOST_AUTO_TEST_SUITE(external_force_point)

BOOST_AUTO_TEST_CASE(force_off_c_of_a_free_hub_closed_form) {
  // A free hub (750 kg, a full inertia about Bc, Bc off B) tumbling at ω, attitude q; a force
  // given partly in B and partly in N acts at P = r_PB_B. About the centre of mass C = Bc:
  // m a_C = F and I ω̇ + ω × I ω = (r_PB − r_BcB) × F (Euler), solved here with Eigen's LU. The
  // kernel's state gives a_C = v̇_B + [NB](ω̇ × c + ω × (ω × c)). Tolerance 1e-13 of the
  // accelerations' scale: round-off of the 3×3 solves.
  const Eigen::Vector3d c(0.05, -0.1, 0.2), r_PB(1.2, 0.7, -0.9), omega(0.1, -0.2, 0.15);
  const Eigen::Matrix3d I = (Eigen::Matrix3d() << 900.0, 12.0, -8.0, 12.0, 800.0, 5.0, -8.0, 5.0, 600.0).finished();
  const double m = 750.0;
  const Quaternion q = quat_from_axis_angle(Eigen::Vector3d(2.0, -1.0, 2.0) / 3.0, 1.1);
  const Eigen::Vector3d F_B(3.0, -2.0, 1.5), F_N(-1.0, 0.5, 2.0), L_B(0.2, 0.1, -0.3);
  auto model = std::make_shared<Model>();
  auto& sc = model->add_vehicle("sc", hub_config(m, I, c));
  sc.set_initial_state(initial_state(Eigen::Vector3d(1.0, 2.0, 3.0), Eigen::Vector3d::Zero(), q, omega));
  ExternalForceTorqueConfig cfg;
  cfg.force_F = newtons(F_B);
  cfg.force_N = newtons(F_N);
  cfg.torque_PntF_F = {L_B, newton_meter};
  cfg.r_PF_F = Length3{r_PB, si::meter};
  auto load = std::make_shared<ExternalForceTorque>("push", cfg);
  BOOST_TEST(load->r_PF_F() == r_PB);
  sc.add_dynamic_effector(load);
  model->finalize();
  const Eigen::VectorXd x = model->initial_state();
  Eigen::VectorXd dxdt(x.size());
  System{model}(x, dxdt, 0.0);

  const Eigen::Matrix3d dcm_NB = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).toRotationMatrix();
  const Eigen::Vector3d F = F_B + dcm_NB.transpose() * F_N;  // total force, B components
  const Eigen::Vector3d L_C = L_B + (r_PB - c).cross(F);
  const Eigen::Vector3d omegaDot_ref = I.lu().solve(L_C - omega.cross(I * omega));
  const Eigen::Vector3d a_C_ref = F / m;
  const Eigen::Vector3d omegaDot = dxdt.segment<3>(10);
  const Eigen::Vector3d a_C = dcm_NB.transpose() * dxdt.segment<3>(3) + omegaDot.cross(c) + omega.cross(omega.cross(c));
  const double e_w = (omegaDot - omegaDot_ref).norm(), e_a = (a_C - a_C_ref).norm();
  BOOST_TEST_MESSAGE("force off C: |omegaDot - ref| " << e_w << " rad/s^2 (|ref| " << omegaDot_ref.norm()
                                                      << "), |a_C - F/m| " << e_a << " m/s^2 (|F/m| " << a_C_ref.norm()
                                                      << ")");
  BOOST_TEST(e_w < 1e-13 * omegaDot_ref.norm());
  BOOST_TEST(e_a < 1e-13 * a_C_ref.norm());
  // the point matters: without its moment the angular acceleration is off by more than half
  const Eigen::Vector3d omegaDot_at_origin = I.lu().solve(L_B - c.cross(F) - omega.cross(I * omega));
  BOOST_TEST((omegaDot_at_origin - omegaDot_ref).norm() > 0.5 * omegaDot_ref.norm());
}

BOOST_AUTO_TEST_CASE(force_at_a_point_of_a_panel_segment) {
  // Branching: the force at P = r_PS_S on a hinged panel's segment S (a tumbling hub, the panel
  // moving) against the same force at the segment's origin plus the couple r_PS_S × F_S computed
  // here (F_S from the segment's attitude, segment_frame()). Every derivative agrees to 1e-13 of its
  // block's scale (round-off of the two evaluation orders); the force alone changes them by far more.
  const Eigen::Vector3d r_PS(-1.4, 0.3, 0.2), F_S(0.0, 4.0, -1.0), F_N(2.0, 0.0, 1.0);
  const auto build = [&](const Eigen::Vector3d& r, const Eigen::Vector3d& couple) {
    auto model = std::make_shared<Model>();
    auto& sc = model->add_vehicle("sc", standard_hub(Eigen::Vector3d(0.05, -0.03, 0.1)));
    sc.set_initial_state(initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(),
                                       quat_from_axis_angle(Eigen::Vector3d(0.0, 0.6, 0.8), 0.5),
                                       Eigen::Vector3d(0.03, -0.02, 0.04)));
    HingedRigidBodyConfig h;
    h.mass = 40.0 * si::kilogram;
    h.I_PntSc_S = InertiaTensor(Eigen::Vector3d(20.0, 30.0, 40.0).asDiagonal(), kg_m2);
    h.d = 1.5 * si::meter;
    h.r_HB_B = Length3{Eigen::Vector3d(0.9, 0.4, -0.2), si::meter};
    h.k = 20.0 * si::newton * si::meter / si::radian;
    h.theta0 = 0.4 * si::radian;
    h.thetaDot0 = 0.1 * si::radian_per_second;
    auto panel = std::make_shared<HingedRigidBody>("panel", h);
    ExternalForceTorqueConfig cfg;
    cfg.force_F = newtons(F_S);
    cfg.force_N = newtons(F_N);
    cfg.torque_PntF_F = {couple, newton_meter};
    cfg.r_PF_F = Length3{r, si::meter};
    panel->add_dynamic_effector(std::make_shared<ExternalForceTorque>("push", cfg), 0);
    sc.add_state_effector(panel);
    model->finalize();
    return std::make_pair(model, panel);
  };
  const auto [at_point, panel] = build(r_PS, Eigen::Vector3d::Zero());
  const Eigen::VectorXd x = at_point->initial_state();
  const FrameKinematics S = segment_frame(*at_point, x, 0.0, *panel, 0);
  const Eigen::Vector3d F = F_S + S.dcm_FN * F_N;
  const Eigen::Vector3d couple(r_PS.y() * F.z() - r_PS.z() * F.y(), r_PS.z() * F.x() - r_PS.x() * F.z(),
                               r_PS.x() * F.y() - r_PS.y() * F.x());  // r × F by components
  const auto equivalent = build(Eigen::Vector3d::Zero(), couple).first;
  const auto no_couple = build(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()).first;
  Eigen::VectorXd f1(x.size()), f2(x.size()), f0(x.size());
  System{at_point}(x, f1, 0.0);
  System{equivalent}(x, f2, 0.0);
  System{no_couple}(x, f0, 0.0);
  const double e = (f1 - f2).lpNorm<Eigen::Infinity>(), effect = (f1 - f0).lpNorm<Eigen::Infinity>();
  BOOST_TEST_MESSAGE("force at a point of a segment vs force at its origin plus the couple: "
                     << e << " (the couple's effect " << effect << ")");
  BOOST_TEST(e < 1e-13 * f1.lpNorm<Eigen::Infinity>());
  BOOST_TEST(effect > 1e-3);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(external_force_point_errors)

BOOST_AUTO_TEST_CASE(non_finite_point_is_refused) {
  ExternalForceTorqueConfig cfg;
  cfg.r_PF_F = Length3{Eigen::Vector3d(0.0, std::numeric_limits<double>::quiet_NaN(), 0.0), si::meter};
  BOOST_CHECK_EXCEPTION(ExternalForceTorque("push", cfg), ConfigurationError, [](const ConfigurationError& e) {
    return std::string(e.what()).find("external_force_torque 'push': r_PF_F [m]") != std::string::npos;
  });
}

BOOST_AUTO_TEST_SUITE_END()
