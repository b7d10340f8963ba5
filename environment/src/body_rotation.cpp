// The central body's rotation (docs/environment/time_and_frames.md §2).
#include "ramus/environment/body_rotation.hpp"

#include <erfa.h>

#include <cmath>

#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

Eigen::Matrix3d rotation_about_z(double angle) {  // R3(θ): maps components to a frame turned by θ
  const double c = std::cos(angle), s = std::sin(angle);
  Eigen::Matrix3d R;
  R << c, s, 0.0, -s, c, 0.0, 0.0, 0.0, 1.0;
  return R;
}

Eigen::Matrix3d from_erfa(const double m[3][3]) {
  Eigen::Matrix3d R;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) R(i, j) = m[i][j];
  return R;
}

/// [rad/s] the rate of the Earth rotation angle: 2π × 1.00273781191135448 per UT1 day (eq. 4).
constexpr double kEraRate = 2.0 * 3.14159265358979323846 * 1.00273781191135448 / 86400.0;

/// [CIRS←GCRS] at TT: the IAU 2006 precession with the IAU 2000B nutation (eq. 5).
Eigen::Matrix3d celestial_to_intermediate(const JulianDate& tt) {
  double dpsi = 0.0, deps = 0.0, epsa = 0.0, rb[3][3], rp[3][3], rbp[3][3], rn[3][3], rbpn[3][3], x = 0.0, y = 0.0,
         c2i[3][3];
  eraNut00b(tt.jd1, tt.jd2, &dpsi, &deps);
  eraPn06(tt.jd1, tt.jd2, dpsi, deps, &epsa, rb, rp, rbp, rn, rbpn);
  eraBpn2xy(rbpn, &x, &y);
  eraC2ixys(x, y, eraS06(tt.jd1, tt.jd2, x, y), c2i);
  return from_erfa(c2i);
}

}  // namespace

UniformRotation::UniformRotation(const UniformRotationConfig& config)
    : rate_(config.rate), angle_(config.angle_at_epoch) {
  validation::require_finite("uniform_rotation", "rate [rad/s]", rate_);
  validation::require_finite("uniform_rotation", "angle_at_epoch [rad]", angle_);
}

Eigen::Matrix3d UniformRotation::dcm_PN(double t) const { return rotation_about_z(angle_ + rate_ * t); }  // eq. (3)

Eigen::Vector3d UniformRotation::omega_PN_N(double) const { return {0.0, 0.0, rate_}; }

EarthRotation::EarthRotation(const Epoch& epoch) : epoch_(epoch) {}

Eigen::Matrix3d EarthRotation::dcm_PN(double t) const {
  const JulianDate ut1 = epoch_.ut1(t);
  return rotation_about_z(eraEra00(ut1.jd1, ut1.jd2)) * celestial_to_intermediate(epoch_.tt(t));  // eq. (6)
}

Eigen::Vector3d EarthRotation::omega_PN_N(double t) const {
  // The rotation about the CIP at the ERA's rate; the CIP's own motion (precession, nutation) adds
  // under 1e-11 rad/s and is left out (eq. 7). The CIP in N is the third row of [CIRS←GCRS].
  return kEraRate * celestial_to_intermediate(epoch_.tt(t)).row(2).transpose();
}

}  // namespace ramus
