// The scenario's builders one object at a time (ramus/scenario/objects.hpp): each parses one JSON
// object and calls the builder the loader calls for it, so that the checks and messages are the
// loader's.
#include "ramus/scenario/objects.hpp"

#include <algorithm>

#include "effector_builders.hpp"
#include "environment_section.hpp"
#include "json_node.hpp"

namespace ramus::scenario {

struct Environment::Objects {
  EnvironmentObjects objects;
};

namespace {

nlohmann::json parse_object(std::string_view json, const std::string& root) {
  nlohmann::json document = parse_document(json, root);
  if (!document.is_object()) throw ScenarioError(root.empty() ? "(document)" : root, "must be an object");
  return document;
}

}  // namespace

Environment::Environment(std::string_view json, double t0, double t1, const std::filesystem::path& base,
                         std::string root)
    : objects_(std::make_unique<Objects>()) {
  const nlohmann::json document = parse_object(json, root);
  objects_->objects = build_environment(Node(document, std::move(root)), t0, t1, base);
}

Environment::~Environment() = default;

HubConfig hub_config(std::string_view json, const std::string& root) {
  const nlohmann::json document = parse_object(json, root);
  return build_hub(Node(document, root));
}

InitialState initial_state(std::string_view json, const std::string& root) {
  const nlohmann::json document = parse_object(json, root);
  return build_initial_state(Node(document, root));
}

HubTranslation hub_translation(std::string_view name, const std::string& root) {
  const nlohmann::json document = std::string(name);
  return build_hub_translation(Node(document, root));
}

std::shared_ptr<StateEffector> state_effector(std::string_view json, const std::string& root) {
  const nlohmann::json document = parse_object(json, root);
  const Node node(document, root);
  if (node.has("dynamic_effectors"))
    node.at("dynamic_effectors").fail("attach dynamic effectors to a segment with add_dynamic_effector");
  std::shared_ptr<StateEffector> effector = build_state_effector(node);
  wrap_configuration_errors(node, [&] { effector->validate(); });  // as the loader does before adding it
  return effector;
}

std::shared_ptr<DynamicEffector> dynamic_effector(std::string_view json, bool on_segment, const HostBody* host,
                                                  const Environment* environment, const std::string& root) {
  const nlohmann::json document = parse_object(json, root);
  BuildContext context;  // t0 = t1 = 0: the switch times it lists are the loader's step grid only
  if (environment != nullptr) context.environment = environment->objects().objects;
  if (host != nullptr) context.host = BuildContext::Body{host->mass, host->r_McF_F, host->I_PntMc_F};
  return build_dynamic_effector(Node(document, root), on_segment, context);
}

std::shared_ptr<TwoPointEffector> two_point_effector(std::string_view json, const AttachPoint& end1,
                                                     const AttachPoint& end2, const std::string& root) {
  const nlohmann::json document = parse_object(json, root);
  const Node node(document, root);
  node.require_keys({"type", "name", "r_P1F1_F1", "r_P2F2_F2", "r_P2P1_F1", "alpha", "beta"});
  return build_two_point_effector(node, end1, end2);
}

std::shared_ptr<const GravityModel> gravity(std::string_view json, const Environment* environment,
                                            const std::filesystem::path& base, const std::string& root) {
  const nlohmann::json document = parse_object(json, root);
  EnvironmentObjects none;
  none.base = base;
  return build_gravity(Node(document, root), environment != nullptr ? environment->objects().objects : none);
}

namespace {

/// Runs the builder of `type` on `probe` with a FieldRecorder; returns what it recorded (the builder
/// reads every key it knows, then refuses the probe: the keys are recorded all the same).
std::vector<FieldRecorder::Entry> record_fields(std::string_view type, const nlohmann::json& probe) {
  FieldRecorder recorder;
  try {
    const Node node(probe, "");
    if (type == "hub") {
      (void)build_hub(node);
    } else if (type == "initial_state") {
      (void)build_initial_state(node);
    } else if (type == "constraint") {
      (void)build_two_point_effector(node, AttachPoint{}, AttachPoint{});
    } else {
      const std::vector<std::string> dynamic = dynamic_effector_type_names();
      BuildContext context;
      if (std::find(dynamic.begin(), dynamic.end(), type) != dynamic.end())
        (void)build_dynamic_effector(node, false, context);
      else
        (void)build_state_effector(node);
    }
  } catch (const Error&) {
  }
  return recorder.entries();
}

}  // namespace

std::vector<Field> fields(std::string_view type) {
  const bool effector = type != "hub" && type != "initial_state";
  nlohmann::json probe =
      effector ? nlohmann::json{{"type", std::string(type)}, {"name", "probe"}} : nlohmann::json::object();
  std::vector<FieldRecorder::Entry> entries = record_fields(type, probe);
  // A nested object (a spinning body's axis, the wheels of a set) is read only when present: give
  // each key read without a unit an empty object, then a list of one, and keep what that reveals.
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string key = entries[i].path;
    if (entries[i].dimension || key.find_first_of(".[") != std::string::npos || key == "type" || key == "name" ||
        key == "dynamic_effectors")
      continue;
    for (const nlohmann::json& nested : {nlohmann::json::object(), nlohmann::json::array({nlohmann::json::object()})}) {
      nlohmann::json deeper = probe;
      deeper[key] = nested;
      std::vector<FieldRecorder::Entry> more = record_fields(type, deeper);
      bool found = false;
      for (FieldRecorder::Entry& e : more) {
        const bool inside = e.path.starts_with(key + ".") || e.path.starts_with(key + "[");
        if (!inside) continue;
        if (e.path.starts_with(key + "[0]")) e.path = key + "[]" + e.path.substr(key.size() + 3);
        if (std::none_of(entries.begin(), entries.end(), [&](const auto& x) { return x.path == e.path; }))
          entries.push_back(e), found = true;
      }
      if (found) break;
    }
  }
  std::vector<Field> out;
  for (const FieldRecorder::Entry& e : entries)
    out.push_back({e.path, e.dimension ? std::string(si_unit(*e.dimension)) : std::string()});
  return out;
}

std::vector<std::string> state_effector_types() { return state_effector_type_names(); }
std::vector<std::string> dynamic_effector_types() { return dynamic_effector_type_names(); }

}  // namespace ramus::scenario
