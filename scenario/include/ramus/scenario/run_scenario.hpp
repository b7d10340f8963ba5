// Propagating a scenario: the library's propagate() over the scenario's time grid, with its
// inputs applied between steps, its flight software sampled at its tasks' times and its
// quantities logged at the output times.
#pragma once

#include <Eigen/Dense>
#include <functional>

#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/run_plan.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::scenario {

/// Called at each output time with the state there (after the inputs of that time are applied),
/// and at a stop event's time with the state there (the run's last row).
using OutputSink = std::function<void(const Eigen::VectorXd& x, double t)>;

/// Propagates `scenario` from its initial state by its RunPlan (run_plan.hpp); `x` holds the final state. At each time
/// of the step grid the inputs given for that time are applied first (in file order), then the state is logged if it is
/// an output time. The run has its own inputs (a System of the model) and its own flight software
/// (make_flight_software: fresh tasks seeded with scenario.noise_seed), sampled at its tasks' times, and its own events
/// (make_events), whose occurrences the stats return; a stop event ends the run at its time with one more output there
/// (RunView::stop set). Throws IntegrationError from the driver.
PropagationStats run_scenario(const Scenario& scenario, Eigen::VectorXd& x, const OutputSink& on_output,
                              const ProgressSink& on_progress = {});
/// run_scenario() whose sink also sees the run (its inputs and flight software) at each output time.
PropagationStats run_scenario_with_view(const Scenario& scenario, Eigen::VectorXd& x, const RunOutputSink& on_output,
                                        const ProgressSink& on_progress = {});

}  // namespace ramus::scenario
