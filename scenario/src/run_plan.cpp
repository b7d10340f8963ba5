#include "ramus/scenario/run_plan.hpp"

#include <utility>

namespace ramus::scenario {

PropagationStats RunPlan::run(const System& system, FlightSoftware* software, std::vector<Event> events,
                              Eigen::VectorXd& x, const RunOutputSink& on_output,
                              const ProgressSink& on_progress) const {
  PropagationSettings s = settings;
  s.flight_software = software;
  s.events = std::move(events);
  RunView view{&system.inputs(), software, nullptr};
  std::size_t next_input = 0, next_output = 0;
  // Every grid time is exactly one of the doubles the plan holds: equality is exact.
  const Observer observer = [&](Eigen::VectorXd& state, double t) {
    for (; next_input < inputs.size() && inputs[next_input].t == t; ++next_input)
      inputs[next_input].apply(system, state, t);
    if (next_output < output_times.size() && output_times[next_output] == t) {
      if (on_output) on_output(state, t, view);
      ++next_output;
    }
    if (on_progress) on_progress(t);
  };
  PropagationStats stats = propagate(system, x, step_times, s, observer);
  if (stats.stopped) {  // the run's last row: the state at the stop event (the observer is not called there)
    view.stop = &stats.events.back();
    if (on_output) on_output(x, stats.t, view);
    if (on_progress) on_progress(stats.t);
  }
  return stats;
}

RunPlan run_plan(const Scenario& scenario) {
  return RunPlan{scenario.step_times, scenario.output_times, scenario.inputs, scenario.settings};
}

}  // namespace ramus::scenario
