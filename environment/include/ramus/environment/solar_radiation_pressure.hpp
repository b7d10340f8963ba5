// Solar radiation pressure on one body of a vehicle (the hub or a segment), as a cannonball or as
// flat facets that absorb, reflect specularly and reflect diffusely, dimmed by the central body's
// shadow (docs/environment/srp.md).
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ramus/environment/ephemeris.hpp"
#include "ramus/environment/facet.hpp"
#include "ramus/environment/shadow.hpp"
#include "ramus/kernel/dynamic_effector.hpp"

namespace ramus {

/// [m] the astronomical unit (IAU 2012 Resolution B2, exact).
inline constexpr double kAstronomicalUnit = 149597870700.0;
/// [N/m²] solar radiation pressure at 1 AU, the conventional value (Montenbruck & Gill): a solar
/// irradiance of 1367 W/m² over the speed of light; today's 1361 W/m² gives 4.54e-6, 0.44 % less
/// (docs/environment/srp.md §1).
inline constexpr double kSolarPressureAt1AU = 4.56e-6;

/// A flat facet: its geometry and how its surface treats the light (docs/environment/srp.md §2).
struct SrpFacet {
  FacetGeometry geometry;  ///< area [m²], outward unit normal, centre of pressure, in F
  double specular = 0.0;   ///< [1] ρs, fraction reflected specularly, 0 ≤ ρs
  double diffuse = 0.0;    ///< [1] ρd, fraction reflected diffusely (Lambert), 0 ≤ ρd, ρs + ρd ≤ 1
};

/// A cannonball: a force C_R P ν A away from the Sun at one point (docs/environment/srp.md (6)).
struct SrpCannonball {
  double C_R = 1.0;                                  ///< [1] reflectivity coefficient, 1 ≤ C_R ≤ 2
  double area = 0.0;                                 ///< [m²] cross-section A > 0
  Eigen::Vector3d r_PF_F = Eigen::Vector3d::Zero();  ///< [m] its centre of pressure P relative to F's origin
};

struct SolarRadiationPressureConfig {
  std::shared_ptr<const Ephemeris> sun;       ///< the Sun relative to the central body, N axes (required)
  ShadowModel shadow = ShadowModel::conical;  ///< the central body's shadow
  double body_radius = 6378136.3;             ///< [m] central body's radius R_B (default: the Earth's equatorial)
  double sun_radius = kSunRadius;             ///< [m] R_Sun
  double pressure_1au = kSolarPressureAt1AU;  ///< [N/m²] P0, the pressure at 1 AU from the Sun
  std::optional<SrpCannonball> cannonball;    ///< either a cannonball …
  std::vector<SrpFacet> facets;               ///< … or facets (exactly one of the two)
};

/// The pressure P = P0 (1 AU / |r_Sun − r_C|)² with the Sun direction ŝ and the shadow ν taken
/// at the vehicle's centre of mass C (LoadContext::r_CN_N) for every facet of every body; each
/// facet's force at its centre of pressure, the torque about F's origin (docs/environment/srp.md
/// (2)–(5)). No inputs.
class SolarRadiationPressure final : public DynamicEffector {
 public:
  /// Throws ConfigurationError naming the effector, the field with its unit and the value.
  SolarRadiationPressure(std::string name, SolarRadiationPressureConfig config);
  std::string_view kind() const override { return "solar_radiation_pressure"; }
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext& at) const override;
  /// [1] ν at r_N [m] and time t [s], with this effector's Sun and shadow model.
  double illuminated_fraction(const Eigen::Vector3d& r_N, double t) const;
  const SolarRadiationPressureConfig& config() const { return config_; }

 private:
  SolarRadiationPressureConfig config_;
};

}  // namespace ramus
