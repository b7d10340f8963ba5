// The dipole magnetic field, centred, tilted or eccentric (docs/environment/magnetic_field.md §1).
#include "ramus/environment/magnetic_field.hpp"

#include <cmath>
#include <numbers>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

Eigen::Vector3d dipole_moment_from_gauss(double g10, double g11, double h11, double reference_radius) {
  const std::string owner = "dipole moment from Gauss coefficients";
  validation::require_finite(owner, "g10 [T]", g10);
  validation::require_finite(owner, "g11 [T]", g11);
  validation::require_finite(owner, "h11 [T]", h11);
  validation::require_positive(owner, "reference_radius [m]", reference_radius);
  // docs/environment/magnetic_field.md (2)
  const double a3 = reference_radius * reference_radius * reference_radius;
  return a3 / kMu0Over4Pi * Eigen::Vector3d(g11, h11, g10);
}

Eigen::Vector3d dipole_moment_from_axis(double moment, double colatitude, double longitude) {
  const std::string owner = "dipole moment from its axis";
  validation::require_positive(owner, "moment [A m^2]", moment);
  validation::require_finite(owner, "colatitude [rad]", colatitude);
  validation::require_finite(owner, "longitude [rad]", longitude);
  if (colatitude < 0.0 || colatitude > std::numbers::pi)
    throw ConfigurationError(owner, "colatitude [rad]", validation::to_text(colatitude), "must be in [0, pi]");
  // docs/environment/magnetic_field.md (3)
  return moment * Eigen::Vector3d(std::sin(colatitude) * std::cos(longitude),
                                  std::sin(colatitude) * std::sin(longitude), std::cos(colatitude));
}

DipoleField::DipoleField(std::string name, const DipoleFieldConfig& config) : name_(std::move(name)), config_(config) {
  validation::require_finite(label(), "m_P [A m^2]", config_.m_P);
  if (config_.m_P.norm() == 0.0)
    throw ConfigurationError(label(), "m_P [A m^2]", validation::to_text(config_.m_P), "must not be zero");
  validation::require_finite(label(), "r_DP_P [m]", config_.r_DP_P);
}

Eigen::Vector3d DipoleField::B_P(const Eigen::Vector3d& r_P) const {
  const Eigen::Vector3d rho = r_P - config_.r_DP_P;
  const double d = rho.norm();
  if (!(d > 0.0) || !std::isfinite(d))
    throw IntegrationError(label() + " r_P [m]", validation::to_text(r_P),
                           "must be finite and away from the dipole's centre, where the field is singular");
  const Eigen::Vector3d u = rho / d;
  // docs/environment/magnetic_field.md (1)
  return kMu0Over4Pi / (d * d * d) * (3.0 * config_.m_P.dot(u) * u - config_.m_P);
}

Eigen::Vector3d DipoleField::B_N(const Eigen::Vector3d& r_N, double t) const {
  if (!config_.rotation) return B_P(r_N);
  const Eigen::Matrix3d dcm_PN = config_.rotation->dcm_PN(t);
  return dcm_PN.transpose() * B_P(dcm_PN * r_N);
}

}  // namespace ramus
