// Mass properties about the hub origin B, in B components (docs/architecture.md eq. 2).
#pragma once

#include <Eigen/Dense>

namespace ramus {

/// Mass properties of one body (an effector's contribution) or of the whole vehicle.
/// "Prime" is the time derivative as seen in the body frame B.
struct MassProperties {
  double m = 0.0;                                           ///< [kg] mass
  Eigen::Vector3d r_CB_B = Eigen::Vector3d::Zero();         ///< [m] centre of mass relative to B
  Eigen::Vector3d rPrime_CB_B = Eigen::Vector3d::Zero();    ///< [m/s] its B-frame derivative
  Eigen::Matrix3d I_PntB_B = Eigen::Matrix3d::Zero();       ///< [kg m²] inertia about B
  Eigen::Matrix3d IPrime_PntB_B = Eigen::Matrix3d::Zero();  ///< [kg m²/s] its B-frame derivative
  /// [kg/s] rate of the mass (0 but for mass depletion, architecture.md §6). With it, r_CB_B is
  /// where the mass is, rPrime_CB_B the velocity of its *material* (0 for propellant at rest in
  /// B) and IPrime_PntB_B the rate of the inertia as the mass changes.
  double mDot = 0.0;
  /// True when the effector's contributions() already carry the inertial terms of its own mass
  /// (its share of eqs. 4–5 of architecture.md: A, B, C, D and the velocity terms of vecTrans
  /// and vecRot), as the articulated serial chain's do (serial_chain.md (C1)–(C2)). Whoever adds
  /// rigid rows for mass properties (the kernel, a prescribed platform for its children) leaves
  /// such a body out of them; its m, r_CB_B, rPrime_CB_B and mDot still count for the centre of
  /// mass, gravity and eq. (9), and it reports I_PntB_B and IPrime_PntB_B as zero. Its
  /// derivatives() returns the inertial acceleration of its mass relative to B's (see there).
  bool inertia_in_contributions = false;
};

/// Inertia about B of a body with inertia I_PntC about its centre of mass C at r_CB from B:
/// I_PntB = I_PntC + m (|r|² 1 − r rᵀ) (parallel axis).
inline Eigen::Matrix3d parallel_axis(const Eigen::Matrix3d& I_PntC, double m, const Eigen::Vector3d& r_CB) {
  return I_PntC + m * (r_CB.squaredNorm() * Eigen::Matrix3d::Identity() - r_CB * r_CB.transpose());
}

}  // namespace ramus
