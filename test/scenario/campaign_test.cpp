// Monte Carlo campaigns (ramus/scenario/campaign.hpp, random_draws.hpp): the draws have the
// moments of their distributions, are a function of (seed, run, parameter) alone, reach the model,
// and every bad dispersion is refused with its JSON path.
#include "ramus/scenario/campaign.hpp"

#include <boost/test/unit_test.hpp>
#include <cmath>
#include <string>

#include "ramus/scenario/random_draws.hpp"

namespace ramus::scenario {
namespace {

constexpr const char* kScenario = R"({
  "vehicles": [{"name": "sc",
                "hub": {"mass": {"value": 750, "unit": "kg"}, "I_PntBc_B": [[900, 0, 0], [0, 800, 0], [0, 0, 600]]},
                "initial_state": {"omega_BN_B": {"value": [1, 2, 3], "unit": "deg/s"}}}],
  "propagation": {"stepper": "rk4", "dt": 0.1},
  "output": {"t1": 1, "dt": 0.5}
})";

std::string dispersions(const std::string& parameters, const std::string& extra = "") {
  return R"({"seed": 7, "parameters": [)" + parameters + "]" + extra + "}";
}

void expect_error(const std::string& dispersions_json, const std::string& path, const std::string& reason) {
  try {
    const Campaign c(kScenario, dispersions_json);
    BOOST_ERROR("no error; expected " << path << ": " << reason);
  } catch (const ScenarioError& e) {
    BOOST_TEST(e.path() == path, "message: " << e.what());
    BOOST_TEST(e.reason().find(reason) != std::string::npos, "message: " << e.what());
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_random_draws)

BOOST_AUTO_TEST_CASE(moments_of_the_normal_and_uniform_draws) {
  // n = 200000 draws: the sample mean of a unit-variance variable has σ = 1/√n ≈ 2.2e-3 and the
  // sample variance σ ≈ √(2/n) ≈ 3.2e-3; the bounds are 5 σ (a false failure once in 2e6 runs —
  // and the draws are deterministic, so it either always passes or always fails).
  constexpr int n = 200000;
  RandomStream normal(1, 2, 3), uniform(1, 2, 4);
  double sum = 0.0, squares = 0.0, usum = 0.0, usquares = 0.0, umin = 1.0, umax = 0.0;
  for (int i = 0; i < n; ++i) {
    const double z = normal.normal(), u = uniform.uniform();
    sum += z;
    squares += z * z;
    usum += u;
    usquares += (u - 0.5) * (u - 0.5);
    umin = std::min(umin, u);
    umax = std::max(umax, u);
  }
  BOOST_TEST(std::abs(sum / n) < 5.0 / std::sqrt(n));
  BOOST_TEST(std::abs(squares / n - 1.0) < 5.0 * std::sqrt(2.0 / n));
  // U(0, 1): mean 1/2 (σ of the mean √(1/12/n)), variance 1/12 (σ of the variance √(1/180/n)).
  BOOST_TEST(std::abs(usum / n - 0.5) < 5.0 * std::sqrt(1.0 / 12.0 / n));
  BOOST_TEST(std::abs(usquares / n - 1.0 / 12.0) < 5.0 * std::sqrt(1.0 / 180.0 / n));
  BOOST_TEST(umin >= 0.0);
  BOOST_TEST(umax < 1.0);
}

BOOST_AUTO_TEST_CASE(a_draw_is_a_function_of_seed_run_and_parameter) {
  RandomStream a(42, 5, 0), b(42, 5, 0);
  for (int i = 0; i < 10; ++i) BOOST_TEST(a.next() == b.next());
  const std::uint64_t first = RandomStream(42, 5, 0).next();
  BOOST_TEST(RandomStream(43, 5, 0).next() != first);
  BOOST_TEST(RandomStream(42, 6, 0).next() != first);
  BOOST_TEST(RandomStream(42, 5, 1).next() != first);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scenario_campaign)

BOOST_AUTO_TEST_CASE(draws_reach_the_model_in_the_scenario_unit) {
  const Campaign c(kScenario, dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 5},
      {"path": "vehicles[0].initial_state.omega_BN_B[2]", "distribution": "uniform", "low": 2, "high": 4})"));
  BOOST_TEST(c.seed() == 7u);
  BOOST_TEST(c.dispersions()[0].a == 750.0);  // the nominal value is the mean
  BOOST_TEST(c.dispersions()[0].b == 5.0);
  for (const std::uint64_t run : {0u, 1u, 99u}) {
    const std::vector<double> draws = c.draw(run);
    BOOST_TEST(draws == Campaign(kScenario, dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "normal",
        "sigma": 5}, {"path": "vehicles[0].initial_state.omega_BN_B[2]", "distribution": "uniform", "low": 2,
        "high": 4})"))
                            .draw(run),
               boost::test_tools::per_element());
    // The draws are those of the streams of (seed, run, parameter).
    BOOST_TEST(draws[0] == 750.0 + 5.0 * RandomStream(7, run, 0).normal());
    BOOST_TEST(draws[1] == 2.0 + 2.0 * RandomStream(7, run, 1).uniform());
    const Scenario s = c.scenario(run);
    BOOST_TEST(s.model->vehicle(0).hub().m == draws[0]);  // kg: the scenario's unit is SI here
    // omega_BN_B is in deg/s in the scenario: the draw is in deg/s too.
    const Eigen::VectorXd& x0 = s.model->initial_state();
    BOOST_TEST(x0(s.model->vehicle(0).offsets().omega_BN_B + 2) == draws[1] * (M_PI / 180.0),
               boost::test_tools::tolerance(1e-15));
  }
  BOOST_TEST(c.draw(0) != c.draw(1));
  BOOST_TEST(c.summary() == c.scenario(0).log, boost::test_tools::per_element());  // default summary
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scenario_campaign_errors)

BOOST_AUTO_TEST_CASE(bad_dispersions) {
  expect_error("{", "dispersions", "invalid JSON");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.masss", "distribution": "normal", "sigma": 1})"),
               "dispersions.parameters[0].path", "'vehicles[0].hub.masss' is not in the scenario");
  expect_error(dispersions(R"({"path": "vehicles[1].hub.mass", "distribution": "normal", "sigma": 1})"),
               "dispersions.parameters[0].path", "'vehicles[1]' is not in the scenario");
  expect_error(dispersions(R"({"path": "vehicles[0].name", "distribution": "normal", "sigma": 1})"),
               "dispersions.parameters[0].path", "'vehicles[0].name' is not a number in the scenario");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "lognormal", "sigma": 1})"),
               "dispersions.parameters[0].distribution", "unknown distribution 'lognormal'");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": -1})"),
               "dispersions.parameters[0].sigma", "must not be negative");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "uniform", "low": 2, "high": 1})"),
               "dispersions.parameters[0].high", "must be greater than low");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "uniform", "low": 2, "sigma": 1})"),
               "dispersions.parameters[0].sigma", "a uniform distribution takes low and high");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 1, "seed": 3})"),
               "dispersions.parameters[0].seed", "unknown key");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 1},
                              {"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 2})"),
               "dispersions.parameters[1].path", "'vehicles[0].hub.mass' is already dispersed");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 1})",
                           R"(, "summary": ["sc.energy"])"),
               "dispersions.summary[0]", "unknown quantity 'sc.energy'");
  expect_error(R"({"seed": -1, "parameters": []})", "dispersions.seed", "must be a non-negative integer");
}

BOOST_AUTO_TEST_CASE(a_draw_the_model_refuses_fails_its_run_with_the_path) {
  const Campaign c(
      kScenario, dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "uniform", "low": -2, "high": -1})"));
  try {
    c.scenario(3);
    BOOST_ERROR("a negative mass was accepted");
  } catch (const ScenarioError& e) {
    BOOST_TEST(e.path() == "vehicles[0].hub.mass");
    BOOST_TEST(e.reason().starts_with("run 3: "), e.what());
    BOOST_TEST(e.reason().find("must be positive") != std::string::npos, e.what());
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
