// Thruster state effector (docs/models/thruster_state_effector.md): thrusters fixed in the hub
// frame B whose thrust factors κ are states of the vehicle, each the first-order response
// κ' = (u − κ)/τ to its on/off (or throttle) command u. Unlike the schedule ramp of `Thruster`
// (a function of t), κ is integrated with the vehicle, so a command given at any step boundary
// acts through a continuous κ and every stepper keeps its order. Massless (no mass depletion
// here: the tank model is separate); no segment frame, so it hosts no dynamic effector.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/units.hpp"
#include "ramus/systems/throttled_thrusters.hpp"

namespace ramus {

/// One thruster, in units (docs/architecture.md §D9). Zero by default: direction, max_thrust and
/// time_constant must be given.
struct ThrusterStateConfig {
  units::Length3 r_TB_B;                             ///< thruster location T relative to B
  Eigen::Vector3d tHat_B = Eigen::Vector3d::Zero();  ///< [1] unit direction of the force on the hub, in B
  units::Force max_thrust;                           ///< thrust at κ = 1 (> 0)
  units::Time time_constant;                         ///< τ of κ' = (u − κ)/τ (> 0; Basilisk's 1/cutoffFrequency)
  double kappa0 = 0.0;                               ///< [1] initial thrust factor, in [0, 1]
  double command0 = 0.0;                             ///< [1] initial command u, in [0, 1]
};

/// One thruster in SI, validated.
struct ThrusterStateParameters {
  Eigen::Vector3d r_TB_B = Eigen::Vector3d::Zero();   ///< [m]
  Eigen::Vector3d tHat_B = Eigen::Vector3d::UnitX();  ///< [1] normalised
  double F_max = 0.0;                                 ///< [N]
  double tau = 0.0;                                   ///< [s]
  double kappa0 = 0.0;                                ///< [1]
};

class ThrusterStateEffector final : public StateEffector {
 public:
  /// At least one thruster; every field is checked here (ConfigurationError naming thruster and field).
  ThrusterStateEffector(std::string name, const std::vector<ThrusterStateConfig>& thrusters);
  std::string_view kind() const override { return "thruster_state_effector"; }

  std::size_t thruster_count() const { return thrusters_.size(); }
  const ThrusterStateParameters& thruster(std::size_t i) const;

  // ---- inputs (docs/architecture.md §5, Inputs) ----------------------------------------------
  // One block, "throttle" [1] (one channel per thruster): 1 on, 0 off, a throttle in between;
  // limits [0, 1]. A run's commands live in its Inputs; set_command() configures the model.
  /// The command of thruster i at the start of every run (before finalize()).
  void set_command(std::size_t i, double u);
  /// [1] the command of thruster i at the start of a run.
  double command(std::size_t i) const;
  std::vector<InputSpec> input_blocks() const override;

  // ---- StateEffector ----------------------------------------------------------------------
  std::vector<StateBlockSpec> state_blocks() const override;  // "kappa" (n, 1)
  void write_initial_state(StateBlockRef x) const override;
  // Fixed in B and massless (eq. 4: the propellant's mass belongs to a tank model): no
  // kinematics, mass properties, energy or workspace of its own (the contract's defaults).
  /// eq. (3): vecTrans += Σ F_max κ t̂, vecRot += Σ r_TB × F_max κ t̂; no A–D.
  void contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws,
                     HubSystem& hub_system) const override;
  /// eq. (1): κ' = (u − κ)/τ; returns m r̈ = 0 (massless).
  Eigen::Vector3d derivatives(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws,
                              StateBlockRef dxdt) const override;

 private:
  using Thrusters = ThrottledThrusters<ThrusterStateParameters>;

  Thrusters thrusters_;
};

}  // namespace ramus
