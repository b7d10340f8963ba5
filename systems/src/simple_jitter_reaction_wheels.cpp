// Reaction wheels with simple jitter: docs/models/simple_jitter_reaction_wheels.md, eqs. (1)–(4).
#include "ramus/systems/simple_jitter_reaction_wheels.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

using validation::to_text;

/// The balanced wheels' own workspace, made by them once.
struct SimpleJitterWorkspace final : EffectorWorkspace {
  explicit SimpleJitterWorkspace(std::unique_ptr<EffectorWorkspace> b) : balanced(std::move(b)) {}
  std::unique_ptr<EffectorWorkspace> balanced;
};

}  // namespace

SimpleJitterReactionWheels::SimpleJitterReactionWheels(std::string name, const std::vector<ReactionWheelConfig>& wheels,
                                                       const std::vector<WheelImbalanceConfig>& imbalances)
    : StateEffector(name), balanced_(name, wheels) {
  if (imbalances.size() != wheels.size())
    throw ConfigurationError(label(), "imbalances", std::to_string(imbalances.size()),
                             "needs one per wheel (" + std::to_string(wheels.size()) + " wheels)");
  for (std::size_t i = 0; i < imbalances.size(); ++i) {
    const WheelImbalanceConfig& c = imbalances[i];
    const std::string o = label() + " wheel " + std::to_string(i);
    const Eigen::Vector3d& g = balanced_.wheel(i).gsHat_B;
    validation::require_unit_vector(o, "w2Hat0_B", c.w2Hat0_B);
    if (std::abs(c.w2Hat0_B.dot(g)) > 1e-9)
      throw ConfigurationError(o, "w2Hat0_B", to_text(c.w2Hat0_B),
                               "must be perpendicular to gsHat_B " + to_text(g) + " (to 1e-9)");
    WheelImbalance p;
    // eq. (1): (ĝ, ŵ2, ŵ3) orthonormal and right-handed, exact to round-off
    p.w2Hat0_B = (c.w2Hat0_B - c.w2Hat0_B.dot(g) * g).normalized();
    p.w3Hat0_B = g.cross(p.w2Hat0_B);
    p.Us = c.Us.value();
    p.Ud = c.Ud.value();
    p.theta0 = c.theta0.value();
    validation::require_non_negative(o, "Us [kg m]", p.Us);
    validation::require_finite(o, {{"Ud [kg m^2]", p.Ud}, {"theta0 [rad]", p.theta0}});
    imbalances_.push_back(p);
  }
}

const WheelImbalance& SimpleJitterReactionWheels::imbalance(std::size_t i) const {
  if (i >= imbalances_.size())
    throw ConfigurationError(label(), "wheel index (imbalance)", std::to_string(i),
                             "out of range: the effector has " + std::to_string(imbalances_.size()) + " wheels");
  return imbalances_[i];
}

Wrench SimpleJitterReactionWheels::imbalance_load_B(std::size_t i, double Omega, double theta) const {
  const WheelImbalance& p = imbalances_[i];
  // eq. (1): ŵ2 turned by θ about ĝ
  const Eigen::Vector3d w2 = std::cos(theta) * p.w2Hat0_B + std::sin(theta) * p.w3Hat0_B;
  // eq. (2)
  Wrench w;
  const double Omega2 = Omega * Omega;
  w.force_F = p.Us * Omega2 * w2;
  w.torque_PntF_F = balanced_.wheel(i).r_WcB_B.cross(w.force_F) + p.Ud * Omega2 * w2;
  return w;
}

std::vector<StateBlockSpec> SimpleJitterReactionWheels::state_blocks() const {
  const auto n = static_cast<Eigen::Index>(imbalances_.size());
  return {{"Omega", n, "rad/s"}, {"theta", n, "rad"}};
}

// The balanced wheel's Js ≤ 2 Jt is the whole inertia check: U_d is an imposed load, not part of the
// modelled mass distribution (whose tensor is the balanced rotor's), so no tensor with U_d is formed.
void SimpleJitterReactionWheels::validate() const { balanced_.validate(); }

void SimpleJitterReactionWheels::write_initial_state(StateBlockRef x) const {
  const auto n = static_cast<Eigen::Index>(imbalances_.size());
  balanced_.write_initial_state(x.head(n));
  for (Eigen::Index i = 0; i < n; ++i) x[n + i] = imbalances_[static_cast<std::size_t>(i)].theta0;
}

std::unique_ptr<EffectorWorkspace> SimpleJitterReactionWheels::make_workspace() const {
  return std::make_unique<SimpleJitterWorkspace>(balanced_.make_workspace());
}

void SimpleJitterReactionWheels::kinematics(const EvaluationContext& ctx, ConstStateBlock x,
                                            EffectorWorkspace& ws) const {
  const auto n = static_cast<Eigen::Index>(imbalances_.size());
  balanced_.kinematics(ctx, x.head(n), *static_cast<SimpleJitterWorkspace&>(ws).balanced);
}

CentreOfMass SimpleJitterReactionWheels::mass_properties(const EvaluationContext& ctx, ConstStateBlock x,
                                                         EffectorWorkspace& ws) const {
  const auto n = static_cast<Eigen::Index>(imbalances_.size());
  return balanced_.mass_properties(ctx, x.head(n), *static_cast<SimpleJitterWorkspace&>(ws).balanced);
}

void SimpleJitterReactionWheels::contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws,
                                               HubSystem& s) const {
  const auto n = static_cast<Eigen::Index>(imbalances_.size());
  balanced_.contributions(ctx, x.head(n), *static_cast<SimpleJitterWorkspace&>(ws).balanced, s);
  for (Eigen::Index i = 0; i < n; ++i) {
    // eq. (3): loads on the hub, right-hand side only
    const Wrench w = imbalance_load_B(static_cast<std::size_t>(i), x[i], x[n + i]);
    s.vecTrans += w.force_F;
    s.vecRot += w.torque_PntF_F;
  }
}

Eigen::Vector3d SimpleJitterReactionWheels::derivatives(const EvaluationContext& ctx, ConstStateBlock x,
                                                        EffectorWorkspace& ws, StateBlockRef dxdt) const {
  const auto n = static_cast<Eigen::Index>(imbalances_.size());
  const Eigen::Vector3d m_rPP =
      balanced_.derivatives(ctx, x.head(n), *static_cast<SimpleJitterWorkspace&>(ws).balanced, dxdt.head(n));
  dxdt.tail(n) = x.head(n);  // eq. (4): θ̇ = Ω
  return m_rPP;
}

EnergyMomentumContribution SimpleJitterReactionWheels::energy_momentum(const EvaluationContext& ctx, ConstStateBlock x,
                                                                       const EffectorWorkspace& ws) const {
  const auto n = static_cast<Eigen::Index>(imbalances_.size());
  return balanced_.energy_momentum(ctx, x.head(n), *static_cast<const SimpleJitterWorkspace&>(ws).balanced);
}

void SimpleJitterReactionWheels::bind_inputs(EffectorWorkspace& ws, const double* u, Eigen::Index n) const {
  ws.bind_inputs(u, n);
  static_cast<SimpleJitterWorkspace&>(ws).balanced->bind_inputs(u, n);
}

}  // namespace ramus
