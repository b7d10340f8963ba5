// A scenario file from C++: load it with ramus::scenario, run it, print the logged quantities at
// the last output time. Usage: example_run_scenario_file SCENARIO.json
#include <cstdio>
#include <exception>
#include <ramus/scenario/logged_quantities.hpp>
#include <ramus/scenario/run_scenario.hpp>
#include <ramus/scenario/scenario.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s SCENARIO.json\n", argv[0]);
    return 2;
  }
  try {
    const ramus::scenario::Scenario s = ramus::scenario::load_scenario(argv[1]);
    // The log may hold the run's own data (actuator commands, flight-software values): rows are
    // taken with the run's view.
    const ramus::scenario::QuantityLog log(s, s.log);
    std::vector<double> last;
    Eigen::VectorXd x;
    ramus::scenario::run_scenario_with_view(
        s, x, [&](const Eigen::VectorXd& state, double t, const ramus::scenario::RunView& run) {
          last = log.row(state, t, run);
        });
    for (std::size_t i = 0; i < last.size(); ++i)
      std::printf("%-28s %.17g %s\n", log.columns()[i].c_str(), last[i], log.units()[i].c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", argv[1], e.what());
    return 1;
  }
}
