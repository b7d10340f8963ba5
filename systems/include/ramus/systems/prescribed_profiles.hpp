// Motion profiles of a prescribed platform (docs/models/prescribed_platform.md eqs. 9–10): the
// pose of the platform frame P relative to its mount M as a function of time, with its first and
// second derivatives. Apart from the platform (prescribed_platform.hpp), which only evaluates them.
#pragma once

#include <Eigen/Dense>
#include <functional>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/units.hpp"

namespace ramus {

/// The platform P relative to the mount M at one time, in SI (a profile's value).
struct PrescribedPose {
  Eigen::Vector3d r_PM_M = Eigen::Vector3d::Zero();            ///< [m] origin of P relative to M, in M
  Eigen::Vector3d rPrime_PM_M = Eigen::Vector3d::Zero();       ///< [m/s] its derivative (seen in M = in B)
  Eigen::Vector3d rPrimePrime_PM_M = Eigen::Vector3d::Zero();  ///< [m/s²]
  Quaternion q_PM = Quaternion(1.0, 0.0, 0.0, 0.0);      ///< [1] attitude of P relative to M (R(q_PM) = dcm_MP), unit
  Eigen::Vector3d omega_PM_P = Eigen::Vector3d::Zero();  ///< [rad/s] angular velocity of P relative to M, in P
  Eigen::Vector3d omegaPrime_PM_P = Eigen::Vector3d::Zero();  ///< [rad/s²] its derivative (seen in P = in M)
};

/// A profile: the pose at time t [s]. It must be consistent (rPrime the derivative of r_PM, …) and
/// should not allocate (it is called in every evaluation).
using PrescribedProfile = std::function<PrescribedPose(double t)>;

/// The platform held at a fixed pose.
PrescribedProfile hold_profile(const units::Length3& r_PM_M, const Quaternion& q_PM);

/// A normalised smooth bang-coast-bang s(t) from 0 to 1, starting at t_start: an acceleration pulse
/// A (1 − cos 2πτ/t_accel) for t_accel, a coast for t_coast, the mirrored deceleration for t_accel
/// (eq. 9). The acceleration is continuous, so no integrator stage sees a jump (docs).
struct BangCoastBang {
  units::Time t_start;  ///< start of the manoeuvre
  units::Time t_accel;  ///< duration of each acceleration phase (> 0)
  units::Time t_coast;  ///< duration of the coast (≥ 0)
};

/// A slew by dtheta about the unit axis axis_M (fixed in M and P) from theta0, and a translation by
/// dr_M from r0_PM_M, both following the same bang-coast-bang s(t) (eq. 10).
PrescribedProfile bang_coast_bang_profile(const Eigen::Vector3d& axis_M, units::Angle theta0, units::Angle dtheta,
                                          const units::Length3& r0_PM_M, const units::Length3& dr_M,
                                          const BangCoastBang& timing);

}  // namespace ramus
