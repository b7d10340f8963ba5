// Spherical pendulum: docs/models/spherical_pendulum.md, eqs. (1)–(11).
#include "ramus/systems/spherical_pendulum.hpp"

#include <cmath>
#include <numbers>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

using validation::to_text;

/// Everything eqs. (1)–(3) and (7) give for one (x, ω): written by kinematics() and contributions(),
/// read by the later stages of the same evaluation.
struct SphericalPendulumWorkspace final : EffectorWorkspace {
  Eigen::Vector3d r = Eigen::Vector3d::Zero();                          ///< [m] r_PcB_B, eq. (1)
  Eigen::Vector3d rPrime = Eigen::Vector3d::Zero();                     ///< [m/s] B-frame velocity, eq. (2)
  Eigen::Matrix<double, 3, 2> J = Eigen::Matrix<double, 3, 2>::Zero();  ///< [m/rad] ∂r/∂(φ, θ), eq. (2)
  Eigen::Vector3d kappa = Eigen::Vector3d::Zero();                      ///< [m/s²] quadratic-rate part of r'', eq. (3)
  Eigen::Matrix<double, 2, 3> A_q = Eigen::Matrix<double, 2, 3>::Zero();  ///< [rad/m] eq. (7)
  Eigen::Matrix<double, 2, 3> B_q = Eigen::Matrix<double, 2, 3>::Zero();  ///< [1] eq. (7)
  Eigen::Vector2d c_q = Eigen::Vector2d::Zero();                          ///< [rad/s²] eq. (7)
};

/// Symmetric to 1e-12 of its norm and positive semi-definite (eigenvalues ≥ −1e-12 of its norm).
void require_damping_matrix(const std::string& owner, const std::string& field, const Eigen::Matrix3d& D) {
  if (!D.allFinite()) throw ConfigurationError(owner, field, to_text(D), "must be finite");
  const double scale = D.norm();
  if ((D - D.transpose()).norm() > 1e-12 * scale)
    throw ConfigurationError(owner, field, to_text(D), "must be symmetric");
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(D, Eigen::EigenvaluesOnly);
  if (eig.eigenvalues().minCoeff() < -1e-12 * scale)
    throw ConfigurationError(
        owner, field, to_text(D),
        "must be positive semi-definite (smallest eigenvalue " + to_text(eig.eigenvalues().minCoeff()) + ")");
}

}  // namespace

SphericalPendulum::SphericalPendulum(std::string name, const SphericalPendulumConfig& c)
    : StateEffector(std::move(name)),
      m_(c.mass.value()),
      l_(c.length.value()),
      r_TB_B_(c.r_TB_B.si()),
      dcm_P0B_(c.dcm_P0B),
      D_P0_(c.D_P0),
      phi0_(c.phi0.value()),
      theta0_(c.theta0.value()),
      phiDot0_(c.phiDot0.value()),
      thetaDot0_(c.thetaDot0.value()) {
  const std::string owner = label();
  validation::require_positive(owner, {{"mass [kg]", m_}, {"length [m]", l_}});
  validation::require_finite(owner, "r_TB_B [m]", r_TB_B_);
  validation::require_rotation(owner, "dcm_P0B", dcm_P0B_);
  require_damping_matrix(owner, "D_P0 [N s/m]", D_P0_);
  validation::require_finite(owner, "phi0 [rad]", phi0_);
  validation::require_finite(owner, "theta0 [rad]", theta0_);
  // eq. (7) divides by l cos θ: the chart is singular at θ = ±π/2 (the rod along ±p̂3).
  if (!(std::abs(theta0_) < 0.5 * std::numbers::pi - 1e-6))
    throw ConfigurationError(owner, "theta0 [rad]", to_text(theta0_),
                             "must satisfy |theta0| < pi/2 (the angles are singular at +-pi/2)");
  validation::require_finite(owner, {{"phiDot0 [rad/s]", phiDot0_}, {"thetaDot0 [rad/s]", thetaDot0_}});
  D_B_ = dcm_P0B_.transpose() * D_P0_ * dcm_P0B_;  // eq. (5)
}

Eigen::Vector3d SphericalPendulum::r_PcB_B(double phi, double theta) const {
  const Eigen::Vector3d e_r(std::cos(phi) * std::cos(theta), std::sin(phi) * std::cos(theta), -std::sin(theta));
  return r_TB_B_ + l_ * (dcm_P0B_.transpose() * e_r);  // eq. (1)
}

std::vector<StateBlockSpec> SphericalPendulum::state_blocks() const {
  return {{"phi", 1, "rad"}, {"theta", 1, "rad"}, {"phiDot", 1, "rad/s"}, {"thetaDot", 1, "rad/s"}};
}

void SphericalPendulum::write_initial_state(StateBlockRef x) const {
  x[0] = phi0_;
  x[1] = theta0_;
  x[2] = phiDot0_;
  x[3] = thetaDot0_;
}

std::unique_ptr<EffectorWorkspace> SphericalPendulum::make_workspace() const {
  return std::make_unique<SphericalPendulumWorkspace>();
}

void SphericalPendulum::kinematics(const EvaluationContext&, ConstStateBlock x, EffectorWorkspace& ws_base) const {
  // No segment frame to publish; the point's geometry serves the later stages.
  auto& ws = static_cast<SphericalPendulumWorkspace&>(ws_base);
  const double phi = x[0], theta = x[1], phiDot = x[2], thetaDot = x[3];
  const double cp = std::cos(phi), sp = std::sin(phi), ct = std::cos(theta), st = std::sin(theta);
  const Eigen::Matrix3d dcm_BP0 = dcm_P0B_.transpose();
  // eq. (1): the orthonormal triad (ê_r, ê_φ, ê_θ) and ê_ρ = cos θ ê_r − sin θ ê_θ, in B
  const Eigen::Vector3d e_r = dcm_BP0 * Eigen::Vector3d(cp * ct, sp * ct, -st);
  const Eigen::Vector3d e_phi = dcm_BP0 * Eigen::Vector3d(-sp, cp, 0.0);
  const Eigen::Vector3d e_theta = dcm_BP0 * Eigen::Vector3d(-cp * st, -sp * st, -ct);
  const Eigen::Vector3d e_rho = dcm_BP0 * Eigen::Vector3d(cp, sp, 0.0);
  ws.r = r_TB_B_ + l_ * e_r;
  // eq. (2)
  ws.J.col(0) = l_ * ct * e_phi;
  ws.J.col(1) = l_ * e_theta;
  ws.rPrime = ws.J.col(0) * phiDot + ws.J.col(1) * thetaDot;
  // eq. (3)
  ws.kappa = -l_ * (ct * phiDot * phiDot * e_rho + 2.0 * st * phiDot * thetaDot * e_phi + thetaDot * thetaDot * e_r);
}

CentreOfMass SphericalPendulum::mass_properties(const EvaluationContext&, ConstStateBlock,
                                                EffectorWorkspace& ws_base) const {
  const auto& ws = static_cast<const SphericalPendulumWorkspace&>(ws_base);
  return {m_, ws.r, ws.rPrime, 0.0};  // eq. (4)
}

void SphericalPendulum::contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws_base,
                                      HubSystem& s) const {
  auto& ws = static_cast<SphericalPendulumWorkspace&>(ws_base);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Vector3d& r = ws.r;
  const Eigen::Vector3d& rPrime = ws.rPrime;
  const Eigen::Vector3d g_B = ctx.hub.dcm_FN * ctx.g_N;
  const Eigen::Vector3d F_d = -D_B_ * rPrime;  // eq. (5)
  // eq. (7): (JᵀJ)⁻¹Jᵀ has rows ê_φᵀ/(l cos θ) and ê_θᵀ/l
  const double ct = std::cos(x[1]);
  Eigen::Matrix<double, 2, 3> Jplus;
  Jplus.row(0) = ws.J.col(0).transpose() / (l_ * l_ * ct * ct);
  Jplus.row(1) = ws.J.col(1).transpose() / (l_ * l_);
  const Eigen::Matrix3d rTilde = tilde(r);
  ws.A_q = -Jplus;
  ws.B_q.noalias() = Jplus * rTilde;
  const Eigen::Vector3d f = g_B + F_d / m_ - 2.0 * omega.cross(rPrime) - omega.cross(omega.cross(r)) - ws.kappa;
  ws.c_q.noalias() = Jplus * f;
  // eq. (9): the hub rows receive m r'' = m (J q̈ + κ) and m r × r'' + m ω × (r × r')
  const Eigen::Matrix<double, 3, 2> mJ = m_ * ws.J;
  const Eigen::Matrix<double, 3, 2> mrJ = rTilde * mJ;
  s.A.noalias() += mJ * ws.A_q;
  s.B.noalias() += mJ * ws.B_q;
  s.C.noalias() += mrJ * ws.A_q;
  s.D.noalias() += mrJ * ws.B_q;
  const Eigen::Vector3d rest = m_ * (ws.J * ws.c_q + ws.kappa);
  s.vecTrans -= rest;
  s.vecRot -= r.cross(rest) + m_ * omega.cross(r.cross(rPrime));
  add_rigid_rows(point_mass(m_, r, rPrime), omega, s);  // eq. (4): the point mass's rigid rows
}

Eigen::Vector3d SphericalPendulum::derivatives(const EvaluationContext& ctx, ConstStateBlock x,
                                               EffectorWorkspace& ws_base, StateBlockRef dxdt) const {
  const auto& ws = static_cast<const SphericalPendulumWorkspace&>(ws_base);
  // eq. (10)
  const Eigen::Vector2d qDDot = ws.A_q * ctx.acc.rDDot_BN_B + ws.B_q * ctx.acc.omegaDot_BN_B + ws.c_q;
  dxdt[0] = x[2];
  dxdt[1] = x[3];
  dxdt[2] = qDDot[0];
  dxdt[3] = qDDot[1];
  return inertial_relative_acceleration(m_, ws.r, ws.rPrime, m_ * (ws.J * qDDot + ws.kappa), ctx.hub.omega_FN_F,
                                        ctx.acc.omegaDot_BN_B);
}

EnergyMomentumContribution SphericalPendulum::energy_momentum(const EvaluationContext& ctx, ConstStateBlock,
                                                              const EffectorWorkspace& ws_base) const {
  const auto& ws = static_cast<const SphericalPendulumWorkspace&>(ws_base);
  const Eigen::Vector3d rDot = ws.rPrime + ctx.hub.omega_FN_F.cross(ws.r);
  // eq. (11)
  EnergyMomentumContribution e;
  e.H_PntB_B = m_ * ws.r.cross(rDot);
  e.kinetic_energy = 0.5 * m_ * rDot.squaredNorm();
  return e;
}

}  // namespace ramus
