// System: the Boost.Odeint system of a finalized Model, dxdt = f(x, t) (docs/architecture.md §D3).
// Cheap to copy (Odeint passes systems by value): a handle to the model and to one workspace.
// Copies share the workspace, so one System and its copies serve one thread; give each thread
// its own System(model).
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <memory>

#include "ramus/kernel/model.hpp"
#include "ramus/kernel/workspace.hpp"

namespace ramus {

class System {
 public:
  /// The model must be finalized.
  explicit System(std::shared_ptr<const Model> model);

  /// dxdt = f(x, t): a pure function of (x, t) and of this run's inputs; no heap allocation once
  /// dxdt has the state's size (Odeint sizes it before the first call).
  void operator()(const Eigen::VectorXd& x, Eigen::VectorXd& dxdt, double t) const;

  const Model& model() const { return *model_; }
  const std::shared_ptr<const Model>& model_ptr() const { return model_; }
  /// This run's actuator commands (inputs.hpp), shared by the System's copies: set them between
  /// steps. Two Systems of one model have their own.
  Inputs& inputs() const { return ws_->inputs; }
  /// The workspace of the last evaluation (read-only, for diagnostics and tests).
  const Workspace& workspace() const { return *ws_; }
  /// Number of evaluations through this system and its copies.
  std::uint64_t evaluations() const { return ws_->evaluations; }
  void reset_evaluations() const { ws_->evaluations = 0; }

 private:
  std::shared_ptr<const Model> model_;
  std::shared_ptr<Workspace> ws_;
};

/// Between steps: latches every lock its run commanded to 1 through Inputs::set since the last
/// call (a schedule, a flight-software task, a callback's set_input), each by its effector's
/// impulse at (x, t) (StateEffector::engage_commanded_locks, docs/architecture.md §12), so that a
/// lock through its channel keeps the vehicle's momentum exactly as a lock through the effector's
/// own call does. Returns true when any was pending (x may have changed). The driver calls it
/// before every step.
bool engage_commanded_locks(const System& system, Eigen::VectorXd& x, double t);

}  // namespace ramus
