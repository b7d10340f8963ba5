// The thrusters of an effector that throttles them (fuel_tank, thruster_state_effector): their
// parameters and the command each starts a run with, the one "throttle" input block (one channel per
// thruster, limits [0, 1]), and look-ups whose errors name the effector.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

template <class Parameters>
class ThrottledThrusters {
 public:
  /// Appends a thruster, checked, with its initial command (in [0, 1]: refused otherwise, naming
  /// the thruster's "command0 [1]").
  void add(const StateEffector& effector, const Parameters& p, double command0) {
    validation::require_unit_interval(owner(effector, thrusters_.size()), "command0 [1]", command0);
    thrusters_.push_back(p);
    u_.push_back(command0);
  }
  std::size_t size() const { return thrusters_.size(); }
  /// Thruster i, unchecked: the right-hand side's loops over 0 … size() − 1.
  const Parameters& operator[](std::size_t i) const { return thrusters_[i]; }

  /// "<effector> thruster i": the owner of one thruster's fields in messages.
  static std::string owner(const StateEffector& effector, std::size_t i) {
    return effector.label() + " thruster " + std::to_string(i);
  }
  /// Thruster i; out of range, a ConfigurationError naming the effector and `what` (the call).
  const Parameters& at(const StateEffector& effector, std::size_t i, const char* what) const {
    require_index(effector, i, what);
    return thrusters_[i];
  }
  /// [1] the command of thruster i at the start of a run.
  double command(const StateEffector& effector, std::size_t i) const {
    require_index(effector, i, "command");
    return u_[i];
  }
  /// Sets it (in [0, 1]: refused otherwise, naming the thruster).
  void set_command(const StateEffector& effector, std::size_t i, double u) {
    require_index(effector, i, "set_command");
    validation::require_unit_interval(owner(effector, i), "command [1]", u);
    u_[i] = u;
  }
  /// The effector's input block: "throttle" [1], 1 on, 0 off, a throttle in between.
  InputSpec throttle_block() const {
    const auto n = static_cast<Eigen::Index>(u_.size());
    return {"throttle",
            n,
            "1",
            Eigen::Map<const Eigen::VectorXd>(u_.data(), n),
            Eigen::VectorXd::Zero(n),
            Eigen::VectorXd::Ones(n)};
  }

 private:
  void require_index(const StateEffector& effector, std::size_t i, const char* what) const {
    // The effector's label only on failure: the right-hand side calls this (no allocation).
    if (i >= thrusters_.size()) validation::require_index(effector.label(), i, thrusters_.size(), "thruster", what);
  }

  std::vector<Parameters> thrusters_;
  std::vector<double> u_;  ///< [1] initial commands, in [0, 1]
};

}  // namespace ramus
