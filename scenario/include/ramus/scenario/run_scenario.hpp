// Propagating a scenario: the library's propagate() over the scenario's time grid, with its
// inputs applied between steps and its quantities logged at the output times.
#pragma once

#include <Eigen/Dense>
#include <functional>

#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::scenario {

/// Called at each output time with the state there (after the inputs of that time are applied).
using OutputSink = std::function<void(const Eigen::VectorXd& x, double t)>;
/// Called at every time of the step grid (for a progress display).
using ProgressSink = std::function<void(double t)>;

/// Propagates `scenario` from its initial state; `x` holds the final state. At each time of the
/// step grid the inputs given for that time are applied first (in file order), then the state is
/// logged if it is an output time. Inputs change the model's effectors: run a scenario once, load it
/// again to rerun it. Throws IntegrationError from the driver.
PropagationStats run_scenario(const Scenario& scenario, Eigen::VectorXd& x, const OutputSink& on_output,
                              const ProgressSink& on_progress = {});

}  // namespace ramus::scenario
