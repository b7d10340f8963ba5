// The "flight_software" section of scenario files (docs/scenario.md §3 Flight software): the
// section loads into the task's configuration with its units; bad fields are refused at their
// JSON paths; a closed-loop run built from the file is bit-identical to the same run built with
// the AttitudeControlTask in C++; the logged actuator columns are the run's Inputs at the output
// times; a campaign's runs do not depend on the threads that run them; the example slews.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <numbers>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "ramus/fsw/attitude_control_task.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/scenario/campaign.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "scenario/scenario_support.hpp"

namespace ramus::scenario {
namespace {

using nlohmann::json;

using scenario_test::column;
using scenario_test::expect_error;
using scenario_test::indexed;
using scenario_test::read_text;

const std::string kExample = std::string(RAMUS_EXAMPLES_DIR) + "/slew_panels_wheels.json";
const std::string kDispersions = std::string(RAMUS_EXAMPLES_DIR) + "/slew_panels_wheels_dispersions.json";

json example() { return json::parse(read_text(kExample)); }

/// The example with every task field in bare SI, the inertia given, a delay, an offset, an
/// integral term and a command limit above the wheels' (so that the Inputs saturate): every
/// number of the configuration is known to the C++ side of the round trip below.
json closed_loop(double t1) {
  json d = example();
  d["output"] = {{"t1", t1},
                 {"dt", 0.5},
                 {"log",
                  {"acs.sigma_BR", "acs.omega_BR_B", "acs.wheel_torque_command", "acs.saturated", "acs.sigma_BN",
                   "acs.omega_BN_B", "sc/wheels.motor_torque:command", "sc/wheels.motor_torque:applied",
                   "sc/wheels.motor_torque:saturated", "sc/wheels.Omega", "sc/panel_plus_y.theta"}}};
  d["flight_software"] = json::parse(R"({
    "seed": 99,
    "tasks": [{
      "type": "attitude_control", "name": "acs", "vehicle": "sc", "period": 0.1, "offset": 0.05, "delay": 1,
      "navigation": {"type": "gyro_and_star_tracker",
                     "gyro": {"bias_mean": [1e-6, 0, -2e-6], "bias_sigma": 1e-5, "angle_random_walk": 3e-6,
                              "rate_random_walk": 1e-7},
                     "star_tracker": {"period": 0.5, "sigma_cross": 3e-5, "sigma_boresight": 1e-4}},
      "guidance": {"type": "eigenaxis_slew", "sigma_DN": [0.1, 0, 0.05], "t_start": 1, "duration": 20,
                   "profile": "cycloidal"},
      "control": {"K": 12, "P": [[110, 0, 0], [0, 100, 0], [0, 0, 105]], "K_i": 0.001, "integral_limit": 100,
                  "I_PntC_B": [[1100, 0, 0], [0, 950, 0], [0, 0, 1300]]},
      "actuator": {"type": "reaction_wheels", "effector": "wheels", "u_max": 1.0, "Omega_max": 500, "J_s": 0.08}
    }]})");
  return d;
}

/// The same task in C++, with the numbers of closed_loop() (Gs_B: the model's wheel axes, as a
/// C++ user reads them from the ReactionWheels effector).
fsw::AttitudeControlTaskConfig closed_loop_config(const Model& model) {
  fsw::AttitudeControlTaskConfig c;
  c.vehicle = "sc";
  c.timing = {0.1, 0.05, 1};
  c.navigation = fsw::AttitudeNavigation::gyro_and_star_tracker;
  c.gyro.period = 0.1;
  c.gyro.bias_mean = Eigen::Vector3d(1e-6, 0, -2e-6);
  c.gyro.bias_sigma = 1e-5;
  c.gyro.angle_random_walk = 3e-6;
  c.gyro.rate_random_walk = 1e-7;
  c.star_tracker.period = 0.5;
  c.star_tracker.phase = 0.05;  // the task's first sample
  c.star_tracker.sigma_cross = 3e-5;
  c.star_tracker.sigma_boresight = 1e-4;
  c.seed = NoiseSeed{99, 0};
  c.guidance = fsw::AttitudeGuidance::eigenaxis_slew;
  c.slew.sigma_DN = Eigen::Vector3d(0.1, 0, 0.05);
  c.slew.t_start = 1;
  c.slew.duration = 20;
  c.slew.profile = fsw::SlewProfile::cycloidal;
  c.control.K = 12;
  c.control.P = Eigen::Vector3d(110, 100, 105).asDiagonal();
  c.control.K_i = 0.001;
  c.control.integral_limit = 100;
  c.control.I_PntC_B = Eigen::Vector3d(1100, 950, 1300).asDiagonal();
  c.actuator = fsw::AttitudeActuator::reaction_wheels;
  c.wheels = "wheels";
  std::shared_ptr<const ReactionWheels> wheels;
  for (const auto& e : model.vehicle(0).state_effectors())
    if (e->name() == "wheels") wheels = std::dynamic_pointer_cast<const ReactionWheels>(e);
  BOOST_TEST_REQUIRE(wheels != nullptr);
  c.mapping.Gs_B.resize(3, 4);
  for (Eigen::Index i = 0; i < 4; ++i) c.mapping.Gs_B.col(i) = wheels->wheel(static_cast<std::size_t>(i)).gsHat_B;
  c.mapping.u_max = Eigen::VectorXd::Constant(4, 1.0);
  c.mapping.Omega_max = Eigen::VectorXd::Constant(4, 500.0);
  c.J_s = Eigen::VectorXd::Constant(4, 0.08);
  return c;
}

json& task0(json& d) { return d["flight_software"]["tasks"][0]; }

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_flight_software)

BOOST_AUTO_TEST_CASE(the_section_loads_with_its_units) {
  const Scenario s = load_scenario(kExample);
  BOOST_TEST_REQUIRE(s.flight_software.size() == 1u);
  const FlightSoftwareTaskSpec& spec = s.flight_software[0];
  BOOST_TEST(spec.name == "acs");
  BOOST_TEST(spec.path == "flight_software.tasks[0]");
  BOOST_TEST(s.noise_seed.seed == 20261203u);
  BOOST_TEST(s.noise_seed.run == 0u);
  const fsw::AttitudeControlTaskConfig& c = spec.attitude_control;
  BOOST_TEST(c.vehicle == "sc");
  BOOST_TEST(c.timing.period == 0.1);
  BOOST_TEST(c.timing.offset == 0.0);
  BOOST_TEST(c.timing.delay == 0);
  // Units: exact products value × factor, the factors from their definitions (deg = π/180,
  // h = 3600 s, √h = 60 √s, rpm = 2π/60 rad/s).
  const double deg = std::numbers::pi / 180.0;
  BOOST_TEST((c.navigation == fsw::AttitudeNavigation::gyro_and_star_tracker));
  BOOST_TEST(c.gyro.period == 0.1);  // the gyro is sampled by the task
  BOOST_TEST(c.gyro.bias_sigma == 1.0 * (deg / 3600.0));
  BOOST_TEST(c.gyro.angle_random_walk == 0.01 * (deg / 60.0));
  BOOST_TEST(c.gyro.rate_random_walk == 0.01 * (deg / (3600.0 * 60.0)));
  BOOST_TEST(c.star_tracker.period == 0.5);
  BOOST_TEST(c.star_tracker.phase == 0.0);  // t0 + offset
  BOOST_TEST(c.star_tracker.sigma_cross == 0.002 * deg);
  BOOST_TEST((c.guidance == fsw::AttitudeGuidance::eigenaxis_slew));
  BOOST_TEST(c.slew.duration == 180.0);
  BOOST_TEST(c.slew.t_start == 10.0);
  BOOST_TEST((c.slew.profile == fsw::SlewProfile::quintic));
  BOOST_TEST(c.control.K == 12.0);
  BOOST_TEST((c.control.P == 110.0 * Eigen::Matrix3d::Identity()));
  BOOST_TEST((c.actuator == fsw::AttitudeActuator::reaction_wheels));
  BOOST_TEST(c.wheels == "wheels");
  BOOST_TEST(c.mapping.Gs_B.cols() == 4);
  BOOST_TEST((c.mapping.u_max.array() == 0.25).all());  // the wheels' max_torque
  BOOST_TEST((c.mapping.Omega_max.array() == 6000.0 * (2.0 * std::numbers::pi / 60.0)).all());
  BOOST_TEST((c.J_s.array() == 0.08).all());  // the wheels' Js
  // The task's outputs are the wheels' channels of the model.
  const fsw::AttitudeControlTask task("acs", c);
  BOOST_TEST(task.outputs().front() == "sc/wheels.motor_torque[0]");
  BOOST_TEST(s.model->input_layout().find(task.outputs().back()) >= 0);
}

BOOST_AUTO_TEST_CASE(the_default_inertia_is_the_vehicles_about_C_less_the_wheels_spin) {
  // A hub and one wheel off the centre of mass: I_C by the parallel-axis theorem, by hand.
  const json d = json::parse(R"({
    "vehicles": [{"name": "sc",
      "hub": {"mass": 100, "I_PntBc_B": [[10, 1, 0], [1, 20, 0], [0, 0, 30]], "r_BcB_B": [0, 0.2, 0]},
      "initial_state": {"sigma_BN": [0.1, -0.2, 0.3]},
      "state_effectors": [{"type": "reaction_wheels", "name": "wheels",
        "wheels": [{"gsHat_B": [0, 0, 1], "r_WcB_B": [0.5, 0, 0], "mass": 2, "Js": 0.1, "Jt": 0.05}]}]}],
    "propagation": {"stepper": "rk4", "dt": 0.1},
    "output": {"t1": 1, "dt": 0.5},
    "flight_software": {"tasks": [{"type": "attitude_control", "name": "acs", "vehicle": "sc", "period": 0.1,
      "navigation": {"type": "ideal"}, "guidance": {"type": "inertial"}, "control": {"K": 1, "P": 10},
      "actuator": {"type": "reaction_wheels", "effector": "wheels", "control_axes_B": [[0, 0, 1]]}}]}
  })");
  const Scenario s = parse_scenario(d.dump());
  const Eigen::Matrix3d& I = s.flight_software.at(0).attitude_control.control.I_PntC_B;
  const auto shifted = [](const Eigen::Matrix3d& I_own, double m, const Eigen::Vector3d& r) {
    return I_own + m * (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose());
  };
  const Eigen::Vector3d r_hub(0, 0.2, 0), r_wheel(0.5, 0, 0), z(0, 0, 1);
  const Eigen::Vector3d c = (100.0 * r_hub + 2.0 * r_wheel) / 102.0;  // C relative to B
  Eigen::Matrix3d I_hub;
  I_hub << 10, 1, 0, 1, 20, 0, 0, 0, 30;
  const Eigen::Matrix3d I_wheel = 0.1 * z * z.transpose() + 0.05 * (Eigen::Matrix3d::Identity() - z * z.transpose());
  const Eigen::Matrix3d expected =
      shifted(I_hub, 100.0, r_hub - c) + shifted(I_wheel, 2.0, r_wheel - c) - 0.1 * z * z.transpose();
  // The loader differences angular momenta of unit rates (H(ω = ê_k) − H(0), H ~ 30 N m s) and
  // rotates them through the attitude: a few ulps of 30 each, well below 1e-12 relative.
  BOOST_TEST((I - expected).norm() <= 1e-12 * expected.norm(), "I =\n" << I << "\nexpected\n" << expected);
  // Given, it is taken as is.
  json given = d;
  given["flight_software"]["tasks"][0]["control"]["I_PntC_B"] = {{"value", {{1, 0, 0}, {0, 2, 0}, {0, 0, 3}}},
                                                                 {"unit", "kg m^2"}};
  const Scenario g = parse_scenario(given.dump());
  BOOST_TEST((g.flight_software.at(0).attitude_control.control.I_PntC_B ==
              Eigen::Vector3d(1, 2, 3).asDiagonal().toDenseMatrix()));
}

BOOST_AUTO_TEST_CASE(a_file_built_run_is_bit_identical_to_the_task_built_in_cpp) {
  const Scenario s = parse_scenario(closed_loop(30.0).dump());
  // From the file.
  Eigen::VectorXd x_file;
  std::vector<Eigen::VectorXd> states_file;
  const PropagationStats stats_file =
      run_scenario(s, x_file, [&](const Eigen::VectorXd& x, double) { states_file.push_back(x); });

  // In C++: the same model, the task built directly, the library's driver.
  auto task = std::make_shared<fsw::AttitudeControlTask>("acs", closed_loop_config(*s.model));
  scenario_test::TasksInCpp cpp(s, {task});
  Eigen::VectorXd& x = cpp.x;
  std::vector<Eigen::VectorXd> states;
  const PropagationStats stats = propagate(cpp.system, x, s.output_times, cpp.settings,
                                           [&](Eigen::VectorXd& state, double) { states.push_back(state); });
  BOOST_TEST(stats.steps == stats_file.steps);
  BOOST_TEST(task->samples() == 300);  // 30 s at 10 Hz, the first at 0.05 s
  BOOST_TEST_REQUIRE(states.size() == states_file.size());
  for (std::size_t k = 0; k < states.size(); ++k) BOOST_TEST((states[k] == states_file[k]), "output " << k);
  BOOST_TEST((x == x_file));
  // The loop is closed: the hub has turned (the slew), the wheels have spun up.
  BOOST_TEST(x.segment<3>(s.model->vehicle(0).offsets().omega_BN_B).norm() < 1.0);
  BOOST_TEST((x - s.model->initial_state()).norm() > 1.0);
}

BOOST_AUTO_TEST_CASE(the_logged_actuator_and_task_columns_are_the_runs) {
  const Scenario s = parse_scenario(closed_loop(30.0).dump());
  const QuantityLog log(s, s.log);
  BOOST_TEST(log.needs_run());
  // What the C++ run has at each output time.
  struct Record {
    Eigen::VectorXd command, applied, wheel_command;
    std::vector<std::uint8_t> saturated;
    Eigen::Vector3d sigma_BR, omega_BN_B;
  };
  std::vector<Record> records;
  {
    auto task = std::make_shared<fsw::AttitudeControlTask>("acs", closed_loop_config(*s.model));
    scenario_test::TasksInCpp cpp(s, {task});
    const System& system = cpp.system;
    propagate(system, cpp.x, s.output_times, cpp.settings, [&](Eigen::VectorXd&, double) {
      records.push_back({system.inputs().command(), system.inputs().applied(), task->wheel_torque_command(),
                         system.inputs().saturated(), task->sigma_BR(), task->omega_BN_B()});
    });
  }
  std::vector<std::vector<double>> rows;
  Eigen::VectorXd x;
  run_scenario_with_view(s, x, [&](const Eigen::VectorXd& state, double t, const RunView& run) {
    rows.push_back(log.row(state, t, run));
  });
  BOOST_TEST_REQUIRE(rows.size() == records.size());
  const Eigen::Index c0 = s.model->input_layout().find("sc/wheels.motor_torque[0]");
  std::size_t saturated_rows = 0;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const std::vector<double>& r = rows[k];
    for (int i = 0; i < 4; ++i) {
      BOOST_TEST(r[column(log, indexed("sc/wheels.motor_torque:command", i))] == records[k].command[c0 + i]);
      BOOST_TEST(r[column(log, indexed("sc/wheels.motor_torque:applied", i))] == records[k].applied[c0 + i]);
      BOOST_TEST(r[column(log, indexed("sc/wheels.motor_torque:saturated", i))] ==
                 (records[k].saturated[static_cast<std::size_t>(c0 + i)] != 0 ? 1.0 : 0.0));
      BOOST_TEST(r[column(log, indexed("acs.wheel_torque_command", i))] == records[k].wheel_command[i]);
    }
    for (int j = 0; j < 3; ++j) {
      BOOST_TEST(r[column(log, indexed("acs.sigma_BR", j))] == records[k].sigma_BR[j]);
      BOOST_TEST(r[column(log, indexed("acs.omega_BN_B", j))] == records[k].omega_BN_B[j]);
    }
    if (r[column(log, "sc/wheels.motor_torque:saturated[0]")] == 1.0) {
      ++saturated_rows;
      // The wheels' max_torque (0.25 N m) is below the task's limit (1 N m): the hardware clips.
      BOOST_TEST(std::abs(r[column(log, "sc/wheels.motor_torque:applied[0]")]) == 0.25);
      BOOST_TEST(std::abs(r[column(log, "sc/wheels.motor_torque:command[0]")]) > 0.25);
    }
  }
  BOOST_TEST(saturated_rows > 0u);  // the flag columns are exercised
  // A log of the run's quantities cannot be read without the run.
  BOOST_CHECK_THROW(log.row(x, 0.0), Error);
  BOOST_CHECK_THROW(log.row(x, 0.0, RunView{}), Error);
}

BOOST_AUTO_TEST_CASE(the_default_log_adds_the_runs_quantities_with_flight_software_only) {
  json d = example();
  d["output"].erase("log");
  const Scenario s = parse_scenario(d.dump());
  const std::vector<std::string> names = QuantityLog::default_names(s);
  const std::vector<std::string> model_names = QuantityLog::default_names(*s.model);
  BOOST_TEST(s.log == names);
  BOOST_TEST(names.size() > model_names.size());
  for (const char* q :
       {"acs.sigma_BR", "acs.omega_BR_B", "acs.L_r_B", "acs.wheel_torque_command", "acs.saturated",
        "sc/wheels.motor_torque:command", "sc/wheels.motor_torque:applied", "sc/wheels.motor_torque:saturated"})
    BOOST_TEST((std::find(names.begin(), names.end(), q) != names.end()), q);
  d.erase("flight_software");
  const Scenario open = parse_scenario(d.dump());
  BOOST_TEST(open.log == QuantityLog::default_names(*open.model));  // unchanged without flight software
  BOOST_TEST(!QuantityLog(open, open.log).needs_run());
}

BOOST_AUTO_TEST_CASE(the_example_slews_and_points) {
  const Scenario s = load_scenario(kExample);
  const QuantityLog log(s, {"acs.sigma_BR", "acs.saturated", "sc/panel_plus_y.theta", "sc.sigma_BN"});
  std::vector<std::vector<double>> rows;
  Eigen::VectorXd x;
  run_scenario_with_view(s, x, [&](const Eigen::VectorXd& state, double t, const RunView& run) {
    rows.push_back(log.row(state, t, run));
  });
  BOOST_TEST_REQUIRE(rows.size() == 301u);
  const std::vector<double>& last = rows.back();
  const Eigen::Vector3d sigma_BR(last[1], last[2], last[3]), sigma_BN(last[6], last[7], last[8]);
  const Eigen::Vector3d sigma_DN = s.flight_software[0].attitude_control.slew.sigma_DN;
  constexpr double rad_to_deg = 180.0 / std::numbers::pi;
  // The loop has no integral term: the gyro's turn-on bias b (1 deg/h 1σ per axis) leaves the
  // offset K σ = P b, an angle 4 P |b| / K ≤ 4 × 110 × (3 √3 × 1 deg/h) / 12 = 0.053 deg (3σ per
  // axis). 0.05 deg is that bound, 900 times below the 45 deg slewed.
  const double true_error = attitude_error_angle(quat_from_mrp(sigma_BN), quat_from_mrp(sigma_DN)) * rad_to_deg;
  BOOST_TEST(true_error < 0.05);
  BOOST_TEST(attitude_error_angle(quat_from_mrp(Eigen::Vector3d(rows[0][6], rows[0][7], rows[0][8])),
                                  quat_from_mrp(sigma_DN)) *
                 rad_to_deg >
             44.9);
  // The navigated error adds the star tracker's noise, 0.0104 deg 1σ (0.002 and 0.002 deg across,
  // 0.01 deg about the boresight): the bound above plus 5σ.
  BOOST_TEST(4.0 * std::atan(sigma_BR.norm()) * rad_to_deg < 0.05 + 5.0 * 0.0104);
  // The slew excites the panels: the hub's peak acceleration (5.77 Φ/T² = 1.4e-4 rad/s² for the
  // quintic profile) deflects them by 1.3e-4 rad at the peak in this run; the check asks for a
  // tenth of that (a panel that the slew does not move would give 0).
  double peak = 0.0;
  for (const auto& r : rows) peak = std::max(peak, std::abs(r[5]));
  BOOST_TEST(peak > 1e-5);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scenario_flight_software_errors)

BOOST_AUTO_TEST_CASE(the_example_loads) { BOOST_TEST(parse_scenario(example().dump()).flight_software.size() == 1u); }

BOOST_AUTO_TEST_CASE(bad_timing_is_refused_at_its_path) {
  json d = example();
  task0(d)["period"] = 0;
  expect_error(d, "flight_software.tasks[0].period", "period [s] = 0: must be positive and finite");
  d = example();
  task0(d)["period"] = {{"value", -0.1}, {"unit", "s"}};
  expect_error(d, "flight_software.tasks[0].period", "must be positive and finite");
  d = example();
  task0(d)["period"] = {{"value", 0.1}, {"unit", "deg"}};
  expect_error(d, "flight_software.tasks[0].period.unit", "unit 'deg' is an angle, expected a time");
  d = example();
  task0(d)["delay"] = 2;
  expect_error(d, "flight_software.tasks[0].delay", "must be 0 or 1");
  d = example();
  task0(d)["offset"] = -1;
  expect_error(d, "flight_software.tasks[0].offset", "must be non-negative");
}

BOOST_AUTO_TEST_CASE(bad_names_are_refused_at_their_path) {
  json d = example();
  task0(d)["type"] = "pointing";
  expect_error(d, "flight_software.tasks[0].type", "unknown task type 'pointing' (known: attitude_control, ");
  d = example();
  task0(d)["vehicle"] = "probe";
  expect_error(d, "flight_software.tasks[0].vehicle", "no vehicle 'probe' (vehicles: 'sc')");
  d = example();
  task0(d)["name"] = "sc";
  expect_error(d, "flight_software.tasks[0].name", "is a vehicle's name");
  d = example();
  d["flight_software"]["tasks"].push_back(task0(d));
  expect_error(d, "flight_software.tasks[1].name", "task name 'acs' is already used by flight_software.tasks[0].name");
  d = example();
  task0(d)["gain"] = 1;
  expect_error(d, "flight_software.tasks[0].gain", "unknown key");
  d = example();
  d["flight_software"]["seed"] = -1;
  expect_error(d, "flight_software.seed", "must be a non-negative integer");
}

BOOST_AUTO_TEST_CASE(an_unknown_or_foreign_actuator_is_refused_at_its_path) {
  json d = example();
  task0(d)["actuator"]["effector"] = "flywheels";
  expect_error(d, "flight_software.tasks[0].actuator.effector",
               "no reaction_wheels effector 'flywheels' on vehicle 'sc'");
  d = example();
  task0(d)["actuator"]["effector"] = "panel_plus_y";
  expect_error(d, "flight_software.tasks[0].actuator.effector", "is not a reaction_wheels effector");
  d = example();
  task0(d)["actuator"] = {{"type", "ideal_torque"}, {"effector", "torquer"}};
  expect_error(d, "flight_software.tasks[0].actuator.effector", "no external_force_torque on the hub 'torquer'");
  // The wheels of another vehicle: a task commands its own vehicle's channels only.
  d = example();
  json other = d["vehicles"][0];
  other["name"] = "sc2";
  other["initial_state"]["r_N"] = {100, 0, 0};
  d["vehicles"].push_back(other);
  d["vehicles"][0]["state_effectors"].erase(2);  // sc keeps its panels, sc2 has the wheels
  expect_error(d, "flight_software.tasks[0].actuator.effector",
               "no reaction_wheels effector 'wheels' on vehicle 'sc' (vehicle 'sc2' has an effector of that name: a "
               "task commands the actuators of its own vehicle only)");
  d = example();
  task0(d)["actuator"]["u_max"] = {1, 2};
  expect_error(d, "flight_software.tasks[0].actuator.u_max", "has 2 entries; give one per wheel (4)");
  d = example();
  task0(d)["actuator"]["Omega_max"] = {{"value", 100}, {"unit", "N m"}};
  expect_error(d, "flight_software.tasks[0].actuator.Omega_max.unit",
               "unit 'N m' is a torque, expected an angular velocity");
  d = example();
  task0(d)["actuator"]["u_max"] = -1;
  expect_error(d, "flight_software.tasks[0].actuator.u_max", "rw_torque_mapping 'acs/mapping'");
}

BOOST_AUTO_TEST_CASE(bad_gains_guidance_and_sensors_are_refused_at_their_path) {
  json d = example();
  task0(d)["control"]["K"] = 0;
  expect_error(d, "flight_software.tasks[0].control.K", "mrp_feedback 'acs/control'");
  d = example();
  task0(d)["control"]["P"] = {{"value", 110}, {"unit", "N m"}};
  expect_error(d, "flight_software.tasks[0].control.P.unit", "unit 'N m' is a torque, expected an angular momentum");
  d = example();
  task0(d)["control"].erase("P");
  expect_error(d, "flight_software.tasks[0].control.P", "missing");
  d = example();
  task0(d)["guidance"]["duration"] = 0;
  expect_error(d, "flight_software.tasks[0].guidance.duration", "eigenaxis_slew 'acs/guidance'");
  d = example();
  task0(d)["guidance"]["profile"] = "linear";
  expect_error(d, "flight_software.tasks[0].guidance.profile", "unknown profile 'linear'");
  d = example();
  task0(d)["navigation"]["gyro"]["angle_random_walk"] = -1;
  expect_error(d, "flight_software.tasks[0].navigation.gyro.angle_random_walk", "rate_gyro 'acs/gyro'");
  d = example();
  task0(d)["navigation"]["star_tracker"]["sigma_cross"] = {{"value", 1}, {"unit", "deg/s"}};
  expect_error(d, "flight_software.tasks[0].navigation.star_tracker.sigma_cross.unit",
               "unit 'deg/s' is an angular velocity, expected an angle");
  d = example();
  task0(d)["navigation"]["star_tracker"]["sigma_boresight"] = -0.1;
  expect_error(d, "flight_software.tasks[0].navigation.star_tracker.sigma_boresight",
               "star_tracker 'acs/star_tracker'");
  d = example();
  task0(d)["navigation"] = {{"type", "kalman"}};
  expect_error(d, "flight_software.tasks[0].navigation.type", "unknown navigation 'kalman'");
}

BOOST_AUTO_TEST_CASE(unknown_logged_quantities_are_refused) {
  json d = example();
  d["output"]["log"].push_back("acs.sigma_XY");
  expect_error(d.dump(), "output.log[13]", "unknown quantity 'acs.sigma_XY'", false);
  d = example();
  d["output"]["log"].push_back("sc/wheels.motor_torque:requested");
  expect_error(d.dump(), "output.log[13]", "unknown quantity 'sc/wheels.motor_torque:requested'", false);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scenario_flight_software_campaign)

namespace {

/// The example campaign, shortened to its first 20 s (the slew's start: the noise acts at once).
Campaign short_campaign() {
  json d = example();
  d["output"]["t1"] = 20;
  return Campaign(d.dump(), read_text(kDispersions));
}

struct RunResult {
  Eigen::VectorXd x;
  std::vector<double> final_row;
};

RunResult run_one(const Campaign& campaign, std::uint64_t run) {
  const Scenario s = campaign.scenario(run);
  const QuantityLog summary(s, campaign.summary());
  RunResult r;
  run_scenario_with_view(s, r.x, [&](const Eigen::VectorXd& x, double t, const RunView& view) {
    if (t == s.output_times.back()) r.final_row = summary.row(x, t, view);
  });
  return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_runs_result_does_not_depend_on_the_threads) {
  const Campaign campaign = short_campaign();
  constexpr std::uint64_t kRuns = 8;
  std::vector<RunResult> alone(kRuns), threaded(kRuns);
  for (std::uint64_t i = 0; i < kRuns; ++i) alone[i] = run_one(campaign, i);
  // Three threads, the runs interleaved and in reverse: another order, other threads.
  std::vector<std::thread> threads;
  for (std::uint64_t k = 0; k < 3; ++k)
    threads.emplace_back([&, k] {
      for (std::uint64_t i = kRuns; i-- > 0;)
        if (i % 3 == k) threaded[i] = run_one(campaign, i);
    });
  for (std::thread& t : threads) t.join();
  for (std::uint64_t i = 0; i < kRuns; ++i) {
    BOOST_TEST((alone[i].x == threaded[i].x), "run " << i);
    BOOST_TEST(alone[i].final_row == threaded[i].final_row, boost::test_tools::per_element());
  }
  BOOST_TEST(!(alone[0].x == alone[1].x));  // the runs differ
  // Each run's noise is keyed by the campaign's seed and the run index.
  BOOST_TEST(campaign.scenario(5).noise_seed.seed == campaign.seed());
  BOOST_TEST(campaign.scenario(5).noise_seed.run == 5u);
}

BOOST_AUTO_TEST_CASE(the_noise_differs_between_runs_with_the_same_draws) {
  // One parameter drawn at its nominal value every time (sigma 0): runs 0 and 1 have the same
  // document and differ by their sensor noise only, keyed by the run index.
  json dispersions = json::parse(read_text(kDispersions));
  dispersions["parameters"] =
      json::parse(R"([{"path": "flight_software.tasks[0].guidance.t_start", "distribution": "normal", "sigma": 0}])");
  json d = example();
  d["output"]["t1"] = 5;
  const Campaign campaign(d.dump(), dispersions.dump());
  BOOST_TEST(campaign.draw(0) == campaign.draw(1), boost::test_tools::per_element());
  const RunResult r0 = run_one(campaign, 0), r1 = run_one(campaign, 1), r0_again = run_one(campaign, 0);
  BOOST_TEST(!(r0.x == r1.x));
  BOOST_TEST((r0.x == r0_again.x));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
