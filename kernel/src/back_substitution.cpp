#include "ramus/kernel/back_substitution.hpp"

#include <Eigen/LU>

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
  const Eigen::PartialPivLU<Eigen::Matrix3d> luA(s.A);
  const Eigen::Matrix3d Ainv_B = luA.solve(s.B);
  const Eigen::Vector3d Ainv_vecTrans = luA.solve(s.vecTrans);
  const Eigen::Matrix3d schur = s.D - s.C * Ainv_B;
  HubAccelerations acc;
  acc.omegaDot_BN_B = Eigen::PartialPivLU<Eigen::Matrix3d>(schur).solve(s.vecRot - s.C * Ainv_vecTrans);
  acc.rDDot_BN_B = Ainv_vecTrans - Ainv_B * acc.omegaDot_BN_B;
  return acc;
}

}  // namespace ramus
