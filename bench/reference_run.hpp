// The fine run that serves as reference where no closed form exists: rk_f78 at a tight
// tolerance (rosenbrock4 for a stiff scenario), computed once per bench run, only when its
// scenario is selected.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <string>

#include "ramus/steppers/propagate.hpp"
#include "scenario.hpp"

namespace ramus::bench {

struct ConvergedRun {
  Eigen::VectorXd x_t1;
  PropagationStats stats;
  double seconds = 0.0;  ///< [s] wall time
  /// max |x_i| over the states at the output times (the scenario's and the samples); the
  /// amplitude of each entry along the run.
  Eigen::VectorXd amplitude;
};

/// `stepper` (adaptive) at abs_tol = rel_tol = `tolerance` from s.x0 through s's output times (its
/// inputs observer included), plus `samples` evenly spaced times where the amplitude is sampled.
ConvergedRun converged_run(const Scenario& s, double tolerance = 1e-13, int samples = 0,
                           const std::string& stepper = "rk_f78");

/// How a converged reference is made and checked: the reference run, and the check run whose
/// distance from it bounds the reference's own error (100× looser; a different stepper makes it
/// an independent check too).
struct ReferenceSettings {
  std::string stepper = "rk_f78";
  double tolerance = 1e-13;
  std::string check_stepper = "rk_f78";
  double check_tolerance = 1e-11;
  /// Applied to the scenario once the reference is set, before the check is measured: e.g. to
  /// narrow the compared effector blocks or change their scales (none: every block, by amplitude).
  std::function<void(Scenario&)> adjust;
};

/// The reference state of every vehicle's hub in x.
HubReference hub_state(const Model& model, const Eigen::VectorXd& x, std::size_t vehicle = 0);

/// Makes a converged run (rk_f78 at 1e-13 by default) s's reference: every hub, and every effector
/// block of the layout (scaled by its sampled amplitude). Returns the header text: the run's cost
/// and, as a check of convergence, how far the check run (the same at 1e-11) ends from it.
std::string use_converged_reference(Scenario& s, const ReferenceSettings& reference = {});

}  // namespace ramus::bench
