// A momentum wheel: docs/adding_an_effector.md, eqs. (W1)–(W5).
#include "momentum_wheel.hpp"

#include "ramus/kernel/back_substitution.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::example {

MomentumWheel::MomentumWheel(std::string name, const MomentumWheelConfig& c)
    : StateEffector(std::move(name)), Js_(c.Js), u_(c.u), Omega0_(c.Omega0) {
  // Bad parameters are refused here, each named with its field and value (docs/architecture.md §D10).
  const std::string owner = label();
  validation::require_unit_vector(owner, "gHat_B", c.gHat_B);
  validation::require_finite(owner, "r_WB_B [m]", c.r_WB_B);
  validation::require_non_negative(owner, "m [kg]", c.m);
  validation::require_positive(owner, "Js [kg m^2]", c.Js);
  validation::require_non_negative(owner, "Jt [kg m^2]", c.Jt);
  validation::require_finite(owner, "u [N m]", c.u);
  validation::require_finite(owner, "Omega0 [rad/s]", c.Omega0);
  gHat_B_ = c.gHat_B.normalized();
  // (W1): axisymmetric about ĝ, so constant in B whatever the rotor angle
  const Eigen::Matrix3d gg = gHat_B_ * gHat_B_.transpose();
  I_PntWc_B_ = c.Js * gg + c.Jt * (Eigen::Matrix3d::Identity() - gg);
  body_.m = c.m;
  body_.r_CB_B = c.r_WB_B;
  body_.I_PntB_B = parallel_axis(I_PntWc_B_, c.m, c.r_WB_B);
}

std::vector<StateBlockSpec> MomentumWheel::state_blocks() const { return {{"Omega", 1, "rad/s"}}; }

void MomentumWheel::write_initial_state(StateBlockRef x) const { x[0] = Omega0_; }

CentreOfMass MomentumWheel::mass_properties(const EvaluationContext&, ConstStateBlock, EffectorWorkspace&) const {
  return centre_of_mass(body_);  // (W1)
}

void MomentumWheel::contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace&,
                                  HubSystem& s) const {
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  add_rigid_rows(body_, omega, s);  // (W1): the rotor as a rigid body of the hub
  // (W3): Js Ω̇ ĝ + Js Ω ω × ĝ joins the rotational row, with Js Ω̇ = u − Js ĝᵀω̇ from (W2)
  s.D.noalias() -= Js_ * gHat_B_ * gHat_B_.transpose();
  s.vecRot -= u_ * gHat_B_ + Js_ * x[0] * omega.cross(gHat_B_);
}

Eigen::Vector3d MomentumWheel::derivatives(const EvaluationContext& ctx, ConstStateBlock, EffectorWorkspace&,
                                           StateBlockRef dxdt) const {
  dxdt[0] = u_ / Js_ - gHat_B_.dot(ctx.acc.omegaDot_BN_B);  // (W2)
  // (W4): the centre is fixed in B (r' = r'' = 0)
  return inertial_relative_acceleration(body_.m, body_.r_CB_B, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(),
                                        ctx.hub.omega_FN_F, ctx.acc.omegaDot_BN_B);
}

EnergyMomentumContribution MomentumWheel::energy_momentum(const EvaluationContext& ctx, ConstStateBlock x,
                                                          const EffectorWorkspace&) const {
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Vector3d omega_WN_B = omega + x[0] * gHat_B_;
  const Eigen::Vector3d rDot_WB_B = omega.cross(body_.r_CB_B);
  EnergyMomentumContribution e;  // (W5)
  e.H_PntB_B = I_PntWc_B_ * omega_WN_B + body_.m * body_.r_CB_B.cross(rDot_WB_B);
  e.kinetic_energy = 0.5 * omega_WN_B.dot(I_PntWc_B_ * omega_WN_B) + 0.5 * body_.m * rDot_WB_B.squaredNorm();
  return e;
}

}  // namespace ramus::example
