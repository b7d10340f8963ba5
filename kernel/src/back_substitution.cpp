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

namespace {

/// Doolittle LU of a 3×3 matrix without pivoting (eq. 7: the matrices solved are the hub's
/// articulated mass and inertia, symmetric positive definite), with the diagonal's reciprocals.
struct LU3 {
  double l10, l20, l21, u01, u02, u12, inv0, inv1, inv2;
  explicit LU3(const Eigen::Matrix3d& a) {
    inv0 = 1.0 / a(0, 0);
    u01 = a(0, 1);
    u02 = a(0, 2);
    l10 = a(1, 0) * inv0;
    l20 = a(2, 0) * inv0;
    inv1 = 1.0 / (a(1, 1) - l10 * u01);
    u12 = a(1, 2) - l10 * u02;
    l21 = (a(2, 1) - l20 * u01) * inv1;
    inv2 = 1.0 / (a(2, 2) - l20 * u02 - l21 * u12);
  }
  Eigen::Vector3d solve(const Eigen::Vector3d& b) const {
    const double y1 = b[1] - l10 * b[0];
    const double y2 = b[2] - l20 * b[0] - l21 * y1;
    const double x2 = y2 * inv2;
    const double x1 = (y1 - u12 * x2) * inv1;
    return {(b[0] - u01 * x1 - u02 * x2) * inv0, x1, x2};
  }
};

}  // namespace

HubAccelerations solve_hub_system(const HubSystem& s) {
  // Schur complement on the 3×3 blocks, each solved by an unpivoted LU: A is the hub's
  // articulated mass (eigenvalues ≥ the hub mass) and the Schur complement its articulated
  // inertia, both symmetric positive definite for a physical vehicle.
  const LU3 A(s.A);
  Eigen::Matrix3d Ainv_B;
  for (int j = 0; j < 3; ++j) Ainv_B.col(j) = A.solve(s.B.col(j));
  const Eigen::Vector3d Ainv_vecTrans = A.solve(s.vecTrans);
  Eigen::Matrix3d schur = s.D;
  schur.noalias() -= s.C * Ainv_B;
  HubAccelerations acc;
  acc.omegaDot_BN_B = LU3(schur).solve(s.vecRot - s.C * Ainv_vecTrans);
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
