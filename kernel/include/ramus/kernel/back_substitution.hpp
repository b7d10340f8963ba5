// The hub's 6×6 back-substitution system and its solve (docs/architecture.md eqs. 4–7).
//   [A B; C D] [rDDot_BN_B; omegaDot_BN_B] = [vecTrans; vecRot]
// All blocks in B components; the rotational row is about point B. Every state effector adds its
// contribution; the hub adds its own terms, gravity and the external loads.
#pragma once

#include <Eigen/Dense>

#include "ramus/kernel/mass_properties.hpp"

namespace ramus {

struct HubSystem {
  Eigen::Matrix3d A = Eigen::Matrix3d::Zero();         ///< [kg]
  Eigen::Matrix3d B = Eigen::Matrix3d::Zero();         ///< [kg m]
  Eigen::Matrix3d C = Eigen::Matrix3d::Zero();         ///< [kg m]
  Eigen::Matrix3d D = Eigen::Matrix3d::Zero();         ///< [kg m²]
  Eigen::Vector3d vecTrans = Eigen::Vector3d::Zero();  ///< [N]
  Eigen::Vector3d vecRot = Eigen::Vector3d::Zero();    ///< [N m]

  void set_zero();
  HubSystem& operator+=(const HubSystem& other);
};

/// Hub accelerations: the unknowns of the hub system.
struct HubAccelerations {
  Eigen::Vector3d rDDot_BN_B = Eigen::Vector3d::Zero();     ///< [m/s²] inertial acceleration of B, in B
  Eigen::Vector3d omegaDot_BN_B = Eigen::Vector3d::Zero();  ///< [rad/s²] inertial = B-frame derivative
};

/// Schur-complement solve with two unpivoted 3×3 LU factorizations (eq. 7):
///   omegaDot = (D − C A⁻¹ B)⁻¹ (vecRot − C A⁻¹ vecTrans),  rDDot = A⁻¹ (vecTrans − B omegaDot).
/// No allocation. A singular system yields non-finite accelerations; Model::finalize() checks the
/// initial state's system so that configuration errors are reported there.
HubAccelerations solve_hub_system(const HubSystem& s);

/// The rigid rows of a body with mass properties p about the hub origin, in a frame rotating at
/// omega (architecture.md eqs. 4–5 without the loads): A += m 1, B −= m [c×], C += m [c×],
/// D += I, vecTrans −= 2 m ω × c' + m ω × (ω × c), vecRot −= ω × I ω + I' ω.
void add_rigid_rows(const MassProperties& p, const Eigen::Vector3d& omega, HubSystem& s);

/// m r̈: a body's mass times the inertial acceleration of its centre of mass relative to that of B
/// (B components), from its mass m, its centre r_CB_B, their B-frame rates and its B-frame m r''
/// (the transport terms of eq. 9): m r̈ = m r'' + 2 ω × m r' + ω̇ × m r + ω × (ω × m r).
inline Eigen::Vector3d inertial_relative_acceleration(double m, const Eigen::Vector3d& r_CB_B,
                                                      const Eigen::Vector3d& rPrime_CB_B,
                                                      const Eigen::Vector3d& m_rPrimePrime_CB_B,
                                                      const Eigen::Vector3d& omega_BN_B,
                                                      const Eigen::Vector3d& omegaDot_BN_B) {
  const Eigen::Vector3d m_r = m * r_CB_B;
  return m_rPrimePrime_CB_B + omega_BN_B.cross(2.0 * m * rPrime_CB_B + omega_BN_B.cross(m_r)) +
         omegaDot_BN_B.cross(m_r);
}

}  // namespace ramus
