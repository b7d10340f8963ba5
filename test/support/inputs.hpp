// A dynamic effector's load evaluated outside a run, for unit tests: its inputs are what a run's
// Inputs would apply at t from the effector's own declarations (the initial commands, then its
// default profiles evaluated at t). Nothing here computes a reference value.
#pragma once

#include <Eigen/Dense>
#include <algorithm>

#include "ramus/kernel/dynamic_effector.hpp"

namespace ramus::test {

/// The effector's applied channels at t as a run starts them: initial values, overwritten by its
/// default profiles (a thruster's schedule, a pulse pattern, a force or torque profile) evaluated
/// at t, saturated at the declared limits as Inputs applies them. Any state or dynamic effector.
template <class Effector>
Eigen::VectorXd default_inputs(const Effector& effector, double t) {
  Eigen::Index n = 0;
  for (const InputSpec& b : effector.input_blocks()) n += b.size;
  Eigen::VectorXd u = Eigen::VectorXd::Zero(n);
  Eigen::Index offset = 0;
  for (const InputSpec& b : effector.input_blocks()) {
    if (b.initial.size() == b.size) u.segment(offset, b.size) = b.initial;
    offset += b.size;
  }
  for (const InputProfile& p : effector.input_profiles()) u[p.channel] = p.value(t);
  offset = 0;
  for (const InputSpec& b : effector.input_blocks()) {
    for (Eigen::Index i = 0; i < b.size; ++i) {
      double& v = u[offset + i];
      if (b.lower.size() == b.size) v = std::max(v, b.lower[i]);
      if (b.upper.size() == b.size) v = std::min(v, b.upper[i]);
    }
    offset += b.size;
  }
  return u;
}

/// effector.wrench(frame, u, at) with u = default_inputs(effector, t) and a load context holding
/// only the time (no gravity field).
inline Wrench wrench_at(const DynamicEffector& effector, const FrameKinematics& frame, double t) {
  const Eigen::VectorXd u = default_inputs(effector, t);
  LoadContext at;
  at.t = t;
  return effector.wrench(frame, ConstInputBlock(u.data(), u.size()), at);
}

}  // namespace ramus::test
