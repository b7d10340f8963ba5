// Classical orbital elements of a two-body orbit about the central body at N's origin, and the
// position and velocity they describe (docs/environment/orbital_elements.md): the scenario's
// initial_state.orbit and the logged quantities <vehicle>.semi_major_axis … true_anomaly.
#pragma once

#include <Eigen/Dense>
#include <optional>

namespace ramus {

class GravityModel;

/// The six classical elements, SI. Angles in radians: i in [0, π]; Ω, ω, ν in [0, 2π).
/// An ellipse has a > 0 and 0 ≤ e < 1, a hyperbola a < 0 and e > 1; the parabola (e = 1) has no
/// finite a and is refused. In the singular cases the elements keep their sum meaningful
/// (docs/environment/orbital_elements.md (6)): a circular orbit has ω = 0 and ν the argument of
/// latitude; an equatorial one has Ω = 0 and ω the longitude of periapsis; a circular equatorial
/// one has Ω = ω = 0 and ν the true longitude.
struct OrbitalElements {
  double a = 0.0;     ///< [m] semi-major axis
  double e = 0.0;     ///< [1] eccentricity
  double i = 0.0;     ///< [rad] inclination of the orbit plane to N's x–y plane
  double raan = 0.0;  ///< [rad] Ω, right ascension of the ascending node, from N's x axis
  double argp = 0.0;  ///< [rad] ω, argument of periapsis, from the node
  double nu = 0.0;    ///< [rad] ν, true anomaly, from periapsis
};

/// Position and velocity of an orbiting point relative to N's origin, N components.
struct OrbitState {
  Eigen::Vector3d r_N = Eigen::Vector3d::Zero();  ///< [m]
  Eigen::Vector3d v_N = Eigen::Vector3d::Zero();  ///< [m/s]
};

/// Below these, an orbit is treated as circular (e) or equatorial (sin i): its node or periapsis
/// is undefined to round-off (docs/environment/orbital_elements.md (6)).
inline constexpr double kCircularEccentricity = 1e-11;
inline constexpr double kEquatorialSine = 1e-11;

/// docs/environment/orbital_elements.md (1)–(3): r and v from the elements and μ [m³/s²].
/// Throws ConfigurationError (owner "orbital elements") naming the field and value for μ ≤ 0, a
/// non-finite element, e < 0, e = 1, a's sign not matching e, i outside [0, π], or a hyperbolic ν
/// beyond the asymptotes (1 + e cos ν ≤ 0).
OrbitState state_from_elements(const OrbitalElements& elements, double mu);

/// docs/environment/orbital_elements.md (4)–(6): the elements of r, v about μ. r × v must not
/// vanish (a rectilinear orbit has no plane): ConfigurationError otherwise, as for μ ≤ 0 or a
/// non-finite input. A parabolic state (specific energy exactly 0) gives a = +∞.
OrbitalElements elements_from_state(const Eigen::Vector3d& r_N, const Eigen::Vector3d& v_N, double mu);

/// μ [m³/s²] of the central body of a gravity field as the environment builds it: the central
/// body's point mass, its spherical harmonics, a polyhedron, or a sum holding exactly one of these
/// (with third bodies); none for a field without a central body.
std::optional<double> central_body_mu(const GravityModel& gravity);

}  // namespace ramus
