// The rotation of the central body: the body-fixed frame P relative to N as a function of run
// time (docs/environment/time_and_frames.md §2). Fields fixed in the body (spherical-harmonic
// gravity, the magnetic field, the co-rotating atmosphere) read it.
#pragma once

#include <Eigen/Dense>
#include <string_view>

#include "ramus/environment/epoch.hpp"

namespace ramus {

class BodyRotation {
 public:
  virtual ~BodyRotation() = default;
  virtual std::string_view kind() const = 0;
  /// [P N] maps N components to P components at t [s].
  virtual Eigen::Matrix3d dcm_PN(double t) const = 0;
  /// [rad/s] angular velocity of P relative to N, in N components, at t.
  virtual Eigen::Vector3d omega_PN_N(double t) const = 0;
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
class EarthRotation final : public BodyRotation {
 public:
  explicit EarthRotation(const Epoch& epoch);
  std::string_view kind() const override { return "earth_rotation_iau2006"; }
  Eigen::Matrix3d dcm_PN(double t) const override;
  Eigen::Vector3d omega_PN_N(double t) const override;
  const Epoch& epoch() const { return epoch_; }

 private:
  Epoch epoch_;
};

}  // namespace ramus
