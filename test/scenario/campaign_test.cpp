// Monte Carlo campaigns (ramus/scenario/campaign.hpp, random_draws.hpp): the draws have the
// moments of their distributions, are a function of (seed, run, parameter) alone, reach the model,
// and every bad dispersion is refused with its JSON path.
#include "ramus/scenario/campaign.hpp"

#include <Eigen/Dense>
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

BOOST_AUTO_TEST_SUITE(scenario_campaign_inertia)

// The inertia distribution (docs/scenario.md §6, eq. 6.1) against its own definition, checked
// through quantities it must hold whatever the code: every draw symmetric to the bit and a rigid
// body's; its principal moments (a rotation leaves them) normal about the nominal's with the given
// sigmas; its principal axes turned from the nominal's by rotation vectors whose components have
// the given sigma; the draw written into the run's model.
BOOST_AUTO_TEST_CASE(moments_and_axes_have_their_distributions) {
  // Nominal principal moments 600, 800, 900 about axes turned from B (a general tensor).
  const char* scenario = R"({
    "vehicles": [{"name": "sc",
                  "hub": {"mass": 750, "I_PntBc_B": {"value": [[850, 40, -30], [40, 760, 20], [-30, 20, 690]],
                                                     "unit": "kg m^2"}}}],
    "propagation": {"stepper": "rk4", "dt": 0.1},
    "output": {"t1": 0.2, "dt": 0.1}
  })";
  const double axes_sigma = 0.01;  // [rad]
  const Campaign c(scenario, dispersions(R"({"path": "vehicles[0].hub.I_PntBc_B", "distribution": "inertia",
      "moments_sigma": [4, 5, 6], "axes_sigma": {"value": 0.5729577951308232, "unit": "deg"}})"));
  BOOST_REQUIRE(c.dispersions().size() == 9u);
  BOOST_TEST(c.dispersions()[5].path == "vehicles[0].hub.I_PntBc_B[1][2]");
  BOOST_TEST(c.dispersions()[5].location == "/vehicles/0/hub/I_PntBc_B/value/1/2");
  Eigen::Matrix3d nominal;
  nominal << 850, 40, -30, 40, 760, 20, -30, 20, 690;
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> n0(nominal);
  const Eigen::Vector3d sigma(4, 5, 6);
  // n = 20000 runs: a sample mean's σ/√n and a sample variance's σ²√(2/n); 5 of them (the draws
  // are deterministic: the test always passes or always fails).
  constexpr int n = 20000;
  Eigen::Vector3d sum = Eigen::Vector3d::Zero(), squares = Eigen::Vector3d::Zero(), theta2 = Eigen::Vector3d::Zero();
  for (int run = 0; run < n; ++run) {
    const std::vector<double> v = c.draw(static_cast<std::uint64_t>(run));
    const Eigen::Matrix3d I = Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(v.data());
    BOOST_REQUIRE(I == I.transpose());
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> e(I);
    const Eigen::Vector3d dl = e.eigenvalues() - n0.eigenvalues();
    sum += dl;
    squares += dl.cwiseProduct(dl);
    // The turn: the drawn axes against the nominal's, each column's sign matched.
    Eigen::Matrix3d axes = e.eigenvectors();
    for (int k = 0; k < 3; ++k)
      if (axes.col(k).dot(n0.eigenvectors().col(k)) < 0.0) axes.col(k) *= -1.0;
    const Eigen::AngleAxisd turn(Eigen::Matrix3d(axes * n0.eigenvectors().transpose()));
    const Eigen::Vector3d theta = turn.angle() * turn.axis();
    theta2 += theta.cwiseProduct(theta);
  }
  for (int k = 0; k < 3; ++k) {
    BOOST_TEST(std::abs(sum[k] / n) < 5.0 * sigma[k] / std::sqrt(n));
    BOOST_TEST(std::abs(squares[k] / n - sigma[k] * sigma[k]) < 5.0 * sigma[k] * sigma[k] * std::sqrt(2.0 / n));
    // The rotation vector's components: mean square axes_sigma² (its σ: axes_sigma² √(2/n)); the
    // eigenvector estimate of the turn is exact up to round-off (the moments are 100 σ apart, the
    // turn 1e-2 rad: no crossing of principal axes).
    BOOST_TEST(std::abs(theta2[k] / n - axes_sigma * axes_sigma) < 5.0 * axes_sigma * axes_sigma * std::sqrt(2.0 / n));
  }
  // The draw reaches the model (SI: the scenario writes kg m^2).
  for (const std::uint64_t run : {0u, 7u}) {
    const std::vector<double> v = c.draw(run);
    const Scenario s = c.scenario(run);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) BOOST_TEST(s.model->vehicle(0).hub().I_PntBc_B(i, j) == v[3 * i + j]);
  }
  // The stream is the parameter's: a scalar parameter after the tensor keeps its key (its index).
  const Campaign two(scenario, dispersions(R"({"path": "vehicles[0].hub.I_PntBc_B", "distribution": "inertia",
      "moments_sigma": 4}, {"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 5})"));
  BOOST_TEST(two.dispersions().size() == 10u);
  BOOST_TEST(two.draw(3)[9] == 750.0 + 5.0 * RandomStream(7, 3, 1).normal());
}

BOOST_AUTO_TEST_CASE(bad_inertia_dispersions) {
  const std::string I = R"("path": "vehicles[0].hub.I_PntBc_B", "distribution": "inertia")";
  expect_error(dispersions("{" + I + "}"), "dispersions.parameters[0].distribution",
               "needs moments_sigma, axes_sigma or both");
  expect_error(dispersions("{" + I + R"(, "moments_sigma": -1})"), "dispersions.parameters[0].moments_sigma",
               "must be finite and not negative");
  expect_error(dispersions("{" + I + R"(, "moments_sigma": [1, 2]})"), "dispersions.parameters[0].moments_sigma",
               "must be a number or three numbers");
  expect_error(dispersions("{" + I + R"(, "axes_sigma": -0.1})"), "dispersions.parameters[0].axes_sigma",
               "must be finite and not negative");
  expect_error(dispersions("{" + I + R"(, "moments_sigma": 1, "sigma": 2})"), "dispersions.parameters[0].sigma",
               "an inertia distribution takes moments_sigma and axes_sigma");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "inertia", "moments_sigma": 1})"),
               "dispersions.parameters[0].path", "is not a 3x3 matrix of numbers in the scenario");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 1,
                              "axes_sigma": 1})"),
               "dispersions.parameters[0].axes_sigma", "belong to the inertia distribution");
  expect_error(dispersions(R"({"path": "vehicles[0].hub.I_PntBc_B[2][2]", "distribution": "normal", "sigma": 1}, {)" +
                           I + R"(, "moments_sigma": 1})"),
               "dispersions.parameters[1].path", "already dispersed by parameters[0]");
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
