// Every scenario file of docs/examples (not the *_dispersions.json campaign files) loads (parse, build, finalize), and
// runs its first output interval without an integration error: the examples cannot rot.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <string>

#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {

BOOST_AUTO_TEST_SUITE(scenario_examples)

BOOST_AUTO_TEST_CASE(every_example_loads_and_steps) {
  std::size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(RAMUS_EXAMPLES_DIR)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".json" || name.ends_with("_dispersions.json")) continue;
    BOOST_TEST_CONTEXT(entry.path().filename().string()) {
      Scenario s = load_scenario(entry.path());
      BOOST_TEST(s.model->is_finalized());
      // The first output interval only (the whole runs are the runner's CLI test and the reader's).
      s.output_times.resize(2);
      s.step_times.erase(std::upper_bound(s.step_times.begin(), s.step_times.end(), s.output_times[1]),
                         s.step_times.end());
      Eigen::VectorXd x;
      std::size_t outputs = 0;
      run_scenario(s, x, [&](const Eigen::VectorXd&, double) { ++outputs; });
      BOOST_TEST(outputs == 2u);
      BOOST_TEST(x.allFinite());
      ++count;
    }
  }
  BOOST_TEST(count >= 1u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
