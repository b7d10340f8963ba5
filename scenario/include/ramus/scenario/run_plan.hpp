// The sequence of one run (docs/architecture.md §18, "One run plan"), written once for every front
// end — the runner, campaigns and the Python module: propagate over a grid of step times with the
// run's own System, flight software and events; at each grid time apply the input changes of that
// time, in order, then hand the state to the sink if it is an output time; after a stop event,
// hand over the state at the event's time as the run's last row.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <vector>

#include "ramus/kernel/system.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::scenario {

/// Called at each output time with the state there (after that time's inputs), and at a stop
/// event's time (RunView::stop set), with the run's inputs and flight software.
using RunOutputSink = std::function<void(const Eigen::VectorXd& x, double t, const RunView& run)>;
/// Called at every time of the step grid (a progress display, an interrupt check).
using ProgressSink = std::function<void(double t)>;

/// What a run does, apart from the model: model data, so that one plan runs on many threads.
struct RunPlan {
  /// The driver's grid [s], increasing; it holds every output time and every input change's time
  /// (as the same doubles: grid times are compared for equality).
  std::vector<double> step_times;
  std::vector<double> output_times;  ///< [s] increasing, each on the grid
  std::vector<InputEvent> inputs;    ///< by time (stable: same-time changes in their order)
  PropagationSettings settings;      ///< the stepper and its step or tolerances

  /// Propagates from `x` (which holds the final state, or the state at a stop event) with the
  /// run's `system`, `software` (may be null) and `events`. Throws IntegrationError from the driver.
  PropagationStats run(const System& system, FlightSoftware* software, std::vector<Event> events, Eigen::VectorXd& x,
                       const RunOutputSink& on_output, const ProgressSink& on_progress = {}) const;
};

/// The plan of a scenario: its step grid, output times, inputs and settings.
RunPlan run_plan(const Scenario& scenario);

}  // namespace ramus::scenario
