#include "closed_loop_scenario.hpp"

#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <vector>

#include "ramus/fsw/attitude_control_task.hpp"
#include "ramus/samples/spacecraft.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "reference_run.hpp"

namespace ramus::bench {
namespace {

namespace si = boost::units::si;

constexpr double kPeriod = 0.1;          ///< [s] the task's sample period (10 Hz)
constexpr double kSpan = 150.0;          ///< [s]
constexpr double kSlewAngle = 20.0;      ///< [deg]
constexpr double kSlewStart = 5.0;       ///< [s]
constexpr double kSlewDuration = 120.0;  ///< [s]

std::shared_ptr<Model> panels_and_wheels() {
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", samples::hub());
  sc.add_state_effector(std::make_shared<HingedRigidBody>("panel1", samples::basilisk_panel(1)));
  sc.add_state_effector(std::make_shared<HingedRigidBody>("panel2", samples::basilisk_panel(2)));
  std::vector<ReactionWheelConfig> wheels;
  for (int i = 0; i < 3; ++i) {
    ReactionWheelConfig w = samples::wheel(Eigen::Vector3d::Unit(i));
    w.Omega0 = 100.0 * si::radian_per_second;
    w.max_torque = 0.2 * units::newton_meter;
    wheels.push_back(w);
  }
  sc.add_state_effector(std::make_shared<ReactionWheels>("wheels", wheels));
  model->finalize();
  return model;
}

/// The attitude-control task of one run: rate gyro and star tracker at the task's rate, an
/// eigenaxis slew, MRP feedback on the controller's inertia estimate (hub and panels as one rigid
/// body, rounded), minimum-norm mapping onto the three wheels with their 0.2 N m limit.
fsw::AttitudeControlTaskConfig slew_control() {
  fsw::AttitudeControlTaskConfig c;
  c.vehicle = "sc";
  c.timing = {kPeriod, 0.0, 0};
  c.navigation = fsw::AttitudeNavigation::gyro_and_star_tracker;
  c.gyro.period = kPeriod;
  c.gyro.bias_sigma = 1e-6;         // [rad/s]
  c.gyro.angle_random_walk = 3e-6;  // [rad/√s], ≈ 0.01 deg/√h
  c.gyro.rate_random_walk = 1e-9;   // [rad/s^(3/2)]
  c.star_tracker.period = kPeriod;
  c.star_tracker.sigma_cross = 2e-5;      // [rad], ≈ 4 arcsec
  c.star_tracker.sigma_boresight = 1e-4;  // [rad]
  c.seed = {1, 0};
  c.guidance = fsw::AttitudeGuidance::eigenaxis_slew;
  const Eigen::Vector3d axis = Eigen::Vector3d::Ones().normalized();
  c.slew.sigma_DN = std::tan(kSlewAngle * std::numbers::pi / 180.0 / 4.0) * axis;  // MRP: tan(Φ/4) ê
  c.slew.t_start = kSlewStart;
  c.slew.duration = kSlewDuration;
  // ω_n = √(K/(4 I)) ≈ 0.1 rad/s and ζ ≈ 0.9 for I ≈ 1500 kg m² (docs/fsw/mrp_feedback.md).
  c.control.K = 60.0;                                                         // [N m]
  c.control.P = 270.0 * Eigen::Matrix3d::Identity();                          // [N m s]
  c.control.I_PntC_B = Eigen::Vector3d(1100.0, 1700.0, 1500.0).asDiagonal();  // [kg m²]
  c.actuator = fsw::AttitudeActuator::reaction_wheels;
  c.wheels = "wheels";
  c.mapping.Gs_B = Eigen::Matrix3d::Identity();
  c.mapping.u_max = Eigen::Vector3d::Constant(0.2);  // [N m]
  c.mapping.Omega_max = Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity());
  c.J_s = Eigen::Vector3d::Constant(0.159);  // [kg m²], samples::wheel's
  return c;
}

}  // namespace

Scenario make_slew() {
  const std::shared_ptr<Model> model = panels_and_wheels();
  Scenario s;
  s.model = model;
  s.x0 = model->initial_state();
  s.t1 = kSpan;
  // The panels' coupled modes are the fastest (≈ 1 rad/s): rk4 from one step per sample (ω·dt
  // ≈ 0.1), Euler from 0.1/32 s.
  s.dt0 = kPeriod;
  s.dt0_euler = kPeriod / 32.0;
  const fsw::AttitudeControlTaskConfig control = slew_control();
  s.flight_software = [control] {
    auto fsw = std::make_unique<FlightSoftware>();
    fsw->add(std::make_shared<fsw::AttitudeControlTask>("acs", control));
    return fsw;
  };
  s.reference = std::string(
                    "hub with Basilisk's two panels and three orthogonal 0.2 N m wheels at 100 rad/s, at rest; "
                    "10 Hz attitude control (gyro and star tracker, eigenaxis slew 20 deg about (1,1,1) over "
                    "120 s from 5 s, MRP feedback K = 60 N m, P = 270 N m s, minimum-norm wheel mapping); ") +
                use_converged_reference(s);
  s.conserves = {false, true};  // the motors change the energy; internal torques leave H about N alone
  return s;
}

}  // namespace ramus::bench
