// The scenario's "environment" section (docs/scenario.md §3): the run's epoch, the central body's
// rotation and the ephemerides that the environment models share, built once per scenario.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "json_node.hpp"
#include "ramus/environment/atmosphere.hpp"
#include "ramus/environment/body_rotation.hpp"
#include "ramus/environment/ephemeris.hpp"
#include "ramus/environment/epoch.hpp"
#include "ramus/environment/magnetic_field.hpp"
#include "ramus/environment/shadow.hpp"
#include "ramus/kernel/dynamic_effector.hpp"

namespace ramus::scenario {

struct EnvironmentObjects {
  std::optional<Epoch> epoch;                    ///< the run's epoch (none: no model may need one)
  std::shared_ptr<const BodyRotation> rotation;  ///< the central body's (none: P = N)
  std::shared_ptr<const Ephemeris> sun, moon;    ///< tables over the run's span
  std::shared_ptr<const AtmosphereModel> atmosphere;
  BodyShape shape;                            ///< the central body's surface (altitudes)
  ShadowModel shadow = ShadowModel::conical;  ///< the central body's shadow (radiation pressure)
  double sun_radius = kSunRadius;             ///< [m] the Sun's, for the shadow (docs/constants.md)
  std::shared_ptr<const MagneticFieldModel> magnetic_field;
  std::filesystem::path base;  ///< the scenario file's folder
  /// The canonical "data_root" (docs/scenario.md §3, Data files): relative data files are read
  /// from it and every data file must resolve below it. None: relative to `base`, unconfined.
  std::optional<std::filesystem::path> data_root;

  /// With a data root: `file` (relative: to the root) resolved, links and "..", and refused with
  /// ConfigurationError naming the root and the file when it resolves outside the root. Without
  /// one: `file` as given when absolute, else relative to `base`.
  std::string data_file(const std::string& file) const;
  /// Every data file data_file() resolved, in order: the run's inputs, which no output of the
  /// runner may replace (Scenario::data_files).
  mutable std::vector<std::string> files_read;
};

/// Builds the section; analytic ephemerides are sampled into tables covering [t0, t1] with a day's
/// margin (docs/environment/ephemerides.md, "Tables").
EnvironmentObjects build_environment(const Node& node, double t0, double t1, const std::filesystem::path& base);

/// The Sun or the Moon of the section, or an error at `user` naming what needs it.
std::shared_ptr<const Ephemeris> require_body(const EnvironmentObjects& env, const Node& user, const char* body);

/// The environment's dynamic effectors (docs/scenario.md §3, Dynamic effectors): drag,
/// solar_radiation_pressure, magnetorquer, from their objects and the section's shared models.
/// `on_segment`: the object may give "segment".
std::shared_ptr<DynamicEffector> build_drag(const Node& n, const std::string& name, const EnvironmentObjects& env,
                                            bool on_segment);
std::shared_ptr<DynamicEffector> build_srp(const Node& n, const std::string& name, const EnvironmentObjects& env,
                                           bool on_segment);
std::shared_ptr<DynamicEffector> build_magnetorquer(const Node& n, const std::string& name,
                                                    const EnvironmentObjects& env, bool on_segment);

}  // namespace ramus::scenario
