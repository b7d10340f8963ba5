// Attitude kinematics: unit quaternions (scalar first, Hamilton product), rotation matrices,
// modified Rodrigues parameters (MRPs) with the shadow set, and the attitude-error angle.
// Conventions (docs/notation.md §3): q_BN is the attitude of frame B relative to N and rotates
// B components into N components, R(q_BN) = dcm_NB = dcm_BN^T. sigma_BN is the MRP of the same
// attitude (Basilisk's sigma_BN), sigma = q_vec / (1 + q_0).
#pragma once

#include <Eigen/Dense>

namespace ramus {

/// Unit quaternion (q0, q1, q2, q3), scalar first.
using Quaternion = Eigen::Vector4d;

/// [v×]: the matrix with tilde(a) b = a × b.
inline Eigen::Matrix3d tilde(const Eigen::Vector3d& v) {
  Eigen::Matrix3d m;
  m << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
  return m;
}

/// Hamilton product p ⊗ q.
Quaternion quat_multiply(const Quaternion& p, const Quaternion& q);
/// Conjugate q* = (q0, −q_vec): the inverse of a unit quaternion.
Quaternion quat_conjugate(const Quaternion& q);
/// Quaternion of a rotation by `angle` [rad] about the unit vector `axis`.
Quaternion quat_from_axis_angle(const Eigen::Vector3d& axis, double angle);
/// Quaternion rate for body-frame angular velocity: qDot_BN = ½ q_BN ⊗ (0, omega_BN_B)
/// (docs/notation.md eq. 3.3). Exact for any q, so |q| is a first integral.
Quaternion quat_derivative(const Quaternion& q_BN, const Eigen::Vector3d& omega_BN_B);

/// R(q) = (q0² − |v|²) I + 2 v vᵀ + 2 q0 [v×]; for q_BN this is dcm_NB. Expects a unit quaternion.
Eigen::Matrix3d rotation_matrix(const Quaternion& q);
/// Inverse of rotation_matrix (Shepperd's method, stable for every rotation); returns q0 ≥ 0.
Quaternion quat_from_rotation_matrix(const Eigen::Matrix3d& R);

/// MRP of the attitude of q, in the set |sigma| ≤ 1 (q and −q give the same result).
Eigen::Vector3d mrp_from_quat(const Quaternion& q);
/// Unit quaternion of an MRP (either set), with q0 ≥ 0 when |sigma| ≤ 1.
Quaternion quat_from_mrp(const Eigen::Vector3d& sigma);
/// The shadow set −sigma/|sigma|²: the same attitude. Requires sigma ≠ 0.
Eigen::Vector3d mrp_shadow(const Eigen::Vector3d& sigma);
/// dcm_BN of sigma_BN: I + (8[σ×]² − 4(1 − σ²)[σ×]) / (1 + σ²)² (Schaub & Junkins eq. 3.154).
Eigen::Matrix3d dcm_from_mrp(const Eigen::Vector3d& sigma_BN);

/// Rotation angle [rad] between two attitudes, 2·atan2(|vec(a* ⊗ b)|, |scal(a* ⊗ b)|) in [0, π]:
/// zero for b = ±a. Neither needs to be normalised.
double attitude_error_angle(const Quaternion& a, const Quaternion& b);

}  // namespace ramus
