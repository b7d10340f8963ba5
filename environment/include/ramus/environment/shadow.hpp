// The central body's shadow (docs/environment/shadow.md): the fraction ν ∈ [0, 1] of the Sun's
// disc a spacecraft sees, with no shadow, a cylindrical shadow, or the conical model's umbra,
// penumbra and annular eclipse from the overlap of the two apparent discs (Montenbruck & Gill,
// Satellite Orbits, §3.4.2). Pure functions, allocation-free.
#pragma once

#include <Eigen/Dense>
#include <string_view>

namespace ramus {

/// How the central body's shadow is modelled (docs/environment/shadow.md).
enum class ShadowModel {
  none,  ///< always lit, ν = 1
  /// ν = 0 inside the cylinder of radius R_B behind the body, 1 elsewhere: docs/environment/shadow.md (1)
  cylindrical,
  /// umbra, penumbra and annular eclipse from the apparent discs: docs/environment/shadow.md (2)–(5)
  conical,
};

/// "none", "cylindrical", "conical".
std::string_view to_string(ShadowModel model);

/// [m] the Sun's radius (IAU 2015 Resolution B3, nominal solar radius 695 700 km).
inline constexpr double kSunRadius = 6.957e8;

/// The visible fraction of a uniformly bright disc of apparent radius a [rad] partly covered by an
/// opaque disc of apparent radius b [rad], their centres c [rad] apart, both taken as flat discs
/// (docs/environment/shadow.md (5)): 1 when apart, 0 when covered, 1 − b²/a² when annular.
/// Needs a > 0, b > 0, c ≥ 0.
double visible_disc_fraction(double a, double b, double c);

/// The Sun's and the central body's discs as seen from the spacecraft: apparent radii a (the Sun)
/// and b (the body) and the angle c between their centres, all in rad (docs/environment/shadow.md
/// (2)–(4)). Needs |r_N| > body_radius and |r_Sun_N − r_N| > sun_radius.
struct ApparentDiscs {
  double a = 0.0, b = 0.0, c = 0.0;
};
ApparentDiscs apparent_discs(const Eigen::Vector3d& r_N, const Eigen::Vector3d& r_Sun_N, double body_radius,
                             double sun_radius = kSunRadius);

/// The fraction ν ∈ [0, 1] of the Sun's disc seen from r_N [m] (relative to the central body's
/// centre, N axes) with the Sun at r_Sun_N [m], the central body a sphere of radius body_radius
/// [m] and the Sun one of radius sun_radius [m]. ν = 0 inside the central body (|r_N| ≤ R_B) and
/// ν = 1 inside the Sun's sphere (|r_Sun_N − r_N| ≤ R_Sun) for every model but none, so that the
/// result is always defined (docs/environment/shadow.md §4). Needs body_radius > 0 and
/// sun_radius > 0 unless `model` is none (the effector checks its configuration).
double illuminated_fraction(ShadowModel model, const Eigen::Vector3d& r_N, const Eigen::Vector3d& r_Sun_N,
                            double body_radius, double sun_radius = kSunRadius);

}  // namespace ramus
