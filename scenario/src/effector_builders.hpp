// Builders of the library's effectors from scenario objects (docs/scenario.md §3): one JSON
// object → one configuration struct → one effector, through the public constructors. The JSON
// keys are the configuration fields' names.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "environment_section.hpp"
#include "json_node.hpp"
#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/gravity_model.hpp"
#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/two_point_effector.hpp"
#include "ramus/kernel/vehicle.hpp"

namespace ramus::scenario {

/// What the builders collect beside the effectors.
struct BuildContext {
  double t0 = 0.0, t1 = 0.0;         ///< [s] span of the run (pulse edges are listed within it)
  std::vector<double> switch_times;  ///< [s] firing and pulse edges: the driver steps onto them
  EnvironmentObjects environment;    ///< the "environment" section's shared objects
  /// The mass properties of the body a dynamic effector is being attached to, where the loader
  /// knows them (the hub; a hinged panel's segment), about its centre of mass Mc, in the frame F
  /// of the attachment: the defaults of a gravity_gradient's fields.
  struct Body {
    double mass = 0.0;                                    ///< [kg]
    Eigen::Vector3d r_McF_F = Eigen::Vector3d::Zero();    ///< [m]
    Eigen::Matrix3d I_PntMc_F = Eigen::Matrix3d::Zero();  ///< [kg m²]
  };
  std::optional<Body> host;
  bool on_segment = false;  ///< the dynamic effector being built hangs on a segment (it may give "segment")
};

/// A vehicle's "hub" object, its "initial_state" and its "hub_translation" (load_scenario.cpp).
HubConfig build_hub(const Node& node);
/// An "orbit" (classical elements) takes μ from `gravity`'s central body unless it gives "mu".
InitialState build_initial_state(const Node& node, const GravityModel* gravity = nullptr);
HubTranslation build_hub_translation(const Node& node);
/// A state effector from an object with "type" and "name"; its "dynamic_effectors" are built and
/// attached by the caller (the vehicle builder), which knows the effector's segments.
/// `files` resolves the data files it reads (EnvironmentObjects::data_file).
std::shared_ptr<StateEffector> build_state_effector(const Node& node, const EnvironmentObjects& files);
/// The "type"s build_state_effector and build_dynamic_effector know, in order.
std::vector<std::string> state_effector_type_names();
std::vector<std::string> dynamic_effector_type_names();
/// A dynamic effector from an object with "type" and "name"; `on_segment` allows the key "segment".
std::shared_ptr<DynamicEffector> build_dynamic_effector(const Node& node, bool on_segment, BuildContext& context);
/// A two-point effector ("constraint") between attach points that the caller has checked.
std::shared_ptr<TwoPointEffector> build_two_point_effector(const Node& node, const AttachPoint& end1,
                                                           const AttachPoint& end2);
/// The gravity field: {"mu", "J2", "equatorial_radius"} or {"preset": "earth" | "earth_J2"}, or a
/// spherical_harmonic_gravity; with "third_bodies" the sum of it and the Sun's and the Moon's.
std::shared_ptr<const GravityModel> build_gravity(const Node& node, const EnvironmentObjects& environment);

}  // namespace ramus::scenario
