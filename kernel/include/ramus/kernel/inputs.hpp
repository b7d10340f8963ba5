// Actuator inputs (docs/architecture.md §5, "Inputs"): the channels each effector declares at
// finalize() (model data: names, units, limits, initial commands), and one run's command values
// (run data: what a user, a schedule or flight software commands, and what the hardware applies).
// The model never holds a command; the right-hand side reads the applied values of its run.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ramus {

class Model;

/// Read-only view of an effector's applied inputs in one run (a span of doubles).
using ConstInputBlock = Eigen::Map<const Eigen::VectorXd>;

/// One block of an effector's actuator channels, declared by the effector.
struct InputSpec {
  std::string name;         ///< e.g. "motor_torque"
  Eigen::Index size = 1;    ///< channels in the block
  std::string unit;         ///< e.g. "N m"; "1" for dimensionless
  Eigen::VectorXd initial;  ///< the command at the start of every run (size entries; empty: zeros)
  /// The hardware's limits: a command outside [lower, upper] is applied saturated, and flagged
  /// (size entries each; empty: unbounded).
  Eigen::VectorXd lower, upper;
  /// Lock flags (a joint's brake or latch): each channel 0 (free) or 1 (locked), nothing else.
  /// Commanding 1 through Inputs::set on a moving joint is an impulse the driver applies before
  /// the next step (engage_commanded_locks, docs/architecture.md §12), never a reset of the rate.
  bool lock = false;
};

/// One named block of the model's input vector.
struct InputBlock {
  std::string owner;  ///< e.g. "sc/wheels"
  std::string name;   ///< e.g. "motor_torque"
  Eigen::Index offset, size;
  std::string unit;
  std::size_t vehicle;  ///< index of the vehicle the actuator belongs to
  bool lock = false;    ///< lock flags (InputSpec::lock): each channel 0 or 1
};

/// Where each block of the input vector lives (the input counterpart of StateLayout).
class InputLayout {
 public:
  Eigen::Index add(std::string owner, std::string name, Eigen::Index size, std::string unit, std::size_t vehicle,
                   bool lock = false);
  Eigen::Index size() const { return size_; }
  const std::vector<InputBlock>& blocks() const { return blocks_; }
  /// The block holding channel c, or nullptr when c is out of range.
  const InputBlock* block_at(Eigen::Index c) const;
  /// "sc/wheels.motor_torque[2]"; a block of one channel has no index ("sc/panel.motor_torque").
  std::string entry_name(Eigen::Index c) const;
  /// The channel named `entry` (as entry_name writes it; "[0]" may be given for a block of one);
  /// throws ConfigurationError naming the entry when there is none.
  Eigen::Index find(std::string_view entry) const;
  /// One line per channel: "sc/wheels.motor_torque[2] [N m]", with its limits when it has any.
  std::string describe(const Eigen::VectorXd& lower, const Eigen::VectorXd& upper) const;

 private:
  std::vector<InputBlock> blocks_;
  Eigen::Index size_ = 0;
};

/// A source of one channel's command as a function of time (a schedule or a profile, attached to
/// one run). `held`: sampled at the start of each step and held over it (a switch happens between
/// steps; the driver ends a step on every next_switch time); otherwise evaluated at every stage's
/// time (a continuous profile).
struct InputProfile {
  Eigen::Index channel = 0;
  std::function<double(double t)> value;
  bool held = false;
  /// The first time > t at which a held value may switch (+inf when none); empty: none.
  std::function<double(double t)> next_switch;
};

/// One run's commands (MuJoCo's ctrl in mjData): owned by the run's Workspace, never by the
/// Model. `command` is what was commanded; `applied` is what the actuators apply: the command
/// saturated at the channel's limits (flagged in `saturated`), what the right-hand side reads.
class Inputs {
 public:
  /// The model's initial commands, and the default profiles its effectors declare (a thruster's
  /// firing schedule).
  explicit Inputs(const Model& model);
  Inputs(const Inputs&) = delete;  // effector workspaces point into `applied`
  Inputs& operator=(const Inputs&) = delete;

  Eigen::Index size() const { return command_.size(); }
  /// Commands channel c (held until changed). A command outside the channel's limits is applied
  /// saturated and flagged. Throws ConfigurationError naming the channel for a non-finite value
  /// or an index out of range. A channel driven by a profile is released from it.
  /// A lock flag (InputSpec::lock) takes 0 or 1 only (ConfigurationError otherwise): 0 unlocks
  /// at once; 1 on a free joint is pending until the driver latches it by its impulse at the
  /// next step's start (pending_locks(); engage_commanded_locks() in system.hpp).
  void set(Eigen::Index c, double value);
  /// Whether channel c is a lock flag.
  bool is_lock(Eigen::Index c) const;
  /// Sets lock flag c applied at once, without an impulse: for the latch's own code, which has
  /// applied the impulse (SerialChain::engage_lock), or a joint at rest (set_locked).
  void engage(Eigen::Index c, bool locked);
  /// Lock flags commanded to 1 through set() and not yet latched, in the order commanded.
  const std::vector<Eigen::Index>& pending_locks() const { return pending_locks_; }
  void clear_pending_locks() { pending_locks_.clear(); }
  void set(std::string_view entry, double value) { set(find(entry), value); }
  Eigen::Index find(std::string_view entry) const;
  /// Drives channel `p.channel` from a profile, replacing any other profile of that channel.
  void set_profile(InputProfile p);
  /// Removes every profile (the effectors' default schedules included).
  void clear_profiles() { profiles_.clear(); }

  const Eigen::VectorXd& command() const { return command_; }
  const Eigen::VectorXd& applied() const { return applied_; }
  /// 1 where the last command of the channel was saturated.
  const std::vector<std::uint8_t>& saturated() const { return saturated_; }

  // ---- the driver (docs/architecture.md §D7) ---------------------------------------------
  /// Samples every held profile at t_step, for the step that starts there; returns true when an
  /// applied value changed (FSAL steppers then restart).
  bool hold(double t_step);
  /// Ends the holding (held profiles are then evaluated at each stage's time, as with Odeint
  /// called directly).
  void release() { holding_ = false; }
  /// The first time > t at which a held profile switches (+inf when none).
  double next_switch(double t) const;
  /// Called at the start of every evaluation: the profiles that are not held take their value at
  /// t. Allocation-free.
  void update(double t);

 private:
  void apply(Eigen::Index c);  // applied_[c] = sat(command_[c]), flag
  const Model* model_;
  Eigen::VectorXd command_, applied_, lower_, upper_;
  std::vector<std::uint8_t> saturated_;
  std::vector<InputProfile> profiles_;
  std::vector<Eigen::Index> pending_locks_;
  bool holding_ = false;
};

}  // namespace ramus
