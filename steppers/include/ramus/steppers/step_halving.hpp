// Step-halving convergence studies (docs/architecture.md §D8): the same run at dt, dt/2, dt/4, …,
// the error of
// each level, and the observed order p = log2(e(h) / e(h/2)) between consecutive levels.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <string>
#include <vector>

#include "ramus/kernel/system.hpp"

namespace ramus {

struct HalvingLevel {
  double dt = 0.0;              ///< [s] step of this level
  double error = 0.0;           ///< error of this level (its own units)
  double observed_order = 0.0;  ///< log2(error of the previous level / this error); NaN on level 0
};

struct StepHalvingStudy {
  std::vector<HalvingLevel> levels;
  /// Observed orders of levels 1…n−1.
  std::vector<double> orders() const;
};

/// error_at(dt) runs the case at step dt and returns its error against an independent reference.
/// Levels dt0, dt0/2, …, dt0/2^(levels−1).
StepHalvingStudy step_halving_study(double dt0, int levels, const std::function<double(double dt)>& error_at);

/// Without a reference: solution_at(dt) returns the run's result; the error of level k is
/// distance(result_k, result_{k+1}), so levels + 1 runs give `levels` errors (Richardson).
StepHalvingStudy step_halving_study_self(
    double dt0, int levels, const std::function<Eigen::VectorXd(double dt)>& solution_at,
    const std::function<double(const Eigen::VectorXd&, const Eigen::VectorXd&)>& distance);

/// The common case: propagate `system` from x0 over [t0, t1] with the named fixed-step stepper and
/// measure error(x(t1)) at each level.
StepHalvingStudy step_halving_study(const System& system, const Eigen::VectorXd& x0, double t0, double t1,
                                    const std::string& stepper, double dt0, int levels,
                                    const std::function<double(const Eigen::VectorXd& x_t1)>& error);

}  // namespace ramus
