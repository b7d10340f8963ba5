// Reaction wheels' optional angle states and the wheel given by its momentum h0 = Js Ω0
// (docs/models/reaction_wheels.md eq. (12) and "Given by its momentum"): the angle of a wheel at a
// constant relative rate, the angle of a wheel spun up by its motor on a free hub against the
// closed form of the momentum exchange, h0 against the vehicle's angular momentum, rejected inputs.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <memory>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "support/models.hpp"
#include "systems/effector_cases.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;

/// A hub of principal inertia diag(Ih) [kg m²] at rest (or spinning at omega about b1), one
/// effector with the given wheels, angle states on.
WheelVehicle wheel_model(const std::vector<ReactionWheelConfig>& wheels, const Eigen::Vector3d& Ih,
                         const Eigen::Vector3d& omega0, bool angles = true) {
  WheelVehicle w;
  w.rw = std::make_shared<ReactionWheels>("rw", wheels);
  w.rw->set_angle_states(angles);
  w.model = one_vehicle_model(hub_config(500.0, Ih, Eigen::Vector3d::Zero()), at_rest_at_origin(omega0), {w.rw});
  return w;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reaction_wheel_angles)

BOOST_AUTO_TEST_CASE(layout_is_unchanged_without_angles) {
  // Off by default: the block "Omega" alone, as before; on: "theta" (n, rad) after it.
  const std::vector<ReactionWheelConfig> two = {
      wheel(Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 1.0, 0.1, 0.06, 5.0),
      wheel(Eigen::Vector3d::UnitY(), Eigen::Vector3d::Zero(), 1.0, 0.1, 0.06, 7.0)};
  BOOST_TEST(!ReactionWheels("rw", two).has_angle_states());
  const WheelVehicle off = wheel_model(two, Eigen::Vector3d(100, 200, 250), Eigen::Vector3d::Zero(), false);
  const WheelVehicle on = wheel_model(two, Eigen::Vector3d(100, 200, 250), Eigen::Vector3d::Zero(), true);
  BOOST_TEST(off.model->layout().size() == 16 + 2);
  BOOST_TEST(on.model->layout().size() == 16 + 4);
  BOOST_TEST(block_offset(*on.model, "sc/rw", "theta") == block_offset(*on.model, "sc/rw", "Omega") + 2);
}

BOOST_AUTO_TEST_CASE(constant_relative_rate_gives_omega_t) {
  // A wheel spinning at Ω = 40 rad/s relative to a hub at rest, no torque: Ω stays 40 and
  // θ = θ0 + Ω t. rk4 integrates a linear θ exactly; the tolerance 1e-12 of θ is round-off of the
  // 500 steps' sums.
  const double Omega = 40.0, theta0 = 0.3, T = 5.0;
  ReactionWheelConfig c = wheel(Eigen::Vector3d(0.0, 0.6, 0.8), Eigen::Vector3d(0.2, 0.1, -0.3), 2.0, 0.1, 0.06, Omega);
  c.theta0 = theta0 * si::radian;
  const WheelVehicle w = wheel_model({c}, Eigen::Vector3d(100, 200, 250), Eigen::Vector3d::Zero());
  const Eigen::VectorXd x = run_logged(System(w.model), w.model->initial_state(), T, 500);
  const double theta = x[block_offset(*w.model, "sc/rw", "theta")];
  const double expected = theta0 + Omega * T;
  BOOST_TEST_MESSAGE("constant rate: theta " << theta << " rad, Omega t + theta0 = " << expected << ", error "
                                             << std::abs(theta - expected));
  BOOST_TEST(std::abs(theta - expected) < 1e-12 * expected);
}

BOOST_AUTO_TEST_CASE(motor_spin_up_on_a_free_hub_closed_form) {
  // RW-01's momentum exchange (docs/models/reaction_wheels.md check (i)): a wheel on the principal
  // axis b1 of a hub spinning at ω0 about b1, motor torque u. With Ix the locked inertia about b1,
  // (Ix − Js) ω̇ = −u and Ω̇ = u Ix / (Js (Ix − Js)), so the relative angle is
  // θ = θ0 + Ω0 t + ½ Ω̇ t², the hub's rotation angle φ = ω0 t − ½ u t² / (Ix − Js), and the
  // wheel's inertial angle φ + θ carries the momentum Ix ω + Js Ω (constant). rk4 integrates
  // these quadratics exactly; tolerance 1e-11 of θ (round-off over 1000 steps of a 125 rad angle),
  // 1e-12 rad for the hub's small angle, 1e-13 of the momenta for their sum.
  const double Ihx = 100.0, Js = 0.1, u = 0.05, Omega0 = 10.0, omega0 = 0.02, theta0 = -0.4, T = 10.0;
  ReactionWheelConfig c = wheel(Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 2.0, Js, 0.06, Omega0, u);
  c.theta0 = theta0 * si::radian;
  const WheelVehicle w = wheel_model({c}, Eigen::Vector3d(Ihx, 200.0, 250.0), Eigen::Vector3d(omega0, 0.0, 0.0));
  const Eigen::VectorXd x = run_logged(System(w.model), w.model->initial_state(), T, 1000);
  const double Ix = Ihx + Js;  // the wheel at B adds Js about b1 (its mass adds nothing about B)
  const double OmegaDot = u * Ix / (Js * (Ix - Js));
  const double theta_ref = theta0 + Omega0 * T + 0.5 * OmegaDot * T * T;
  const double theta = x[block_offset(*w.model, "sc/rw", "theta")];
  const double Omega = x[block_offset(*w.model, "sc/rw", "Omega")];
  // the hub's rotation angle about b1 from its quaternion (a rotation about b1 only)
  const Quaternion q = x.segment<4>(6);
  const double phi = 2.0 * std::atan2(q[1], q[0]);
  const double phi_ref = omega0 * T - 0.5 * u * T * T / (Ix - Js);
  const double H0 = Ix * omega0 + Js * Omega0, H = Ix * x[10] + Js * Omega;
  BOOST_TEST_MESSAGE("spin-up: theta " << theta << " rad (closed form " << theta_ref << ", error "
                                       << std::abs(theta - theta_ref) << "), hub angle error "
                                       << std::abs(phi - phi_ref) << " rad, momentum change " << std::abs(H - H0));
  BOOST_TEST(std::abs(theta - theta_ref) < 1e-11 * std::abs(theta_ref));
  BOOST_TEST(std::abs(phi - phi_ref) < 1e-12);
  BOOST_TEST(std::abs(H - H0) < 1e-13 * (Ix * std::abs(omega0) + Js * std::abs(Omega)));
  BOOST_TEST(std::abs(theta_ref - (theta0 + Omega0 * T)) > 10.0);  // the motor's share, 25 rad, is far above 1e-9
}

BOOST_AUTO_TEST_CASE(wheel_given_by_its_momentum) {
  // h0 = 6 N m s with Js = 0.12 kg m²: Ω0 = h0 / Js = 50 rad/s, and a vehicle at rest carries
  // H_rot = h0 ĝ about C (eq. 10 with ω = 0), read from the diagnostics. Tolerance: round-off.
  const double h0 = 6.0, Js = 0.12;
  const Eigen::Vector3d g = Eigen::Vector3d(1.0, -2.0, 2.0) / 3.0;
  ReactionWheelConfig c = wheel(g, Eigen::Vector3d(0.3, 0.0, 0.1), 3.0, Js, 0.07, 0.0);
  c.h0 = h0 * si::newton * si::meter * si::second;
  const WheelVehicle w = wheel_model({c}, Eigen::Vector3d(100, 200, 250), Eigen::Vector3d::Zero(), false);
  const Eigen::VectorXd& x = w.model->initial_state();
  BOOST_TEST(std::abs(x[block_offset(*w.model, "sc/rw", "Omega")] - 50.0) < 1e-14 * 50.0);
  BOOST_TEST(std::abs(w.rw->wheel(0).Omega0 - 50.0) < 1e-14 * 50.0);
  const Eigen::Vector3d H = vehicle_diagnostics(*w.model, x, 0.0, 0).H_rot_PntC_N;
  BOOST_TEST_MESSAGE("h0 wheel: |H_rot - h0 g| " << (H - h0 * g).norm() << " N m s");
  BOOST_TEST((H - h0 * g).norm() < 1e-14 * h0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reaction_wheel_angles_errors)

BOOST_AUTO_TEST_CASE(rejected_angle_and_momentum_inputs) {
  const auto says = [](const std::string& part) {
    return [part](const ConfigurationError& e) { return std::string(e.what()).find(part) != std::string::npos; };
  };
  const ReactionWheelConfig base = wheel(Eigen::Vector3d::UnitZ(), Eigen::Vector3d::Zero(), 1.0, 0.1, 0.06, 0.0);
  // h0 and Omega0 both
  ReactionWheelConfig both = base;
  both.Omega0 = 3.0 * si::radian_per_second;
  both.h0 = 1.0 * si::newton * si::meter * si::second;
  BOOST_CHECK_EXCEPTION(ReactionWheels("rw", {both}), ConfigurationError,
                        says("reaction_wheels 'rw' wheel 0: Omega0 [rad/s] (h0 is given) = 3"));
  // a non-finite h0 or theta0
  ReactionWheelConfig bad = base;
  bad.h0 = std::numeric_limits<double>::infinity() * si::newton * si::meter * si::second;
  BOOST_CHECK_EXCEPTION(ReactionWheels("rw", {bad}), ConfigurationError, says("h0 [N m s]"));
  bad = base;
  bad.theta0 = std::numeric_limits<double>::quiet_NaN() * si::radian;
  BOOST_CHECK_EXCEPTION(ReactionWheels("rw", {bad}), ConfigurationError, says("theta0 [rad]"));
  // theta0 without the angle states: refused at finalize, not ignored
  ReactionWheelConfig angled = base;
  angled.theta0 = 0.5 * si::radian;
  Model model;
  auto& sc = model.add_vehicle("sc", standard_hub());
  sc.add_state_effector(std::make_shared<ReactionWheels>("rw", std::vector<ReactionWheelConfig>{angled}));
  BOOST_CHECK_EXCEPTION(model.finalize(), ConfigurationError,
                        says("theta0 [rad] = 0.5: the wheel angles are not states"));
  // set_angle_states after finalize
  const WheelVehicle w = wheel_model({base}, Eigen::Vector3d(100, 200, 250), Eigen::Vector3d::Zero());
  BOOST_CHECK_EXCEPTION(w.rw->set_angle_states(false), ConfigurationError, says("set_angle_states"));
}

BOOST_AUTO_TEST_SUITE_END()
