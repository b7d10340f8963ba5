// Mass properties about the hub origin B, in B components (docs/architecture.md eq. 2).
#pragma once

#include <Eigen/Dense>

namespace ramus {

/// Mass properties of one rigid body or a set of them, about B. "Prime" is the time derivative as
/// seen in the body frame B. add_rigid_rows() turns them into a body's rows of eqs. (4)–(5).
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
};

/// What the vehicle's centre of mass needs of one state effector (eq. 2): its mass, the centre of
/// that mass and its B-frame rate, and its mass rate. The effector's inertia enters only through
/// its own contributions() (docs/adding_an_effector.md).
struct CentreOfMass {
  double m = 0.0;                                         ///< [kg]
  Eigen::Vector3d r_CB_B = Eigen::Vector3d::Zero();       ///< [m] its centre of mass relative to B
  Eigen::Vector3d rPrime_CB_B = Eigen::Vector3d::Zero();  ///< [m/s] its B-frame derivative (of the material, §6)
  double mDot = 0.0;                                      ///< [kg/s] 0 but for mass depletion (architecture.md §6)
  /// [kg m/s] ṁ r_OB_B, the first moment's rate from the mass leaving at its removal point O, so
  /// that d(m r_CB_B)/dt = m rPrime_CB_B + mDot_r_OB_B (architecture.md eq. (15)); 0 for constant mass
  Eigen::Vector3d mDot_r_OB_B = Eigen::Vector3d::Zero();
};

/// A point mass m at r_CB_B moving at rPrime_CB_B in B: I = m (|r|² 1 − r rᵀ) and its rate
/// I' = m (2 r·r' 1 − r' rᵀ − r r'ᵀ) (eq. 2 for a particle).
inline MassProperties point_mass(double m, const Eigen::Vector3d& r_CB_B, const Eigen::Vector3d& rPrime_CB_B) {
  MassProperties p;
  p.m = m;
  p.r_CB_B = r_CB_B;
  p.rPrime_CB_B = rPrime_CB_B;
  p.I_PntB_B = m * (r_CB_B.squaredNorm() * Eigen::Matrix3d::Identity() - r_CB_B * r_CB_B.transpose());
  p.IPrime_PntB_B = m * (2.0 * r_CB_B.dot(rPrime_CB_B) * Eigen::Matrix3d::Identity() -
                         rPrime_CB_B * r_CB_B.transpose() - r_CB_B * rPrime_CB_B.transpose());
  return p;
}

/// The centre-of-mass part of p.
inline CentreOfMass centre_of_mass(const MassProperties& p) { return {p.m, p.r_CB_B, p.rPrime_CB_B, p.mDot}; }

/// Inertia about B of a body with inertia I_PntC about its centre of mass C at r_CB from B:
/// I_PntB = I_PntC + m (|r|² 1 − r rᵀ) (parallel axis).
inline Eigen::Matrix3d parallel_axis(const Eigen::Matrix3d& I_PntC, double m, const Eigen::Vector3d& r_CB) {
  return I_PntC + m * (r_CB.squaredNorm() * Eigen::Matrix3d::Identity() - r_CB * r_CB.transpose());
}

}  // namespace ramus
