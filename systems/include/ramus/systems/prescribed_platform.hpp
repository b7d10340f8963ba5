// Prescribed motion platform (docs/models/prescribed_platform.md): a rigid body whose position and
// attitude relative to a mount frame M fixed in the hub follow a given profile of time (with its
// first and second derivatives), as Basilisk's PrescribedMotionStateEffector. It has no free
// degree of freedom: its motion loads the hub through eqs. (5)–(6), and the force and torque the
// hub's actuator must apply to make it follow the profile are an output (eq. 8). Its frame P is
// segment 0: dynamic effectors (a thruster on a slewing platform) may hang on it.
//
// It hosts state effectors (a spinning or translating body on the platform): each child is
// evaluated with the platform frame P as its hub, and its coupling is carried to the hub through
// the platform's prescribed motion (eqs. 12–17). The children's segments follow the platform's own
// as segments 1, 2, … so that dynamic effectors may hang on them too.
//
// The right-hand side is a function of the state only through the effector's own clock τ, a
// state with τ̇ = 1 (eq. 1): kinematics, mass properties and diagnostics need the pose but are
// not handed the time.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/units.hpp"
#include "ramus/systems/prescribed_profiles.hpp"

namespace ramus {

class System;

/// In units (docs/architecture.md §D9).
struct PrescribedPlatformConfig {
  units::Mass mass;                                      ///< platform mass (> 0)
  units::InertiaTensor I_PntPc_P;                        ///< inertia about its c.o.m. Pc, in P (full)
  units::Length3 r_PcP_P;                                ///< c.o.m. relative to the origin of P, in P
  units::Length3 r_MB_B;                                 ///< mount frame origin relative to B
  Eigen::Matrix3d dcm_MB = Eigen::Matrix3d::Identity();  ///< [1] B → M
  units::Time tau0;                                      ///< the clock at the initial state (the run's start time)
};

class PrescribedPlatform final : public StateEffector {
 public:
  /// `children`: state effectors mounted on the platform (each given the platform frame P as its
  /// hub); a child already in a place (a vehicle, another platform) is refused, and a mounted child
  /// cannot be added to a vehicle (kernel placement.hpp) until the platform is destroyed.
  PrescribedPlatform(std::string name, const PrescribedPlatformConfig& config, PrescribedProfile profile,
                     std::vector<std::shared_ptr<StateEffector>> children = {});
  ~PrescribedPlatform() override;
  PrescribedPlatform(const PrescribedPlatform&) = delete;
  PrescribedPlatform& operator=(const PrescribedPlatform&) = delete;
  std::string_view kind() const override { return "prescribed_platform"; }

  double mass() const { return m_; }  ///< [kg]
  /// The pose at time t [s] (the profile's value).
  PrescribedPose pose(double t) const { return profile_(t); }

  /// The actuator's load on the platform in the last evaluation on ws: force in P, torque about the
  /// origin of P in P (eq. 8) — what the hub must apply to make the platform follow the profile.
  const Wrench& actuator_wrench(const EffectorWorkspace& ws) const;
  /// The same at (x, t) in a run, without the workspace or the effector's index: evaluates
  /// `system`'s right-hand side once at (x, t) (its workspace, the run's applied inputs; cost one
  /// evaluation and one state-sized vector) and returns the wrench, force in P and torque about
  /// the origin of P in P (eq. 8). Throws ConfigurationError when the platform is not a state
  /// effector of a vehicle of system's model.
  Wrench actuator_wrench(const System& system, const Eigen::VectorXd& x, double t) const;

  std::size_t child_count() const { return children_.size(); }
  const StateEffector& child(std::size_t k) const { return *children_.at(k); }
  /// Child k's block within this effector's block of the state, and its first input channel
  /// within this effector's (e.g. to lock a joint of child k: SerialChain::set_locked(j, true,
  /// inputs, model.input_range(platform).offset + platform.child_input_offset(k),
  /// platform.child_state(k, model.state_block(platform, x)))).
  StateBlockRef child_state(std::size_t k, StateBlockRef platform_block) const;
  Eigen::Index child_input_offset(std::size_t k) const;
  /// Child k's workspace within this effector's (e.g. to read its segments after an evaluation).
  const EffectorWorkspace& child_workspace(std::size_t k, const EffectorWorkspace& ws) const;

  // ---- StateEffector ----------------------------------------------------------------------
  /// Its children's channels, each block named "<child>.<block>", in the children's order.
  std::vector<InputSpec> input_blocks() const override;
  std::vector<InputProfile> input_profiles() const override;
  void bind_inputs(EffectorWorkspace& ws, const double* u, Eigen::Index n) const override;
  /// 1 (the platform frame) + the children's segments, in order.
  std::size_t segment_count() const override;
  /// The profile's value at τ0 is finite and its quaternion unit (to 1e-9); the children's validate().
  void validate() const override;
  std::unique_ptr<EffectorWorkspace> make_workspace() const override;
  /// eqs. (1)–(3): the pose at τ, the platform's motion in B, and segment 0 (frame P).
  void kinematics(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws) const override;
  const FrameKinematics& segment(std::size_t s, const EffectorWorkspace& ws) const override;
  void add_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws) const override;
  /// The state and the evaluation's stages (kernel/state_effector.hpp):
  ///  - state_blocks: "tau" (1, s), then each child's blocks named "<child>.<block>"
  ///  - mass_properties: eq. (4), and the children's centres of mass (eq. 13)
  ///  - contributions: The body's rigid rows (eq. 4) and eqs. (5)–(7): right-hand side only (no free
  ///    coordinate); the children's whole rows carried to B, eqs. (14)–(15).
  ///  - derivatives: τ̇ = 1; the children's derivatives (eq. 16); the actuator wrench (eq. 8); returns
  ///    Σ m r̈ (inertial, relative to B's) of the body and the children.
  ///  - energy_momentum: eq. (11), and the children's (eq. 17)
  RAMUS_STATE_EFFECTOR_OVERRIDES;
  /// Its children's outputs, each named "<child>.<output>" (a flexible child's "array.n10.u_F").
  std::vector<OutputSpec> outputs() const override;
  void write_output(std::size_t i, ConstStateBlock x, std::span<double> out) const override;

 private:
  double m_;                   ///< [kg]
  Eigen::Matrix3d I_PntPc_P_;  ///< [kg m²]
  Eigen::Vector3d r_PcP_P_;    ///< [m]
  Eigen::Vector3d r_MB_B_;     ///< [m]
  Eigen::Matrix3d dcm_MB_;     ///< [1]
  double tau0_;                ///< [s]
  PrescribedProfile profile_;
  std::vector<std::shared_ptr<StateEffector>> children_;
  std::vector<Eigen::Index> child_offset_, child_size_;  ///< each child's block within this effector's
  std::vector<std::size_t> child_segment0_;              ///< each child's first segment index here
  std::vector<std::size_t> child_outputs_;               ///< each child's output count
};

}  // namespace ramus
