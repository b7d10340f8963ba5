// ramus-bench: the integrator-comparison executable (docs/architecture.md §D8). Reports; asserts
// nothing.
#include <algorithm>
#include <cmath>
#include <exception>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "comparison.hpp"
#include "environment_costs.hpp"
#include "flex_costs.hpp"
#include "options.hpp"
#include "plots.hpp"
#include "report.hpp"
#include "scenarios.hpp"
#include "stochastic_costs.hpp"
#ifdef RAMUS_HAVE_MUJOCO
#include "linearization.hpp"
#include "mujoco_peer.hpp"
#endif

namespace {

using namespace ramus::bench;

/// MuJoCo's figures on the scenario, as the report's PeerFigures (nothing when not built).
void add_peer(const Scenario& scenario, const ComparisonSettings& settings, ScenarioComparison& c) {
#ifdef RAMUS_HAVE_MUJOCO
  const mujoco::PeerResult result = mujoco::compare(scenario, settings);
  if (!result.comparison) {
    c.peer_unsupported = result.unsupported;
    return;
  }
  const mujoco::PeerComparison& m = *result.comparison;
  PeerFigures p;
  p.name = "mujoco";
  p.forward = m.forward;
  p.step = m.step;
  p.accel_mismatch = m.max_accel_mismatch();
  for (const mujoco::PeerRun& run : m.rk4) {
    RunResult r;
    r.stepper = "mujoco_rk4";
    r.dt = run.dt;
    r.error = run.error;
    r.observed_order = run.observed_order;
    r.order_at_roundoff =
        !std::isnan(run.observed_order) && run.error.max() < std::max(settings.roundoff_floor, scenario.error_floor);
    r.stats.steps = run.steps;
    r.stats.evaluations = 4 * run.steps;  // mj_forward-equivalent stages of RK4
    r.time = run.time;
    p.rk4.push_back(std::move(r));
  }
  c.peer = std::move(p);
#else
  (void)scenario;
  (void)settings;
  (void)c;
#endif
}

/// ramus's linear model of panels2 against MuJoCo's transition matrix, when panels2 is selected.
void add_linearization(const Options& options, const ComparisonSettings& settings) {
#ifdef RAMUS_HAVE_MUJOCO
  if (std::find(options.scenarios.begin(), options.scenarios.end(), "panels2") == options.scenarios.end()) return;
  std::string why;
  const auto c = mujoco::compare_linearization(find_scenario("panels2")->make(), settings.rhs_batches,
                                               10.0 * settings.rhs_batch_seconds, why);
  if (c)
    mujoco::print_linearization(std::cout, *c);
  else
    std::cout << "\n== linear models (panels2): MuJoCo not compared (" << why << ")\n";
#else
  (void)options;
  (void)settings;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  Options options;
  try {
    options = parse_options(args);
  } catch (const UsageError& e) {
    std::cerr << "ramus-bench: " << e.what() << "\n(ramus-bench --help for usage, --list for the names)\n";
    return 2;
  }
  if (options.help) {
    std::cout << usage();
    return 0;
  }
  if (options.list) {
    std::cout << listing();
    return 0;
  }

  try {
    std::ofstream csv;
    if (options.csv_path) {
      csv.open(*options.csv_path);
      if (!csv) {
        std::cerr << "ramus-bench: cannot open '" << *options.csv_path << "' for writing\n";
        return 1;
      }
      write_csv_header(csv);
    }
    const ComparisonSettings settings = options.quick ? ComparisonSettings::quick() : ComparisonSettings::full();
    print_legend(std::cout, settings, options.quick);
    std::vector<ScenarioComparison> comparisons;
    std::vector<ScenarioComparison> chains;  // for the cost-vs-N table
    for (const std::string& name : options.scenarios) {
      const Scenario scenario = find_scenario(name)->make();
      ScenarioComparison comparison = compare_steppers(scenario, options.steppers, settings);
      if (!options.no_peer) add_peer(scenario, settings, comparison);
      print_table(std::cout, comparison);
      if (csv.is_open()) write_csv_rows(csv, comparison);
      if (comparison.chain_links > 0) chains.push_back(comparison);
      comparisons.push_back(std::move(comparison));
    }
    print_chain_cost(std::cout, chains);
    if (!options.no_peer) add_linearization(options, settings);
    print_targets(std::cout, comparisons);
    print_environment_costs(std::cout, measure_environment_costs(RAMUS_DATA_DIR, options.quick),
                            {measure_full_environment_orbit(RAMUS_DATA_DIR, 1e-9),
                             measure_full_environment_orbit(RAMUS_DATA_DIR, 1e-9, ramus::GradientPoint::vehicle)});
    print_flex_costs(std::cout, measure_flex_costs(options.quick), measure_chain_crossover(options.quick));
    print_stochastic(std::cout, measure_stochastic(options.quick));
    if (options.plot_dir) {
      write_plots(*options.plot_dir, comparisons);
      std::cout << "\nplots written to " << *options.plot_dir << '\n';
    }
    if (csv.is_open() && !csv.flush()) {
      std::cerr << "ramus-bench: writing '" << *options.csv_path << "' failed\n";
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "ramus-bench: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
