// Hostile input to the scenario and dispersions loaders: what a careless or malicious file must
// not get through. Output times finer than the resolution of doubles, one dispersed number under
// two spellings, malformed dispersion paths, infinite draws, unit strings with stray whitespace,
// repeated log entries, repeated effector names, and a directory given as the scenario file. Each
// case checks the JSON path the ScenarioError names and the value and cause in its reason.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ramus/scenario/campaign.hpp"
#include "ramus/scenario/random_draws.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/scenario/units_table.hpp"
#include "scenario/scenario_support.hpp"

namespace ramus::scenario {
namespace {

using nlohmann::json;

/// A valid document: a hub (its mass with a unit, an initial rate), a panel, a 2-DOF gimbal
/// carrying a thruster on its segment 1, wheels.
json valid() {
  json sc = scenario_test::branched_vehicle();
  sc["hub"]["mass"] = json::parse(R"({"value": 750, "unit": "kg"})");
  sc["initial_state"] = json::parse(R"({"omega_BN_B": {"value": [1, 2, 3], "unit": "deg/s"}})");
  json d = json::parse(R"({
    "propagation": {"stepper": "rk4", "dt": 0.1},
    "output": {"t1": 1, "dt": 0.5}
  })");
  d["vehicles"] = json::array({sc});
  return d;
}

/// Loading `document` throws a ScenarioError at `path` whose reason contains each of `parts`.
void expect_error(const json& document, const std::string& path, const std::vector<std::string>& parts) {
  try {
    parse_scenario(document.dump());
    BOOST_ERROR("no error; expected " << path);
  } catch (const ScenarioError& e) {
    BOOST_TEST(e.path() == path, "message: " << e.what());
    for (const std::string& part : parts)
      BOOST_TEST(e.reason().find(part) != std::string::npos, "message: " << e.what() << "\nexpected: " << part);
  }
}

/// The spacing of doubles just above |x|: computed with nextafter, independently of the loader's
/// binade arithmetic.
double spacing_at(double x) {
  const double a = std::abs(x);
  return std::nextafter(a, std::numeric_limits<double>::infinity()) - a;
}

json with_output(json j, double t0, double t1, double dt) {
  j["output"] = {{"t0", t0}, {"t1", t1}, {"dt", dt}};
  return j;
}

// ---- campaigns --------------------------------------------------------------------------------

std::string nominal() { return valid().dump(); }

std::string dispersions(const std::string& parameters, const std::string& extra = "") {
  return R"({"seed": 7, "parameters": [)" + parameters + "]" + extra + "}";
}

void expect_campaign_error(const std::string& dispersions_json, const std::string& path,
                           const std::vector<std::string>& parts) {
  try {
    const Campaign c(nominal(), dispersions_json);
    BOOST_ERROR("no error; expected " << path);
  } catch (const ScenarioError& e) {
    BOOST_TEST(e.path() == path, "message: " << e.what());
    for (const std::string& part : parts)
      BOOST_TEST(e.reason().find(part) != std::string::npos, "message: " << e.what() << "\nexpected: " << part);
  }
}

std::string normal(const std::string& path, double sigma = 1.0) {
  return R"({"path": ")" + path + R"(", "distribution": "normal", "sigma": )" + json(sigma).dump() + "}";
}

}  // namespace

// ---- 1. output times ----------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(scenario_hostile_output_times)

BOOST_AUTO_TEST_CASE(a_dt_below_the_resolution_of_doubles_is_refused) {
  // Near 1e17 doubles are 16 s apart: 2^56 = 7.2e16 <= 1e17 < 2^57, and a double has 52 fraction
  // bits, so the spacing is 2^(56 - 52) = 16. t0 + k s with dt = 1 s would repeat each time 16 times.
  const double t0 = 1e17, t1 = 1e17 + 1024;  // both exact: multiples of 16
  BOOST_TEST(spacing_at(t0) == 16.0);
  expect_error(with_output(valid(), t0, t1, 1.0), "output.dt",
               {"1 s is below the time resolution at t1", "doubles there are 16 s apart", "dt >= 4 x 16 s = 64 s"});
  // Just below the bound (4 spacings: the loader's rule) is refused, the bound itself accepted.
  expect_error(with_output(valid(), t0, t1, 63.999), "output.dt", {"63.999 s is below the time resolution"});
  const Scenario s = parse_scenario(with_output(valid(), t0, t1, 64.0).dump());
  // t0 + 64 k is a multiple of 16 below 2^57: exact, so the times are exactly these 17.
  BOOST_TEST_REQUIRE(s.output_times.size() == 17u);
  for (std::size_t k = 0; k < 17; ++k) BOOST_TEST(s.output_times[k] == t0 + 64.0 * static_cast<double>(k));
}

BOOST_AUTO_TEST_CASE(the_resolution_is_taken_where_the_times_are_largest) {
  // Negative times: |t0| is the larger magnitude, so the message names t0.
  expect_error(with_output(valid(), -1e17, -1e17 + 1024, 8.0), "output.dt",
               {"below the time resolution at t0 = -", "16 s apart"});
  // A list of times is checked one by one (1e17 + 1 rounds to 1e17).
  json j = valid();
  j["output"] = json::parse(R"({"times": [1e17, 100000000000000001]})");
  expect_error(j, "output.times[1]", {"output times must increase strictly"});
}

BOOST_AUTO_TEST_CASE(generated_times_increase_strictly_at_the_bound) {
  // At dt = 4 spacings (the smallest dt accepted) the times still increase strictly and end on t1,
  // over magnitudes from 0.1 s to 4.5e18 s, both signs; one spacing less is refused.
  for (const double t0 : {0.1, 1.0, 1000.5, 3.7e9, 1e15, 1e17, 4.5e18, -0.1, -1e17, -4.5e18}) {
    const double t1 = t0 + 200.0 * spacing_at(t0);
    const double dt = 4.0 * spacing_at(std::max(std::abs(t0), std::abs(t1)));
    const Scenario s = parse_scenario(with_output(valid(), t0, t1, dt).dump());
    BOOST_TEST_REQUIRE(s.output_times.size() >= 2u, "t0 = " << t0);
    BOOST_TEST(s.output_times.front() == t0);
    BOOST_TEST(s.output_times.back() == t1);
    for (std::size_t k = 1; k < s.output_times.size(); ++k)
      BOOST_TEST(s.output_times[k] > s.output_times[k - 1], "t0 = " << t0 << ", time " << k);
    expect_error(with_output(valid(), t0, t1, std::nextafter(dt, 0.0)), "output.dt", {"below the time resolution"});
  }
  // Half a million times at 1e9 s, where doubles are 2^-23 s ≈ 1.19e-7 s apart (2^29 <= 1e9 < 2^30):
  // dt = 1e-6 s ≈ 8.4 spacings, and neither t0, dt nor t1 is a double exactly, so every time is a
  // rounded t0 + k dt. Each interval is dt within 3 spacings (each time within 1.5 of its exact
  // value), and the last one, to t1, is no round-off sliver: more than 2 spacings.
  const double t0 = 1e9 + 0.3, t1 = 1e9 + 0.8, dt = 1e-6, u = std::ldexp(1.0, -23);
  BOOST_TEST(spacing_at(t1) == u);
  const Scenario s = parse_scenario(with_output(valid(), t0, t1, dt).dump());
  const std::vector<double>& t = s.output_times;
  BOOST_TEST(t.size() > 499'990u);  // (t1 - t0) / dt = 5e5, give or take the rounding of t0 and t1
  BOOST_TEST(t.front() == t0);
  BOOST_TEST(t.back() == t1);
  std::size_t off = 0;
  for (std::size_t k = 1; k + 1 < t.size(); ++k) off += std::abs(t[k] - t[k - 1] - dt) <= 3.0 * u ? 0 : 1;
  BOOST_TEST(off == 0u);
  const double last = t[t.size() - 1] - t[t.size() - 2];
  BOOST_TEST(last > 2.0 * u);
  // The grid time after the last one fell within 2 spacings of t1: the last interval is at most
  // dt + 3 spacings + 2 spacings.
  BOOST_TEST(last <= dt + 5.0 * u);
}

BOOST_AUTO_TEST_SUITE_END()

// ---- 2. dispersions -----------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(scenario_hostile_dispersions)

BOOST_AUTO_TEST_CASE(one_number_under_two_spellings_is_refused) {
  const std::vector<std::pair<std::string, std::string>> pairs{
      {"vehicles[0].hub.mass", "vehicles[0].hub.mass.value"},
      {"vehicles[0].hub.mass", "vehicles[00].hub.mass"},
      {"vehicles[0].initial_state.omega_BN_B[2]", "vehicles[0].initial_state.omega_BN_B.value[2]"},
      {"vehicles[0].hub.I_PntBc_B[1][1]", "vehicles[0].hub.I_PntBc_B[1][001]"},
  };
  const std::vector<std::string> locations{"/vehicles/0/hub/mass/value", "/vehicles/0/hub/mass/value",
                                           "/vehicles/0/initial_state/omega_BN_B/value/2",
                                           "/vehicles/0/hub/I_PntBc_B/1/1"};
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [first, second] = pairs[i];
    expect_campaign_error(
        dispersions(normal(first) + ", " + normal(second)), "dispersions.parameters[1].path",
        {"'" + second + "' is already dispersed by parameters[0].path '" + first + "': both change " + locations[i]});
  }
  // Different numbers of one array are different parameters.
  const Campaign c(nominal(), dispersions(normal("vehicles[0].initial_state.omega_BN_B[1]") + ", " +
                                          normal("vehicles[0].initial_state.omega_BN_B.value[2]")));
  BOOST_TEST(c.dispersions().size() == 2u);
}

BOOST_AUTO_TEST_CASE(the_location_is_the_number_the_draw_changes) {
  const Campaign c(nominal(), dispersions(normal("vehicles[00].hub.mass.value", 5) + ", " +
                                          normal("vehicles[0].hub.I_PntBc_B[2][2]") + ", " +
                                          normal("vehicles[0].initial_state.omega_BN_B[2]")));
  // The path as written, the location canonical (RFC 6901 pointers into the document above).
  BOOST_TEST(c.dispersions()[0].path == "vehicles[00].hub.mass.value");
  BOOST_TEST(c.dispersions()[0].location == "/vehicles/0/hub/mass/value");
  BOOST_TEST(c.dispersions()[1].location == "/vehicles/0/hub/I_PntBc_B/2/2");
  BOOST_TEST(c.dispersions()[2].location == "/vehicles/0/initial_state/omega_BN_B/value/2");
  BOOST_TEST(c.dispersions()[0].a == 750.0);  // the nominal value, found through the odd spelling
  // The draw reaches the model: the hub mass is the drawn value (kg, the scenario's unit).
  const std::vector<double> draws = c.draw(4);
  BOOST_TEST(draws[0] == 750.0 + 5.0 * RandomStream(7, 4, 0).normal());
  BOOST_TEST(c.scenario(4).model->vehicle(0).hub().m == draws[0]);
}

BOOST_AUTO_TEST_CASE(malformed_paths_are_refused) {
  const std::string at = "dispersions.parameters[0].path";
  expect_campaign_error(
      dispersions(normal("vehicles[0]hub.mass")), at,
      {"bad path 'vehicles[0]hub.mass'", "an index is followed by '.', '[' or the end", "character 12"});
  expect_campaign_error(dispersions(normal("vehicles[0].hub.I_PntBc_B[1][1]x")), at,
                        {"an index is followed by '.', '[' or the end"});
  expect_campaign_error(dispersions(normal("vehicles[0].hub..mass")), at, {"bad path", "empty key"});
  expect_campaign_error(dispersions(normal("vehicles[0].hub.mass.")), at, {"bad path", "empty key"});
  expect_campaign_error(dispersions(normal(".vehicles[0].hub.mass")), at, {"bad path", "starts with a key"});
  expect_campaign_error(dispersions(normal("vehicles[-1].hub.mass")), at, {"bad path", "digits only"});
  expect_campaign_error(dispersions(normal("vehicles[].hub.mass")), at, {"bad path", "empty index"});
  expect_campaign_error(dispersions(normal("vehicles[0")), at, {"bad path", "'[' without ']'"});
  expect_campaign_error(dispersions(normal("")), at, {"bad path"});
  // An index beyond any integer type is a missing element, not an exception of another kind.
  expect_campaign_error(dispersions(normal("vehicles[99999999999999999999999].hub.mass")), at,
                        {"'vehicles[99999999999999999999999]' is not in the scenario"});
}

BOOST_AUTO_TEST_CASE(an_infinite_uniform_range_is_refused_at_load) {
  // high - low = 2e308 > DBL_MAX ≈ 1.797e308: every draw low + (high - low) u would be ±inf or NaN.
  expect_campaign_error(
      dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "uniform", "low": -1e308, "high": 1e308})"),
      "dispersions.parameters[0].high", {"the range high - low = 1e+308 - (-1e+308) overflows a double"});
  // A range of width DBL_MAX is representable and accepted; its draws stay within [low, high].
  const Campaign c(nominal(), dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "uniform",
                                                "low": -1.7976931348623157e308, "high": 0})"));
  for (const std::uint64_t run : {0u, 1u, 2u}) {
    const double d = c.draw(run)[0];
    BOOST_TEST((d >= -std::numeric_limits<double>::max() && d <= 0.0), "run " << run << ": " << d);
  }
}

BOOST_AUTO_TEST_CASE(an_infinite_normal_draw_fails_its_run_with_path_run_and_value) {
  // sigma = 1e308: mean + sigma z overflows when |z| > (DBL_MAX - 750) / 1e308 ≈ 1.798. Find such a
  // run and a finite one from the streams themselves (seed 7, parameter 0).
  const Campaign c(nominal(), dispersions(normal("vehicles[0].hub.mass", 1e308)));
  std::uint64_t infinite = 0, finite = 0;
  bool found_infinite = false, found_finite = false;
  for (std::uint64_t run = 0; run < 1000 && !(found_infinite && found_finite); ++run) {
    const double z = RandomStream(7, run, 0).normal();
    if (std::abs(z) > 1.8 && !found_infinite) infinite = run, found_infinite = true;
    if (z > 0.0 && z < 1.7 && !found_finite) finite = run, found_finite = true;
  }
  BOOST_TEST_REQUIRE(found_infinite);  // P(|z| > 1.8) = 7 %: 1000 runs hold one
  BOOST_TEST_REQUIRE(found_finite);
  const double z = RandomStream(7, infinite, 0).normal();
  BOOST_TEST(std::isinf(c.draw(infinite)[0]));
  try {
    c.scenario(infinite);
    BOOST_ERROR("an infinite mass was written into run " << infinite);
  } catch (const ScenarioError& e) {
    BOOST_TEST(e.path() == "vehicles[0].hub.mass");
    BOOST_TEST(e.reason().starts_with("run " + std::to_string(infinite) + ": "), e.what());
    BOOST_TEST(e.reason().find("dispersions.parameters[0] (normal, mean 750, sigma 1e+308)") != std::string::npos,
               e.what());
    BOOST_TEST(e.reason().find(z > 0 ? ") is inf, not a finite number" : ") is -inf, not a finite number") !=
                   std::string::npos,
               e.what());
  }
  // A finite draw of the same parameter is no such error (it is a finite, huge mass).
  BOOST_TEST(std::isfinite(c.draw(finite)[0]));
  try {
    (void)c.scenario(finite);
  } catch (const ScenarioError& e) {
    BOOST_TEST(e.reason().find("not a finite number") == std::string::npos, e.what());
  }
}

BOOST_AUTO_TEST_CASE(a_repeated_summary_quantity_is_refused) {
  expect_campaign_error(dispersions(normal("vehicles[0].hub.mass"), R"(, "summary": ["sc.m", "H_PntN_N", "sc.m"])"),
                        "dispersions.summary[2]", {"'sc.m' is already listed at dispersions.summary[0]"});
}

BOOST_AUTO_TEST_SUITE_END()

// ---- 3. units -----------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(scenario_hostile_units)

BOOST_AUTO_TEST_CASE(stray_whitespace_in_a_unit_is_refused) {
  json j = valid();
  j["vehicles"][0]["hub"]["mass"]["unit"] = " kg";
  expect_error(j, "vehicles[0].hub.mass.unit", {"unit ' kg' has a leading or trailing space"});
  j = valid();
  j["vehicles"][0]["hub"]["mass"]["unit"] = "kg ";
  expect_error(j, "vehicles[0].hub.mass.unit", {"unit 'kg ' has a leading or trailing space"});
  j = valid();
  j["vehicles"][0]["state_effectors"][0]["k"] = {{"value", 100}, {"unit", "N  m/rad"}};
  expect_error(j, "vehicles[0].state_effectors[0].k.unit", {"unit 'N  m/rad' has a run of spaces"});
  j = valid();
  j["vehicles"][0]["state_effectors"][0]["r_HB_B"] = {{"value", {0.5, 0, 1}}, {"unit", "m\t"}};
  expect_error(j, "vehicles[0].state_effectors[0].r_HB_B.unit",
               {"unit 'm\\t' holds a white character other than a space"});
  j = valid();
  j["vehicles"][0]["state_effectors"][0]["k"] = {{"value", 100}, {"unit", "N\tm/rad"}};
  expect_error(j, "vehicles[0].state_effectors[0].k.unit", {"unit 'N\\tm/rad' holds a white character"});
  j = valid();
  j["output"]["dt"] = {{"value", 0.5}, {"unit", "s\n"}};
  expect_error(j, "output.dt.unit", {"unit 's\\n' holds a white character"});
}

BOOST_AUTO_TEST_CASE(the_spellings_of_a_product_are_still_accepted) {
  // One space, '*' or '·' between factors: all the same unit (the conversion is 1 for N m/rad).
  for (const char* unit : {"N m/rad", "N*m/rad", "N\u00b7m/rad"}) {
    const UnitLookup u = lookup_unit(unit, Dimension::stiffness);
    BOOST_TEST(u.error.empty(), unit << ": " << u.error);
    BOOST_TEST(u.factor == 1.0);
  }
  BOOST_TEST(lookup_unit("N m", Dimension::torque).error.empty());
  BOOST_TEST(!lookup_unit(" N m", Dimension::torque).error.empty());
  BOOST_TEST(!lookup_unit("N m ", Dimension::torque).error.empty());
  BOOST_TEST(!lookup_unit("\u00a0m", Dimension::length).error.empty());  // a no-break space is no unit
}

BOOST_AUTO_TEST_SUITE_END()

// ---- 4. output.log ------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(scenario_hostile_log)

BOOST_AUTO_TEST_CASE(a_repeated_log_entry_is_refused) {
  json j = valid();
  j["output"]["log"] = {"sc/hub.omega_BN_B", "total_energy", "sc/hub.omega_BN_B"};
  expect_error(j, "output.log[2]", {"'sc/hub.omega_BN_B' is already logged at output.log[0]"});
  j["output"]["log"] = {"total_energy", "sc/hub.omega_BN_B", "sc.m", "sc.m"};
  expect_error(j, "output.log[3]", {"'sc.m' is already logged at output.log[2]"});
}

BOOST_AUTO_TEST_SUITE_END()

// ---- 5. effector names --------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(scenario_hostile_names)

BOOST_AUTO_TEST_CASE(a_repeated_child_name_is_refused_at_the_second_name) {
  const json thruster = json::parse(R"({"segment": 0, "type": "thruster", "name": "engine", "max_thrust": 5})");
  // Two children of one host.
  json j = valid();
  j["vehicles"][0]["state_effectors"][1]["dynamic_effectors"].push_back(thruster);
  expect_error(j, "vehicles[0].state_effectors[1].dynamic_effectors[1].name",
               {"effector name 'engine' is already used on vehicle 'sc' by "
                "vehicles[0].state_effectors[1].dynamic_effectors[0].name"});
  // Children of two hosts (the library finds this one at finalize, with the vehicle as owner).
  j = valid();
  j["vehicles"][0]["state_effectors"][0]["dynamic_effectors"] = json::array({thruster});
  expect_error(j, "vehicles[0].state_effectors[1].dynamic_effectors[0].name",
               {"effector name 'engine' is already used on vehicle 'sc' by "
                "vehicles[0].state_effectors[0].dynamic_effectors[0].name"});
  // A child named as a later state effector.
  j = valid();
  j["vehicles"][0]["state_effectors"][1]["dynamic_effectors"][0]["name"] = "wheels";
  expect_error(j, "vehicles[0].state_effectors[2].name",
               {"'wheels' is already used on vehicle 'sc' by "
                "vehicles[0].state_effectors[1].dynamic_effectors[0].name"});
  // A hub effector named as a child.
  j = valid();
  j["vehicles"][0]["dynamic_effectors"] = json::parse(R"([{"type": "external_force_torque", "name": "engine"}])");
  expect_error(j, "vehicles[0].dynamic_effectors[0].name", {"'engine' is already used on vehicle 'sc'"});
  // Two state effectors.
  j = valid();
  j["vehicles"][0]["state_effectors"][2]["name"] = "panel";
  expect_error(j, "vehicles[0].state_effectors[2].name",
               {"'panel' is already used on vehicle 'sc' by vehicles[0].state_effectors[0].name"});
}

BOOST_AUTO_TEST_CASE(names_are_per_vehicle_and_children_of_a_platform_per_platform) {
  // The same names on another vehicle are fine.
  json j = valid();
  json probe = j["vehicles"][0];
  probe["name"] = "probe";
  j["vehicles"].push_back(probe);
  BOOST_TEST(parse_scenario(j.dump()).model->vehicle_count() == 2u);
  // A platform's children: unique within the platform.
  const json flap = json::parse(R"({"type": "hinged_rigid_body", "name": "flap", "mass": 5,
      "I_PntSc_S": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "d": 0.5, "k": 10})");
  json platform = json::parse(R"({"type": "prescribed_platform", "name": "table", "mass": 10,
      "I_PntPc_P": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "profile": {"type": "hold"}})");
  platform["state_effectors"] = json::array({flap, flap});
  platform["state_effectors"][1]["name"] = "flap2";
  j = valid();
  j["vehicles"][0]["state_effectors"].push_back(platform);
  BOOST_TEST(parse_scenario(j.dump()).model->vehicle(0).state_effectors().size() == 4u);
  j["vehicles"][0]["state_effectors"][3]["state_effectors"][1]["name"] = "flap";
  expect_error(j, "vehicles[0].state_effectors[3].state_effectors[1].name",
               {"child name 'flap' is already used on prescribed_platform 'table' by "
                "vehicles[0].state_effectors[3].state_effectors[0].name"});
}

BOOST_AUTO_TEST_CASE(an_error_of_the_second_vehicle_is_on_the_second_vehicle) {
  // Both vehicles have "reaction_wheels 'wheels'" and "spinning_body_2dof 'gimbal'": the library's
  // owner names cannot tell them apart, the paths must.
  json j = valid();
  json probe = j["vehicles"][0];
  probe["name"] = "probe";
  probe["state_effectors"][2]["wheels"][0]["Jt"] = 0.01;  // Js = 0.159 > 2 Jt: no rigid rotor
  j["vehicles"].push_back(probe);
  expect_error(j, "vehicles[1].state_effectors[2].wheels[0].Js", {"reaction_wheels 'wheels' wheel 0", "Js <= 2 Jt"});
  j = valid();
  probe = j["vehicles"][0];
  probe["name"] = "probe";
  probe["state_effectors"][1]["dynamic_effectors"] =
      json::parse(R"([{"segment": 0, "type": "pulsed_torque", "name": "p", "period": 1}])");
  j["vehicles"].push_back(probe);
  expect_error(j, "vehicles[1].state_effectors[1].dynamic_effectors[0]",
               {"pulsed_torque 'p' acts on a hub only", "spinning_body_2dof 'gimbal'"});
}

BOOST_AUTO_TEST_SUITE_END()

// ---- files --------------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(scenario_hostile_files)

BOOST_AUTO_TEST_CASE(a_directory_is_no_scenario_file) {
  // load_scenario reads through read_input_file (bounded, files only).
  const std::string dir = RAMUS_TEST_SCENARIO_DIR;
  const auto refused = [](const std::string& file, const std::string& cause, const char* loaded) {
    try {
      load_scenario(file);
      BOOST_ERROR(loaded);
    } catch (const ScenarioError& e) {
      BOOST_TEST(e.path() == file);
      BOOST_TEST(e.reason().find(cause) != std::string::npos, e.what());
    }
  };
  refused(dir, "directory", "a directory was loaded");
  refused(dir + "/no_such_scenario.json", "cannot open", "a missing file was loaded");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
