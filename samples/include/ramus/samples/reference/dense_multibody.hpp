// Independent dense reference for a serial chain of revolute/prismatic joints on a floating hub
// (docs/models/serial_chain.md eq. (R1)): Kane's method in inertial (N) components with
// classical vector kinematics. It shares no code with the articulated-body recursion of
// systems/src/serial_chain.cpp; from ramus it takes only the parameter struct ChainLink and the
// rotation helpers of ramus/kernel/attitude.hpp.
//
// Unknowns x = [rDDot_BN_B; omegaDot_BN_B; qDDot_free] (inertial acceleration of the hub origin B
// and the hub's angular acceleration, both in B components, then the free joints' accelerations).
// For every body k (the hub, then the links) we form, by geometry, the Jacobians of its centre of
// mass velocity J_v,k and of its angular velocity J_w,k with respect to x, and its bias
// accelerations a_b,k, alpha_b,k (the accelerations at x = 0). Kane's equations
//   Σ_k J_v,kᵀ (F_k − m_k a_k) + J_w,kᵀ (T_k − I_k alpha_k − w_k × I_k w_k) + τ = 0
// with a_k = J_v,k x + a_b,k, alpha_k = J_w,k x + alpha_b,k give M x = h:
//   M = Σ m J_vᵀ J_v + J_wᵀ I_c J_w,   h = Σ J_vᵀ (F − m a_b) + J_wᵀ (T − I_c alpha_b − w × I_c w) + τ.
// The first three rows are the translational equation of the whole vehicle, the next three its
// rotational equation about B, both in B components (Basilisk's hub rows).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <limits>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/systems/serial_chain.hpp"

namespace ramus::samples::reference {

/// The hub: mass, inertia about its own centre of mass Bc, Bc relative to B (all B components).
struct DenseHub {
  double m = 0.0;                                       ///< [kg]
  Eigen::Matrix3d I_PntBc_B = Eigen::Matrix3d::Zero();  ///< [kg m²]
  Eigen::Vector3d r_BcB_B = Eigen::Vector3d::Zero();    ///< [m]
};

/// Joint coordinates and inputs of link i (the ChainLink's q0/qDot0/locked/u are not read).
struct DenseJoint {
  double q = 0.0;     ///< [rad] or [m]
  double qDot = 0.0;  ///< [rad/s] or [m/s]
  bool locked = false;
  double u = 0.0;                                           ///< [N m] or [N] motor input
  Eigen::Vector3d force_S = Eigen::Vector3d::Zero();        ///< [N] link wrench, S_i components
  Eigen::Vector3d torque_PntS_S = Eigen::Vector3d::Zero();  ///< [N m] about the origin of S_i
};

struct DenseProblem {
  DenseHub hub;
  Eigen::Matrix3d dcm_BN = Eigen::Matrix3d::Identity();         ///< hub attitude
  Eigen::Vector3d omega_BN_B = Eigen::Vector3d::Zero();         ///< [rad/s]
  std::vector<ChainLink> links;                                 ///< geometry, inertia, springs, dampers
  std::vector<DenseJoint> joints;                               ///< one per link
  Eigen::Vector3d g_N = Eigen::Vector3d::Zero();                ///< [m/s²] uniform gravity
  Eigen::Vector3d hub_force_B = Eigen::Vector3d::Zero();        ///< [N] on the hub
  Eigen::Vector3d hub_torque_PntB_B = Eigen::Vector3d::Zero();  ///< [N m] on the hub, about B
};

struct DenseSolution {
  Eigen::MatrixXd M;                                        ///< generalized mass matrix
  Eigen::VectorXd h;                                        ///< generalized forces minus bias terms
  Eigen::VectorXd x;                                        ///< M⁻¹ h
  Eigen::Vector3d rDDot_BN_B = Eigen::Vector3d::Zero();     ///< [m/s²]
  Eigen::Vector3d omegaDot_BN_B = Eigen::Vector3d::Zero();  ///< [rad/s²]
  Eigen::VectorXd qDDot;                                    ///< every joint; exactly 0 for a locked one
  std::vector<Eigen::Index> column;                         ///< column of joint i in x, or −1 when locked
};

inline DenseSolution dense_multibody(const DenseProblem& p) {
  const std::size_t n = p.links.size();
  const Eigen::Matrix3d R_NB = p.dcm_BN.transpose();
  DenseSolution s;
  s.column.assign(n, -1);
  Eigen::Index dim = 6;
  for (std::size_t i = 0; i < n; ++i)
    if (!p.joints[i].locked) s.column[i] = dim++;
  s.M = Eigen::MatrixXd::Zero(dim, dim);
  s.h = Eigen::VectorXd::Zero(dim);

  // Adds one body's Kane terms. Jv, Jw: 3×dim Jacobians of the c.o.m. velocity and the angular
  // velocity; a_b, alpha_b the bias accelerations; F the applied force (at the c.o.m.), T the
  // applied torque about the c.o.m.; I_c the inertia about the c.o.m.; all in N components.
  const auto add_body = [&](double m, const Eigen::Matrix3d& I_c, const Eigen::MatrixXd& Jv, const Eigen::MatrixXd& Jw,
                            const Eigen::Vector3d& a_b, const Eigen::Vector3d& alpha_b, const Eigen::Vector3d& w,
                            const Eigen::Vector3d& F, const Eigen::Vector3d& T) {
    s.M += m * Jv.transpose() * Jv + Jw.transpose() * I_c * Jw;
    s.h += Jv.transpose() * (F - m * a_b) + Jw.transpose() * (T - I_c * alpha_b - w.cross(I_c * w));
  };

  // ---- the hub -------------------------------------------------------------------------
  const Eigen::Vector3d w0 = R_NB * p.omega_BN_B;
  {
    const Eigen::Vector3d rho = R_NB * p.hub.r_BcB_B;  // Bc relative to B
    Eigen::MatrixXd Jv = Eigen::MatrixXd::Zero(3, dim), Jw = Eigen::MatrixXd::Zero(3, dim);
    Jv.block<3, 3>(0, 0) = R_NB;
    Jv.block<3, 3>(0, 3) = -tilde(rho) * R_NB;
    Jw.block<3, 3>(0, 3) = R_NB;
    const Eigen::Vector3d F_N = R_NB * p.hub_force_B;
    const Eigen::Vector3d F = p.hub.m * p.g_N + F_N;
    // Torque about Bc of a load given about B: τ_Bc = τ_B + (r_B − r_Bc) × F.
    const Eigen::Vector3d T = R_NB * p.hub_torque_PntB_B - rho.cross(F_N);
    const Eigen::Matrix3d I_c = R_NB * p.hub.I_PntBc_B * R_NB.transpose();
    add_body(p.hub.m, I_c, Jv, Jw, w0.cross(w0.cross(rho)), Eigen::Vector3d::Zero(), w0, F, T);
  }

  // ---- the links, outward: positions relative to B, in N --------------------------------
  std::vector<Eigen::Vector3d> axis_N(n), r_S(n);  // joint axes and link origins
  Eigen::Matrix3d R_NP = R_NB;                     // parent attitude
  Eigen::Vector3d r_P = Eigen::Vector3d::Zero();   // parent origin
  Eigen::Vector3d w_P = w0, alpha_b_P = Eigen::Vector3d::Zero(), a_b_P = Eigen::Vector3d::Zero();
  for (std::size_t i = 0; i < n; ++i) {
    const ChainLink& L = p.links[i];
    const DenseJoint& J = p.joints[i];
    const bool revolute = L.type == JointType::revolute;
    const double qDot = J.locked ? 0.0 : J.qDot;
    // Attitude: revolute S is S0 turned by +q about the axis; dcm_NS = dcm_NS0 · dcm_S0S.
    const Eigen::Matrix3d R_NS0 = R_NP * L.dcm_S0P.transpose();
    const Eigen::Matrix3d R_NS =
        revolute ? Eigen::Matrix3d(R_NS0 * rotation_matrix(quat_from_axis_angle(L.axis_S, J.q))) : R_NS0;
    const Eigen::Vector3d a = R_NS * L.axis_S;  // unit axis, N components
    axis_N[i] = a;
    // Lever from the parent origin to the joint origin, and its second derivative at x = 0:
    // fixed in P (revolute) or sliding along a at rate qDot (prismatic: Coriolis 2 qDot w_P × a).
    const Eigen::Vector3d lever =
        revolute ? Eigen::Vector3d(R_NP * L.r_S0P_P) : Eigen::Vector3d(R_NP * L.r_S0P_P + J.q * a);
    r_S[i] = r_P + lever;
    Eigen::Vector3d a_b_S = a_b_P + alpha_b_P.cross(lever) + w_P.cross(w_P.cross(lever));
    if (!revolute) a_b_S += 2.0 * qDot * w_P.cross(a);
    // Angular velocity and bias angular acceleration: a revolute rate adds qDot a, whose
    // derivative is qDot (w_P × a) (the axis is fixed in P).
    const Eigen::Vector3d w = revolute ? Eigen::Vector3d(w_P + qDot * a) : w_P;
    const Eigen::Vector3d alpha_b = revolute ? Eigen::Vector3d(alpha_b_P + qDot * w_P.cross(a)) : alpha_b_P;
    // Centre of mass.
    const Eigen::Vector3d c = R_NS * L.r_ScS_S;
    const Eigen::Vector3d r_c = r_S[i] + c;
    const Eigen::Vector3d a_b_c = a_b_S + alpha_b.cross(c) + w.cross(w.cross(c));
    // Geometric Jacobians of the c.o.m.: hub translation, hub rotation, each free joint j ≤ i.
    Eigen::MatrixXd Jv = Eigen::MatrixXd::Zero(3, dim), Jw = Eigen::MatrixXd::Zero(3, dim);
    Jv.block<3, 3>(0, 0) = R_NB;
    Jv.block<3, 3>(0, 3) = -tilde(r_c) * R_NB;
    Jw.block<3, 3>(0, 3) = R_NB;
    for (std::size_t j = 0; j <= i; ++j) {
      if (s.column[j] < 0) continue;
      if (p.links[j].type == JointType::revolute) {
        Jv.col(s.column[j]) = axis_N[j].cross(r_c - r_S[j]);
        Jw.col(s.column[j]) = axis_N[j];
      } else {
        Jv.col(s.column[j]) = axis_N[j];
      }
    }
    // Loads: gravity at the c.o.m.; the link wrench at S_i moved to the c.o.m.
    const Eigen::Vector3d F_ext = R_NS * J.force_S;
    const Eigen::Vector3d F = L.m * p.g_N + F_ext;
    const Eigen::Vector3d T = R_NS * J.torque_PntS_S + (r_S[i] - r_c).cross(F_ext);
    const Eigen::Matrix3d I_c = R_NS * L.I_PntSc_S * R_NS.transpose();
    add_body(L.m, I_c, Jv, Jw, a_b_c, alpha_b, w, F, T);
    // Joint generalized force on its own row.
    if (s.column[i] >= 0) s.h[s.column[i]] += J.u - L.k * (J.q - L.q_ref) - L.c * (J.qDot - L.qDot_ref);
    R_NP = R_NS;
    r_P = r_S[i];
    w_P = w;
    alpha_b_P = alpha_b;
    a_b_P = a_b_S;
  }

  // Cholesky: M is symmetric positive definite.
  s.x = s.M.llt().solve(s.h);
  s.rDDot_BN_B = s.x.segment<3>(0);
  s.omegaDot_BN_B = s.x.segment<3>(3);
  s.qDDot = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i)
    if (s.column[i] >= 0) s.qDDot[static_cast<Eigen::Index>(i)] = s.x[s.column[i]];
  return s;
}

/// Coupling rows qDDot_free = K x_hub + k0 of the dense system: with the hub rows eliminated the
/// other way round, K = −M_qq⁻¹ M_qb and k0 = M_qq⁻¹ h_q (x_hub = [rDDot_BN_B; omegaDot_BN_B]).
struct DenseRows {
  Eigen::MatrixXd K;   ///< nf × 6
  Eigen::VectorXd k0;  ///< nf
};

inline DenseRows dense_rows(const DenseSolution& s) {
  const Eigen::Index nf = s.M.rows() - 6;
  DenseRows r;
  const Eigen::MatrixXd Mqq = s.M.bottomRightCorner(nf, nf);
  const auto llt = Mqq.llt();
  r.K = -llt.solve(Eigen::MatrixXd(s.M.bottomLeftCorner(nf, 6)));
  r.k0 = llt.solve(Eigen::VectorXd(s.h.tail(nf)));
  return r;
}

}  // namespace ramus::samples::reference

namespace ramus::reference {
using namespace ramus::samples::reference;  // the 0.1 name of this namespace (CHANGELOG.md); removed in 0.3
}  // namespace ramus::reference
