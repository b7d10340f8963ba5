// The momentum_dump task in scenario files (docs/scenario_fields.md, docs/fsw/momentum_dump_task.md),
// from the example docs/examples/momentum_dump.json: the file-built run is bit-identical to the same
// two tasks built in C++ (test/fsw/momentum_dump_test.cpp's configuration, whose impulse balance is
// proved there); its published signals are logged by name and agree with the state they were
// computed from (H_w = Σ J_s Ω ĝ, read independently off the logged wheel speeds); the wheels end
// below the stop threshold; bad fields are refused at their JSON paths.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "ramus/fsw/attitude_control_task.hpp"
#include "ramus/fsw/momentum_dump_task.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "scenario/scenario_support.hpp"
#include "support/momentum_dump_case.hpp"

namespace ramus::scenario {
namespace {

using nlohmann::json;

const std::string kExample = std::string(RAMUS_EXAMPLES_DIR) + "/momentum_dump.json";

json example() { return json::parse(scenario_test::read_text(kExample)); }

using test::momentum_dump_case::dump_config;
using test::momentum_dump_case::kJs;

/// The example's attitude_control task in C++: the case's hold, with the file's noise seed.
fsw::AttitudeControlTaskConfig hold_config() {
  fsw::AttitudeControlTaskConfig c = test::momentum_dump_case::hold_config();
  c.seed = NoiseSeed{1, 0};
  return c;
}

using scenario_test::column;
using scenario_test::expect_error;
using scenario_test::indexed;
json& dump_task(json& d) { return d["flight_software"]["tasks"][1]; }

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_momentum_dump)

BOOST_AUTO_TEST_CASE(a_file_built_run_is_bit_identical_to_the_tasks_built_in_cpp) {
  json d = example();
  d["output"]["t1"] = 40.0;  // four control periods: dumping and firing, enough for the comparison
  const Scenario s = parse_scenario(d.dump());
  BOOST_TEST_REQUIRE(s.flight_software.size() == 2u);
  BOOST_TEST(s.flight_software[1].type == "momentum_dump");
  Eigen::VectorXd x_file;
  std::vector<Eigen::VectorXd> states_file;
  run_scenario(s, x_file, [&](const Eigen::VectorXd& x, double) { states_file.push_back(x); });

  auto dump = std::make_shared<fsw::MomentumDumpTask>("dump", dump_config());
  scenario_test::TasksInCpp cpp(s, {std::make_shared<fsw::AttitudeControlTask>("acs", hold_config()), dump});
  Eigen::VectorXd& x = cpp.x;
  std::vector<Eigen::VectorXd> states;
  propagate(cpp.system, x, s.output_times, cpp.settings,
            [&](Eigen::VectorXd& state, double) { states.push_back(state); });
  BOOST_TEST(dump->cycles() == 5);                // plans at 0, 10, 20, 30 and 40 s
  BOOST_TEST(dump->fired_on_time().sum() > 0.0);  // the comparison covers firings
  BOOST_TEST_REQUIRE(states.size() == states_file.size());
  for (std::size_t k = 0; k < states.size(); ++k) BOOST_TEST((states[k] == states_file[k]), "output " << k);
  BOOST_TEST((x == x_file));
}

BOOST_AUTO_TEST_CASE(the_wheels_unload_and_the_logged_signals_are_the_plan_of_the_state) {
  const Scenario s = load_scenario(kExample);
  const QuantityLog log(s, s.log);
  std::vector<std::vector<double>> rows;
  Eigen::VectorXd x;
  run_scenario_with_view(s, x, [&](const Eigen::VectorXd& state, double t, const RunView& run) {
    rows.push_back(log.row(state, t, run));
  });
  BOOST_TEST_REQUIRE(rows.size() == 151u);  // 0 to 150 s every 1 s
  const auto H_w = [&](const std::vector<double>& r) {
    Eigen::Vector3d h;  // Σ J_s Ω_i ĝ_i with ĝ_i = e_i: from the state columns, not from the task
    for (int i = 0; i < 3; ++i) h[i] = kJs * r[column(log, indexed("sc/wheels.Omega", i))];
    return h;
  };
  std::size_t plans = 0, firing_rows = 0;
  for (const std::vector<double>& r : rows) {
    const double t = r[0];
    for (const int j : {0, 2, 4}) {  // a throttle is a firing flag: 0 or 1
      const double u = r[column(log, "sc/thr" + std::to_string(j) + ".throttle:applied")];
      BOOST_TEST((u == 0.0 || u == 1.0), "t = " << t << " thr" << j << " = " << u);
      firing_rows += u == 1.0 ? 1u : 0u;
    }
    if (std::fmod(t, 10.0) != 0.0) continue;
    // A plan time: the task read the wheels at this very state. Gs = I and the products are exact
    // in the task too (one non-zero term per axis), so the only rounding is J_s Ω: the bound is a
    // few ulps of |H_w| ≈ 14 N m s.
    ++plans;
    for (int a = 0; a < 3; ++a)
      BOOST_TEST(std::abs(r[column(log, indexed("dump.H_w_B", a))] - H_w(r)[a]) <= 1e-14 * 16.0,
                 "t = " << t << " axis " << a);
    BOOST_TEST(r[column(log, "dump.cycles")] == t / 10.0 + 1.0);
  }
  BOOST_TEST(plans == 16u);
  BOOST_TEST(firing_rows > 0u);
  // From 14 N m s to the stop threshold (1 N m s), and no longer dumping at the end.
  BOOST_TEST(H_w(rows.front()).norm() > 5.0);
  BOOST_TEST(rows.front()[column(log, "dump.dumping")] == 1.0);
  BOOST_TEST(H_w(rows.back()).norm() <= 1.0);
  BOOST_TEST(rows.back()[column(log, "dump.dumping")] == 0.0);
}

BOOST_AUTO_TEST_CASE(bad_fields_are_refused_at_their_path) {
  {
    json d = example();
    dump_task(d)["thrusters"][2] = "thr9";
    expect_error(d, "flight_software.tasks[1].thrusters[2]", "no thruster 'thr9'");
  }
  {
    json d = example();
    dump_task(d)["wheels"] = "thr0";
    expect_error(d, "flight_software.tasks[1].wheels", "no reaction_wheels effector 'thr0'");
  }
  {
    json d = example();
    dump_task(d).erase("gain");
    expect_error(d, "flight_software.tasks[1].gain", "missing");
  }
  {
    json d = example();
    dump_task(d)["gain"] = -0.05;
    expect_error(d, "flight_software.tasks[1].gain", "");
  }
  {
    json d = example();
    dump_task(d)["control_period"] = 10.05;  // not a whole number of 0.1 s ticks
    expect_error(d, "flight_software.tasks[1]", "control_period");
  }
  {
    json d = example();
    dump_task(d)["delay"] = 1;
    expect_error(d, "flight_software.tasks[1].delay", "unknown key");  // its ticks apply at once
  }
  {
    json d = example();
    dump_task(d)["stop_treshold"] = 1.0;
    expect_error(d, "flight_software.tasks[1].stop_treshold", "stop_threshold");
  }
  {
    json d = example();
    dump_task(d)["type"] = "momentum_dumps";
    expect_error(d, "flight_software.tasks[1].type", "momentum_dump");
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
