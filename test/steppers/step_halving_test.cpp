// steppers/step_halving.hpp: observed orders of errors with a known law C·h^p.
#include "ramus/steppers/step_halving.hpp"

#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "steppers/torque_hub.hpp"

using namespace ramus;
using ramus::test::message_has;

BOOST_AUTO_TEST_SUITE(step_halving)

BOOST_AUTO_TEST_CASE(integer_order_is_exact) {
  // e(h) = 3 h⁴ by repeated products: halving h is exact in binary, so e(h)/e(h/2) = 16 exactly
  // and log2 gives 4 exactly.
  std::vector<double> asked;
  const StepHalvingStudy s = step_halving_study(0.1, 5, [&](double h) {
    asked.push_back(h);
    return 3.0 * h * h * h * h;
  });
  BOOST_REQUIRE_EQUAL(s.levels.size(), 5u);
  BOOST_TEST(asked == (std::vector<double>{0.1, 0.05, 0.025, 0.0125, 0.00625}), boost::test_tools::per_element());
  for (std::size_t k = 0; k < 5; ++k) {
    BOOST_TEST(s.levels[k].dt == asked[k]);
    BOOST_TEST(s.levels[k].error == 3.0 * asked[k] * asked[k] * asked[k] * asked[k]);
  }
  BOOST_TEST(std::isnan(s.levels[0].observed_order));
  BOOST_TEST(s.orders() == (std::vector<double>{4.0, 4.0, 4.0, 4.0}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(fractional_order) {
  // e(h) = 0.7 h^1.5: the ratio is 2^1.5 up to pow's last-ulp rounding: p to 1e-14.
  const StepHalvingStudy s = step_halving_study(0.3, 4, [](double h) { return 0.7 * std::pow(h, 1.5); });
  for (const double p : s.orders()) BOOST_TEST(p == 1.5, boost::test_tools::tolerance(1e-14));
}

BOOST_AUTO_TEST_CASE(self_study_against_the_next_level) {
  // x(h) = x* + C h^p: consecutive differences are C h^p (1 − 2^−p), so their ratio is 2^p too.
  // Levels + 1 runs; with p = 2 and dyadic steps every difference is exact.
  std::vector<double> asked;
  const Eigen::Vector2d x_star(1.0, -2.0), C(0.5, 0.25);
  const StepHalvingStudy s = step_halving_study_self(
      0.2, 4,
      [&](double h) -> Eigen::VectorXd {
        asked.push_back(h);
        return x_star + C * h * h;
      },
      [](const Eigen::VectorXd& a, const Eigen::VectorXd& b) { return (a - b).cwiseAbs().maxCoeff(); });
  BOOST_TEST(asked == (std::vector<double>{0.2, 0.1, 0.05, 0.025, 0.0125}), boost::test_tools::per_element());
  BOOST_REQUIRE_EQUAL(s.levels.size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    const double h = asked[k];
    // |C|max h² (1 − 1/4); the subtraction of two O(1) numbers leaves an ulp of 1, relative
    // to errors ≥ 2e-5: 1e-10 relative.
    BOOST_TEST(s.levels[k].error == 0.5 * h * h * 0.75, boost::test_tools::tolerance(1e-10));
  }
  // The differences carry the round-off above, so the order is 2 to ~1e-10.
  for (const double p : s.orders()) BOOST_TEST(p == 2.0, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(propagation_study_of_rk4) {
  // Constant torque from rest (closed form): RK4's attitude error at t = 2 s falls as h⁴.
  // docs/verification/README.md window 3.8–4.25 for RK4; errors here are ≥ 1e-11, far above round-off.
  const double L = 100.0;  // α = 1 rad/s², θ(2) = 2 rad
  test::TorqueHub hub(L);
  const StepHalvingStudy s =
      step_halving_study(hub.system(), hub.x0(), 0.0, 2.0, "rk4", 0.2, 4, [&](const Eigen::VectorXd& x) {
        return attitude_error_angle(x.segment<4>(6), test::constant_torque_attitude(L, 2.0));
      });
  BOOST_REQUIRE_EQUAL(s.levels.size(), 4u);
  BOOST_TEST(s.levels[3].dt == 0.025);
  for (const HalvingLevel& level : s.levels) BOOST_TEST(level.error > 1e-12);
  for (const double p : s.orders()) {
    BOOST_TEST(p >= 3.8);
    BOOST_TEST(p <= 4.25);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(step_halving_errors)

BOOST_AUTO_TEST_CASE(bad_first_step_or_levels) {
  const auto e = [](double h) { return h; };
  for (const double dt0 :
       {0.0, -0.1, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
    BOOST_CHECK_EXCEPTION(step_halving_study(dt0, 3, e), IntegrationError, message_has("dt0"));
  for (const int levels : {1, 0, -2})
    BOOST_CHECK_EXCEPTION(step_halving_study(0.1, levels, e), IntegrationError, message_has("levels"));
  const auto sol = [](double h) -> Eigen::VectorXd { return Eigen::VectorXd::Constant(1, h); };
  const auto dist = [](const Eigen::VectorXd& a, const Eigen::VectorXd& b) { return (a - b).norm(); };
  BOOST_CHECK_EXCEPTION(step_halving_study_self(0.0, 3, sol, dist), IntegrationError, message_has("dt0"));
  BOOST_CHECK_EXCEPTION(step_halving_study_self(0.1, 1, sol, dist), IntegrationError, message_has("levels"));
}

BOOST_AUTO_TEST_CASE(fixed_step_study_refuses_unknown_stepper) {
  test::TorqueHub hub(1.0);
  BOOST_CHECK_THROW(
      step_halving_study(hub.system(), hub.x0(), 0.0, 1.0, "nope", 0.1, 2, [](const Eigen::VectorXd&) { return 1.0; }),
      ConfigurationError);
}

BOOST_AUTO_TEST_SUITE_END()

// Built but not registered in CTest until the library refuses adaptive steppers here (see the
// report): test/steppers/CMakeLists.txt.
BOOST_AUTO_TEST_SUITE(step_halving_regressions)

BOOST_AUTO_TEST_CASE(fixed_step_study_refuses_adaptive_stepper) {
  // With an adaptive stepper dt is only the first trial step: every level meets the same
  // tolerance and the "observed order" is ≈ 0, a meaningless study that should be refused.
  test::TorqueHub hub(1.0);
  for (const char* name : {"rk_ck54", "rk_dopri5", "rk_f78", "bulirsch_stoer"})
    BOOST_CHECK_EXCEPTION(
        step_halving_study(hub.system(), hub.x0(), 0.0, 1.0, name, 0.1, 2, [](const Eigen::VectorXd&) { return 1.0; }),
        Error, message_has(name));
}

BOOST_AUTO_TEST_SUITE_END()
