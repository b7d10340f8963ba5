// Third-body gravity: the differential (tidal) acceleration of a body such as the Sun or the Moon on
// a spacecraft orbiting the central body at N's origin, and the sum of several gravity fields
// (docs/environment/third_body_gravity.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ramus/environment/ephemeris.hpp"
#include "ramus/kernel/gravity_model.hpp"

namespace ramus {

struct ThirdBodyGravityConfig {
  std::string name;                            ///< "sun", "moon", ...: names the body in errors
  double mu = 0.0;                             ///< [m³/s²] its gravitational parameter
  std::shared_ptr<const Ephemeris> ephemeris;  ///< its position relative to N's origin
};

/// a = μ [(s − r)/|s − r|³ − s/|s|³] in Battin's form, free of the cancellation of the two terms
/// when |r| ≪ |s| (eqs. 1–3).
class ThirdBodyGravity final : public GravityModel {
 public:
  explicit ThirdBodyGravity(ThirdBodyGravityConfig config);
  /// μ of the Sun and of the Moon (DE430: 1.32712440041e20 and 4.902800066e12 m³/s²).
  static constexpr double kMuSun = 1.32712440041e20, kMuMoon = 4.902800066e12;

  std::string_view kind() const override { return "third_body_gravity"; }
  Eigen::Vector3d acceleration_N(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// U = −μ (1/|s − r| − 1/|s| − r·s/|s|³), zero at N's origin (eq. 4)
  double potential(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// μ (3 d̂ d̂ᵀ − 1)/|d|³ with d = r − s (eq. 5)
  Eigen::Matrix3d gradient_N(const Eigen::Vector3d& r_PN_N, double t) const override;
  const std::string& name() const { return config_.name; }

 private:
  ThirdBodyGravityConfig config_;
};

/// The sum of several fields: e.g. the central body's harmonics, the Sun and the Moon.
class GravitySum final : public GravityModel {
 public:
  explicit GravitySum(std::vector<std::shared_ptr<const GravityModel>> terms);
  std::string_view kind() const override { return "gravity_sum"; }
  Eigen::Vector3d acceleration_N(const Eigen::Vector3d& r_PN_N, double t) const override;
  double potential(const Eigen::Vector3d& r_PN_N, double t) const override;
  Eigen::Matrix3d gradient_N(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// Each term's acceleration_and_gradient_N, summed.
  GravityAndGradient acceleration_and_gradient_N(const Eigen::Vector3d& r_PN_N, double t) const override;
  const std::vector<std::shared_ptr<const GravityModel>>& terms() const { return terms_; }

 private:
  std::vector<std::shared_ptr<const GravityModel>> terms_;
};

}  // namespace ramus
