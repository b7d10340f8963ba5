#include "comparison.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "allocation_counter.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/odeint_steppers.hpp"
#include "ramus/steppers/stepper_list.hpp"

namespace ramus::bench {

ComparisonSettings ComparisonSettings::full() {
  ComparisonSettings s;
  s.fixed_levels = 6;
  s.tolerances = {1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12};
  s.timing = {3, 0.05, 200};
  s.rhs_batches = 31;
  s.drift_span_factor = 10.0;
  s.overhead_rounds = 15;
  return s;
}

ComparisonSettings ComparisonSettings::quick() {
  ComparisonSettings s;
  s.fixed_levels = 3;
  s.tolerances = {1e-6, 1e-9, 1e-12};
  s.timing = {3, 0.0, 3};  // the median of three filters out one descheduled run
  s.rhs_batches = 5;
  s.drift_span_factor = 2.0;
  s.drift_samples = 40;
  s.overhead_rounds = 5;
  s.overhead_run_seconds = 1e-3;
  s.quick_run = true;
  return s;
}

double RunResult::evals_per_step() const {
  return static_cast<double>(stats.evaluations) / static_cast<double>(stats.steps);
}
double RunResult::ns_per_eval() const { return 1e9 * time.median / static_cast<double>(stats.evaluations); }
double RunResult::ns_per_step() const { return 1e9 * time.median / static_cast<double>(stats.steps); }

namespace {

/// One propagation from x0 over [t0, t1], timed; the error is that of the last (identical) run.
RunResult run_once(const Scenario& scenario, const System& system, const PropagationSettings& settings,
                   const TimingPolicy& timing) {
  RunResult r;
  r.stepper = settings.stepper;
  r.adaptive = stepper_info(settings.stepper).adaptive;
  if (r.adaptive)
    r.tolerance = settings.rel_tol;
  else
    r.dt = settings.dt;
  Eigen::VectorXd x;
  const std::vector<double> times = scenario.times();
  std::unique_ptr<FlightSoftware> fsw;  // a closed-loop scenario's: fresh for every propagation
  PropagationSettings run_settings = settings;
  try {
    r.time = time_repeated(
        timing,
        [&] {
          x = scenario.x0;
          run_settings = scenario.closed_loop(settings, fsw);
        },
        [&] { r.stats = propagate(system, x, times, run_settings); });
    r.error = scenario.error(x);
    x = scenario.x0;
    run_settings = scenario.closed_loop(settings, fsw);
    const std::uint64_t before = allocations_so_far();
    propagate(system, x, times, run_settings);
    r.allocations = allocations_so_far() - before;
  } catch (const IntegrationError& e) {
    r.failure = e.what();
  }
  return r;
}

/// allocs_per_step of runs [first, end) of one stepper: the slope between neighbours.
void allocation_slopes(std::vector<RunResult>& runs, std::size_t first) {
  for (std::size_t k = first; k + 1 < runs.size(); ++k) {
    RunResult& a = runs[k];
    RunResult& b = runs[k + 1];
    if (!a.ok() || !b.ok() || a.stats.steps == b.stats.steps) continue;
    const double slope = (static_cast<double>(b.allocations) - static_cast<double>(a.allocations)) /
                         (static_cast<double>(b.stats.steps) - static_cast<double>(a.stats.steps));
    b.allocs_per_step = slope;
    if (std::isnan(a.allocs_per_step)) a.allocs_per_step = slope;
  }
}

/// Fixed steps `steps` [s] in order, the observed order against the previous one.
void fixed_ladder(const Scenario& scenario, const System& system, const std::string& stepper,
                  const std::vector<double>& steps, const ComparisonSettings& settings, std::vector<RunResult>& out) {
  PropagationSettings p;
  p.stepper = stepper;
  std::optional<double> previous_error;  // of the previous level, when it succeeded
  double previous_dt = 0.0;
  for (const double dt : steps) {
    p.dt = dt;
    RunResult r = run_once(scenario, system, p, settings.timing);
    if (previous_error && r.ok()) {
      const double fine = r.error.max();
      r.observed_order = std::log(*previous_error / fine) / std::log(previous_dt / dt);
      r.order_at_roundoff = std::min(*previous_error, fine) < std::max(settings.roundoff_floor, scenario.error_floor);
    }
    previous_error = r.ok() ? std::optional<double>(r.error.max()) : std::nullopt;
    previous_dt = dt;
    out.push_back(std::move(r));
  }
}

/// dt0, dt0/2, … (settings.fixed_levels of them).
std::vector<double> halving(double dt0, int levels) {
  std::vector<double> steps;
  for (int level = 0; level < levels; ++level) steps.push_back(std::ldexp(dt0, -level));
  return steps;
}

void tolerance_ladder(const Scenario& scenario, const System& system, const std::string& stepper,
                      const std::vector<double>& tolerances, const ComparisonSettings& settings,
                      std::vector<RunResult>& out) {
  PropagationSettings p;
  p.stepper = stepper;
  p.dt = scenario.dt0;
  for (const double tolerance : tolerances) {
    p.abs_tol = p.rel_tol = tolerance;
    out.push_back(run_once(scenario, system, p, settings.timing));
  }
}

}  // namespace

ScenarioComparison compare_steppers(const Scenario& scenario, std::span<const std::string> steppers,
                                    const ComparisonSettings& settings) {
  ScenarioComparison c;
  c.name = scenario.name;
  c.description = scenario.description;
  c.reference = scenario.reference;
  c.state_size = scenario.x0.size();
  c.layout = layout_summary(*scenario.model);
  c.output_times = scenario.times().size();
  c.chain_links = scenario.chain_links;
  c.t0 = scenario.t0;
  c.t1 = scenario.t1;
  c.dt0 = scenario.dt0;

  const System system = scenario.run();
  Eigen::VectorXd dxdt(scenario.x0.size());
  c.rhs =
      time_batches(settings.rhs_batches, settings.rhs_batch_seconds, [&] { system(scenario.x0, dxdt, scenario.t0); });

  {
    odeint_steppers::rk4 rk4;
    Eigen::VectorXd x = scenario.x0;
    c.rk4_step = time_batches(settings.rhs_batches, settings.rhs_batch_seconds, [&] {
      x = scenario.x0;
      rk4.do_step(std::cref(system), x, scenario.t0, scenario.dt0);
    });
  }

  // The scenario's own plan, or every stepper of the command line over the settings' ladders: the
  // tolerances of an adaptive stepper, the steps of a fixed one.
  std::vector<std::pair<std::string, std::vector<double>>> ladders;
  c.own_plan = !scenario.plan.empty();
  for (const StepperPlan& p : scenario.plan) ladders.emplace_back(p.stepper, settings.quick_run ? p.quick : p.full);
  if (!c.own_plan)
    for (const std::string& stepper : steppers)
      ladders.emplace_back(stepper, stepper_info(stepper).adaptive
                                        ? settings.tolerances
                                        : halving(scenario.first_step(stepper), settings.fixed_levels));
  bool with_rk4 = false;
  std::vector<std::string> planned;
  for (const auto& [stepper, values] : ladders) {
    if (values.empty()) continue;
    planned.push_back(stepper);
    const std::size_t first = c.runs.size();
    if (stepper_info(stepper).adaptive)
      tolerance_ladder(scenario, system, stepper, values, settings, c.runs);
    else
      fixed_ladder(scenario, system, stepper, values, settings, c.runs);
    allocation_slopes(c.runs, first);
    with_rk4 = with_rk4 || stepper == "rk4";
  }
  if (scenario.event_case) {
    c.event_description = scenario.event_case().description;
    c.events = measure_event_costs(scenario, planned, settings.event_tolerance, settings.event_level, settings.timing);
  }
  if (with_rk4) {
    const double dt = scenario.first_step("rk4");
    const double run_seconds = 4.0 * c.rhs.per_call.median * (c.t1 - c.t0) / dt;
    const int repeats = static_cast<int>(std::max(1.0, std::round(settings.overhead_run_seconds / run_seconds)));
    c.overhead = measure_driver_overhead(scenario, dt, repeats, settings.overhead_rounds);
    if (scenario.flight_software)
      c.closed_loop = measure_closed_loop(scenario, dt, settings.overhead_rounds, settings.overhead_run_seconds);
  }
  try {
    c.drift = long_run_drift(scenario, scenario.first_step("rk4"), settings.drift_span_factor * (c.t1 - c.t0),
                             settings.drift_samples);
  } catch (const IntegrationError& e) {
    c.drift.failure = e.what();
  }
  return c;
}

}  // namespace ramus::bench
