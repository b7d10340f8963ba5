// Gravity of a central body at the origin of N: point mass, optionally with the J2 zonal term
// about the N z axis (docs/environment/central_body_gravity.md).
#pragma once

#include <string>

#include "ramus/kernel/gravity_model.hpp"
#include "ramus/kernel/units.hpp"

namespace ramus {

struct CentralBodyGravityConfig {
  units::GravitationalParameter mu;                          ///< gravitational parameter μ
  double J2 = 0.0;                                           ///< [1] second zonal harmonic (0: point mass)
  units::Length equatorial_radius = 0.0 * units::si::meter;  ///< reference radius of J2 (needed when J2 ≠ 0)
};

class CentralBodyGravity final : public GravityModel {
 public:
  explicit CentralBodyGravity(const CentralBodyGravityConfig& config);
  /// Earth: μ = 3.986004415e14 m³/s² (Basilisk's value); with_J2 adds J2 = 1.08262668e-3, R = 6378136.3 m.
  static CentralBodyGravity earth(bool with_J2 = false);

  std::string_view kind() const override { return J2_ == 0.0 ? "point_mass_gravity" : "j2_gravity"; }
  /// eq. (1) and (3); the field is fixed in N (t is not read)
  Eigen::Vector3d acceleration_N(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// eq. (2): U = −μ/r + μ J2 R² (3 z² − r²) / (2 r⁵)
  double potential(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// The closed form: the point mass's μ (3 r̂ r̂ᵀ − 1)/r³ (eq. 4) plus the J2 term's (eq. 5).
  Eigen::Matrix3d gradient_N(const Eigen::Vector3d& r_PN_N, double t) const override;

  double mu() const { return mu_; }

 private:
  double mu_;  ///< [m³/s²]
  double J2_;  ///< [1]
  double R_;   ///< [m]
};

}  // namespace ramus
