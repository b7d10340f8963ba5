// The rotation of the central body: the body-fixed frame P relative to N as a function of run
// time (docs/environment/time_and_frames.md §2). Fields fixed in the body (spherical-harmonic
// gravity, the magnetic field, the co-rotating atmosphere) read it.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string_view>
#include <vector>

#include "ramus/environment/epoch.hpp"

namespace ramus {

/// P relative to N at one time: its attitude and its angular velocity.
struct BodyOrientation {
  Eigen::Matrix3d dcm_PN = Eigen::Matrix3d::Identity();  ///< maps N components to P components
  Eigen::Vector3d omega_PN_N = Eigen::Vector3d::Zero();  ///< [rad/s] in N components
};

class BodyRotation {
 public:
  virtual ~BodyRotation() = default;
  virtual std::string_view kind() const = 0;
  /// [P N] maps N components to P components at t [s].
  virtual Eigen::Matrix3d dcm_PN(double t) const = 0;
  /// [rad/s] angular velocity of P relative to N, in N components, at t.
  virtual Eigen::Vector3d omega_PN_N(double t) const = 0;
  /// Both at t, equal to the two calls above; a rotation whose two share work (the Earth's
  /// [CIRS←GCRS]) computes that once.
  virtual BodyOrientation orientation(double t) const { return {dcm_PN(t), omega_PN_N(t)}; }
};

struct UniformRotationConfig {
  double rate = 7.2921150e-5;   ///< [rad/s] about the N z axis (default: the Earth's, IERS Conventions 2010)
  double angle_at_epoch = 0.0;  ///< [rad] angle of P's x axis from N's x axis at t = 0
};

/// P turns about N's z axis at a constant rate (eq. 3).
class UniformRotation final : public BodyRotation {
 public:
  explicit UniformRotation(const UniformRotationConfig& config = {});
  std::string_view kind() const override { return "uniform_rotation"; }
  Eigen::Matrix3d dcm_PN(double t) const override;
  Eigen::Vector3d omega_PN_N(double t) const override;
  double rate() const { return rate_; }

 private:
  double rate_, angle_;
};

/// The Earth: N is the GCRS, P the TIRS (the ITRS without polar motion). [PN] = R3(ERA) [CIRS←GCRS]
/// with the Earth rotation angle from UT1, the IAU 2006 precession and the IAU 2000B nutation
/// (ERFA's eraPn06 with eraNut00b, about 1 mas from 2006/2000A); polar motion, under 0.5″, is
/// left out (eqs. 4–6).
///
/// `EarthRotation::interpolated` builds the same rotation with X, Y and s interpolated over a
/// span of run time (Chebyshev series of degree 10 on half-day windows, fitted to the direct
/// series before the run, docs/environment/time_and_frames.md (8)): 0.19 µs a call instead of
/// 3.8, 3e-16 rad from the direct series; outside the span it evaluates the series.
class EarthRotation final : public BodyRotation {
 public:
  explicit EarthRotation(const Epoch& epoch);
  /// The rotation with [CIRS←GCRS] interpolated over [t0, t1] [s] (eq. 8). Throws
  /// ConfigurationError naming the span when it is not finite, reversed, or longer than
  /// kMaxInterpolatedSpan.
  static EarthRotation interpolated(const Epoch& epoch, double t0, double t1);
  /// [s] the longest span interpolated: 1000 years, 10.6 million doubles (85 MB).
  static constexpr double kMaxInterpolatedSpan = 1000.0 * 365.25 * 86400.0;

  std::string_view kind() const override { return "earth_rotation_iau2006"; }
  Eigen::Matrix3d dcm_PN(double t) const override;
  Eigen::Vector3d omega_PN_N(double t) const override;
  /// [CIRS←GCRS] evaluated (or interpolated) once for both (eqs. 6–7).
  BodyOrientation orientation(double t) const override;
  const Epoch& epoch() const { return epoch_; }
  /// True when built by interpolated(); then [t_first(), t_last()] is the span covered.
  bool is_interpolated() const { return !coefficients_.empty(); }
  double t_first() const { return t_first_; }
  double t_last() const { return t_first_ + static_cast<double>(windows_) * kWindow; }

  /// [s] one interpolation window, and the Chebyshev degree on it (eq. 8).
  static constexpr double kWindow = 43200.0;
  static constexpr int kDegree = 10;

 private:
  /// [CIRS←GCRS] at run time t, from the table inside its span, else from the series (eq. 5).
  Eigen::Matrix3d celestial_to_intermediate(double t) const;

  Epoch epoch_;
  double t_first_ = 0.0;
  std::size_t windows_ = 0;
  /// Per window, the Chebyshev coefficients of X, Y and s [rad]: 3 (kDegree + 1) doubles.
  std::vector<double> coefficients_;
};

}  // namespace ramus
