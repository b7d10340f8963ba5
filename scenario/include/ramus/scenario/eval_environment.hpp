// The environment's terms at points (docs/scenario.md §9, `ramus eval`; docs/python.md, "Evaluating
// the environment"): the gravity field, the magnetic field, the central body's shadow, the
// atmospheric density and the solar radiation pressure that a run of a scenario sees, built from
// the scenario's "environment" and "gravity" sections by the loader's own builders (the same
// checks, the same messages, the same models), or from their defaults without a scenario.
#pragma once

#include <Eigen/Dense>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ramus::scenario {

/// A term `ramus eval` and ramus.eval_* evaluate.
enum class EnvironmentTerm { gravity, field, shadow, density, srp };

/// "gravity", "field", "shadow", "density", "srp".
std::string_view to_string(EnvironmentTerm term);

/// The gravity field at a point: the "gravity" section's model (third bodies included).
struct GravityAt {
  double potential = 0.0;                         ///< [J/kg] U (the acceleration is −∇U)
  Eigen::Vector3d a_N = Eigen::Vector3d::Zero();  ///< [m/s²] acceleration, N components
  Eigen::Matrix3d G_N = Eigen::Matrix3d::Zero();  ///< [1/s²] ∂a/∂r, N components (when asked)
};

/// The magnetic field at a point: the environment's "magnetic_field".
struct FieldAt {
  Eigen::Vector3d B_N = Eigen::Vector3d::Zero();  ///< [T] N components
  Eigen::Vector3d B_P = Eigen::Vector3d::Zero();  ///< [T] P components (the body-fixed frame; P = N without a rotation)
};

/// The atmosphere at a point: the environment's "atmosphere" at the altitude above its "shape".
struct DensityAt {
  double altitude = 0.0;  ///< [m] above the central body's shape, as the drag model measures it
  double density = 0.0;   ///< [kg/m³]
};

/// What the solar radiation pressure model uses at a point (docs/environment/srp.md (1)).
struct SrpAt {
  double nu = 0.0;                                ///< [1] visible fraction of the Sun's disc (shadow)
  double distance = 0.0;                          ///< [m] from the point to the Sun's centre
  Eigen::Vector3d s_N = Eigen::Vector3d::Zero();  ///< [1] unit vector from the point to the Sun, N components
  double pressure = 0.0;                          ///< [N/m²] P0 (1 au/d)² ν, P0 = pressure_1au
  double flux = 0.0;                              ///< [W/m²] the same as an irradiance: pressure times c
};

/// The environment of a scenario, for evaluation at points. Evaluation is const and thread-safe.
class EnvironmentAtPoints {
 public:
  /// `scenario_json`: a scenario document's text, of which only the "environment" and "gravity"
  /// sections are read (the other top-level keys are the loader's, not checked further); data
  /// files relative to `base` (the scenario file's folder). None: the defaults (the Earth's point
  /// mass, preset "earth"; Vallado's exponential atmosphere over a sphere of 6378137 m; the
  /// conical shadow; no Sun, no magnetic field, no rotation). Analytic ephemerides are tabulated
  /// over [t0, t1] [s] (the points' times) with the loader's margin. `pressure_1au` [N/m²]: P0 of
  /// the srp term. Throws ScenarioError at the JSON path at fault, with the loader's messages.
  EnvironmentAtPoints(const std::optional<std::string_view>& scenario_json, double t0, double t1,
                      const std::filesystem::path& base, double pressure_1au = 4.56e-6);
  ~EnvironmentAtPoints();
  EnvironmentAtPoints(EnvironmentAtPoints&&) noexcept;
  EnvironmentAtPoints& operator=(EnvironmentAtPoints&&) noexcept;

  /// Throws ScenarioError naming the section and what to give when the term's model is missing
  /// (a scenario without "gravity", an environment without "sun", "atmosphere" or
  /// "magnetic_field").
  void require(EnvironmentTerm term) const;

  /// Each needs require(term) first. Errors of the models (a point below the atmosphere's floor,
  /// a time outside an ephemeris table or the magnetic model's validity) throw IntegrationError.
  GravityAt gravity(const Eigen::Vector3d& r_N, double t, bool gradient) const;
  FieldAt field(const Eigen::Vector3d& r_N, double t) const;
  /// [1] ν, the shadow function of the solar radiation pressure model.
  double shadow(const Eigen::Vector3d& r_N, double t) const;
  DensityAt density(const Eigen::Vector3d& r_N, double t) const;
  SrpAt srp(const Eigen::Vector3d& r_N, double t) const;

  /// The epoch's warnings (a date past the leap-second table), "environment.epoch: …".
  const std::vector<std::string>& warnings() const;
  /// Every data file read (coefficients, tables, ephemerides), resolved as the loader resolves them.
  const std::vector<std::string>& data_files() const;
  /// [P N] at t: the central body's rotation ("environment.rotation"); the identity without one.
  Eigen::Matrix3d dcm_PN(double t) const;
  /// Whether the environment has a rotation (P ≠ N).
  bool has_rotation() const;
  /// The epoch as Epoch::text() writes it ("2025-06-21T00:01:09.184 TT"); empty: no epoch.
  std::string epoch_text() const;
  /// [s] TT − UTC at the epoch (32.184 s + TAI − UTC); 0 without an epoch.
  double epoch_tt_minus_utc() const;

 private:
  struct Models;
  std::unique_ptr<Models> models_;
};

}  // namespace ramus::scenario
