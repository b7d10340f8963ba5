#include "ramus/environment/central_body_gravity.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

CentralBodyGravity::CentralBodyGravity(const CentralBodyGravityConfig& config)
    : mu_(config.mu.value()), J2_(config.J2), R_(config.equatorial_radius.value()) {
  const std::string owner = "central_body_gravity";
  validation::require_positive(owner, "mu [m^3/s^2]", mu_);
  validation::require_finite(owner, "J2", J2_);
  if (J2_ != 0.0)
    validation::require_positive(owner, "equatorial_radius [m] (J2 is set)", R_);
  else
    validation::require_non_negative(owner, "equatorial_radius [m]", R_);
}

CentralBodyGravity CentralBodyGravity::earth(bool with_J2) {
  using namespace units;
  CentralBodyGravityConfig c;
  c.mu = 3.986004415e14 * si::meter * si::meter * si::meter / (si::second * si::second);
  if (with_J2) {
    c.J2 = 1.08262668e-3;
    c.equatorial_radius = 6378136.3 * si::meter;
  }
  return CentralBodyGravity(c);
}

Eigen::Vector3d CentralBodyGravity::acceleration_N(const Eigen::Vector3d& r, double /*t*/) const {
  const double r2 = r.squaredNorm();
  const double rn = std::sqrt(r2);
  Eigen::Vector3d a = -mu_ / (r2 * rn) * r;
  if (J2_ != 0.0) {
    // −∇ of the J2 term of eq. (2)
    const double z2_r2 = r.z() * r.z() / r2;
    const double k = -1.5 * J2_ * mu_ * R_ * R_ / (r2 * r2 * rn);
    a += k * Eigen::Vector3d(r.x() * (1.0 - 5.0 * z2_r2), r.y() * (1.0 - 5.0 * z2_r2), r.z() * (3.0 - 5.0 * z2_r2));
  }
  return a;
}

double CentralBodyGravity::potential(const Eigen::Vector3d& r, double /*t*/) const {
  const double r2 = r.squaredNorm();
  const double rn = std::sqrt(r2);
  double U = -mu_ / rn;
  if (J2_ != 0.0) U += mu_ * J2_ * R_ * R_ * (3.0 * r.z() * r.z() - r2) / (2.0 * r2 * r2 * rn);
  return U;
}

Eigen::Matrix3d CentralBodyGravity::gradient_N(const Eigen::Vector3d& r, double /*t*/) const {
  const double r2 = r.squaredNorm();
  const double rn = std::sqrt(r2);
  Eigen::Matrix3d G = mu_ / (r2 * rn) * (3.0 / r2 * r * r.transpose() - Eigen::Matrix3d::Identity());  // eq. (4)
  if (J2_ != 0.0) {
    // eq. (5): k/r⁵ [(10 s − 5 f)/r² r rᵀ − 10 z/r² (e_z rᵀ + r e_zᵀ) + f 1 + 2 e_z e_zᵀ]
    const double s = r.z() * r.z() / r2, f = 1.0 - 5.0 * s;
    const double k = -1.5 * J2_ * mu_ * R_ * R_ / (r2 * r2 * rn);
    const Eigen::Vector3d ez = Eigen::Vector3d::UnitZ();
    const Eigen::Matrix3d cross = ez * r.transpose();
    G += k * ((10.0 * s - 5.0 * f) / r2 * r * r.transpose() - 10.0 * r.z() / r2 * (cross + cross.transpose()) +
              f * Eigen::Matrix3d::Identity() + 2.0 * ez * ez.transpose());
  }
  return G;
}

}  // namespace ramus
