// The central body's rotation (docs/environment/time_and_frames.md §2).
#include "ramus/environment/body_rotation.hpp"

#include <erfa.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "ramus/kernel/error.hpp"
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

/// The CIP's coordinates X, Y [rad] and the CIO locator s [rad] at TT: the IAU 2006 precession
/// with the IAU 2000B nutation (eq. 5).
struct Cip {
  double x = 0.0, y = 0.0, s = 0.0;
};

Cip cip_series(const JulianDate& tt) {
  double dpsi = 0.0, deps = 0.0, epsa = 0.0, rb[3][3], rp[3][3], rbp[3][3], rn[3][3], rbpn[3][3];
  Cip c;
  eraNut00b(tt.jd1, tt.jd2, &dpsi, &deps);
  eraPn06(tt.jd1, tt.jd2, dpsi, deps, &epsa, rb, rp, rbp, rn, rbpn);
  eraBpn2xy(rbpn, &c.x, &c.y);
  c.s = eraS06(tt.jd1, tt.jd2, c.x, c.y);
  return c;
}

/// [CIRS←GCRS] from X, Y, s (eq. 5).
Eigen::Matrix3d c2i_from_cip(const Cip& c) {
  double c2i[3][3];
  eraC2ixys(c.x, c.y, c.s, c2i);
  return from_erfa(c2i);
}

constexpr int kNodes = EarthRotation::kDegree + 1;
constexpr double kPi = 3.14159265358979323846;

}  // namespace

UniformRotation::UniformRotation(const UniformRotationConfig& config)
    : rate_(config.rate), angle_(config.angle_at_epoch) {
  validation::require_finite("uniform_rotation", "rate [rad/s]", rate_);
  validation::require_finite("uniform_rotation", "angle_at_epoch [rad]", angle_);
}

Eigen::Matrix3d UniformRotation::dcm_PN(double t) const { return rotation_about_z(angle_ + rate_ * t); }  // eq. (3)

Eigen::Vector3d UniformRotation::omega_PN_N(double) const { return {0.0, 0.0, rate_}; }

EarthRotation::EarthRotation(const Epoch& epoch) : epoch_(epoch) {}

EarthRotation EarthRotation::interpolated(const Epoch& epoch, double t0, double t1) {
  validation::require_finite("earth_rotation_iau2006", "interpolated span start t0 [s]", t0);
  validation::require_finite("earth_rotation_iau2006", "interpolated span end t1 [s]", t1);
  if (t1 < t0)
    throw ConfigurationError("earth_rotation_iau2006", "interpolated span [t0, t1] [s]",
                             validation::to_text(t0) + ", " + validation::to_text(t1), "t1 must not precede t0");
  if (t1 - t0 > kMaxInterpolatedSpan)
    throw ConfigurationError("earth_rotation_iau2006", "interpolated span t1 - t0 [s]", validation::to_text(t1 - t0),
                             "at most " + validation::to_text(kMaxInterpolatedSpan) + " s (1000 years)");
  EarthRotation r(epoch);
  r.t_first_ = t0;
  r.windows_ = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil((t1 - t0) / kWindow)));
  r.coefficients_.assign(r.windows_ * 3 * kNodes, 0.0);
  // Each window's series through the values at the kNodes Chebyshev roots u_k (eq. 8): the
  // discrete cosine transform c_j = (2 / n) Σ_k f(u_k) T_j(u_k), c_0 halved.
  std::array<double, kNodes> u{};
  for (int k = 0; k < kNodes; ++k) u[k] = std::cos(kPi * (k + 0.5) / kNodes);
  for (std::size_t w = 0; w < r.windows_; ++w) {
    const double mid = t0 + (static_cast<double>(w) + 0.5) * kWindow;
    std::array<Cip, kNodes> f;
    for (int k = 0; k < kNodes; ++k) f[k] = cip_series(epoch.tt(mid + 0.5 * kWindow * u[k]));
    double* c = r.coefficients_.data() + w * 3 * kNodes;
    for (int j = 0; j < kNodes; ++j) {
      const double weight = (j == 0 ? 1.0 : 2.0) / kNodes;
      for (int k = 0; k < kNodes; ++k) {
        const double Tj = std::cos(kPi * j * (k + 0.5) / kNodes);
        c[j] += weight * Tj * f[k].x;
        c[kNodes + j] += weight * Tj * f[k].y;
        c[2 * kNodes + j] += weight * Tj * f[k].s;
      }
    }
  }
  return r;
}

Eigen::Matrix3d EarthRotation::celestial_to_intermediate(double t) const {
  if (coefficients_.empty() || !(t >= t_first_ && t <= t_last()))
    return c2i_from_cip(cip_series(epoch_.tt(t)));  // eq. (5), the series
  // The window holding t and t's place in it, u ∈ [−1, 1]; Clenshaw's sums of the three series.
  const std::size_t w = std::min(windows_ - 1, static_cast<std::size_t>((t - t_first_) / kWindow));
  const double u = 2.0 * (t - t_first_ - static_cast<double>(w) * kWindow) / kWindow - 1.0;
  const double* c = coefficients_.data() + w * 3 * kNodes;
  double b1[3] = {0.0, 0.0, 0.0}, b2[3] = {0.0, 0.0, 0.0};
  for (int j = kNodes - 1; j >= 1; --j)
    for (int i = 0; i < 3; ++i) {
      const double b0 = c[i * kNodes + j] + 2.0 * u * b1[i] - b2[i];
      b2[i] = b1[i];
      b1[i] = b0;
    }
  Cip cip;
  cip.x = c[0] + u * b1[0] - b2[0];
  cip.y = c[kNodes] + u * b1[1] - b2[1];
  cip.s = c[2 * kNodes] + u * b1[2] - b2[2];
  return c2i_from_cip(cip);  // eq. (5) from the interpolated X, Y, s (eq. 8)
}

Eigen::Matrix3d EarthRotation::dcm_PN(double t) const {
  const JulianDate ut1 = epoch_.ut1(t);
  return rotation_about_z(eraEra00(ut1.jd1, ut1.jd2)) * celestial_to_intermediate(t);  // eq. (6)
}

Eigen::Vector3d EarthRotation::omega_PN_N(double t) const {
  // The rotation about the CIP at the ERA's rate; the CIP's own motion (precession, nutation) adds
  // under 1e-11 rad/s and is left out (eq. 7). The CIP in N is the third row of [CIRS←GCRS].
  return kEraRate * celestial_to_intermediate(t).row(2).transpose();
}

BodyOrientation EarthRotation::orientation(double t) const {
  const Eigen::Matrix3d c2i = celestial_to_intermediate(t);
  const JulianDate ut1 = epoch_.ut1(t);
  return {rotation_about_z(eraEra00(ut1.jd1, ut1.jd2)) * c2i, kEraRate * c2i.row(2).transpose()};  // eqs. (6), (7)
}

}  // namespace ramus
