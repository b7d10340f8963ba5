// A reaction wheel with fully coupled jitter (docs/models/fully_coupled_jitter_wheel.md): the
// rotor is a rigid body with its centre of mass off the spin axis (static imbalance U_s = m d)
// and a product of inertia between the spin axis and ŵ3 (dynamic imbalance U_d), spinning on a
// revolute joint fixed in the hub, with its angle and rate as states (Basilisk's
// JitterFullyCoupled). A one-link parametrization of SerialChain, so the imbalance forces are
// reactions of the modelled mass distribution and momentum and energy are conserved. A wheel has
// no segment frame for children: it hosts no dynamic effector.
#pragma once

#include <Eigen/Dense>
#include <optional>
#include <string>

#include "ramus/kernel/units.hpp"
#include "ramus/systems/serial_chain.hpp"
#include "ramus/systems/simple_jitter_reaction_wheels.hpp"

namespace ramus {

/// In units (docs/architecture.md §D9). Zero by default: gsHat_B, w2Hat0_B, mass and the inertias
/// must be given.
struct JitterWheelConfig {
  Eigen::Vector3d gsHat_B = Eigen::Vector3d::Zero();   ///< [1] spin axis, unit, fixed in B
  Eigen::Vector3d w2Hat0_B = Eigen::Vector3d::Zero();  ///< [1] ŵ2 at θ = 0 (towards the imbalance mass), ⊥ ĝ, unit
  units::Length3 r_WB_B;                               ///< wheel frame origin W (on the spin axis) relative to B
  units::Mass mass;                                    ///< rotor mass m (> 0)
  units::Inertia Js;                                   ///< spin-axis inertia about Wc (> 0)
  units::Inertia Jt;                                   ///< inertia about ŵ2 through Wc (> 0)
  units::Inertia Jg;                                   ///< inertia about ŵ3 through Wc (> 0)
  units::StaticImbalance Us;                           ///< static imbalance U_s = m d (≥ 0)
  units::Inertia Ud;                          ///< dynamic imbalance U_d = J13 (the ĝ–ŵ3 product of inertia)
  units::AngularVelocity Omega0;              ///< initial spin rate relative to B
  units::Angle theta0;                        ///< initial wheel angle
  units::Torque motor_torque;                 ///< initial motor torque about ĝ
  units::RotationalDamping viscous_friction;  ///< b ≥ 0: friction −b Ω
  /// Saturation |u| ≤ max_torque of the applied motor torque, an input limit as ReactionWheels'
  /// (docs/models/fully_coupled_jitter_wheel.md (3)); none by default.
  std::optional<units::Torque> max_torque;
};

/// SI link of the wheel (eq. 1); checks the config, naming `owner` and the field.
ChainLink jitter_wheel_link(const std::string& owner, const JitterWheelConfig& config);

class FullyCoupledJitterWheel final : public SerialChain {
 public:
  FullyCoupledJitterWheel(std::string name, const JitterWheelConfig& config);
  /// No segment for children (a wheel); add_dynamic_effector refuses by name.
  std::size_t segment_count() const override { return 0; }
  /// Motor torque about ĝ, constant over the following steps.
  void set_motor_torque(units::Torque u) { set_motor_input(0, u.value()); }
};

}  // namespace ramus
