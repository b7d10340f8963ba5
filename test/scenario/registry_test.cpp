// The registry of scenario types (ramus/scenario/registry.hpp) against facts outside it: its docs
// pages are files of the repository, its parts are registered, the ranges it documents are the
// ones the builders refuse outside (each bound's outside value fed to a valid object), unknown
// keys and types get a near suggestion, the units Python reads and the generated JSON schema; the
// sensors', a task's parts' and the event types' registrations against their readers.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "ramus/kernel/error.hpp"
#include "ramus/scenario/objects.hpp"
#include "ramus/scenario/registry.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus {
namespace {

using nlohmann::json;
using scenario::Category;
using scenario::FieldInfo;
using scenario::TypeInfo;

/// The first object of each "type" (with a "name") in docs/examples/*.json, as a builder takes it:
/// without the keys its owner reads ("segment" of a dynamic effector on a segment, a state
/// effector's "dynamic_effectors", built here on their own).
std::map<std::string, json> example_objects() {
  std::map<std::string, json> out;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(RAMUS_EXAMPLES_DIR))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  const auto walk = [&out](const auto& self, const json& j) -> void {
    if (j.is_object() && j.contains("type") && j["type"].is_string() && j.contains("name")) {
      json object = j;
      object.erase("segment");
      object.erase("dynamic_effectors");
      out.emplace(j["type"].get<std::string>(), object);
    }
    if (j.is_structured())
      for (const json& child : j) self(self, child);
  };
  for (const auto& file : files) walk(walk, json::parse(std::ifstream(file)));
  return out;
}

/// Valid objects written here for the types with a bounded field that no example shows.
const std::map<std::string, const char*> kHandObjects = {
    {"linear_spring_mass_damper",
     R"({"type": "linear_spring_mass_damper", "name": "slosh", "mass": 30, "pHat_B": [0, 0, 1], "k": 200, "c": 5})"},
    {"spherical_pendulum",
     R"({"type": "spherical_pendulum", "name": "pendulum", "mass": 20, "length": 0.4, "r_TB_B": [0.1, 0, -0.3]})"},
    {"vscmg",
     R"({"type": "vscmg", "name": "cmg", "gsHat0_B": [1, 0, 0], "gtHat0_B": [0, 1, 0], "ggHat_B": [0, 0, 1],
         "massG": 6, "IG_PntGc_G": [[0.1, 0, 0], [0, 0.12, 0], [0, 0, 0.08]], "massW": 6, "IW1": 0.1,
         "IW2": 0.05, "IW3": 0.05, "Us": 1e-5, "Omega0": 300})"},
    {"fully_coupled_jitter_wheel",
     R"({"type": "fully_coupled_jitter_wheel", "name": "wheel", "gsHat_B": [0, 1, 0], "w2Hat0_B": [0, 0, 1],
         "mass": 5, "Js": 0.05, "Jt": 0.03, "Jg": 0.03, "Us": 1e-4, "Omega0": 50, "viscous_friction": 1e-5})"},
    // uniform_burn: the model that uses both the radius and the length.
    {"fuel_tank",
     R"({"type": "fuel_tank", "name": "tank", "model": "uniform_burn", "kHat_B": [0, 0, 1], "radius": 0.3,
         "length": 1, "propellant_mass": 100, "thrusters": []})"},
    {"prescribed_platform",
     R"({"type": "prescribed_platform", "name": "mirror", "mass": 10, "I_PntPc_P": [[0.5, 0, 0], [0, 0.6, 0],
         [0, 0, 0.4]], "profile": {"type": "hold"}})"},
    {"pulsed_torque",
     R"({"type": "pulsed_torque", "name": "pulses", "torque_PntB_B": [0, 0, 0.2], "period": 0.4, "count_on": 2,
         "count_off": 1})"},
};

/// Environment effectors need an Environment (an atmosphere, the Sun, a magnetic field): not built here.
bool needs_environment(const std::string& type) {
  return type == "drag" || type == "solar_radiation_pressure" || type == "magnetorquer";
}

/// Builds `object` of `type` with its builder (which validates), on the hub for a dynamic effector;
/// errors name the path "<type>.<key>".
void build(const TypeInfo& type, const json& object) {
  const std::string text = object.dump(), root = type.name;
  if (type.category == Category::state_effector) {
    scenario::state_effector(text, root);
  } else if (type.category == Category::dynamic_effector) {
    const scenario::HostBody hub{750.0, Eigen::Vector3d(0, 0, 1), Eigen::Vector3d(900, 800, 600).asDiagonal()};
    scenario::dynamic_effector(text, false, &hub, nullptr, root);
  } else {
    scenario::two_point_effector(text, {"sc1", "panel", 0}, {"sc2", "", 0}, root);
  }
}

/// The values just outside a scalar field's range: its exclusive minimum itself, below an
/// inclusive one by 1 (0.5 for a dimensionless number), above its maximum by 1.
std::vector<json> outside_values(const FieldInfo& f) {
  std::vector<json> out;
  const bool integer = f.kind == "integer";
  if (f.minimum) {
    const double below = f.exclusive_minimum ? *f.minimum : *f.minimum - (f.kind == "number" ? 0.5 : 1.0);
    out.push_back(integer ? json(static_cast<int>(below)) : json(below));
  }
  if (f.maximum) out.push_back(integer ? json(static_cast<int>(*f.maximum + 1.0)) : json(*f.maximum + 1.0));
  return out;
}

bool is_scalar(const FieldInfo& f) { return f.kind == "quantity" || f.kind == "number" || f.kind == "integer"; }

json slew_example() { return json::parse(std::ifstream(RAMUS_EXAMPLES_DIR "/slew_panels_wheels.json")); }

/// A bare SI number just outside a scalar field's range: its exclusive minimum itself, below an
/// inclusive one by 1, above its maximum by 1 (one value per bound).
std::vector<double> outside_numbers(const FieldInfo& f) {
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

BOOST_AUTO_TEST_SUITE(scenario_registry)

BOOST_AUTO_TEST_CASE(every_type_is_documented_and_its_parts_are_registered) {
  const std::filesystem::path root = RAMUS_SOURCE_DIR;
  std::size_t fields = 0;
  for (const TypeInfo& t : scenario::registered_types()) {
    BOOST_TEST_CONTEXT("type " << t.name) {
      BOOST_TEST(std::filesystem::is_regular_file(root / t.page), "docs page '" << t.page << "' is not a file");
      std::set<std::string> keys;
      for (const FieldInfo& f : t.fields) {
        ++fields;
        BOOST_TEST_CONTEXT("field " << f.key) {
          BOOST_TEST(!f.doc.empty());
          BOOST_TEST(!f.kind.empty());
          BOOST_TEST(keys.insert(f.key).second, "key given twice");
          if (f.kind == "object" || f.kind == "objects")
            BOOST_TEST((scenario::find_type(f.part) != nullptr), "part '" << f.part << "' is not registered");
          if (f.kind == "variant") {
            BOOST_TEST(!f.choices.empty());
            for (const std::string& c : f.choices)
              BOOST_TEST((scenario::find_type(c) != nullptr), "choice '" << c << "' is not registered");
          }
        }
      }
    }
  }
  BOOST_TEST_MESSAGE(scenario::registered_types().size() << " types, " << fields << " fields checked");
  BOOST_TEST(fields > 0u);
}

BOOST_AUTO_TEST_CASE(ranges_are_enforced_by_the_builders) {
  const std::map<std::string, json> examples = example_objects();
  std::size_t types = 0, bounds = 0;
  for (const TypeInfo& t : scenario::registered_types()) {
    if (t.category != Category::state_effector && t.category != Category::dynamic_effector &&
        t.category != Category::two_point_effector)
      continue;
    if (needs_environment(t.name)) continue;  // skipped: building them needs an Environment
    std::vector<const FieldInfo*> bounded;
    for (const FieldInfo& f : t.fields)
      if (is_scalar(f) && (f.minimum || f.maximum)) bounded.push_back(&f);
    if (bounded.empty()) continue;
    BOOST_TEST_CONTEXT("type " << t.name) {
      json valid;
      if (const auto e = examples.find(t.name); e != examples.end())
        valid = e->second;
      else if (const auto h = kHandObjects.find(t.name); h != kHandObjects.end())
        valid = json::parse(h->second);
      if (valid.is_null()) {
        BOOST_ERROR("no example and no object written here");
        continue;
      }
      // The object builds as given: a refusal below is the bound's.
      try {
        build(t, valid);
      } catch (const std::exception& e) {
        BOOST_ERROR("the valid object is refused: " << e.what());
        continue;
      }
      ++types;
      for (const FieldInfo* f : bounded) {
        for (const json& value : outside_values(*f)) {
          BOOST_TEST_CONTEXT("field " << f->key << " = " << value.dump()) {
            json object = valid;
            object[f->key] = value;
            ++bounds;
            try {
              build(t, object);
              BOOST_ERROR("accepted");
            } catch (const scenario::ScenarioError& e) {
              BOOST_TEST(e.path() == t.name + "." + f->key, "refused at another key: " << e.what());
            } catch (const Error& e) {
              BOOST_ERROR("refused without the key's path: " << e.what());
            }
          }
        }
      }
    }
  }
  BOOST_TEST_MESSAGE(types << " types, " << bounds << " outside values checked");
  // hinged_rigid_body, linear_spring_mass_damper, spherical_pendulum, vscmg,
  // fully_coupled_jitter_wheel, fuel_tank, prescribed_platform, pulsed_torque, thruster,
  // gravity_gradient, constraint: the types with a bounded scalar field as registered today.
  BOOST_TEST(types >= 11u);
}

BOOST_AUTO_TEST_CASE(unknown_keys_and_types_get_a_suggestion) {
  const json panel = example_objects().at("hinged_rigid_body");
  const auto message_of = [](const json& object) -> std::string {
    try {
      scenario::state_effector(object.dump(), "panel");
    } catch (const scenario::ScenarioError& e) {
      return e.what();
    }
    return "(no error)";
  };
  json typo = panel;
  typo["mas"] = typo["mass"];
  typo.erase("mass");
  const std::string key_message = message_of(typo);
  BOOST_TEST(key_message.find("did you mean 'mass'?") != std::string::npos, key_message);
  json wrong_type = panel;
  wrong_type["type"] = "hinged_rigid_bdy";
  const std::string type_message = message_of(wrong_type);
  BOOST_TEST(type_message.find("did you mean 'hinged_rigid_body'?") != std::string::npos, type_message);

  std::vector<std::string> keys;
  for (const FieldInfo& f : scenario::find_type("hinged_rigid_body")->fields) keys.push_back(f.key);
  BOOST_TEST(scenario::did_you_mean("mas", keys) == "mass");
  BOOST_TEST(scenario::did_you_mean("xyz", keys) == "");
}

BOOST_AUTO_TEST_CASE(python_fields_give_the_wheel_units) {
  std::map<std::string, std::string> units;
  for (const scenario::Field& f : scenario::fields("reaction_wheels")) units[f.key] = f.unit;
  BOOST_TEST(units["wheels[].h0"] == "N m s");
  BOOST_TEST(units["wheels[].max_torque"] == "N m");
}

BOOST_AUTO_TEST_CASE(the_schema_lists_every_registered_type) {
  const json schema = json::parse(scenario::scenario_schema());
  const json& defs = schema.at("$defs");
  std::set<std::string> state_refs;
  for (const json& r : defs.at("state_effector").at("oneOf")) state_refs.insert(r.at("$ref").get<std::string>());
  // The state effectors the loader documents (docs/scenario.md §3), written out here.
  const std::vector<std::string> known = {"hinged_rigid_body",
                                          "spinning_body_1dof",
                                          "spinning_body_2dof",
                                          "spinning_body_ndof",
                                          "translating_body_1dof",
                                          "translating_body_ndof",
                                          "reaction_wheels",
                                          "linear_spring_mass_damper",
                                          "n_hinged_rigid_body",
                                          "spherical_pendulum",
                                          "vscmg",
                                          "fully_coupled_jitter_wheel",
                                          "simple_jitter_reaction_wheels",
                                          "thruster_state_effector",
                                          "fuel_tank",
                                          "prescribed_platform"};
  std::vector<std::string> registered = scenario::type_names(Category::state_effector);
  for (const std::string& name : known)
    BOOST_TEST((std::find(registered.begin(), registered.end(), name) != registered.end()), name);
  for (const std::string& name : registered) BOOST_TEST(state_refs.count("#/$defs/" + name) == 1u, name);
  BOOST_TEST(state_refs.size() == registered.size());
  for (const TypeInfo& t : scenario::registered_types()) BOOST_TEST(defs.contains(t.name), t.name);
}

BOOST_AUTO_TEST_SUITE_END()

// The sensors, a task's parts and the event types against the code that reads them: each range
// documented for a sensor or a part is refused at its key of a valid file, and each event type takes
// exactly the keys its registration lists.
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
      for (const double value : outside_numbers(f)) {
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
  const json values = {{"state", "sc/hub.omega_BN_B[2]"},
                       {"vehicle", "sc"},
                       {"point", "C"},
                       {"radius", 6.4e6},
                       {"value", 0.0},
                       {"edge", "umbra"}};
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
