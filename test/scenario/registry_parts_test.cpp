// The registry's sensors, a task's parts and the event types (ramus/scenario/registry.hpp) against
// the code that reads and builds them: each range the registry documents for a sensor or a part is
// refused by the library at that key of a valid file (docs/examples/slew_panels_wheels.json), and
// each event type takes exactly the keys its registration lists.
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "ramus/scenario/registry.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus {
namespace {

using nlohmann::json;
using scenario::Category;
using scenario::FieldInfo;
using scenario::TypeInfo;

json slew_example() { return json::parse(std::ifstream(RAMUS_EXAMPLES_DIR "/slew_panels_wheels.json")); }

/// A bare SI number just outside a scalar field's range: its exclusive minimum itself, below an
/// inclusive one by 1, above its maximum by 1 (one value per bound).
std::vector<double> outside_values(const FieldInfo& f) {
  std::vector<double> out;
  if (f.minimum) out.push_back(f.exclusive_minimum ? *f.minimum : *f.minimum - 1.0);
  if (f.maximum) out.push_back(*f.maximum + 1.0);
  return out;
}

/// The path of a ScenarioError of `doc`, or "(accepted)".
std::string refused_at(const json& doc) {
  try {
    scenario::parse_scenario(doc.dump(), RAMUS_EXAMPLES_DIR);
  } catch (const scenario::ScenarioError& e) {
    return e.path();
  }
  return "(accepted)";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_registry_parts)

// Every bounded scalar of the sensors and parts the example's attitude_control task holds, at its
// outside value, is refused at its key: the documented range is the one the library enforces.
BOOST_AUTO_TEST_CASE(sensor_and_part_ranges_are_enforced_in_a_task) {
  const json valid = slew_example();
  BOOST_TEST_REQUIRE(refused_at(valid) == "(accepted)");
  const std::string task = "flight_software.tasks[0]";
  const std::vector<std::pair<json::json_pointer, std::string>> parts = {
      {json::json_pointer("/flight_software/tasks/0/navigation/gyro"), "rate_gyro"},
      {json::json_pointer("/flight_software/tasks/0/navigation/star_tracker"), "star_tracker"},
      {json::json_pointer("/flight_software/tasks/0/guidance"), "eigenaxis_slew"},
      {json::json_pointer("/flight_software/tasks/0/control"), "mrp_control"}};
  const std::vector<std::string> paths = {task + ".navigation.gyro", task + ".navigation.star_tracker",
                                          task + ".guidance", task + ".control"};
  std::size_t checked = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const TypeInfo* type = scenario::find_type(parts[k].second);
    BOOST_TEST_REQUIRE(type != nullptr, parts[k].second);
    for (const FieldInfo& f : type->fields) {
      if (f.kind != "quantity" && f.kind != "number") continue;
      for (const double value : outside_values(f)) {
        BOOST_TEST_CONTEXT(parts[k].second << "." << f.key << " = " << value) {
          json doc = valid;
          doc[parts[k].first][f.key] = value;
          BOOST_TEST(refused_at(doc) == paths[k] + "." + f.key);
          ++checked;
        }
      }
    }
  }
  // rate_gyro: bias_sigma, angle_random_walk, rate_random_walk, lsb, saturation; star_tracker:
  // period, sigma_cross, sigma_boresight; eigenaxis_slew: duration, acceleration_limit;
  // mrp_control: K, K_i — the bounds registered today.
  BOOST_TEST(checked >= 12u);
}

// The registered sensors and parts are what the task's fields name.
BOOST_AUTO_TEST_CASE(the_task_parts_are_registered) {
  BOOST_TEST((scenario::find_type("rate_gyro")->category == Category::sensor));
  BOOST_TEST((scenario::find_type("star_tracker")->category == Category::sensor));
  const TypeInfo* task = scenario::find_type("attitude_control");
  BOOST_TEST_REQUIRE(task != nullptr);
  std::size_t variants = 0;
  for (const FieldInfo& f : task->fields) {
    if (f.kind != "variant") continue;
    ++variants;
    for (const std::string& choice : f.choices) {
      const TypeInfo* part = scenario::find_type(choice);
      BOOST_TEST_REQUIRE(part != nullptr, choice);
      // Each choice's "type" has one value, which names the choice in a file.
      BOOST_TEST(part->fields.front().key == "type", choice);
      BOOST_TEST(part->fields.front().choices.size() == 1u, choice);
    }
  }
  BOOST_TEST(variants == 3u);  // navigation, guidance, actuator
}

// Each event type takes the keys its registration lists and no other type's: a key of another
// type is refused at that key, and each required key missing is refused at the event.
BOOST_AUTO_TEST_CASE(event_types_take_their_registered_keys) {
  const json valid = slew_example();
  const std::vector<std::string> types = scenario::type_names(Category::event);
  BOOST_TEST(types.size() == 4u);  // state, delta_v, altitude, eclipse
  std::set<std::string> all_keys;
  for (const std::string& t : types)
    for (const FieldInfo& f : scenario::find_type(t)->fields) all_keys.insert(f.key);
  // A valid value of each key (a state entry of the example, its vehicle, a point, lengths).
  const json values = {
      {"state", "sc/hub.omega_BN_B[2]"}, {"vehicle", "sc"}, {"point", "C"}, {"radius", 6.4e6}, {"value", 0.0}};
  std::size_t refused = 0;
  for (const std::string& t : types) {
    const TypeInfo& type = *scenario::find_type(t);
    json event = {{"name", "e"}, {"type", t}};
    for (const FieldInfo& f : type.fields)
      if (f.required) event[f.key] = values.at(f.key);
    for (const std::string& key : all_keys) {
      bool own = false;
      for (const FieldInfo& f : type.fields) own = own || f.key == key;
      if (own) continue;
      BOOST_TEST_CONTEXT("type " << t << " given " << key) {
        json doc = valid;
        json e = event;
        e[key] = values.at(key);
        doc["events"] = json::array({e});
        BOOST_TEST(refused_at(doc) == "events[0]." + key);
        ++refused;
      }
    }
    for (const FieldInfo& f : type.fields) {
      if (!f.required) continue;
      BOOST_TEST_CONTEXT("type " << t << " without " << f.key) {
        json doc = valid;
        json e = event;
        e.erase(f.key);
        doc["events"] = json::array({e});
        BOOST_TEST(refused_at(doc) == "events[0]");
        ++refused;
      }
    }
  }
  BOOST_TEST(refused >= 10u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus
