// Linear models (docs/analysis/linear_models.md, docs/verification/LINEAR_MODELS.md): the
// differenced Jacobian against the rigid body's analytic one (eq. L8), B against the closed form of
// an external force and torque, the Hill coordinates against the Clohessy–Wiltshire equations, and
// the errors.
#include <boost/test/unit_test.hpp>
#include <numbers>

#include "kernel/test_support.hpp"
#include "ramus/analysis/linear_model.hpp"
#include "ramus/analysis/rigid_body_jacobian.hpp"
#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/systems/external_force_torque.hpp"

namespace ramus::test {
namespace {

namespace an = ramus::analysis;
constexpr double kMu = 3.986004415e14;  // [m³/s²] CentralBodyGravity::earth()

/// An asymmetric rigid hub (products of inertia included) tumbling in a 7000 km orbit.
std::shared_ptr<Model> tumbling_rigid_hub(bool with_torquer = false, bool gravity = true) {
  auto model = std::make_shared<Model>();
  Eigen::Matrix3d I;
  I << 900.0, 30.0, -20.0, 30.0, 800.0, 10.0, -20.0, 10.0, 600.0;
  Vehicle& v = model->add_vehicle("sc", hub_config(750.0, I));
  v.set_initial_state(initial_state({7e6, 1e5, -2e5}, {-50.0, 7.4e3, 800.0}, random_quaternion(), {0.3, -0.2, 0.1}));
  if (with_torquer) v.add_dynamic_effector(std::make_shared<ExternalForceTorque>("torquer"));
  if (gravity) model->set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth()));
  model->finalize();
  return model;
}

/// max |a − b| / max |b|.
double relative_error(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / b.cwiseAbs().maxCoeff();
}

BOOST_AUTO_TEST_SUITE(rigid_body_jacobian)

BOOST_AUTO_TEST_CASE(differences_match_the_analytic_jacobian) {
  const auto model = tumbling_rigid_hub();
  const an::OperatingPoint p{model->initial_state(), 12.0, {}};
  an::LinearizationSettings s;
  s.method = an::JacobianMethod::analytic;
  const an::LinearModel exact = an::linearize(model, p, s);
  BOOST_TEST(exact.method == "analytic (rigid hubs)");
  s.method = an::JacobianMethod::finite_differences;
  const an::LinearModel central = an::linearize(model, p, s);
  s.differences.differences = an::Differences::richardson;
  const an::LinearModel richardson = an::linearize(model, p, s);
  const double e_central = relative_error(central.A, exact.A);
  const double e_richardson = relative_error(richardson.A, exact.A);
  BOOST_TEST_MESSAGE("rigid hub: central " << e_central << ", Richardson " << e_richardson
                                           << " (max |ΔA| / max |A|, max |A| = 1)");
  // The error is the rounding of the differenced rates, ε |ż_i| / h per entry (eqs. L4, L5), largest
  // in the velocity rows (|v̇| = 8.1 m/s², rotated into B and back by the hub's solve) against the
  // attitude columns: 2.2e-16 · 8.1 / 6e-6 = 3e-10 for central differences, about 1e-11 for
  // Richardson's (h = 7.4e-4, its combination weighs the half step 4/3). Bounds: 6× these.
  BOOST_TEST(e_central < 2e-9);
  BOOST_TEST(e_richardson < 6e-11);
  // The gravity-gradient block, 1.2e-6 s⁻² in size, on its own: the step of 42 m in r leaves
  // (h/r)² = 4e-11 of truncation.
  const Eigen::MatrixXd G = exact.A.block<3, 3>(3, 0);
  BOOST_TEST(relative_error(central.A.block<3, 3>(3, 0), G) < 4e-10);
  // It is the point mass's closed form μ/r³ (3 r̂r̂ᵀ − 1).
  const Eigen::Vector3d r = p.x.head<3>();
  const Eigen::Matrix3d G_closed =
      kMu / std::pow(r.norm(), 3) * (3.0 * r.normalized() * r.normalized().transpose() - Eigen::Matrix3d::Identity());
  BOOST_TEST(relative_error(G, G_closed) < 1e-14);  // closed form vs closed form: round-off
}

BOOST_AUTO_TEST_CASE(automatic_takes_the_analytic_jacobian_only_where_it_applies) {
  const auto rigid = tumbling_rigid_hub();
  BOOST_TEST(an::linearize(rigid, {rigid->initial_state(), 0.0, {}}).method == "analytic (rigid hubs)");
  const auto torqued = tumbling_rigid_hub(true);
  BOOST_TEST(an::linearize(torqued, {torqued->initial_state(), 0.0, {}}).method == "central differences");
  BOOST_TEST(an::rigid_body_jacobian_obstacle(*torqued) == "vehicle 'sc' has dynamic effectors");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(input_jacobian)

// ∂ż/∂u of an external force and torque on a tumbling hub: v̇ and the accumulated ΔV gain
// dcm_NB/m per unit body force and 1/m per unit inertial force; ω̇ gains I⁻¹ per unit torque.
BOOST_AUTO_TEST_CASE(external_force_and_torque_columns_are_the_closed_form) {
  const auto model = tumbling_rigid_hub(true);
  const an::LinearModel lm = an::linearize(model, {model->initial_state(), 0.0, {}});
  BOOST_REQUIRE_EQUAL(lm.B.cols(), 9);
  BOOST_TEST(lm.input_names[0] == "sc/torquer.force_F[0]");
  BOOST_TEST(lm.input_units[8] == "N m");
  const double m = 750.0;
  const Eigen::Matrix3d dcm_NB = rotation_matrix(model->initial_state().segment<4>(6).normalized());
  const Eigen::Matrix3d I = model->vehicle(0).hub().I_PntBc_B;
  // Tangent rows: r 0–2, v 3–5, δθ 6–8, ω 9–11, dv_CN_N 12–14. The inputs enter linearly, so
  // central differences are exact up to rounding: ε |v̇| / h = 2.2e-16 · 8.1 m/s² / 6e-6 N = 3e-10
  // (gravity dominates v̇ and is rotated into B and back by the hub's solve, eq. L4).
  const double tol = 1e-9;
  check_near(lm.B.block<3, 3>(3, 0), dcm_NB / m, tol, "v from force_F");
  check_near(lm.B.block<3, 3>(3, 3), Eigen::Matrix3d::Identity() / m, tol, "v from force_N");
  check_near(lm.B.block<3, 3>(12, 0), dcm_NB / m, tol, "dv_CN_N from force_F");
  check_near(lm.B.block<3, 3>(9, 6), Eigen::Matrix3d(I.inverse()), tol, "omega from torque");
  check_near(lm.B.block<3, 3>(9, 0), Eigen::Matrix3d::Zero(), tol, "omega from force_F at B = C");
  check_near(lm.B.topRows<3>(), Eigen::MatrixXd::Zero(3, 9), 0.0, "r from anything");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(hill_coordinates)

// A circular orbit in Hill coordinates: the translational block is the Clohessy–Wiltshire
// system, δẍ = 3n²δx + 2nδẏ, δÿ = −2nδẋ, δz̈ = −n²δz.
BOOST_AUTO_TEST_CASE(a_circular_orbit_gives_the_clohessy_wiltshire_equations) {
  auto model = std::make_shared<Model>();
  Vehicle& v =
      model->add_vehicle("sc", hub_config(750.0, Eigen::Vector3d(900.0, 800.0, 600.0), Eigen::Vector3d::Zero()));
  const double r = 7e6, n = std::sqrt(kMu / (r * r * r));
  // An inclined circular orbit: r and v along arbitrary orthogonal directions.
  const Eigen::Vector3d e_r = Eigen::Vector3d(1.0, 2.0, -1.0).normalized();
  const Eigen::Vector3d e_t = e_r.cross(Eigen::Vector3d(0.3, -0.5, 0.8)).normalized();
  v.set_initial_state(initial_state(r * e_r, n * r * e_t, random_quaternion(), {0.01, 0.02, -0.01}));
  model->set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth()));
  model->finalize();
  Eigen::Matrix<double, 6, 6> cw = Eigen::Matrix<double, 6, 6>::Zero();
  cw.topRightCorner<3, 3>().setIdentity();
  cw(3, 0) = 3.0 * n * n;
  cw(3, 4) = 2.0 * n;
  cw(4, 3) = -2.0 * n;
  cw(5, 2) = -n * n;
  for (const an::JacobianMethod method : {an::JacobianMethod::analytic, an::JacobianMethod::finite_differences}) {
    an::LinearizationSettings s;
    s.method = method;
    s.differences.differences = an::Differences::richardson;
    s.translation = an::TranslationCoordinates::hill;
    const an::LinearModel lm = an::linearize(model, {model->initial_state(), 0.0, {}}, s);
    BOOST_TEST(lm.state_names[0] == "sc/hub.delta_r_H[0]");
    BOOST_TEST(lm.state_names[5] == "sc/hub.delta_v_H[2]");
    // Analytic: round-off of the products with C (entries ≤ 1): a few ε. Richardson differences:
    // rounding ε |ż| / h, about 1e-11 in the velocity rows (|v̇| = 8.1 m/s², h = 7.4e-4 rad
    // on the attitude, as in rigid_body_jacobian), 3e-13 in the position rows; bound 6e-11.
    const double tol = method == an::JacobianMethod::analytic ? 1e-15 : 6e-11;
    const Eigen::MatrixXd error = lm.A.topLeftCorner<6, 6>() - cw;
    BOOST_TEST_MESSAGE((method == an::JacobianMethod::analytic ? "analytic" : "Richardson")
                       << ": max |A_H − CW| " << error.cwiseAbs().maxCoeff());
    check_near(lm.A.topLeftCorner<6, 6>(), cw, tol, "Clohessy–Wiltshire");
    // The attitude does not couple into the translation of a rigid hub.
    check_near(lm.A.block<6, 6>(0, 6), Eigen::MatrixXd::Zero(6, 6), tol, "translation from rotation");
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(linearization_errors)

BOOST_AUTO_TEST_CASE(bad_points_and_settings_name_the_field) {
  const auto model = tumbling_rigid_hub(true);
  Eigen::VectorXd x = model->initial_state();
  expect_error([&] { an::linearize(model, {x.head(5), 0.0, {}}); }, {"linearization", "x", "5 entries"});
  x[10] = std::nan("");
  expect_error([&] { an::linearize(model, {x, 0.0, {}}); }, {"linearization", "sc/hub.omega_BN_B[0]", "nan"});
  x = model->initial_state();
  expect_error([&] { an::linearize(model, {x, std::numeric_limits<double>::infinity(), {}}); }, {"t [s]", "inf"});
  expect_error([&] { an::linearize(model, {x, 0.0, Eigen::VectorXd::Zero(2)}); }, {"u", "2 entries", "9"});
  an::LinearizationSettings s;
  s.inputs = {"sc/torquer.torque_PntF_F[7]"};
  expect_error([&] { an::linearize(model, {x, 0.0, {}}, s); }, {"sc/torquer.torque_PntF_F[7]"});
  s = {};
  s.method = an::JacobianMethod::analytic;
  expect_error([&] { an::linearize(model, {x, 0.0, {}}, s); }, {"analytic", "vehicle 'sc' has dynamic effectors"});
  s = {};
  s.differences.relative_step = -1.0;
  expect_error([&] { an::linearize(model, {x, 0.0, {}}, s); }, {"relative_step", "-1"});
  s = {};
  s.translation = an::TranslationCoordinates::hill;
  const auto still = tumbling_rigid_hub(false, false);
  Eigen::VectorXd at_rest = still->initial_state();
  at_rest.segment<3>(3).setZero();
  expect_error([&] { an::linearize(still, {at_rest, 0.0, {}}, s); }, {"Hill", "parallel"});
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace ramus::test
