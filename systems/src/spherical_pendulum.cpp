// Spherical pendulum: docs/models/spherical_pendulum.md, eqs. (1)–(11).
#include "ramus/systems/spherical_pendulum.hpp"

#include <cmath>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

using validation::to_text;

/// Everything eq. (14) and (15) give for one (x, ω): written by kinematics() and contributions(),
/// read by the later stages of the same evaluation.
struct SphericalPendulumWorkspace final : EffectorWorkspace {
  double rho = 1.0;                                  ///< [1] |u|, eq. (14)
  double sigma = 0.0;                                ///< [1/s] ê·u̇, eq. (14)
  Eigen::Vector3d e_P0 = Eigen::Vector3d::UnitX();   ///< [1] ê = u/|u| in P0, eq. (14)
  Eigen::Vector3d v_P0 = Eigen::Vector3d::Zero();    ///< [1/s] ê' in P0, eq. (14)
  Eigen::Vector3d e = Eigen::Vector3d::UnitX();      ///< [1] ê in B
  Eigen::Vector3d v = Eigen::Vector3d::Zero();       ///< [1/s] ê' in B
  Eigen::Vector3d r = Eigen::Vector3d::Zero();       ///< [m] r_PcB_B, eq. (14)
  Eigen::Vector3d rPrime = Eigen::Vector3d::Zero();  ///< [m/s] B-frame velocity, eq. (14)
  Eigen::Matrix3d A_e = Eigen::Matrix3d::Zero();     ///< [1/m] eq. (15)
  Eigen::Matrix3d B_e = Eigen::Matrix3d::Zero();     ///< [1] eq. (15)
  Eigen::Vector3d c_e = Eigen::Vector3d::Zero();     ///< [1/s²] eq. (15)
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
  // Any finite θ0: the state is the rod's direction (eq. 17), which has no singular direction.
  validation::require_finite(owner, "theta0 [rad]", theta0_);
  validation::require_finite(owner, {{"phiDot0 [rad/s]", phiDot0_}, {"thetaDot0 [rad/s]", thetaDot0_}});
  D_B_ = dcm_P0B_.transpose() * D_P0_ * dcm_P0B_;  // eq. (5)
}

Eigen::Vector3d SphericalPendulum::r_PcB_B(double phi, double theta) const {
  const Eigen::Vector3d e_r(std::cos(phi) * std::cos(theta), std::sin(phi) * std::cos(theta), -std::sin(theta));
  return r_TB_B_ + l_ * (dcm_P0B_.transpose() * e_r);  // eq. (1)
}

Eigen::Vector3d SphericalPendulum::r_PcB_B(const Eigen::Vector3d& u_P0) const {
  return r_TB_B_ + l_ * (dcm_P0B_.transpose() * u_P0.normalized());  // eq. (14)
}

std::vector<StateBlockSpec> SphericalPendulum::state_blocks() const {
  return {{"u_P0", 3, "1"}, {"uDot_P0", 3, "1/s"}};
}

void SphericalPendulum::write_initial_state(StateBlockRef x) const {
  // eq. (17): ê and ê' of the angles of eq. (1); at θ0 = ±π/2 φ0 only orients ê_θ and φ̇0 drops out
  const double cp = std::cos(phi0_), sp = std::sin(phi0_), ct = std::cos(theta0_), st = std::sin(theta0_);
  const Eigen::Vector3d e_phi(-sp, cp, 0.0), e_theta(-cp * st, -sp * st, -ct);
  x.segment<3>(0) = Eigen::Vector3d(cp * ct, sp * ct, -st);
  x.segment<3>(3) = ct * phiDot0_ * e_phi + thetaDot0_ * e_theta;
}

std::vector<StateEffector::OutputSpec> SphericalPendulum::outputs() const {
  return {{"phi", 1, "rad"}, {"theta", 1, "rad"}, {"phiDot", 1, "rad/s"}, {"thetaDot", 1, "rad/s"}};
}

void SphericalPendulum::write_output(std::size_t i, ConstStateBlock x, std::span<double> out) const {
  if (i > 3) return StateEffector::write_output(i, x, out);
  // eq. (19): the angles of ê = u/|u| and their rates from ê' (eq. 14)
  const Eigen::Vector3d u = x.segment<3>(0), w = x.segment<3>(3);
  const double rho = u.norm();
  const Eigen::Vector3d e = u / rho, v = (w - e.dot(w) * e) / rho;
  const double h2 = e.x() * e.x() + e.y() * e.y(), h = std::sqrt(h2);
  double value = 0.0;
  if (i == 0) value = h > 0.0 ? std::atan2(e.y(), e.x()) : 0.0;
  if (i == 1) value = std::atan2(-e.z(), h);
  if (i == 2) value = h > 0.0 ? (e.x() * v.y() - e.y() * v.x()) / h2 : 0.0;
  if (i == 3) value = h > 0.0 ? e.z() * (e.x() * v.x() + e.y() * v.y()) / h - h * v.z() : 0.0;
  out[0] = value;
}

std::unique_ptr<EffectorWorkspace> SphericalPendulum::make_workspace() const {
  return std::make_unique<SphericalPendulumWorkspace>();
}

void SphericalPendulum::kinematics(const EvaluationContext&, ConstStateBlock x, EffectorWorkspace& ws_base) const {
  // No segment frame to publish; the point's geometry serves the later stages.
  auto& ws = static_cast<SphericalPendulumWorkspace&>(ws_base);
  const Eigen::Vector3d u = x.segment<3>(0), w = x.segment<3>(3);
  ws.rho = u.norm();
  if (!u.allFinite() || !w.allFinite() || !std::isfinite(ws.rho) || !(ws.rho > 0.0))
    throw ConfigurationError(label(), "u_P0 (state)", to_text(u),
                             "must be a finite vector of non-zero length (with a finite rate)");
  // eq. (14): the unit vector and its exact rate along u̇ = w, whatever |u| and u·w have drifted to
  ws.e_P0 = u / ws.rho;
  ws.sigma = ws.e_P0.dot(w);
  ws.v_P0 = (w - ws.sigma * ws.e_P0) / ws.rho;
  const Eigen::Matrix3d dcm_BP0 = dcm_P0B_.transpose();
  ws.e = dcm_BP0 * ws.e_P0;
  ws.v = dcm_BP0 * ws.v_P0;
  ws.r = r_TB_B_ + l_ * ws.e;
  ws.rPrime = l_ * ws.v;
}

CentreOfMass SphericalPendulum::mass_properties(const EvaluationContext&, ConstStateBlock,
                                                EffectorWorkspace& ws_base) const {
  const auto& ws = static_cast<const SphericalPendulumWorkspace&>(ws_base);
  return {m_, ws.r, ws.rPrime, 0.0};  // eq. (4)
}

void SphericalPendulum::contributions(const EvaluationContext& ctx, ConstStateBlock, EffectorWorkspace& ws_base,
                                      HubSystem& s) const {
  auto& ws = static_cast<SphericalPendulumWorkspace&>(ws_base);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Vector3d& r = ws.r;
  const Eigen::Vector3d& rPrime = ws.rPrime;
  const Eigen::Vector3d g_B = ctx.hub.dcm_FN * ctx.g_N;
  const Eigen::Vector3d F_d = -D_B_ * rPrime;  // eq. (5)
  // eq. (15): the projector on the plane normal to the rod takes the place of J J⁺; no division
  // but by l
  const Eigen::Matrix3d P = Eigen::Matrix3d::Identity() - ws.e * ws.e.transpose();
  const Eigen::Matrix3d rTilde = tilde(r);
  ws.A_e = -P / l_;
  ws.B_e.noalias() = P * rTilde / l_;
  const Eigen::Vector3d f = g_B + F_d / m_ - 2.0 * omega.cross(rPrime) - omega.cross(omega.cross(r));
  ws.c_e.noalias() = P * f / l_;
  ws.c_e -= ws.v.squaredNorm() * ws.e;
  // eq. (16): the hub rows receive m r'' = m l ê'' and m r × r'' + m ω × (r × r')
  const Eigen::Matrix3d mP = m_ * P;
  const Eigen::Matrix3d rmP = rTilde * mP;
  s.A -= mP;
  s.B.noalias() += mP * rTilde;
  s.C -= rmP;
  s.D.noalias() += rmP * rTilde;
  const Eigen::Vector3d rest = m_ * l_ * ws.c_e;
  s.vecTrans -= rest;
  s.vecRot -= r.cross(rest) + m_ * omega.cross(r.cross(rPrime));
  add_rigid_rows(point_mass(m_, r, rPrime), omega, s);  // eq. (4): the point mass's rigid rows
}

Eigen::Vector3d SphericalPendulum::derivatives(const EvaluationContext& ctx, ConstStateBlock x,
                                               EffectorWorkspace& ws_base, StateBlockRef dxdt) const {
  const auto& ws = static_cast<const SphericalPendulumWorkspace&>(ws_base);
  // eq. (15): ê'' (B components), then eq. (18): the lifted (u̇, ẅ) whose ê = u/|u| has exactly
  // this ê'' for any |u| and u·u̇
  const Eigen::Vector3d eDDot = ws.A_e * ctx.acc.rDDot_BN_B + ws.B_e * ctx.acc.omegaDot_BN_B + ws.c_e;
  const Eigen::Vector3d w = x.segment<3>(3);
  const Eigen::Vector3d alpha_t_P0 = dcm_P0B_ * eDDot + ws.v_P0.squaredNorm() * ws.e_P0;  // tangential part
  dxdt.segment<3>(0) = w;
  dxdt.segment<3>(3) = ws.rho * alpha_t_P0 + 2.0 * ws.sigma * ws.v_P0 - (w.squaredNorm() / ws.rho) * ws.e_P0;
  return inertial_relative_acceleration(m_, ws.r, ws.rPrime, m_ * l_ * eDDot, ctx.hub.omega_FN_F,
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
