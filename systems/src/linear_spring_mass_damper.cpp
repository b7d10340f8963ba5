// Linear spring-mass-damper: docs/models/linear_spring_mass_damper.md, eqs. (1)–(10).
#include "ramus/systems/linear_spring_mass_damper.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

using validation::to_text;

/// The coupling row of eq. (5), written by contributions() and read by derivatives() of the same
/// evaluation.
struct LinearSpringMassDamperWorkspace final : EffectorWorkspace {
  Eigen::Vector3d aRho = Eigen::Vector3d::Zero();  ///< [1]
  Eigen::Vector3d bRho = Eigen::Vector3d::Zero();  ///< [m]
  double cRho = 0.0;                               ///< [m/s²]
};

}  // namespace

LinearSpringMassDamper::LinearSpringMassDamper(std::string name, const LinearSpringMassDamperConfig& config)
    : StateEffector(std::move(name)),
      m_(config.mass.value()),
      pHat_B_(config.pHat_B),
      r_PB_B_(config.r_PB_B.si()),
      k_(config.k.value()),
      c_(config.c.value()),
      rho0_(config.rho0.value()),
      rhoDot0_(config.rhoDot0.value()) {
  const std::string owner = label();
  validation::require_positive(owner, "mass [kg]", m_);
  validation::require_unit_vector(owner, "pHat_B", pHat_B_);
  pHat_B_.normalize();  // within 1e-9 of the given direction; eq. (4) assumes |p̂| = 1 exactly
  validation::require_finite(owner, "r_PB_B [m]", r_PB_B_);
  validation::require_non_negative(owner, {{"k [N/m]", k_}, {"c [N s/m]", c_}});
  validation::require_finite(owner, {{"rho0 [m]", rho0_}, {"rhoDot0 [m/s]", rhoDot0_}});
}

std::vector<StateBlockSpec> LinearSpringMassDamper::state_blocks() const {
  return {{"rho", 1, "m"}, {"rhoDot", 1, "m/s"}};
}

void LinearSpringMassDamper::write_initial_state(StateBlockRef x) const {
  x[0] = rho0_;
  x[1] = rhoDot0_;
}

std::unique_ptr<EffectorWorkspace> LinearSpringMassDamper::make_workspace() const {
  return std::make_unique<LinearSpringMassDamperWorkspace>();
}

CentreOfMass LinearSpringMassDamper::mass_properties(const EvaluationContext&, ConstStateBlock x,
                                                     EffectorWorkspace&) const {
  return {m_, r_PB_B_ + x[0] * pHat_B_, x[1] * pHat_B_, 0.0};  // eq. (1)
}

void LinearSpringMassDamper::contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws_base,
                                           HubSystem& s) const {
  auto& ws = static_cast<LinearSpringMassDamperWorkspace&>(ws_base);
  const double rho = x[0], rhoDot = x[1];
  const Eigen::Vector3d r = r_PB_B_ + rho * pHat_B_;  // eq. (1)
  const Eigen::Vector3d rPrime = rhoDot * pHat_B_;
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Vector3d g_B = ctx.hub.dcm_FN * ctx.g_N;
  // eq. (5). The Coriolis term −2 p̂·(ω × r') of Basilisk's c_rho vanishes identically (r' ∥ p̂).
  ws.aRho = -pHat_B_;
  ws.bRho = pHat_B_.cross(r);
  ws.cRho = pHat_B_.dot(g_B) - (k_ * rho + c_ * rhoDot) / m_ - pHat_B_.dot(omega.cross(omega.cross(r)));
  // eq. (7)
  s.A.noalias() += m_ * pHat_B_ * ws.aRho.transpose();
  s.B.noalias() += m_ * pHat_B_ * ws.bRho.transpose();
  s.C.noalias() -= m_ * ws.bRho * ws.aRho.transpose();
  s.D.noalias() -= m_ * ws.bRho * ws.bRho.transpose();
  s.vecTrans -= m_ * ws.cRho * pHat_B_;
  s.vecRot += m_ * ws.cRho * ws.bRho - m_ * omega.cross(r.cross(rPrime));
  add_rigid_rows(point_mass(m_, r, rPrime), omega, s);  // eq. (2): the point mass's rigid rows
}

Eigen::Vector3d LinearSpringMassDamper::derivatives(const EvaluationContext& ctx, ConstStateBlock x,
                                                    EffectorWorkspace& ws_base, StateBlockRef dxdt) const {
  const auto& ws = static_cast<const LinearSpringMassDamperWorkspace&>(ws_base);
  // eq. (8)
  const double rhoDDot = ws.aRho.dot(ctx.acc.rDDot_BN_B) + ws.bRho.dot(ctx.acc.omegaDot_BN_B) + ws.cRho;
  dxdt[0] = x[1];
  dxdt[1] = rhoDDot;
  return inertial_relative_acceleration(m_, r_PB_B_ + x[0] * pHat_B_, x[1] * pHat_B_, m_ * rhoDDot * pHat_B_,
                                        ctx.hub.omega_FN_F, ctx.acc.omegaDot_BN_B);
}

EnergyMomentumContribution LinearSpringMassDamper::energy_momentum(const EvaluationContext& ctx, ConstStateBlock x,
                                                                   const EffectorWorkspace&) const {
  const double rho = x[0];
  const Eigen::Vector3d r = r_PB_B_ + rho * pHat_B_;
  const Eigen::Vector3d rDot = x[1] * pHat_B_ + ctx.hub.omega_FN_F.cross(r);
  // eq. (9)
  EnergyMomentumContribution e;
  e.H_PntB_B = m_ * r.cross(rDot);
  e.kinetic_energy = 0.5 * m_ * rDot.squaredNorm();
  e.potential_energy = 0.5 * k_ * rho * rho;
  return e;
}

}  // namespace ramus
