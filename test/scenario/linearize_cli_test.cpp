// `ramus linearize` (the CTest fixture scenario.cli_linearize_run writes DIR for
// docs/examples/panels_and_wheels.json at t = 10 s): its A and B in linear_model.json and A.csv are
// bit-identical to the library's analysis::linearize at the state the C++ API propagates to, and
// its modes are the library's. The directory is the argument after "--".
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ramus/analysis/modes.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus {
namespace {

BOOST_AUTO_TEST_SUITE(scenario_cli_linearize)

BOOST_AUTO_TEST_CASE(ramus_linearize_is_the_library_linear_model) {
  const auto& suite = boost::unit_test::framework::master_test_suite();
  BOOST_TEST_REQUIRE(suite.argc >= 2, "usage: scenario_tests --run_test=scenario_cli_linearize -- DIR");
  const std::string dir = suite.argv[suite.argc - 1];
  std::ifstream in(dir + "/linear_model.json");
  BOOST_TEST_REQUIRE(static_cast<bool>(in), "cannot read " << dir << "/linear_model.json");
  const nlohmann::json file = nlohmann::json::parse(in);

  // The reference: the scenario propagated by the library to t = 10 s, its applied commands there.
  const scenario::Scenario s = scenario::load_scenario(RAMUS_EXAMPLES_DIR "/panels_and_wheels.json");
  analysis::OperatingPoint p;
  Eigen::VectorXd x;
  scenario::run_scenario_with_view(s, x, [&](const Eigen::VectorXd& state, double t, const scenario::RunView& run) {
    if (t == 10.0) p = {state, t, run.inputs->applied()};
  });
  BOOST_TEST_REQUIRE(p.t == 10.0);
  const analysis::LinearModel lm = analysis::linearize(s.model, p);

  BOOST_TEST(file["t"].get<double>() == 10.0);
  BOOST_TEST(file["method"].get<std::string>() == lm.method);
  BOOST_TEST_REQUIRE(file["states"].size() == lm.state_names.size());
  for (std::size_t i = 0; i < lm.state_names.size(); ++i)
    BOOST_TEST(file["states"][i]["name"].get<std::string>() == lm.state_names[i]);
  BOOST_TEST_REQUIRE(file["inputs"].size() == lm.input_names.size());
  for (Eigen::Index i = 0; i < lm.A.rows(); ++i) {
    for (Eigen::Index j = 0; j < lm.A.cols(); ++j)
      BOOST_TEST(file["A"][i][j].get<double>() == lm.A(i, j), "A(" << i << "," << j << ")");
    for (Eigen::Index j = 0; j < lm.B.cols(); ++j)
      BOOST_TEST(file["B"][i][j].get<double>() == lm.B(i, j), "B(" << i << "," << j << ")");
  }
  const std::vector<analysis::Mode> modes = analysis::modes(lm);
  BOOST_TEST_REQUIRE(file["modes"].size() == modes.size());
  for (std::size_t k = 0; k < modes.size(); ++k)
    BOOST_TEST(file["modes"][k]["frequency_hz"].get<double>() == modes[k].frequency_hz);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace ramus
