// Balanced reaction wheels (docs/models/reaction_wheels.md): rigid axisymmetric rotors spinning
// about axes fixed in the hub frame B, driven by motor torques, with optional viscous and smooth
// Coulomb friction. One effector holds any number of wheels; a vehicle may hold several effectors.
//
// Unlike Basilisk's default balanced wheels, each wheel books its own mass and inertia (eq. 2):
// the hub's parameters exclude the wheels. A wheel of zero mass keeps its inertia only (its mass is
// then in the hub, as a point at B or wherever the hub's mass properties put it).
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/units.hpp"

namespace ramus {

namespace units {
/// N·m·s: an angular momentum, such as a wheel's spin momentum h = Js Ω.
using AngularMomentum = quantity<decltype(si::newton * si::meter * si::second)>;
}  // namespace units

/// One wheel, in units (docs/architecture.md §D9). Zero by default: gsHat_B and Js must be given.
struct ReactionWheelConfig {
  Eigen::Vector3d gsHat_B = Eigen::Vector3d::Zero();  ///< [1] spin axis, unit to 1e-9, fixed in B
  units::Length3 r_WcB_B;                             ///< wheel centre of mass Wc relative to B
  units::Mass mass;                                   ///< rotor mass (≥ 0)
  units::Inertia Js;                                  ///< axial inertia about Wc (> 0)
  units::Inertia Jt;                                  ///< transverse inertia about Wc (≥ 0; if > 0, Js ≤ 2 Jt)
  units::AngularVelocity Omega0;                      ///< initial spin rate relative to B
  /// Or the initial spin momentum relative to B, h0 = Js Ω0 (docs/models/reaction_wheels.md,
  /// "Given by its momentum"): then Ω0 = h0 / Js, and Omega0 must be left at 0.
  std::optional<units::AngularMomentum> h0;
  /// Initial wheel angle relative to B; a state only when the effector's angle states are on
  /// (set_angle_states), and refused otherwise unless 0.
  units::Angle theta0;
  units::Torque motor_torque;  ///< initial motor torque command u_cmd
  /// Saturation |u| ≤ max_torque of the applied motor torque (none by default).
  std::optional<units::Torque> max_torque;
  units::RotationalDamping viscous_friction;       ///< b ≥ 0: friction −b Ω
  units::Torque coulomb_friction;                  ///< τ_c ≥ 0: friction −τ_c tanh(Ω/ω_s)
  units::AngularVelocity coulomb_smoothing_speed;  ///< ω_s (> 0 when τ_c > 0)
  /// Static (breakaway) friction τ_s ≥ τ_c with the Stribeck effect, eq. (3b): the Coulomb level
  /// rises to τ_s at low speed, decaying to τ_c over the Stribeck speed (none by default: τ_s = τ_c).
  std::optional<units::Torque> static_friction;
  units::AngularVelocity stribeck_speed;  ///< ω_st (> 0 when static_friction is set)
};

/// One wheel in SI, validated (eq. 1–2 precomputed).
struct ReactionWheelParameters {
  Eigen::Vector3d gsHat_B = Eigen::Vector3d::UnitX();   ///< [1] spin axis (normalised)
  Eigen::Vector3d r_WcB_B = Eigen::Vector3d::Zero();    ///< [m]
  double m = 0.0;                                       ///< [kg]
  double Js = 0.0;                                      ///< [kg m²]
  double Jt = 0.0;                                      ///< [kg m²]
  double Omega0 = 0.0;                                  ///< [rad/s] (h0 / Js when h0 was given)
  double theta0 = 0.0;                                  ///< [rad] initial angle (a state when tracked)
  double u_max = 0.0;                                   ///< [N m] saturation; +inf when none
  double b = 0.0;                                       ///< [N m s/rad] viscous friction
  double tau_c = 0.0;                                   ///< [N m] Coulomb friction
  double omega_s = 0.0;                                 ///< [rad/s] Coulomb smoothing speed
  double tau_s = 0.0;                                   ///< [N m] static friction, eq. (3b) (τ_c when not set)
  double omega_st = 0.0;                                ///< [rad/s] Stribeck speed, eq. (3b) (0 when not set)
  Eigen::Matrix3d I_PntWc_B = Eigen::Matrix3d::Zero();  ///< [kg m²] eq. (1)
};

class ReactionWheels final : public StateEffector {
 public:
  /// A motor torque command that is an explicit function of time t [s], in N m.
  using TorqueProfile = std::function<double(double t)>;

  /// At least one wheel; every field is checked here (ConfigurationError naming wheel and field).
  ReactionWheels(std::string name, const std::vector<ReactionWheelConfig>& wheels);
  std::string_view kind() const override { return "reaction_wheels"; }

  std::size_t wheel_count() const { return wheels_.size(); }
  const ReactionWheelParameters& wheel(std::size_t i) const;

  // ---- inputs (docs/architecture.md §5, Inputs) ----------------------------------------------
  // One block, "motor_torque" [N m] (one channel per wheel), limits ±max_torque (eq. 4). A run's
  // commands live in its Inputs; the setters below configure the model, before finalize().
  /// The motor torque command of wheel i at the start of every run.
  void set_motor_torque(std::size_t i, units::Torque u);
  /// A default profile of the command of wheel i (empty function: none), in every run.
  void set_motor_torque_profile(std::size_t i, TorqueProfile profile);
  /// [N m] the command of wheel i at the start of a run.
  double initial_motor_torque(std::size_t i) const;
  /// The name of initial_motor_torque in 0.1 (when the effector held the run's command); removed in 0.3.
  [[deprecated("use initial_motor_torque (the run's command is system.inputs())")]] double motor_torque_command(
      std::size_t i) const {
    return initial_motor_torque(i);
  }
  std::vector<InputSpec> input_blocks() const override;
  std::vector<InputProfile> input_profiles() const override;
  /// [N m] eqs. (3)/(3b): the friction torque on wheel i spinning at Omega [rad/s] relative to B.
  double friction_torque(std::size_t i, double Omega) const;

  /// Adds (on) or removes (off, the default) the wheel angles θ_i relative to B as states, a
  /// block "theta" (n, rad) after "Omega", with θ̇_i = Ω_i (eq. 12); before finalize(). A balanced
  /// wheel's dynamics do not depend on θ, so off keeps the layout of existing models.
  void set_angle_states(bool on);
  bool has_angle_states() const { return angle_states_; }

  // ---- StateEffector ----------------------------------------------------------------------
  /// Also refuses a theta0 ≠ 0 while the angle states are off (it would be ignored).
  void validate() const override;
  std::unique_ptr<EffectorWorkspace> make_workspace() const override;
  // No kinematics stage: a balanced wheel has no segment frame and can host no dynamic effector.
  /// The state and the evaluation's stages (kernel/state_effector.hpp):
  ///  - state_blocks: "Omega" (n, rad/s) [, "theta" (n, rad)]
  ///  - mass_properties: eq. (2): constant, precomputed.
  ///  - contributions: The wheels' rigid rows (eq. 2), and eq. (7): D −= Js ĝĝᵀ, vecRot −= ĝ (u + τ_f)
  ///    + Js Ω ω × ĝ, per wheel.
  ///  - derivatives: eq. (8): Ω̇ = (u + τ_f)/Js − ĝᵀ ω̇ (and θ̇ = Ω, eq. 12, when tracked); returns m
  ///    r̈ = ω̇ × m r + ω × (ω × m r) (the centres of mass are fixed in B).
  ///  - energy_momentum: eqs. (9)–(10).
  RAMUS_STATE_EFFECTOR_OVERRIDES;

 private:
  std::string wheel_owner(std::size_t i) const;
  void require_index(std::size_t i, const char* what) const;
  double tau_f(std::size_t i, double Omega) const;  ///< eqs. (3)/(3b), unchecked index

  std::vector<ReactionWheelParameters> wheels_;
  std::vector<double> u0_;                ///< [N m] initial motor torque commands
  std::vector<TorqueProfile> u_profile_;  ///< [N m] default profiles of the commands
  MassProperties mass_;                   ///< eq. (2), all wheels, constant
  bool angle_states_ = false;             ///< the "theta" block is a state (eq. 12)
};

}  // namespace ramus
