// The scenario's builders one object at a time (docs/python.md, "Building a model"): a hub, an
// initial state, a state, dynamic or two-point effector, a gravity field or the environment, each
// from the JSON object a scenario file would give for it (docs/scenario.md §3), with the same
// checks and the same messages. Front ends (the Python module) build models through them, so that
// a model built piece by piece and the same scenario file give the same objects, bit for bit.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/gravity_model.hpp"
#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/two_point_effector.hpp"
#include "ramus/kernel/vehicle.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {

/// The "environment" section, built (epoch, body rotation, ephemerides over [t0, t1], atmosphere,
/// magnetic field): shared by the dynamic effectors and gravity fields built with it.
class Environment {
 public:
  /// `json` is the section's object; relative data files are read from `base`. Throws ScenarioError
  /// at "<root>.<key>".
  Environment(std::string_view json, double t0, double t1, const std::filesystem::path& base, std::string root);
  ~Environment();
  Environment(const Environment&) = delete;
  Environment& operator=(const Environment&) = delete;
  struct Objects;
  const Objects& objects() const { return *objects_; }

 private:
  std::unique_ptr<Objects> objects_;
};

/// Every builder below reads one JSON object (text) whose paths in error messages start at `root`
/// (e.g. "HingedRigidBody('panel')"), and throws ScenarioError at the key at fault; the library's
/// ConfigurationErrors are wrapped the same way.
HubConfig hub_config(std::string_view json, const std::string& root);
InitialState initial_state(std::string_view json, const std::string& root);
/// "B", "C" or "clamped".
HubTranslation hub_translation(std::string_view name, const std::string& root);
/// A state effector, validated (its "dynamic_effectors" are refused: attach children to it).
std::shared_ptr<StateEffector> state_effector(std::string_view json, const std::string& root);
/// A dynamic effector; `host` gives the mass properties a gravity_gradient takes by default (the
/// hub's, about its centre of mass, in B), none: they must be given. `environment` may be null.
struct HostBody {
  double mass = 0.0;                                    ///< [kg]
  Eigen::Vector3d r_McF_F = Eigen::Vector3d::Zero();    ///< [m]
  Eigen::Matrix3d I_PntMc_F = Eigen::Matrix3d::Zero();  ///< [kg m²]
};
std::shared_ptr<DynamicEffector> dynamic_effector(std::string_view json, bool on_segment, const HostBody* host,
                                                  const Environment* environment, const std::string& root);
/// A constraint between two attach points (checked by Model::finalize()).
std::shared_ptr<TwoPointEffector> two_point_effector(std::string_view json, const AttachPoint& end1,
                                                     const AttachPoint& end2, const std::string& root);
/// A gravity field ("gravity" section); `environment` may be null.
std::shared_ptr<const GravityModel> gravity(std::string_view json, const Environment* environment,
                                            const std::filesystem::path& base, const std::string& root);

/// A flight-software task of a registered type (docs/scenario_fields.md, "Flight-software tasks")
/// for the finalized `model`, from the object an element of a file's flight_software.tasks gives:
/// model data, from which each run makes its own task (spec.make with the run's noise seed); its
/// signals are those the task publishes. `t0`: the start of the runs (the default inertia of an
/// attitude_control law is the vehicle's there).
FlightSoftwareTaskSpec flight_software_task(std::string_view json, const std::shared_ptr<Model>& model, double t0,
                                            const std::string& root);

/// One field a builder reads: its key and its SI unit ("kg", "kg m^2", "1" for a dimensionless
/// number, "" for a flag, a count or a nested object).
struct Field {
  std::string key;
  std::string unit;
};
/// The fields of an object of `type` ("hub", "initial_state", or an effector's type), in the order
/// the builder reads them; nested objects (panels, axes, wheels) appear as keys without a unit.
std::vector<Field> fields(std::string_view type);
/// The effector types the builders know: state effectors, then dynamic, then two-point.
std::vector<std::string> state_effector_types();
std::vector<std::string> dynamic_effector_types();
/// The registered flight-software task types.
std::vector<std::string> task_types();

}  // namespace ramus::scenario
