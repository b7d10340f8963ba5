// The two plain records that connect guidance to control (docs/fsw/attitude_guidance.md): the
// reference frame R of one sample and the tracking error of the body frame B relative to it. A
// replacement guidance only has to fill an AttitudeReference (or an AttitudeError); a replacement
// control law only has to read one.
#pragma once

#include <Eigen/Dense>

namespace ramus::fsw {

/// The reference frame R at one time.
struct AttitudeReference {
  Eigen::Vector3d sigma_RN = Eigen::Vector3d::Zero();       ///< [1] MRP of R relative to N, |σ| ≤ 1
  Eigen::Vector3d omega_RN_N = Eigen::Vector3d::Zero();     ///< [rad/s] rate of R relative to N, in N
  Eigen::Vector3d omegaDot_RN_N = Eigen::Vector3d::Zero();  ///< [rad/s²] its inertial derivative, in N
};

/// Tracking error of B relative to R, everything in B components
/// (docs/fsw/attitude_guidance.md eqs. (11)–(14)).
struct AttitudeError {
  Eigen::Vector3d sigma_BR = Eigen::Vector3d::Zero();       ///< [1] MRP of B relative to R, |σ| ≤ 1
  Eigen::Vector3d omega_BR_B = Eigen::Vector3d::Zero();     ///< [rad/s] ω_BN − ω_RN, in B
  Eigen::Vector3d omega_RN_B = Eigen::Vector3d::Zero();     ///< [rad/s] reference rate, in B
  Eigen::Vector3d omegaDot_RN_B = Eigen::Vector3d::Zero();  ///< [rad/s²] inertial derivative of ω_RN, in B
};

}  // namespace ramus::fsw
