#include "ramus/scenario/run_scenario.hpp"

#include <memory>

#include "ramus/kernel/system.hpp"

namespace ramus::scenario {

PropagationStats run_scenario_with_view(const Scenario& scenario, Eigen::VectorXd& x, const RunOutputSink& on_output,
                                        const ProgressSink& on_progress) {
  const Model& model = *scenario.model;
  x = model.initial_state();
  std::size_t next_input = 0, next_output = 0;
  const System system(scenario.model);                                              // this run's workspace and inputs
  const std::unique_ptr<FlightSoftware> software = make_flight_software(scenario);  // this run's tasks
  PropagationSettings settings = scenario.settings;
  settings.flight_software = software.get();
  settings.events = make_events(scenario, system);  // this run's events (an input action writes its inputs)
  RunView view{&system.inputs(), software.get(), nullptr};
  // Every grid time is exactly one of the doubles the loader put there: equality is exact.
  const Observer observer = [&](Eigen::VectorXd& state, double t) {
    for (; next_input < scenario.inputs.size() && scenario.inputs[next_input].t == t; ++next_input)
      scenario.inputs[next_input].apply(system, state, t);
    if (next_output < scenario.output_times.size() && scenario.output_times[next_output] == t) {
      if (on_output) on_output(state, t, view);
      ++next_output;
    }
    if (on_progress) on_progress(t);
  };
  PropagationStats stats = propagate(system, x, scenario.step_times, settings, observer);
  if (stats.stopped) {  // the run's last row: the state at the stop event (the observer is not called there)
    view.stop = &stats.events.back();
    if (on_output) on_output(x, stats.t, view);
    if (on_progress) on_progress(stats.t);
  }
  return stats;
}

PropagationStats run_scenario(const Scenario& scenario, Eigen::VectorXd& x, const OutputSink& on_output,
                              const ProgressSink& on_progress) {
  RunOutputSink sink;
  if (on_output) sink = [&](const Eigen::VectorXd& state, double t, const RunView&) { on_output(state, t); };
  return run_scenario_with_view(scenario, x, sink, on_progress);
}

}  // namespace ramus::scenario
