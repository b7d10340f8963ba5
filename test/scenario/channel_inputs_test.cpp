// Inputs by channel name (docs/scenario.md §3 Inputs): {"channel", "value"} sets any actuator
// channel. References: the same changes written with the effector fields give the same run bit for
// bit (a wheel's motor torque, a joint's lock, whose impulse must keep the momentum); a thruster
// through the centre of mass fired for 2 s changes the velocity by F·2 s / m exactly (constant force,
// which rk4 integrates exactly); bad channels and values are refused at their paths.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "scenario_support.hpp"

namespace ramus::scenario {
namespace {

using nlohmann::json;

constexpr double kMass = 490.0, kThrust = 4.0;  ///< [kg] hub and wheel, [N]

/// A 480 kg hub with a 10 kg panel on a hinge, a 10 kg wheel at B and a 4 N thruster through B
/// along b1; tumbling slowly.
json vehicle_file(const json& inputs) {
  json d = json::parse(R"({
    "vehicles": [{
      "name": "sc",
      "hub": {"mass": 480, "I_PntBc_B": [[300, 0, 0], [0, 250, 0], [0, 0, 200]]},
      "initial_state": {"omega_BN_B": [0.01, -0.02, 0.015]},
      "state_effectors": [
        {"type": "hinged_rigid_body", "name": "panel", "mass": 10, "I_PntSc_S": [[2, 0, 0], [0, 1, 0], [0, 0, 1]],
         "d": 0.5, "r_HB_B": [0, 1, 0], "dcm_HB": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "k": 5, "c": 0.5,
         "theta0": 0.1},
        {"type": "reaction_wheels", "name": "wheels",
         "wheels": [{"gsHat_B": [0, 0, 1], "mass": 10, "Js": 0.05, "Jt": 0.03, "Omega0": 10}]}
      ],
      "dynamic_effectors": [{"type": "thruster", "name": "thr", "r_TF_F": [0, 0, 0], "force_direction_F": [1, 0, 0],
                             "max_thrust": 4}]
    }],
    "propagation": {"stepper": "rk4", "dt": 0.01},
    "output": {"t1": 5, "dt": 0.5}
  })");
  d["inputs"] = inputs;
  return d;
}

struct Run {
  std::vector<Eigen::VectorXd> states;
  Eigen::VectorXd x;
};

Run run(const json& document) {
  const Scenario s = parse_scenario(document.dump());
  Run r;
  run_scenario(s, r.x, [&](const Eigen::VectorXd& x, double) { r.states.push_back(x); });
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_channel_inputs)

BOOST_AUTO_TEST_CASE(a_channel_change_is_the_effector_fields_change_bit_for_bit) {
  const Run by_fields = run(vehicle_file(json::parse(R"([
    {"t": 1, "vehicle": "sc", "effector": "wheels", "wheel": 0, "motor_torque": {"value": 20, "unit": "mN m"}},
    {"t": 2, "vehicle": "sc", "effector": "panel", "joint": 0, "locked": true},
    {"t": 3.5, "vehicle": "sc", "effector": "panel", "joint": 0, "locked": false}])")));
  const Run by_channel = run(vehicle_file(json::parse(R"([
    {"t": 1, "channel": "sc/wheels.motor_torque[0]", "value": {"value": 20, "unit": "mN m"}},
    {"t": 2, "channel": "sc/panel.locked", "value": 1},
    {"t": 3.5, "channel": "sc/panel.locked[0]", "value": 0}])")));
  BOOST_TEST_REQUIRE(by_fields.states.size() == by_channel.states.size());
  for (std::size_t k = 0; k < by_fields.states.size(); ++k)
    BOOST_TEST((by_fields.states[k] == by_channel.states[k]), "output " << k);
  BOOST_TEST((by_fields.x == by_channel.x));
  // Not vacuous: the wheel spun up (20 mN m for 4 s on 0.05 kg m²: about 1.6 rad/s).
  BOOST_TEST((by_channel.x - run(vehicle_file(json::array())).x).cwiseAbs().maxCoeff() > 1.0);
}

BOOST_AUTO_TEST_CASE(a_throttle_by_its_channel_gives_the_impulse_of_the_firing) {
  // Without the panel and at rest: the centre of mass is at B, the force through it, so the
  // vehicle does not turn and the force keeps its inertial direction.
  json d = vehicle_file(json::parse(R"([
    {"t": 1, "channel": "sc/thr.throttle", "value": 1},
    {"t": 3, "channel": "sc/thr.throttle", "value": 0}])"));
  json& v = d["vehicles"][0];
  v["state_effectors"].erase(0);
  v.erase("initial_state");
  const Scenario s = parse_scenario(d.dump());
  Eigen::VectorXd x;
  run_scenario(s, x, [](const Eigen::VectorXd&, double) {});
  const VehicleOffsets& o = s.model->vehicle(0).offsets();
  // Δv = F·2 s / m along n1 (b1 = n1 throughout); a constant force over whole steps is integrated
  // exactly by rk4, so the bound is rounding over 200 steps of the 0.016 m/s.
  const Eigen::Vector3d v_N = x.segment<3>(o.v_N);
  BOOST_TEST(std::abs(v_N[0] - kThrust * 2.0 / kMass) < 1e-15 * 200.0 * 0.016);
  BOOST_TEST(v_N.tail<2>().norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(bad_channels_and_values_are_refused_at_their_path) {
  scenario_test::expect_error(
      vehicle_file(json::parse(R"([{"t": 1, "channel": "sc/thr.throttel", "value": 1}])")).dump(), "inputs[0].channel",
      "did you mean 'sc/thr.throttle'?", false);
  scenario_test::expect_error(
      vehicle_file(json::parse(R"([{"t": 1, "channel": "sc/panel.locked", "value": 0.5}])")).dump(), "inputs[0].value",
      "a lock flag is 0 (free) or 1 (locked)");
  scenario_test::expect_error(
      vehicle_file(json::parse(R"([{"t": 1, "channel": "sc/thr.throttle", "value": 1, "vehicle": "sc"}])")).dump(),
      "inputs[0].vehicle", "give either");
  scenario_test::expect_error(
      vehicle_file(
          json::parse(R"([{"t": 1, "channel": "sc/wheels.motor_torque[0]", "value": {"value": 1, "unit": "N"}}])"))
          .dump(),
      "inputs[0].value.unit", "expected a torque");
  scenario_test::expect_error(vehicle_file(json::parse(R"([{"t": 1, "channel": "sc/thr.throttle"}])")).dump(),
                              "inputs[0].value", "missing");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
