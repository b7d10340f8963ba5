// Every error path of the scenario loader: bad JSON, unknown key, wrong unit dimension,
// bad value, missing attachment target. Each case edits one field of a valid document and checks
// the path the error names and the reason it gives.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "ramus/scenario/scenario.hpp"
#include "scenario/scenario_support.hpp"

namespace ramus::scenario {
namespace {

using nlohmann::json;

/// A valid document: a hub, a panel, a 2-DOF gimbal carrying a thruster, wheels, a second vehicle
/// and a constraint.
json valid() {
  json d = json::parse(R"({
    "two_point_effectors": [
      {"type": "constraint", "name": "tether", "end1": {"vehicle": "sc", "effector": "panel", "segment": 0},
       "end2": {"vehicle": "probe"}, "alpha": 10, "beta": 1}
    ],
    "propagation": {"stepper": "rk4", "dt": 0.1},
    "output": {"t1": 1, "dt": 0.5}
  })");
  d["vehicles"] = json::array({scenario_test::branched_vehicle(), json::parse(R"(
      {"name": "probe", "hub": {"mass": 50, "I_PntBc_B": [[5, 0, 0], [0, 4, 0], [0, 0, 3]]},
       "initial_state": {"r_N": [-4, 0, 0]}})")});
  return d;
}

using scenario_test::expect_error;

json quantity(double value, const char* unit) { return {{"value", value}, {"unit", unit}}; }

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_errors)

BOOST_AUTO_TEST_CASE(the_valid_document_loads) {
  const Scenario s = parse_scenario(valid().dump());
  BOOST_TEST(s.model->vehicle_count() == 2u);
  BOOST_TEST(s.output_times.size() == 3u);
}

// A data file given relative to the scenario is named in errors as the system resolves it: the
// absolute path with ".." followed, not the text joined to the scenario's folder.
BOOST_AUTO_TEST_CASE(data_file_errors_name_the_resolved_path) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "ramus_loader_errors_resolved";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "sub");
  json d = valid();
  d["gravity"] = {
      {"type", "spherical_harmonic_gravity"}, {"file", "sub/../missing_field.txt"}, {"degree", 2}, {"order", 2}};
  const std::filesystem::path file = dir / "scenario.json";
  std::ofstream(file) << d.dump();
  const std::string expected = "'" + (std::filesystem::canonical(dir) / "missing_field.txt").string() + "'";
  std::string message;
  try {
    load_scenario(file.string());
  } catch (const ScenarioError& e) {
    message = e.what();
  }
  std::filesystem::remove_all(dir);
  BOOST_TEST_MESSAGE(message);
  BOOST_TEST(message.find(expected) != std::string::npos);
  BOOST_TEST(message.find("..") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_json) {
  expect_error(std::string(R"({"vehicles": [ })"), "(document)", "invalid JSON");
  expect_error(std::string(""), "(document)", "invalid JSON");
  expect_error(std::string("[1, 2]"), "(document)", "must be an object, found an array");
}

BOOST_AUTO_TEST_CASE(unknown_keys) {
  json j = valid();
  j["vehicle"] = json::array();
  expect_error(j, "vehicle", "unknown key (accepted here: description, environment, gravity, vehicles");
  j = valid();
  j["vehicles"][0]["state_effectors"][0]["masss"] = 1;
  expect_error(j, "vehicles[0].state_effectors[0].masss", "unknown key");
  j = valid();
  j["vehicles"][0]["state_effectors"][1]["axis2"]["sHat"] = json::array({0, 0, 1});
  expect_error(j, "vehicles[0].state_effectors[1].axis2.sHat", "unknown key");
  j = valid();
  j["vehicles"][0]["state_effectors"][1]["dynamic_effectors"][0]["thrust"] = 1;
  expect_error(j, "vehicles[0].state_effectors[1].dynamic_effectors[0].thrust", "unknown key");
  j = valid();
  j["vehicles"][0]["hub"]["mass"] = {{"value", 5}, {"unit", "kg"}, {"sigma", 1}};
  expect_error(j, "vehicles[0].hub.mass.sigma", "unknown key (accepted here: value, unit)");
  j = valid();
  j["vehicles"][0]["state_effectors"][0]["type"] = "solar_panel";
  expect_error(j, "vehicles[0].state_effectors[0].type", "unknown state effector type 'solar_panel'");
}

BOOST_AUTO_TEST_CASE(wrong_unit_dimension) {
  json j = valid();
  j["vehicles"][0]["hub"]["mass"] = quantity(5, "deg");
  expect_error(j, "vehicles[0].hub.mass.unit", "unit 'deg' is an angle, expected a mass");
  j = valid();
  j["vehicles"][0]["state_effectors"][0]["k"] = quantity(100, "N m");
  expect_error(j, "vehicles[0].state_effectors[0].k.unit", "unit 'N m' is a torque, expected a torsional stiffness");
  j = valid();
  j["output"]["dt"] = quantity(0.5, "furlong");
  expect_error(j, "output.dt.unit", "unknown unit 'furlong' for a time");
  j = valid();
  j["vehicles"][0]["state_effectors"][1]["axis1"]["sHat_S"] = quantity(1, "m");
  expect_error(j, "vehicles[0].state_effectors[1].axis1.sHat_S.unit", "is a length, expected a dimensionless number");
  j = valid();
  j["gravity"] = {{"mu", 3.986e14}, {"J2", quantity(1e-3, "m")}};
  expect_error(j, "gravity.J2", "is dimensionless: give a bare number, not a unit");
}

BOOST_AUTO_TEST_CASE(bad_values) {
  json j = valid();
  j["vehicles"][0]["state_effectors"][0]["I_PntSc_S"] = json::parse("[[1, 0, 0], [0, -1, 0], [0, 0, 1]]");
  expect_error(j, "vehicles[0].state_effectors[0].I_PntSc_S", "must be positive definite");
  j = valid();
  j["vehicles"][0]["hub"]["mass"] = -1;
  expect_error(j, "vehicles[0].hub.mass", "must be positive");
  j = valid();
  j["vehicles"][0]["state_effectors"][2]["wheels"][1]["Js"] = 0;
  expect_error(j, "vehicles[0].state_effectors[2].wheels[1].Js", "must be positive");
  j = valid();
  j["vehicles"][0]["state_effectors"][1]["axis2"]["mass"] = -20;
  expect_error(j, "vehicles[0].state_effectors[1].axis2.mass", "must not be negative");
  j = valid();
  j["vehicles"][0]["state_effectors"][0]["dcm_HB"] = json::parse("[[1, 0, 0], [0, 1, 0], [0, 0, 2]]");
  expect_error(j, "vehicles[0].state_effectors[0].dcm_HB", "dcm_HB");
  j = valid();
  j["vehicles"][0]["hub"]["mass"] = "heavy";
  expect_error(j, "vehicles[0].hub.mass", "must be a number or {\"value\": number, \"unit\": \"kg\"}, found a string");
  j = valid();
  j["vehicles"][0]["hub"]["I_PntBc_B"] = json::parse("[[1, 0], [0, 1]]");
  expect_error(j, "vehicles[0].hub.I_PntBc_B", "must be a 3x3 matrix");
  j = valid();
  j["vehicles"][1]["initial_state"]["q_BN"] = json::array({1, 1, 0, 0});
  expect_error(j, "vehicles[1].initial_state.q_BN", "must be a unit quaternion");
  j = valid();
  j["vehicles"][1]["name"] = "sc";
  expect_error(j, "vehicles[1].name", "vehicle name 'sc' is already used");
  j = valid();
  j["vehicles"][0]["state_effectors"][2]["name"] = "panel";
  expect_error(j, "vehicles[0].state_effectors[2].name", "'panel'");
  j = valid();
  j["vehicles"][0]["name"] = "s c";
  expect_error(j, "vehicles[0].name", "not a valid name");
  j = valid();
  j["propagation"]["stepper"] = "rk5";
  expect_error(j, "propagation.stepper", "rk4");
  j = valid();
  j["propagation"].erase("dt");
  expect_error(j, "propagation.dt", "missing");
  j = valid();
  j["propagation"]["dt"] = 0;
  expect_error(j, "propagation.dt", "must be positive");
  j = valid();
  j["propagation"]["abs_tol"] = 1e-9;
  expect_error(j, "propagation.abs_tol", "the fixed-step stepper 'rk4' takes no tolerance");
  j = valid();
  j["output"]["t1"] = -1;
  expect_error(j, "output.t1", "must be later than t0");
  j = valid();
  j["output"] = {{"times", {0, 1, 1}}};
  expect_error(j, "output.times[2]", "output times must increase strictly");
  j = valid();
  j["output"]["log"] = {"sc/hub.omega_BN_B", "sc/hub.omega"};
  expect_error(j, "output.log[1]", "unknown quantity 'sc/hub.omega'");
  j = valid();
  j["vehicles"][0]["state_effectors"][1]["dynamic_effectors"][0]["segment"] = -1;
  expect_error(j, "vehicles[0].state_effectors[1].dynamic_effectors[0].segment", "must be a non-negative integer");
  // A number beyond the range of a double is not silently infinite.
  expect_error(std::string(R"({"vehicles": [{"name": "sc", "hub": {"mass": 1e400}}]})"), "(document)", "invalid JSON");
}

BOOST_AUTO_TEST_CASE(missing_attachment_target) {
  json j = valid();
  j["two_point_effectors"][0]["end1"]["effector"] = "boom";
  expect_error(j, "two_point_effectors[0].end1.effector",
               "no state effector 'boom' on vehicle 'sc' (its state effectors: 'panel', 'gimbal', 'wheels')");
  j = valid();
  j["two_point_effectors"][0]["end2"]["vehicle"] = "lander";
  expect_error(j, "two_point_effectors[0].end2.vehicle", "no vehicle 'lander' (vehicles: 'sc', 'probe')");
  j = valid();
  j["two_point_effectors"][0]["end1"]["segment"] = 1;
  expect_error(j, "two_point_effectors[0].end1.segment", "has 1 segment(s)");
  j = valid();
  j["vehicles"][0]["state_effectors"][1]["dynamic_effectors"][0]["segment"] = 2;
  expect_error(j, "vehicles[0].state_effectors[1].dynamic_effectors[0].segment", "segment");
  j = valid();
  j["vehicles"][0]["state_effectors"][2]["dynamic_effectors"] =
      json::parse(R"([{"segment": 0, "type": "thruster", "name": "t2", "max_thrust": 1}])");
  expect_error(j, "vehicles[0].state_effectors[2].dynamic_effectors[0]", "reaction_wheels 'wheels'");
  j = valid();
  j["vehicles"][0]["state_effectors"][1]["dynamic_effectors"] =
      json::parse(R"([{"segment": 0, "type": "pulsed_torque", "name": "p", "period": 1}])");
  expect_error(j, "vehicles[0].state_effectors[1].dynamic_effectors[0]",
               "pulsed_torque 'p' acts on a hub only and cannot be attached to segment 0 of "
               "spinning_body_2dof 'gimbal'");
  j = valid();
  j["inputs"] = json::parse(R"([{"t": 0.5, "vehicle": "sc", "effector": "boom", "motor_torque": 1}])");
  expect_error(j, "inputs[0].effector", "no state effector 'boom' on vehicle 'sc'");
  j = valid();
  j["inputs"] = json::parse(R"([{"t": 0.5, "vehicle": "sc", "effector": "wheels", "wheel": 2, "motor_torque": 1}])");
  expect_error(j, "inputs[0].wheel", "has 2 wheel(s)");
  j = valid();
  j["inputs"] = json::parse(R"([{"t": 0.5, "vehicle": "sc", "effector": "gimbal", "joint": 0, "motor_force": 1}])");
  expect_error(j, "inputs[0]", "revolute: give motor_torque");
  j = valid();
  j["inputs"] = json::parse(R"([{"t": 5, "vehicle": "sc", "effector": "gimbal", "motor_torque": 1}])");
  expect_error(j, "inputs[0].t", "must lie in [t0, t1)");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
