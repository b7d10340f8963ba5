// The momentum-dump task (docs/fsw/momentum_dump_task.md) in a closed loop with the attitude-control
// task: the wheels are unloaded below the stop threshold while the attitude holds, and the change
// of the vehicle's angular momentum about C equals the angular impulse of the thrusters' torques
// (each thruster's r × F while its throttle is 1, rotated to N), integrated independently of the
// task by the trapezoid rule on the steps: the residual shrinks as h² under halving.
#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "ramus/fsw/attitude_control_task.hpp"
#include "ramus/fsw/momentum_dump_task.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/thruster.hpp"
#include "support/hubs.hpp"
#include "support/momentum_dump_case.hpp"

namespace {

using namespace ramus;
using namespace ramus::fsw;
namespace si = boost::units::si;

using namespace ramus::test::momentum_dump_case;

/// A hub (750 kg, diag(900, 800, 600) kg m², c.o.m. at B) with three orthogonal wheels at B spun to
/// Ω0 = (60, −40, 50) rad/s (|H_w| = 14 N m s), six 0.2 N thrusters, at rest at the origin.
std::shared_ptr<const Model> dump_vehicle() {
  auto model = std::make_shared<Model>();
  Vehicle& sc =
      model->add_vehicle("sc", test::hub_config(750.0, Eigen::Vector3d(900.0, 800.0, 600.0), Eigen::Vector3d::Zero()));
  const Eigen::Vector3d Omega0(60.0, -40.0, 50.0);
  std::vector<ReactionWheelConfig> wheels(3);
  for (int i = 0; i < 3; ++i) {
    wheels[i].gsHat_B = Eigen::Vector3d::Unit(i);
    wheels[i].mass = 9.0 * si::kilogram;
    wheels[i].Js = kJs * units::kg_m2;
    wheels[i].Jt = 0.08 * units::kg_m2;
    wheels[i].Omega0 = Omega0[i] * si::radian_per_second;
    wheels[i].max_torque = 0.5 * units::newton_meter;
  }
  sc.add_state_effector(std::make_shared<ReactionWheels>("wheels", wheels));
  for (int j = 0; j < 6; ++j) {
    ThrusterConfig t;
    t.r_TF_F = units::Length3(thruster_r(j), si::meter);
    t.force_direction_F = thruster_d(j);
    t.max_thrust = kThrust * si::newton;
    sc.add_dynamic_effector(std::make_shared<Thruster>("thr" + std::to_string(j), t));
  }
  model->finalize();
  return model;
}

struct DumpRun {
  double impulse_residual = 0.0;              ///< [N m s] |ΔH_rot,C − ∫ torque dt| over the run
  double impulse = 0.0;                       ///< [N m s] |∫ torque dt|
  double H_w_initial = 0.0, H_w_final = 0.0;  ///< [N m s]
  double max_attitude_error = 0.0;            ///< [rad]
  long cycles = 0;
};

DumpRun run(double dt, double T) {
  const std::shared_ptr<const Model> model = dump_vehicle();
  const System system(model);
  auto dump = std::make_shared<MomentumDumpTask>("dump", dump_config());
  FlightSoftware fsw;
  fsw.add(std::make_shared<AttitudeControlTask>("acs", hold_config()));
  fsw.add(dump);
  PropagationSettings s;
  s.stepper = "rk4";
  s.dt = dt;
  s.flight_software = &fsw;
  const VehicleOffsets& o = model->vehicle(0).offsets();
  const Eigen::Index omega = [&] {
    for (const StateBlock& b : model->layout().blocks())
      if (b.owner == "sc/wheels" && b.name == "Omega") return b.offset;
    return Eigen::Index{-1};
  }();
  const Eigen::Index thr0 = system.inputs().find("sc/thr0.throttle");
  Eigen::VectorXd x = model->initial_state();
  DumpRun r;
  r.H_w_initial = (kJs * x.segment<3>(omega)).norm();  // Gs = I
  const Eigen::Vector3d H0 = vehicle_diagnostics(*model, x, 0.0, 0).H_rot_PntC_N;
  // ∫ dcm_NB Σ u_j (r_j × F_j) dt by the trapezoid rule on each step; the throttles are those the
  // step was taken with (the step observer runs before the tasks of the boundary).
  Eigen::Matrix3d dcm_NB_prev = rotation_matrix(x.segment<4>(o.q_BN));
  Eigen::Vector3d impulse = Eigen::Vector3d::Zero();
  double t_prev = 0.0;
  s.step_observer = [&](const Eigen::VectorXd& xs, double t) {
    Eigen::Vector3d torque_B = Eigen::Vector3d::Zero();
    for (int j = 0; j < 6; ++j)
      torque_B += system.inputs().applied()[thr0 + j] * kThrust * thruster_r(j).cross(thruster_d(j));
    const Eigen::Matrix3d dcm_NB = rotation_matrix(xs.segment<4>(o.q_BN));
    impulse += 0.5 * (t - t_prev) * (dcm_NB_prev + dcm_NB) * torque_B;
    r.max_attitude_error = std::max(r.max_attitude_error, 4.0 * std::atan(mrp_from_quat(xs.segment<4>(o.q_BN)).norm()));
    dcm_NB_prev = dcm_NB;
    t_prev = t;
  };
  const std::vector<double> times{0.0, T};
  propagate(system, x, times, s);
  const Eigen::Vector3d H1 = vehicle_diagnostics(*model, x, T, 0).H_rot_PntC_N;
  r.impulse_residual = (H1 - H0 - impulse).norm();
  r.impulse = impulse.norm();
  r.H_w_final = (kJs * x.segment<3>(omega)).norm();
  r.cycles = dump->cycles();
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(momentum_dump)

BOOST_AUTO_TEST_CASE(wheels_unload_and_the_impulse_balances) {
  // 150 s: plans at t = 0, 10, …, 150 (the last at the end time). The momentum must come down
  // from 14 N m s below the stop threshold (1 N m s): the law requests half of H_w per period
  // (k T_c = 0.5), at most 2 N m s per axis (0.2 N m for 10 s), which takes 6–7 periods.
  const double T = 150.0;
  const DumpRun a = run(0.05, T), b = run(0.025, T), c = run(0.0125, T);
  BOOST_TEST_MESSAGE("momentum dump: |H_w| " << a.H_w_initial << " -> " << a.H_w_final << " N m s in " << a.cycles
                                             << " periods; angular impulse " << a.impulse << " N m s; residuals "
                                             << a.impulse_residual << ", " << b.impulse_residual << ", "
                                             << c.impulse_residual << "; max attitude error " << a.max_attitude_error
                                             << " rad");
  BOOST_TEST(a.cycles == 16);
  BOOST_TEST(a.H_w_initial > kStart);  // the run starts dumping
  BOOST_TEST(a.H_w_final <= kStop);
  // The thrusters did the work: the impulse is about the momentum removed (within the attitude
  // loop's share, which is bounded by the vehicle's rate: a few 1e-2 N m s on 900 kg m²).
  BOOST_TEST(std::abs(a.impulse - (a.H_w_initial - a.H_w_final)) < 0.5);
  // The attitude held: the wheels absorbed the thrusters' 0.2 N m (their limit is 0.5 N m); the
  // bound is 2.5× the steady error of the loop (above), for the transients at each firing edge.
  BOOST_TEST(a.max_attitude_error < 0.01);
  // Impulse balance: the trapezoid rule on dcm_NB(t) has an O(h²) error (the attitude moves by
  // |ω| ≲ 1e-3 rad/s), rk4's own error is O(h⁴): the residual must fall ~4× per halving; a wrong
  // torque (sign, arm, frame) would leave an O(impulse) residual that does not shrink.
  BOOST_TEST(b.impulse_residual < 0.35 * a.impulse_residual);
  BOOST_TEST(c.impulse_residual < 0.35 * b.impulse_residual);
  BOOST_TEST(a.impulse_residual < 1e-3 * a.impulse);
}

BOOST_AUTO_TEST_CASE(bad_configuration_is_refused_with_the_field) {
  MomentumDumpTaskConfig c = dump_config();
  c.management.control_period = 10.05;  // not a whole number of 0.1 s ticks
  BOOST_CHECK_EXCEPTION(MomentumDumpTask("dump", c), ConfigurationError, [](const ConfigurationError& e) {
    const std::string m = e.what();
    return m.find("flight-software task 'dump'") != std::string::npos &&
           m.find("management.control_period [s]") != std::string::npos && m.find("10.05") != std::string::npos;
  });
  c = dump_config();
  c.thrusters.pop_back();
  BOOST_CHECK_EXCEPTION(MomentumDumpTask("dump", c), ConfigurationError, [](const ConfigurationError& e) {
    const std::string m = e.what();
    return m.find("'dump'") != std::string::npos && m.find("thrusters") != std::string::npos &&
           m.find("5 names") != std::string::npos;
  });
  c = dump_config();
  c.wheels = "rw";
  MomentumDumpTask task("dump", c);
  BOOST_CHECK_EXCEPTION(task.bind(*dump_vehicle()), ConfigurationError, [](const ConfigurationError& e) {
    return std::string(e.what()).find("no wheel-speed block 'sc/rw.Omega'") != std::string::npos;
  });
}

BOOST_AUTO_TEST_SUITE_END()
