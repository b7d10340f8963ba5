// The scenario's "events" section (docs/scenario.md §3 Events) and the runner's events.csv
// (docs/verification/SCENARIO_EVENTS.md): crossing times of a torque-free spin against its closed
// form, a stop ending the run at the located time, a latch as an event's input action, record
// events leaving the run bit-identical, and every bad field refused at its path.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "ramus/environment/ephemeris.hpp"
#include "ramus/environment/shadow.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "scenario_support.hpp"

namespace ramus::scenario {
namespace {

constexpr double kOmega = 0.3;                                         // [rad/s] the spin of events_spin.json
constexpr double kTolerance = 1e-10;                                   // [s] the events' time tolerance (the default)
const double kQ3 = 0.7071067811865476, kQ0Stop = -0.8660254037844386;  // the file's values, as doubles

std::string read_text(const std::string& file) {
  std::ifstream in(file);
  BOOST_TEST_REQUIRE(in.good(), "cannot read " << file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string spin_file() { return RAMUS_TEST_SCENARIO_DIR "/events_spin.json"; }

/// The closed-form occurrences of events_spin.json: q = (cos(ωt/2), 0, 0, sin(ωt/2)).
struct Expected {
  std::string name;
  double t;
  bool rising;
};
std::vector<Expected> expected_spin() {
  const double rise = 2.0 * std::asin(kQ3) / kOmega, fall = 2.0 * (std::numbers::pi - std::asin(kQ3)) / kOmega;
  return {{"q3_both", rise, true},
          {"q0_zero", std::numbers::pi / kOmega, false},
          {"q3_both", fall, false},
          {"q3_falling", fall, false},
          {"stop_150deg", 2.0 * std::acos(kQ0Stop) / kOmega, false}};
}

/// The largest distance of the logged quaternions from the closed form (rows t, q0..q3, ...).
double quaternion_error(const std::vector<std::vector<double>>& rows) {
  double e = 0.0;
  for (const auto& r : rows) {
    const double a = 0.5 * kOmega * r[0];
    e = std::max({e, std::abs(r[1] - std::cos(a)), std::abs(r[2]), std::abs(r[3]), std::abs(r[4] - std::sin(a))});
  }
  return e;
}

/// Checks located times against the closed form. The locator puts each event within its tolerance
/// after the root of g on the integrated solution (steppers/events.hpp: root ∈ [t_e − tol, t_e]);
/// that root is off the exact one by at most the trajectory's error over g's rate, δ = ε / |ġ|
/// (ε: the quaternion's largest error at the rows, measured; |ġ| = ω/2 |cos| or |sin| there),
/// plus 1e-14 s for the rounding of t near 20 s. So t_e − t_exact ∈ [−δ, tol + δ].
void check_times(const std::vector<Expected>& expected, const std::vector<std::string>& names,
                 const std::vector<double>& times, const std::vector<bool>& rising, double epsilon) {
  BOOST_TEST_REQUIRE(names.size() == expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) {
    const Expected& x = expected[k];
    const bool q3 = x.name.starts_with("q3");
    const double a = 0.5 * kOmega * x.t;
    const double rate = 0.5 * kOmega * std::abs(q3 ? std::cos(a) : std::sin(a));
    const double delta = epsilon / rate + 1e-14;
    const double error = times[k] - x.t;
    BOOST_TEST_MESSAGE(x.name << (x.rising ? " rising" : " falling") << ": t = " << times[k] << " s, closed form "
                              << x.t << " s, error " << error << " s (delta " << delta << " s)");
    BOOST_TEST(names[k] == x.name);
    BOOST_TEST(rising[k] == x.rising);
    BOOST_TEST(error >= -delta);
    BOOST_TEST(error <= kTolerance + delta);
  }
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream s(line);
  for (std::string field; std::getline(s, field, ',');) out.push_back(field);
  return out;
}

/// The data lines of a ramus CSV (no '#' line, no column line) and its last line.
std::vector<std::vector<std::string>> csv_rows(const std::string& file, std::string& last_line) {
  std::ifstream in(file);
  BOOST_TEST_REQUIRE(in.good(), "cannot read " << file);
  std::vector<std::vector<std::string>> rows;
  bool columns = false;
  for (std::string line; std::getline(in, line);) {
    last_line = line;
    if (line.starts_with("#")) continue;
    if (!columns) {
      columns = true;
      continue;
    }
    rows.push_back(split(line));
  }
  return rows;
}

/// The "ramus:record" of FILE's companion FILE-metadata.json (docs/scenario.md §5, The CSV).
nlohmann::json companion_record(const std::string& file) {
  std::ifstream in(file + "-metadata.json");
  BOOST_TEST_REQUIRE(in.good(), "cannot read " << file << "-metadata.json");
  const nlohmann::json doc = nlohmann::json::parse(in);
  return doc.at("ramus:record");
}

/// events_spin.json's model with `events` as its events section.
std::string with_events(const std::string& events) {
  nlohmann::json doc = nlohmann::json::parse(read_text(spin_file()));
  doc["events"] = nlohmann::json::parse(events);
  return doc.dump();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_events)

// The occurrences the runner's driver returns for events_spin.json, against the closed form; the
// stop's row is the run's last, at the located time.
BOOST_AUTO_TEST_CASE(spin_crossings_and_stop) {
  const Scenario s = load_scenario(spin_file());
  BOOST_TEST_REQUIRE(s.events.size() == 4u);
  BOOST_TEST(s.settings.stepper == "rk_f78");
  std::vector<std::vector<double>> rows;
  std::vector<const EventOccurrence*> stops;
  Eigen::VectorXd x;
  const QuantityLog log(s, s.log);
  const PropagationStats stats =
      run_scenario_with_view(s, x, [&](const Eigen::VectorXd& state, double t, const RunView& run) {
        rows.push_back(log.row(state, t, run));
        stops.push_back(run.stop);
      });
  BOOST_TEST_REQUIRE(stats.stopped);
  std::vector<std::string> names;
  std::vector<double> times;
  std::vector<bool> rising;
  for (const EventOccurrence& e : stats.events) {
    names.push_back(e.name);
    times.push_back(e.t);
    rising.push_back(e.rising);
  }
  const double epsilon = quaternion_error(rows);
  BOOST_TEST_MESSAGE("largest quaternion error at the rows: " << epsilon);
  BOOST_TEST(epsilon < 1e-11);  // rk_f78 at 1e-13: the δ bound below must stay far under the tolerance
  check_times(expected_spin(), names, times, rising, epsilon);
  // The stop: the last row is at the event's time (exactly), the earlier rows at 0, 1, …, 17 s.
  BOOST_TEST_REQUIRE(rows.size() == 19u);
  BOOST_TEST(rows.back()[0] == stats.events.back().t);
  BOOST_TEST(stats.t == stats.events.back().t);
  BOOST_TEST(rows[17][0] == 17.0);
  BOOST_TEST(stops.back() == &stats.events.back());
  BOOST_TEST(stops[17] == nullptr);
  // The event's own tolerance: 1e-7 ms is 1e-10 s.
  BOOST_TEST(make_events(s, System(s.model))[2].time_tolerance == 1e-10);
}

// A latch as the action of an event: a hinged panel locked when it swings through 0. The lock is
// an impulse that keeps the vehicle's angular momentum (docs/models/serial_chain.md eq. L2); after
// it the joint rate is exactly 0 and the angle stays what it was at the event, |θ| ≤ |θ̇| tol.
BOOST_AUTO_TEST_CASE(latch_action) {
  const std::string doc = R"({
    "vehicles": [{"name": "sc",
      "hub": {"mass": 200, "I_PntBc_B": [[80, 0, 0], [0, 90, 0], [0, 0, 100]]},
      "initial_state": {"omega_BN_B": [0, 0, 0.05]},
      "state_effectors": [{"type": "hinged_rigid_body", "name": "panel", "mass": 20,
        "I_PntSc_S": [[2, 0, 0], [0, 4, 0], [0, 0, 3]], "d": 1, "r_HB_B": [0.5, 0, 0], "k": 10, "c": 0,
        "theta0": 0.1}]}],
    "propagation": {"stepper": "rk4", "dt": 0.005},
    "output": {"t0": 0, "t1": 20, "dt": 0.5, "log": ["sc/panel.theta", "sc/panel.thetaDot", "H_PntN_N"]},
    "events": [{"name": "latch", "type": "state", "state": "sc/panel.theta", "value": 0, "direction": "falling",
                "action": {"vehicle": "sc", "effector": "panel", "locked": true}}]})";
  const Scenario s = parse_scenario(doc);
  BOOST_TEST(s.events[0].action == "lock sc/panel joint 0");
  const QuantityLog log(s, s.log);
  std::vector<std::vector<double>> rows;
  Eigen::VectorXd x;
  const PropagationStats stats = run_scenario_with_view(
      s, x,
      [&](const Eigen::VectorXd& state, double t, const RunView& run) { rows.push_back(log.row(state, t, run)); });
  BOOST_TEST_REQUIRE(stats.events.size() == 1u);  // locked at 0: θ never crosses again
  const double te = stats.events[0].t;
  BOOST_TEST_MESSAGE("latched at t = " << te << " s");
  BOOST_TEST(!stats.stopped);
  const Eigen::Vector3d H0(rows.front()[3], rows.front()[4], rows.front()[5]);
  double theta_after = std::nan("");
  for (const auto& r : rows) {
    if (r[0] <= te) continue;
    if (std::isnan(theta_after)) theta_after = r[1];
    BOOST_TEST(r[2] == 0.0);          // the joint rate: exactly 0 while locked
    BOOST_TEST(r[1] == theta_after);  // the angle: held
    const Eigen::Vector3d H(r[3], r[4], r[5]);
    // rk4 at 5 ms keeps H to its truncation error (1e-12 relative measured); zeroing the rate
    // instead of the impulse would change it by percents (docs/verification/LOCK_IMPULSE.md).
    BOOST_TEST((H - H0).norm() <= 1e-9 * H0.norm());
  }
  // |θ̇| ≤ θ0 √(k/J) < 0.5 rad/s, so the angle at the event is within 0.5 tol of 0.
  BOOST_TEST(std::abs(theta_after) <= 0.5 * kTolerance);
}

// Record events change nothing in the run (docs/architecture.md §11): the driver samples g after
// each accepted step and locates crossings on trial steps from the step's start, never changing
// the steps, the state or the inputs. The example with panels and wheels, with and without
// events (eight, of which the ΔV never fires: no external force), on rk4 and rk_dopri5: every
// output state bit-identical.
BOOST_AUTO_TEST_CASE(records_leave_the_run_unchanged) {
  const nlohmann::json nominal =
      nlohmann::json::parse(read_text(std::string(RAMUS_EXAMPLES_DIR) + "/panels_and_wheels.json"));
  for (const char* stepper : {"rk4", "rk_dopri5"}) {
    nlohmann::json plain = nominal;
    if (std::string(stepper) == "rk_dopri5")
      plain["propagation"] = {{"stepper", "rk_dopri5"}, {"dt", 0.1}, {"abs_tol", 1e-9}, {"rel_tol", 1e-9}};
    nlohmann::json with = plain;
    with["events"] = nlohmann::json::parse(R"([
      {"name": "panel_zero", "type": "state", "state": "sc/panel_plus_y.theta", "value": 0},
      {"name": "wheel_slow", "type": "state", "state": "sc/wheels.Omega[0]", "value": 0, "direction": "both"},
      {"name": "panel_minus_zero", "type": "state", "state": "sc/panel_minus_y.theta", "value": 0},
      {"name": "rate0", "type": "state", "state": "sc/hub.omega_BN_B[0]", "value": {"value": 0.01, "unit": "deg/s"}},
      {"name": "rate1", "type": "state", "state": "sc/hub.omega_BN_B[1]", "value": {"value": 0.01, "unit": "deg/s"}},
      {"name": "rate2", "type": "state", "state": "sc/hub.omega_BN_B[2]", "value": {"value": 0.01, "unit": "deg/s"}},
      {"name": "dv", "type": "delta_v", "vehicle": "sc", "value": 1e-6}])");
    const auto run = [](const nlohmann::json& doc, PropagationStats& stats) {
      const Scenario s = parse_scenario(doc.dump(), RAMUS_EXAMPLES_DIR);
      std::vector<Eigen::VectorXd> states;
      Eigen::VectorXd x;
      stats = run_scenario(s, x, [&](const Eigen::VectorXd& state, double) { states.push_back(state); });
      return states;
    };
    PropagationStats a, b;
    const std::vector<Eigen::VectorXd> without = run(plain, a), with_events = run(with, b);
    BOOST_TEST_MESSAGE(stepper << ": " << b.events.size() << " occurrences; steps " << a.steps << " / " << b.steps
                               << ", evaluations " << a.evaluations << " / " << b.evaluations);
    BOOST_TEST(b.events.size() >= 2u);  // the events do fire: the comparison means something
    BOOST_TEST(a.steps == b.steps);
    BOOST_TEST(a.rejected == b.rejected);
    BOOST_TEST_REQUIRE(without.size() == with_events.size());
    std::size_t differing = 0;
    for (std::size_t k = 0; k < without.size(); ++k)
      differing += (without[k].array() != with_events[k].array()).count();
    BOOST_TEST(differing == 0u);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scenario_events_errors)

using scenario_test::expect_error;

BOOST_AUTO_TEST_CASE(bad_fields_are_named) {
  expect_error(with_events(R"([{"name": "e", "type": "state", "state": "sc/hub.q_BN[9]", "value": 0}])"),
               "events[0].state", "event 'e': entry = sc/hub.q_BN[9]: the model's state has no such entry", false);
  expect_error(with_events(R"([{"name": "e", "type": "state", "state": "sc/panel.theta", "value": 0}])"),
               "events[0].state", "entry = sc/panel.theta", false);
  expect_error(with_events(R"([{"name": "e", "type": "state", "state": "sc/hub.q_BN[0]", "value": 0,
                                "direction": "up"}])"),
               "events[0].direction", "event 'e': unknown direction 'up' (known: rising, falling, both)");
  expect_error(with_events(R"([{"name": "e", "type": "delta_v", "vehicle": "lander", "value": 1}])"),
               "events[0].vehicle", "event 'e': no vehicle 'lander' (vehicles: 'sc')");
  expect_error(with_events(R"([{"name": "e", "type": "delta_v", "vehicle": "sc", "value": -1}])"), "events[0].value",
               "event 'e': dv [m/s] = -1: must be non-negative", false);
  expect_error(with_events(R"([{"name": "e", "type": "orbit", "vehicle": "sc"}])"), "events[0].type",
               "event 'e': unknown type 'orbit' (known: state, delta_v, altitude, eclipse)");
  expect_error(with_events(R"([{"name": "e", "type": "altitude", "vehicle": "sc", "radius": -5, "value": 0}])"),
               "events[0].radius", "event 'e': radius [m] = -5: must be positive", false);
  expect_error(with_events(R"([{"name": "e", "type": "altitude", "vehicle": "sc", "point": "D", "radius": 6e6,
                                "value": 0}])"),
               "events[0].point", "event 'e': unknown point 'D'", false);
  expect_error(with_events(R"([{"name": "e", "type": "altitude", "vehicle": "sc", "value": 0}])"), "events[0]",
               "event 'e': type altitude needs \"radius\"");
  expect_error(with_events(R"([{"name": "e", "type": "delta_v", "vehicle": "sc", "value": 1, "radius": 3}])"),
               "events[0].radius", "event 'e': type delta_v takes no \"radius\"");
  expect_error(with_events(R"([{"name": "e", "type": "eclipse", "vehicle": "sc"}])"), "events[0].type",
               "event 'e': an eclipse needs the Sun's ephemeris", false);
  expect_error(with_events(R"([{"name": "e", "type": "delta_v", "vehicle": "sc", "value": 1, "action": "halt"}])"),
               "events[0].action", "event 'e': unknown action 'halt'", false);
  expect_error(with_events(R"([{"name": "e", "type": "delta_v", "vehicle": "sc", "value": 1,
                                "action": {"vehicle": "sc", "effector": "panel", "locked": true}}])"),
               "events[0].action.effector", "no state effector 'panel' on vehicle 'sc'");
  expect_error(with_events(R"([{"name": "e", "type": "delta_v", "vehicle": "sc", "value": 1,
                                "action": {"t": 3, "vehicle": "sc", "effector": "panel", "locked": true}}])"),
               "events[0].action.t", "unknown key", false);
  expect_error(with_events(R"([{"name": "e", "type": "delta_v", "vehicle": "sc", "value": 1, "time_tolerance": 0}])"),
               "events[0].time_tolerance", "event 'e': must be positive");
  expect_error(with_events(R"([{"name": "e", "type": "delta_v", "vehicle": "sc", "value": 1},
                               {"name": "e", "type": "delta_v", "vehicle": "sc", "value": 2}])"),
               "events[1].name", "event name 'e' is already used by events[0]", false);
  expect_error(with_events(R"([{"name": "a b", "type": "delta_v", "vehicle": "sc", "value": 1}])"), "events[0].name",
               "'a b' is not a valid name", false);
  expect_error(with_events(R"([{"name": "e", "type": "delta_v", "vehicle": "sc",
                                "value": {"value": 1, "unit": "deg"}}])"),
               "events[0].value.unit", "unit 'deg' is an angle, expected a velocity", false);
  expect_error(with_events(R"([{"name": "e", "type": "state", "state": "sc/hub.omega_BN_B[2]",
                                "value": {"value": 1, "unit": "m"}}])"),
               "events[0].value.unit", "unit 'm' is a length, expected an angular velocity", false);
}

// An eclipse needs the environment's Sun; with "shadow": "none" it could never happen.
BOOST_AUTO_TEST_CASE(eclipse_needs_a_shadow) {
  nlohmann::json doc = nlohmann::json::parse(with_events(R"([{"name": "shade", "type": "eclipse", "vehicle": "sc"}])"));
  doc["environment"] = {{"epoch", "2025-06-21T00:00:00 UTC"}, {"sun", "analytic"}, {"shadow", "none"}};
  expect_error(doc.dump(), "events[0].type", "event 'shade': the environment's shadow is \"none\"", false);
  doc["environment"]["shadow"] = "cylindrical";
  const Scenario s = parse_scenario(doc.dump());
  BOOST_TEST(s.events.size() == 1u);
  BOOST_TEST(s.events[0].action == "record");
}

// "edge" chooses the shadow's edge (docs/environment/shadow.md (7), (8)): at a point of the
// penumbra, halfway between its outer edge and the umbra's (placed from the epoch's analytic Sun,
// ERFA's, which the file tabulates), the penumbra event is past its edge (g < 0), the umbra event
// not yet (g > 0), and the half-disc event in between its extremes. An unknown edge is refused.
BOOST_AUTO_TEST_CASE(eclipse_edges) {
  nlohmann::json doc = nlohmann::json::parse(with_events(R"([
    {"name": "half", "type": "eclipse", "vehicle": "sc"},
    {"name": "penumbra", "type": "eclipse", "vehicle": "sc", "edge": "penumbra"},
    {"name": "umbra", "type": "eclipse", "vehicle": "sc", "edge": "umbra"}])"));
  doc["environment"] = {{"epoch", "2025-06-21T00:00:00 UTC"}, {"sun", "analytic"}, {"shadow", "conical"}};
  const Scenario s = parse_scenario(doc.dump());
  BOOST_REQUIRE(s.events.size() == 3u);
  const Eigen::Vector3d r_sun = AnalyticSun(Epoch::parse("2025-06-21T00:00:00 UTC")).r_N(0.0);
  const double D = r_sun.norm(), r = 7.0e6, R = 6378136.3;  // the environment's default shape: WGS 84's a
  const double phi_p = std::asin(R / r) + std::asin((kSunRadius + R) / D);
  const double phi_u = std::asin(R / r) - std::asin((kSunRadius - R) / D);
  const Eigen::Vector3d sHat = r_sun / D, u = sHat.unitOrthogonal();
  const double phi = 0.5 * (phi_p + phi_u);  // 4 s of a LEO pass from either edge
  Eigen::VectorXd x = s.model->initial_state();
  x.segment<3>(s.model->vehicle(0).offsets().r_N) = r * (-std::cos(phi) * sHat + std::sin(phi) * u);
  const System system(s.model);
  const double g_half = s.events[0].make(system).g(x, 0.0), g_p = s.events[1].make(system).g(x, 0.0),
               g_u = s.events[2].make(system).g(x, 0.0);
  BOOST_TEST(g_p < 0.0);
  BOOST_TEST(g_u > 0.0);
  BOOST_TEST(std::abs(g_half) < 0.5);
  // Each edge function is the discs' separation less its edge's value (rad): here within the
  // penumbra's angular width (φ_p − φ_u ≈ 9.6e-3 rad seen from the orbit) of zero.
  BOOST_TEST(std::abs(g_p) < phi_p - phi_u);
  BOOST_TEST(std::abs(g_u) < phi_p - phi_u);
  doc["events"][1]["edge"] = "umbral";
  expect_error(doc.dump(), "events[1].edge", "unknown edge 'umbral'", false);
}

BOOST_AUTO_TEST_SUITE_END()

// `ramus run` on events_spin.json (a CTest fixture writes DIR/spin.csv and, beside it,
// DIR/spin.events.csv): the file's times against the closed form, the last row at the stop.
BOOST_AUTO_TEST_SUITE(scenario_cli_events)

BOOST_AUTO_TEST_CASE(events_csv) {
  const auto& args = boost::unit_test::framework::master_test_suite().argv;
  const int argc = boost::unit_test::framework::master_test_suite().argc;
  BOOST_TEST_REQUIRE(argc >= 2, "usage: scenario_tests --run_test=scenario_cli_events -- DIR");
  const std::string dir = args[argc - 1];
  std::string last_events, last_rows;
  const auto events = csv_rows(dir + "/spin.events.csv", last_events);
  const auto rows = csv_rows(dir + "/spin.csv", last_rows);
  // The plain form (docs/scenario.md §5, The CSV): the status is the companion's.
  BOOST_TEST(!last_events.starts_with("#"));
  const nlohmann::json events_record = companion_record(dir + "/spin.events.csv");
  BOOST_TEST(events_record["status"] == "complete");
  BOOST_TEST(events_record["rows"] == 5);
  std::vector<std::string> names;
  std::vector<double> times;
  std::vector<bool> rising;
  for (const auto& e : events) {
    BOOST_TEST_REQUIRE(e.size() == 4u);
    names.push_back(e[0]);
    times.push_back(std::stod(e[1]));
    rising.push_back(e[2] == "rising");
    BOOST_TEST(e[3] == (e[0] == "stop_150deg" ? "stop" : "record"));
  }
  std::vector<std::vector<double>> data;
  for (const auto& r : rows) {
    std::vector<double> v;
    for (const std::string& f : r) v.push_back(std::stod(f));
    data.push_back(v);
  }
  const double epsilon = quaternion_error(data);
  BOOST_TEST(epsilon < 1e-11);
  check_times(expected_spin(), names, times, rising, epsilon);
  // The stop: the last row is at the located time, written as the same text.
  BOOST_TEST_REQUIRE(rows.size() == 19u);
  BOOST_TEST(rows.back()[0] == events.back()[1]);
  BOOST_TEST(!last_rows.starts_with("#"));
  const nlohmann::json rows_record = companion_record(dir + "/spin.csv");
  BOOST_TEST(rows_record["status"] == "complete");
  BOOST_TEST(rows_record["rows"] == 19);
  BOOST_TEST(rows_record["stop"] == "stopped by event 'stop_150deg' at t = " + events.back()[1] + " s");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
