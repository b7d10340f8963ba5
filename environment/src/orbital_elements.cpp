#include "ramus/environment/orbital_elements.hpp"

#include <cmath>
#include <limits>
#include <numbers>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/environment/polyhedral_gravity.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"
#include "ramus/environment/third_body_gravity.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

constexpr const char* kOwner = "orbital elements";
constexpr double kTwoPi = 2.0 * std::numbers::pi;

/// An angle in [0, 2π) (atan2 gives (−π, π]; −0 and a sum rounding up to 2π map to 0).
double wrap(double angle) {
  const double a = angle < 0.0 ? angle + kTwoPi : angle;
  return a >= kTwoPi || a == 0.0 ? 0.0 : a;
}

void refuse(const char* field, double value, const std::string& reason) {
  throw ConfigurationError(kOwner, field, validation::to_text(value), reason);
}

void require_mu(double mu) {
  if (!std::isfinite(mu) || mu <= 0.0) refuse("mu [m^3/s^2]", mu, "must be finite and > 0");
}

/// The angle from unit `from` to `to` about the unit normal `axis`: atan2(axis·(from × to), from·to).
double angle_about(const Eigen::Vector3d& axis, const Eigen::Vector3d& from, const Eigen::Vector3d& to) {
  return std::atan2(axis.dot(from.cross(to)), from.dot(to));
}

}  // namespace

OrbitState state_from_elements(const OrbitalElements& el, double mu) {
  require_mu(mu);
  const std::pair<const char*, double> fields[] = {{"a [m]", el.a},         {"e", el.e},
                                                   {"i [rad]", el.i},       {"raan [rad]", el.raan},
                                                   {"argp [rad]", el.argp}, {"nu [rad]", el.nu}};
  for (const auto& [field, value] : fields)
    if (!std::isfinite(value)) refuse(field, value, "must be finite");
  if (el.e < 0.0) refuse("e", el.e, "must be ≥ 0");
  if (el.e == 1.0)
    refuse("e", el.e, "a parabolic orbit has no finite semi-major axis: give its position and velocity (r_N, v_N)");
  if (el.e < 1.0 && el.a <= 0.0) refuse("a [m]", el.a, "must be > 0 for an ellipse (e < 1)");
  if (el.e > 1.0 && el.a >= 0.0) refuse("a [m]", el.a, "must be < 0 for a hyperbola (e > 1)");
  if (el.i < 0.0 || el.i > std::numbers::pi) refuse("i [rad]", el.i, "must be in [0, π]");
  const double ce = 1.0 + el.e * std::cos(el.nu);
  if (ce <= 0.0)
    refuse("nu [rad]", el.nu,
           "lies beyond the hyperbola's asymptotes (1 + e cos ν = " + validation::to_text(ce) + " must be > 0)");

  // (1): the semi-latus rectum and the radius; (2)–(3): the perifocal axes P̂, Q̂ in N.
  const double p = el.a * (1.0 - el.e * el.e);
  const double r = p / ce;
  const double cO = std::cos(el.raan), sO = std::sin(el.raan), cw = std::cos(el.argp), sw = std::sin(el.argp);
  const double ci = std::cos(el.i), si = std::sin(el.i);
  const Eigen::Vector3d P_N(cO * cw - sO * sw * ci, sO * cw + cO * sw * ci, sw * si);
  const Eigen::Vector3d Q_N(-cO * sw - sO * cw * ci, -sO * sw + cO * cw * ci, cw * si);
  const double cn = std::cos(el.nu), sn = std::sin(el.nu), vs = std::sqrt(mu / p);
  return {r * (cn * P_N + sn * Q_N), vs * (-sn * P_N + (el.e + cn) * Q_N)};
}

OrbitalElements elements_from_state(const Eigen::Vector3d& r_N, const Eigen::Vector3d& v_N, double mu) {
  require_mu(mu);
  validation::require_finite(kOwner, "r_N [m]", r_N);
  validation::require_finite(kOwner, "v_N [m/s]", v_N);
  const Eigen::Vector3d h_N = r_N.cross(v_N);  // (4)
  const double h = h_N.norm();
  if (!(h > 0.0))
    throw ConfigurationError(kOwner, "r_N × v_N [m^2/s]", validation::to_text(h_N),
                             "a rectilinear state (r parallel to v, or r or v zero) has no orbit plane");
  const double r = r_N.norm();
  const Eigen::Vector3d hHat_N = h_N / h;
  const Eigen::Vector3d e_N = v_N.cross(h_N) / mu - r_N / r;  // (4): the eccentricity vector
  const double xi = 0.5 * v_N.squaredNorm() - mu / r;         // specific orbital energy

  OrbitalElements el;
  el.e = e_N.norm();
  el.a = xi == 0.0 ? std::numeric_limits<double>::infinity() : -mu / (2.0 * xi);
  const double h_xy = std::hypot(h_N.x(), h_N.y());
  el.i = std::atan2(h_xy, h_N.z());  // (5), in [0, π]
  const bool circular = el.e < kCircularEccentricity, equatorial = h_xy < kEquatorialSine * h;
  // (5)–(6): the node line n̂ (N's x axis for an equatorial orbit, where Ω = 0) and the periapsis
  // direction (the node for a circular orbit, where ω = 0).
  const Eigen::Vector3d n_N = equatorial ? Eigen::Vector3d(Eigen::Vector3d::UnitX())
                                         : Eigen::Vector3d(Eigen::Vector3d(-h_N.y(), h_N.x(), 0.0) / h_xy);
  el.raan = equatorial ? 0.0 : wrap(std::atan2(h_N.x(), -h_N.y()));
  const Eigen::Vector3d P_N = circular ? n_N : Eigen::Vector3d(e_N / el.e);
  el.argp = circular ? 0.0 : wrap(angle_about(hHat_N, n_N, P_N));
  el.nu = wrap(angle_about(hHat_N, P_N, r_N / r));
  return el;
}

std::optional<double> central_body_mu(const GravityModel& gravity) {
  if (const auto* g = dynamic_cast<const CentralBodyGravity*>(&gravity)) return g->mu();
  if (const auto* g = dynamic_cast<const SphericalHarmonicGravity*>(&gravity)) return g->mu();
  if (const auto* g = dynamic_cast<const PolyhedralGravity*>(&gravity)) return g->mu();
  if (const auto* sum = dynamic_cast<const GravitySum*>(&gravity)) {
    std::optional<double> mu;
    for (const auto& term : sum->terms()) {
      const std::optional<double> m = term ? central_body_mu(*term) : std::nullopt;
      if (m && mu) return std::nullopt;  // two central bodies: none is "the" central body
      if (m) mu = m;
    }
    return mu;
  }
  return std::nullopt;
}

}  // namespace ramus
