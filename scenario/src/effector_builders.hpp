// Builders of the library's effectors from scenario objects (docs/scenario.md §3): one JSON
// object → one configuration struct → one effector, through the public constructors. The JSON
// keys are the configuration fields' names.
#pragma once

#include <memory>
#include <vector>

#include "json_node.hpp"
#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/gravity_model.hpp"
#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/two_point_effector.hpp"

namespace ramus::scenario {

/// What the builders collect beside the effectors.
struct BuildContext {
  double t0 = 0.0, t1 = 0.0;         ///< [s] span of the run (pulse edges are listed within it)
  std::vector<double> switch_times;  ///< [s] firing and pulse edges: the driver steps onto them
};

/// A state effector from an object with "type" and "name"; its "dynamic_effectors" are built and
/// attached by the caller (the vehicle builder), which knows the effector's segments.
std::shared_ptr<StateEffector> build_state_effector(const Node& node);
/// A dynamic effector from an object with "type" and "name"; `on_segment` allows the key "segment".
std::shared_ptr<DynamicEffector> build_dynamic_effector(const Node& node, bool on_segment, BuildContext& context);
/// A two-point effector ("constraint") between attach points that the caller has checked.
std::shared_ptr<TwoPointEffector> build_two_point_effector(const Node& node, const AttachPoint& end1,
                                                           const AttachPoint& end2);
/// The gravity field: {"mu", "J2", "equatorial_radius"} or {"preset": "earth" | "earth_J2"}.
std::shared_ptr<const GravityModel> build_gravity(const Node& node);

}  // namespace ramus::scenario
