// SerialChain: N one-degree-of-freedom joints (revolute or prismatic) in series on the hub,
// coupled to it by back-substitution through the O(N) articulated-body recursion
// (docs/models/serial_chain.md, after Featherstone's RBDA ch. 7 and 9).
// The hinged rigid body, the 1-, 2- and N-DOF spinning bodies and the 1- and N-DOF translating
// bodies are thin parametrizations of this one engine: one place for the equations.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/kernel/state_effector.hpp"

namespace ramus {

class Model;
class System;

enum class JointType { revolute, prismatic };

/// One link of the chain and the joint that connects it to its parent (the hub for link 1),
/// in SI. Link i has frame S_i with origin on joint i; its parent frame is P = S_{i−1} (S_0 = B).
struct ChainLink {
  JointType type = JointType::revolute;
  double m = 0.0;                                         ///< [kg] link mass
  Eigen::Vector3d r_ScS_S = Eigen::Vector3d::Zero();      ///< [m] link centre of mass relative to S
  Eigen::Matrix3d I_PntSc_S = Eigen::Matrix3d::Zero();    ///< [kg m²] inertia about Sc, in S
  Eigen::Matrix3d dcm_S0P = Eigen::Matrix3d::Identity();  ///< parent → joint frame at q = 0
  Eigen::Vector3d r_S0P_P = Eigen::Vector3d::Zero();      ///< [m] joint origin at q = 0 relative to P, in P
  Eigen::Vector3d axis_S = Eigen::Vector3d::UnitZ();      ///< unit joint axis in S (spin axis or translation axis)
  double k = 0.0;                                         ///< [N m/rad] or [N/m] spring
  double c = 0.0;                                         ///< [N m s/rad] or [N s/m] damper
  double q_ref = 0.0;                                     ///< [rad] or [m] spring reference
  double qDot_ref = 0.0;                                  ///< [rad/s] or [m/s] damper reference
  double q0 = 0.0;                                        ///< [rad] or [m] initial coordinate
  double qDot0 = 0.0;                                     ///< [rad/s] or [m/s] initial rate
  bool locked = false;                                    ///< initial lock (requires qDot0 = 0)
  double u = 0.0;                                         ///< [N m] or [N] initial motor input
  /// A PD motor acting at every stage, a function of the state (docs/models/hinged_rigid_body.md
  /// (M1)): u_m = clamp(−K (q − q_ref_m) − P (q̇ − q̇_ref_m), ±u_max_m), added to the joint force.
  bool has_motor = false;
  double motor_K = 0.0, motor_P = 0.0, motor_q_ref = 0.0, motor_qDot_ref = 0.0;
  double motor_u_max = 0.0;  ///< [N m] or [N] the motor's saturation (+inf when none)
  /// [N m] or [N] the limit |u| ≤ u_limit of the motor input channel (+inf: unbounded), applied as
  /// an input limit (docs/architecture.md §5, Inputs), as ReactionWheels' max_torque.
  double u_limit = std::numeric_limits<double>::infinity();
};

/// A link's joint: its type, the joint frame at q = 0 relative to the parent (dcm_S0P, r_S0P_P [m]
/// in P) and the unit joint axis in S.
struct JointGeometry {
  JointType type = JointType::revolute;
  Eigen::Matrix3d dcm_S0P = Eigen::Matrix3d::Identity();
  Eigen::Vector3d r_S0P_P = Eigen::Vector3d::Zero();
  Eigen::Vector3d axis_S = Eigen::Vector3d::UnitZ();
};
/// A joint's spring, damper, references, initial coordinate and rate, initial lock and motor
/// input, SI (rad or m).
struct JointDrive {
  double k = 0.0, c = 0.0, q_ref = 0.0, qDot_ref = 0.0, q0 = 0.0, qDot0 = 0.0;
  bool locked = false;
  double u = 0.0;
};
/// The link of a body of mass m [kg], centre of mass r_ScS_S [m] and inertia I_PntSc_S [kg m²]
/// about it (both in S), on `joint`, driven by `drive`: what each parametrization builds.
ChainLink make_link(double m, const Eigen::Vector3d& r_ScS_S, const Eigen::Matrix3d& I_PntSc_S,
                    const JointGeometry& joint, const JointDrive& drive = {});

/// What engaging locks did (SerialChain::engage_lock, docs/models/serial_chain.md eqs. L1–L3).
struct LockImpulse {
  /// [N m s] or [N s] the latch's generalized impulse λ on each requested joint, in the order given
  /// (0 for a joint that was already locked or at rest)
  Eigen::VectorXd impulse;
  double energy_lost = 0.0;  ///< [J] kinetic energy the latch dissipated, T⁻ − T⁺ = −½ λᵀ q̇⁻ ≥ 0 (eq. L3)
};

class SerialChain : public StateEffector {
 public:
  /// A motor torque [N m] or force [N] as an explicit function of time; replaces the constant.
  using MotorProfile = std::function<double(double t)>;

  /// Validates every link (the message names this effector, the link and the field). `kind` is
  /// the model's name, set by the parametrizations ("hinged_rigid_body", …).
  SerialChain(std::string name, std::vector<ChainLink> links, std::string kind = "serial_chain");

  std::string_view kind() const final { return kind_; }
  std::size_t dof() const { return links_.size(); }
  const ChainLink& link(std::size_t i) const { return links_.at(i); }

  // ---- inputs (docs/architecture.md §5, Inputs) ----------------------------------------------
  // Channels: the joints' motor torques [N m] or forces [N] (one block "motor_torque" or
  // "motor_force" when all joints are alike, else one channel per joint), then "locked" (n), 1
  // for a locked joint. A run's values live in its Inputs; the setters below configure the model
  // (before finalize()): the initial command and a default profile of each joint's motor.
  void set_motor_input(std::size_t joint, double u);
  void set_motor_profile(std::size_t joint, MotorProfile profile);
  /// The channel of joint's motor and of its lock, counted from the effector's first channel.
  Eigen::Index motor_channel(std::size_t joint) const;
  Eigen::Index lock_channel(std::size_t joint) const;
  std::vector<InputSpec> input_blocks() const override;
  std::vector<InputProfile> input_profiles() const override;
  /// Engages the locks of `joints` in the run of `system` at (x, t), between steps: a latch is an
  /// inelastic impulse (eqs. L1–L3), so the joint rates go to exactly zero, the rest of the
  /// vehicle (hub, other joints, wheels, …) takes up their momentum, the vehicle's linear and
  /// angular momentum are unchanged and kinetic energy is lost. Several joints (both axes of a
  /// gimbal) are latched together. Joints already locked keep their weld and get no impulse; a
  /// joint at rest gets none either (x is then unchanged). The impulse is computed from the
  /// model's right-hand side (eq. L1) on a private System that copies the run's applied inputs,
  /// so the run's inputs and profiles are untouched but for the lock channels. Throws
  /// ConfigurationError for a joint out of range, a joint given twice, a state of the wrong size,
  /// a system of another model.
  LockImpulse engage_lock(std::span<const std::size_t> joints, const System& system, Eigen::VectorXd& x,
                          double t) const;
  LockImpulse engage_lock(std::size_t joint, const System& system, Eigen::VectorXd& x, double t) const {
    return engage_lock(std::span<const std::size_t>(&joint, 1), system, x, t);
  }
  /// The same for a chain the model does not list itself (a child of a prescribed platform):
  /// `first_channel` is the chain's first channel in the run's inputs, `first_state` the index in
  /// x of the chain's first state.
  LockImpulse engage_lock(std::span<const std::size_t> joints, const System& system, Eigen::VectorXd& x, double t,
                          Eigen::Index first_channel, Eigen::Index first_state) const;
  /// Unlocks a joint in one run, or locks a joint that is at rest (its rate in x exactly 0: a
  /// lock before the motion starts). Locking a moving joint is refused (ConfigurationError naming
  /// the joint and its rate): that is engage_lock's impulse, never a reset of the rate, which
  /// would change the vehicle's momentum. Unlocking applies no impulse.
  void set_locked(std::size_t joint, bool locked, const Model& model, Inputs& inputs, Eigen::VectorXd& x) const;
  /// The same for a chain the model does not list itself (a child of a prescribed platform):
  /// `first_channel` is the chain's first channel in the run's inputs, x_block its block of x.
  void set_locked(std::size_t joint, bool locked, Inputs& inputs, Eigen::Index first_channel,
                  StateBlockRef x_block) const;
  bool is_locked(std::size_t joint, const Model& model, const Inputs& inputs) const;
  /// A lock commanded through its channel (Inputs::set to 1): engage_lock of those joints.
  void engage_commanded_locks(std::span<const Eigen::Index> channels, const System& system, Eigen::VectorXd& x,
                              double t) const override;

  // ---- StateEffector ----------------------------------------------------------------------
  std::size_t segment_count() const override { return links_.size(); }
  void validate() const override;
  std::unique_ptr<EffectorWorkspace> make_workspace() const override;
  void kinematics(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws) const override;
  const FrameKinematics& segment(std::size_t s, const EffectorWorkspace& ws) const override;
  RAMUS_STATE_EFFECTOR_OVERRIDES;  // the state and the articulated recursion, docs/models/serial_chain.md

  /// Adds to the wrench on segment s (in S_s, about its origin) used by the articulated
  /// recursion (eq. K3); kinematics() resets it to zero, the kernel's loads stage adds the
  /// children's loads.
  void add_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws) const override;
  /// Replaces the wrench on segment s (for tests that drive the stages by hand).
  void set_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws) const;

 protected:
  /// For parametrizations: the block names ("theta"/"thetaDot", "rho"/"rhoDot").
  void set_state_names(std::string q, std::string qDot);
  /// For parametrizations: one motor channel per joint with these names ("gimbal_torque", …).
  void set_motor_names(std::vector<std::string> names);

 private:
  double joint_force(std::size_t i, double q, double qDot, const EffectorWorkspace& ws) const;  // eq. (3)
  // The steps of engage_lock (docs/models/serial_chain.md eqs. L1–L3): its arguments checked, the
  // joints that take an impulse (free and moving; indices into `joints`), their response C to a
  // joint force (eq. L1), and the impulse that stops them (eqs. L2–L3) applied to x.
  void require_lock_arguments(const System& system, const Eigen::VectorXd& x, double t, Eigen::Index first_channel,
                              Eigen::Index first_state) const;
  std::vector<std::size_t> joints_to_latch(std::span<const std::size_t> joints, const Inputs& run,
                                           const Eigen::VectorXd& x, Eigen::Index rates,
                                           Eigen::Index first_channel) const;
  Eigen::MatrixXd joint_force_response(const System& system, const Eigen::VectorXd& x, double t,
                                       std::span<const std::size_t> joints, const std::vector<std::size_t>& take,
                                       Eigen::Index rates, Eigen::Index first_channel) const;
  void latch(const Eigen::MatrixXd& C, std::span<const std::size_t> joints, const std::vector<std::size_t>& take,
             Eigen::Index rates, Eigen::VectorXd& x, LockImpulse& out) const;
  /// Joint i is locked in this run (its lock channel).
  bool locked(std::size_t i, const EffectorWorkspace& ws) const {
    return ws.inputs()[static_cast<Eigen::Index>(links_.size() + i)] != 0.0;
  }
  /// Forms link i's dcm_BS in ws when kinematics() left it out (a single hinge, eq. 4b).
  void form_link_frame(std::size_t i, const EffectorWorkspace& ws) const;

  std::string kind_;
  std::vector<ChainLink> links_;
  // Constants of each joint and link (eqs. 4, 4a), formed once from its ChainLink.
  struct JointConstants {
    Eigen::Matrix3d dcm_PS0;        ///< dcm_S0Pᵀ: S at q = 0 → parent
    Eigen::Matrix3d dcm_PS0_axis;   ///< dcm_PS0 [axis_S×], the sin q term of eq. (4a)
    Eigen::Vector3d axis_P;         ///< dcm_PS0 axis_S: the joint axis in the parent, fixed
    bool diagonal_inertia = false;  ///< I_PntSc_S is diagonal (principal link frame)
  };
  std::vector<JointConstants> joints_;
  // A chain of one revolute joint: its c.o.m. offset from the joint and its inertia about the
  // c.o.m. as trigonometric polynomials of θ (eq. 4b), dcm_BS ρ = r0 + cos θ rc + sin θ rs,
  // I_c,B = K[0] + cos θ K[1] + sin θ K[2] + cos 2θ K[3] + sin 2θ K[4]; dcm_BS is then formed
  // only when asked for.
  struct SingleHinge {
    Eigen::Vector3d r0, rc, rs;
    Eigen::Matrix3d K[5];
  };
  bool single_hinge_ = false;
  SingleHinge hinge_;
  // Default profiles of the motors (model data; each run copies them into its Inputs)
  std::vector<MotorProfile> profile_;
  std::vector<std::string> motor_names_;
  std::string q_name_ = "q", qDot_name_ = "qDot";
};

}  // namespace ramus
