#include "ramus/kernel/back_substitution.hpp"

#include <Eigen/LU>  // fixed-size inverse()

#include "ramus/kernel/attitude.hpp"

namespace ramus {

void HubSystem::set_zero() {
  A.setZero();
  B.setZero();
  C.setZero();
  D.setZero();
  vecTrans.setZero();
  vecRot.setZero();
}

HubSystem& HubSystem::operator+=(const HubSystem& o) {
  A += o.A;
  B += o.B;
  C += o.C;
  D += o.D;
  vecTrans += o.vecTrans;
  vecRot += o.vecRot;
  return *this;
}

HubAccelerations solve_hub_system(const HubSystem& s) {
  // Closed-form 3×3 inverses (cofactors): A is the hub's articulated mass (eigenvalues ≥ the hub
  // mass) and the Schur complement its articulated inertia, both symmetric positive definite
  // for a physical vehicle, so no pivoting is needed.
  const Eigen::Matrix3d A_inv = s.A.inverse();
  const Eigen::Matrix3d Ainv_B = A_inv * s.B;
  const Eigen::Vector3d Ainv_vecTrans = A_inv * s.vecTrans;
  const Eigen::Matrix3d schur = s.D - s.C * Ainv_B;
  HubAccelerations acc;
  acc.omegaDot_BN_B = schur.inverse() * (s.vecRot - s.C * Ainv_vecTrans);
  acc.rDDot_BN_B = Ainv_vecTrans - Ainv_B * acc.omegaDot_BN_B;
  return acc;
}

void add_rigid_rows(const MassProperties& p, const Eigen::Vector3d& omega, HubSystem& s) {
  const Eigen::Vector3d m_c = p.m * p.r_CB_B;
  const Eigen::Matrix3d m_c_tilde = tilde(m_c);
  s.A.diagonal().array() += p.m;
  s.B -= m_c_tilde;
  s.C += m_c_tilde;
  s.D += p.I_PntB_B;
  s.vecTrans -= 2.0 * p.m * omega.cross(p.rPrime_CB_B) + omega.cross(omega.cross(m_c));
  s.vecRot -= omega.cross(p.I_PntB_B * omega) + p.IPrime_PntB_B * omega;
}

}  // namespace ramus
