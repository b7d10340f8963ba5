// The fine run that serves as reference where no closed form exists: rk_f78 at a tight
// tolerance, computed once per bench run, only when its scenario is selected.
#pragma once

#include <Eigen/Dense>
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

/// rk_f78 at abs_tol = rel_tol = `tolerance` from s.x0 through s's output times (its inputs
/// observer included), plus `samples` evenly spaced times where the amplitude is sampled.
ConvergedRun converged_run(const Scenario& s, double tolerance = 1e-13, int samples = 0);

/// The reference state of every vehicle's hub in x.
HubReference hub_state(const Model& model, const Eigen::VectorXd& x, std::size_t vehicle = 0);

/// Makes a converged run at 1e-13 s's reference: every hub, and every effector block of the
/// layout (scaled by its sampled amplitude). Returns the header text: the run's cost and, as a
/// check of convergence, how far the same procedure at 1e-11 ends from it.
std::string use_converged_reference(Scenario& s);

}  // namespace ramus::bench
