// Variable-speed control moment gyroscope (docs/models/vscmg.md): a gimbal frame turning about an
// axis ĝg fixed in the hub, carrying a wheel spinning about the gimbal's ĝs, each with its motor
// (gimbal torque, wheel torque), the wheel optionally imbalanced (fully coupled jitter: static U_s,
// dynamic U_d). After Basilisk's VSCMGStateEffector. A two-link parametrization of SerialChain
// (gimbal, wheel): the engine's equations, energy and momentum, and its lock, which turns a locked
// gimbal into a reaction wheel. Not a branching parent (no segment for children).
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/units.hpp"
#include "ramus/systems/serial_chain.hpp"
#include "ramus/systems/simple_jitter_reaction_wheels.hpp"

namespace ramus {

/// In units (docs/architecture.md §D9). Zero by default: the axes, the wheel mass and the wheel
/// inertias must be given.
struct VscmgConfig {
  Eigen::Vector3d gsHat0_B = Eigen::Vector3d::Zero();  ///< [1] wheel spin axis ĝs at γ = 0
  Eigen::Vector3d gtHat0_B = Eigen::Vector3d::Zero();  ///< [1] ĝt at γ = 0 (ĝs, ĝt, ĝg right-handed orthonormal)
  Eigen::Vector3d ggHat_B = Eigen::Vector3d::Zero();   ///< [1] gimbal axis ĝg, fixed in B
  units::Length3 r_GB_B;                               ///< gimbal frame origin G (on the gimbal axis) relative to B
  units::Mass massG;                                   ///< gimbal frame mass (≥ 0)
  units::InertiaTensor IG_PntGc_G;                     ///< gimbal frame inertia about its c.o.m., in G (full)
  units::Length3 r_GcG_G;                              ///< gimbal c.o.m. relative to G, in G
  units::Length3 r_WG_G;                               ///< wheel frame origin W (on the spin axis) relative to G, in G
  units::Mass massW;                                   ///< wheel mass (> 0)
  units::Inertia IW1;                                  ///< wheel inertia about ĝs through Wc (> 0)
  units::Inertia IW2;                                  ///< about ŵ2 (> 0)
  units::Inertia IW3;                                  ///< about ŵ3 (> 0)
  units::StaticImbalance Us;                           ///< wheel static imbalance (≥ 0; along ŵ2 = ĝt at θ = 0)
  units::Inertia Ud;                                   ///< wheel dynamic imbalance IW13
  units::Angle gamma0;                                 ///< initial gimbal angle
  units::AngularVelocity gammaDot0;                    ///< initial gimbal rate
  units::Angle theta0;                                 ///< initial wheel angle
  units::AngularVelocity Omega0;                       ///< initial wheel rate relative to the gimbal
  units::Torque gimbal_torque;                         ///< initial gimbal motor torque about ĝg
  units::Torque wheel_torque;                          ///< initial wheel motor torque about ĝs
  bool gimbal_locked = false;                          ///< start with the gimbal locked (gammaDot0 must be 0)
  /// The imbalance as imposed loads on the hub (Basilisk's vscmgJitterSimple, docs/models/vscmg.md
  /// (4)): the wheel's mass distribution is then balanced (U_s, U_d out of eq. (1)), and U_s, U_d
  /// give the force U_s Ω² ŵ2 and torque r_WB × F + U_d Ω² ŵ2 of simple_jitter_reaction_wheels.md (2).
  bool simple_jitter = false;
};

/// SI links (gimbal, wheel) of eq. (1); checks the config, naming `owner` and the field.
std::vector<ChainLink> vscmg_links(const std::string& owner, const VscmgConfig& config);

class Vscmg final : public SerialChain {
 public:
  Vscmg(std::string name, const VscmgConfig& config);
  /// No segment for children; add_dynamic_effector refuses by name.
  std::size_t segment_count() const override { return 0; }
  /// Initial commands (before finalize()); the channels are "gimbal_torque" and "wheel_torque" [N m].
  void set_gimbal_torque(units::Torque u) { set_motor_input(0, u.value()); }
  void set_wheel_torque(units::Torque u) { set_motor_input(1, u.value()); }
  /// Locks or unlocks the gimbal in the run of `system` at (x, t), between steps. Locking latches
  /// it by SerialChain::engage_lock (an impulse: γ̇ goes to 0, the hub and the wheel take up the
  /// momentum, kinetic energy is lost); unlocking applies no impulse (an empty LockImpulse).
  LockImpulse set_gimbal_locked(bool locked, const System& system, Eigen::VectorXd& x, double t) const;

  bool simple_jitter() const { return simple_jitter_; }
  /// eq. (4): the simple-jitter load on the hub at gimbal angle γ, wheel angle θ and wheel rate Ω
  /// relative to the gimbal (force, and torque about B), in B; zero unless simple_jitter.
  Wrench simple_jitter_load_B(double gamma, double theta, double Omega) const;
  /// The chain's rows, plus eq. (4)'s load in the right-hand side when simple_jitter.
  void contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws,
                     HubSystem& hub_system) const override;

 private:
  bool simple_jitter_ = false;
  double Us_ = 0.0, Ud_ = 0.0;                             ///< [kg m], [kg m²] the imposed imbalance (simple jitter)
  Eigen::Matrix3d dcm_G0B_ = Eigen::Matrix3d::Identity();  ///< rows ĝs0, ĝt0, ĝg
  Eigen::Vector3d r_GB_B_ = Eigen::Vector3d::Zero(), r_WG_G_ = Eigen::Vector3d::Zero();
};

}  // namespace ramus
