// The scenario's builders one object at a time (ramus/scenario/objects.hpp): each parses one JSON
// object and calls the builder the loader calls for it, so that the checks and messages are the
// loader's.
#include "ramus/scenario/objects.hpp"

#include <algorithm>

#include "effector_builders.hpp"
#include "environment_section.hpp"
#include "json_node.hpp"
#include "ramus/scenario/registry.hpp"
#include "registry_table.hpp"
#include "run_sections.hpp"

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
  const EnvironmentObjects files;  // data files (a flexible_body's modal_file) relative to the working directory
  std::shared_ptr<StateEffector> effector = build_state_effector(node, files);
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
  return build_two_point_effector(node, end1, end2);
}

std::shared_ptr<const GravityModel> gravity(std::string_view json, const Environment* environment,
                                            const std::filesystem::path& base, const std::string& root) {
  const nlohmann::json document = parse_object(json, root);
  EnvironmentObjects none;
  none.base = base;
  return build_gravity(Node(document, root), environment != nullptr ? environment->objects().objects : none);
}

FlightSoftwareTaskSpec flight_software_task(std::string_view json, const std::shared_ptr<Model>& model, double t0,
                                            const std::string& root) {
  const nlohmann::json document = parse_object(json, root);
  return read_flight_software_task(model, Node(document, root), t0);
}

namespace {

/// The fields of `type`, nested parts' as "<key>.<field>" (an object) or "<key>[].<field>" (an array).
void append_fields(const TypeInfo& type, const std::string& prefix, std::vector<Field>& out, int depth) {
  for (const FieldInfo& f : type.fields) {
    out.push_back({prefix + f.key, f.unit});
    if (depth > 4 || f.part.empty()) continue;
    if (const TypeInfo* part = find_type(f.part))
      append_fields(*part, prefix + f.key + (f.kind == "objects" ? "[]." : "."), out, depth + 1);
  }
}

}  // namespace

std::vector<Field> fields(std::string_view type) {
  const TypeInfo* info = find_type(type);
  if (info == nullptr) {
    std::vector<std::string> names;
    for (const TypeInfo& t : registered_types()) names.push_back(t.name);
    throw ScenarioError("fields", with_suggestion("unknown type '" + printable(type) + "'", type, names));
  }
  std::vector<Field> out;
  for (const std::string_view key : common_keys(info->category)) out.push_back({std::string(key), ""});
  append_fields(*info, "", out, 0);
  return out;
}

std::vector<std::string> state_effector_types() { return state_effector_type_names(); }
std::vector<std::string> dynamic_effector_types() { return dynamic_effector_type_names(); }
std::vector<std::string> task_types() { return type_names(Category::task); }

}  // namespace ramus::scenario
