#include "ramus/scenario/run_scenario.hpp"

#include "ramus/kernel/system.hpp"

namespace ramus::scenario {

PropagationStats run_scenario(const Scenario& scenario, Eigen::VectorXd& x, const OutputSink& on_output,
                              const ProgressSink& on_progress) {
  const Model& model = *scenario.model;
  x = model.initial_state();
  std::size_t next_input = 0, next_output = 0;
  const System system(scenario.model);  // this run's workspace and inputs
  // Every grid time is exactly one of the doubles the loader put there: equality is exact.
  const Observer observer = [&](Eigen::VectorXd& state, double t) {
    for (; next_input < scenario.inputs.size() && scenario.inputs[next_input].t == t; ++next_input)
      scenario.inputs[next_input].apply(model, system.inputs(), state);
    if (next_output < scenario.output_times.size() && scenario.output_times[next_output] == t) {
      if (on_output) on_output(state, t);
      ++next_output;
    }
    if (on_progress) on_progress(t);
  };
  return propagate(system, x, scenario.step_times, scenario.settings, observer);
}

}  // namespace ramus::scenario
