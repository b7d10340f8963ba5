// The registry's table (ramus/scenario/registry.hpp): each category's types with their builders.
// Each category file registers its types in one function (register_state_effectors, …); the
// registry calls them once, in registry.cpp.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "effector_builders.hpp"
#include "ramus/kernel/flight_software_task.hpp"
#include "ramus/scenario/registry.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {

/// `files` resolves the data files a state effector reads (a flexible_body's modal_file).
using StateEffectorBuilder = std::function<std::shared_ptr<StateEffector>(const Node&, const std::string& name,
                                                                          const EnvironmentObjects& files)>;
using DynamicEffectorBuilder =
    std::function<std::shared_ptr<DynamicEffector>(const Node&, const std::string& name, BuildContext&)>;

/// What a task's builder knows beside its object: the finalized model, the task's vehicle, the
/// run's start, the timing read from the common keys (period, offset).
struct TaskContext {
  const Model& model;
  std::size_t vehicle;
  double t0;
  TaskTiming timing;
};
/// Reads a task object (its keys beside the common ones) and fills spec.make (and any
/// type-specific part of the spec).
using TaskBuilder = std::function<void(const Node&, const TaskContext&, FlightSoftwareTaskSpec& spec)>;

/// The keys every object of a category reads beside its fields.
std::vector<std::string_view> common_keys(Category category, bool on_segment = false);

class Registry {
 public:
  /// The one registry, built on first use (thread-safe static initialisation).
  static const Registry& instance();

  void add_part(TypeInfo info);
  void add_state_effector(TypeInfo info, StateEffectorBuilder build);
  void add_dynamic_effector(TypeInfo info, DynamicEffectorBuilder build);
  void add_task(TypeInfo info, TaskBuilder build);
  /// A type whose builder its section calls itself (gravity, two-point effectors).
  void add(TypeInfo info);

  const std::vector<TypeInfo>& types() const { return types_; }
  const TypeInfo* find(std::string_view name) const;
  const StateEffectorBuilder* state_effector(std::string_view name) const;
  const DynamicEffectorBuilder* dynamic_effector(std::string_view name) const;
  const TaskBuilder* task(std::string_view name) const;
  std::vector<std::string> names(Category category) const;

  /// "unknown <what> type '<given>' (known: …); did you mean '…'?" at `type`.
  [[noreturn]] void unknown_type(const Node& type, Category category, std::string_view what) const;

 private:
  Registry();
  void insert(TypeInfo info);
  std::vector<TypeInfo> types_;
  std::vector<std::pair<std::string, StateEffectorBuilder>> state_builders_;
  std::vector<std::pair<std::string, DynamicEffectorBuilder>> dynamic_builders_;
  std::vector<std::pair<std::string, TaskBuilder>> task_builders_;
};

// The registration of each category, in its own file.
void register_state_effectors(Registry& registry);
void register_flexible_body(Registry& registry);  // flexible_body_section.cpp
void register_dynamic_effectors(Registry& registry);
void register_two_point_effectors(Registry& registry);
void register_gravity(Registry& registry);
void register_environment_effectors(Registry& registry);  // environment_section.cpp
void register_vehicle_parts(Registry& registry);          // load_scenario.cpp
void register_tasks(Registry& registry);                  // flight_software_section.cpp
void register_events(Registry& registry);                 // event_section.cpp
void register_sensors(Registry& registry);                // sensor_section.cpp

/// A TypeInfo from its parts (the fields from a FieldList's info()).
TypeInfo type_info(std::string name, Category category, std::string doc, std::string page, std::string cpp,
                   std::vector<FieldInfo> fields);

}  // namespace ramus::scenario
