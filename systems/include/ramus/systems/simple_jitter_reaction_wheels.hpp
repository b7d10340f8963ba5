// Reaction wheels with simple jitter (docs/models/simple_jitter_reaction_wheels.md): balanced
// wheels (the ReactionWheels model, unchanged) whose static and dynamic imbalances act on the hub
// as rotating loads U_s Ω² ŵ2 and U_d Ω² ŵ2, with the wheel angle θ as a state (Basilisk's
// JitterSimple). The loads are imposed, not reactions of a modelled mass distribution, so the
// model does not conserve momentum or energy (the fully coupled model does). No segment frame:
// it hosts no dynamic effector.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/units.hpp"
#include "ramus/systems/reaction_wheels.hpp"

namespace ramus {

namespace units {
using static_imbalance_unit = decltype(si::kilogram * si::meter);
using StaticImbalance = quantity<static_imbalance_unit>;  ///< kg·m
}  // namespace units

/// The imbalance of one wheel, in units (docs/architecture.md §D9). Zero by default except
/// w2Hat0_B, which must be given.
struct WheelImbalanceConfig {
  Eigen::Vector3d w2Hat0_B = Eigen::Vector3d::Zero();  ///< [1] ŵ2 at θ = 0: towards the imbalance mass, ⊥ ĝ, unit
  units::StaticImbalance Us;                           ///< static imbalance U_s = m d (≥ 0)
  units::Inertia Ud;                                   ///< dynamic imbalance U_d (product of inertia ĝ–ŵ3)
  units::Angle theta0;                                 ///< initial wheel angle
};

/// One wheel's imbalance in SI, validated.
struct WheelImbalance {
  Eigen::Vector3d w2Hat0_B = Eigen::Vector3d::UnitY();  ///< [1]
  Eigen::Vector3d w3Hat0_B = Eigen::Vector3d::UnitZ();  ///< [1] ĝ × ŵ2,0
  double Us = 0.0;                                      ///< [kg m]
  double Ud = 0.0;                                      ///< [kg m²]
  double theta0 = 0.0;                                  ///< [rad]
};

class SimpleJitterReactionWheels final : public StateEffector {
 public:
  /// One imbalance per wheel. The wheels' fields are checked by ReactionWheels (errors name
  /// `reaction_wheels '<name>' wheel <i>`), the imbalances here.
  SimpleJitterReactionWheels(std::string name, const std::vector<ReactionWheelConfig>& wheels,
                             const std::vector<WheelImbalanceConfig>& imbalances);
  std::string_view kind() const override { return "simple_jitter_reaction_wheels"; }

  /// The balanced wheels this model adds the jitter to (parameters, friction, motor law).
  const ReactionWheels& balanced() const { return balanced_; }
  const WheelImbalance& imbalance(std::size_t i) const;

  // ---- inputs (docs/architecture.md §5, Inputs), as ReactionWheels: configured before finalize()
  void set_motor_torque(std::size_t i, units::Torque u) {
    require_open("set_motor_torque");
    balanced_.set_motor_torque(i, u);
  }
  void set_motor_torque_profile(std::size_t i, ReactionWheels::TorqueProfile p) {
    require_open("set_motor_torque_profile");
    balanced_.set_motor_torque_profile(i, std::move(p));
  }
  std::vector<InputSpec> input_blocks() const override { return balanced_.input_blocks(); }
  std::vector<InputProfile> input_profiles() const override { return balanced_.input_profiles(); }
  /// Its own workspace and the balanced wheels' see the same channels.
  void bind_inputs(EffectorWorkspace& ws, const double* u, Eigen::Index n) const override;

  /// [N], [N m] eq. (2): the imbalance force on the hub and its torque about B, for wheel i at
  /// rate Omega [rad/s] and angle theta [rad].
  Wrench imbalance_load_B(std::size_t i, double Omega, double theta) const;

  // ---- StateEffector ----------------------------------------------------------------------
  void validate() const override;
  std::unique_ptr<EffectorWorkspace> make_workspace() const override;
  void kinematics(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws) const override;
  /// The state and the evaluation's stages (kernel/state_effector.hpp):
  ///  - state_blocks: "Omega" (n, rad/s), "theta" (n, rad)
  ///  - mass_properties: The balanced wheels' (constant).
  ///  - contributions: The balanced wheels' plus eq. (3).
  ///  - derivatives: The balanced wheels' Ω̇, and θ̇ = Ω (eq. 4).
  ///  - energy_momentum: The balanced wheels' (the imbalance loads are external-like: they store
  ///    nothing).
  RAMUS_STATE_EFFECTOR_OVERRIDES;

 private:
  ReactionWheels balanced_;
  std::vector<WheelImbalance> imbalances_;
};

}  // namespace ramus
