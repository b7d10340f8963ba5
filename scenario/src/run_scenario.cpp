#include "ramus/scenario/run_scenario.hpp"

#include <memory>

#include "ramus/kernel/system.hpp"

namespace ramus::scenario {

PropagationStats run_scenario_with_view(const Scenario& scenario, Eigen::VectorXd& x, const RunOutputSink& on_output,
                                        const ProgressSink& on_progress) {
  x = scenario.model->initial_state();
  const System system(scenario.model);                                              // this run's workspace and inputs
  const std::unique_ptr<FlightSoftware> software = make_flight_software(scenario);  // this run's tasks
  // This run's events (an input action writes its inputs).
  return run_plan(scenario).run(system, software.get(), make_events(scenario, system), x, on_output, on_progress);
}

PropagationStats run_scenario(const Scenario& scenario, Eigen::VectorXd& x, const OutputSink& on_output,
                              const ProgressSink& on_progress) {
  RunOutputSink sink;
  if (on_output) sink = [&](const Eigen::VectorXd& state, double t, const RunView&) { on_output(state, t); };
  return run_scenario_with_view(scenario, x, sink, on_progress);
}

}  // namespace ramus::scenario
