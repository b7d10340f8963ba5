// Hostile inputs to the driver: a step too small to change t. At t = 1e17 s, inside [2^56, 2^57),
// doubles are 2^(56−52) = 16 s apart, so t + 1 s == t: the driver must refuse the step at once,
// naming the time resolution, instead of counting steps that do not advance t.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "ramus/steppers/propagate.hpp"
#include "ramus/steppers/stepper_list.hpp"
#include "steppers/torque_hub.hpp"

using namespace ramus;
using ramus::test::TorqueHub;

namespace {

const double kT0 = 1e17;                           // [s] an integer multiple of 16: exact
const double kSpacing = std::ldexp(1.0, 56 - 52);  // [s] 16: ulp of doubles in [2^56, 2^57)

PropagationSettings settings_for(const std::string& stepper, double dt) {
  PropagationSettings s;
  s.stepper = stepper;
  s.dt = dt;
  // Without the check an adaptive run would spin through this budget (and then blame it): small,
  // so that such a failure is quick.
  s.max_steps = 1000;
  return s;
}

/// The message names the time resolution at t0 (16 s) and the step.
bool names_the_resolution(const IntegrationError& e) {
  const std::string m = e.what();
  BOOST_TEST_MESSAGE("message: " << m);
  return m.find("time resolution") != std::string::npos && m.find("t = 1e+17 s") != std::string::npos &&
         m.find("16 s apart") != std::string::npos && m.find("step budget") == std::string::npos;
}

/// A run from kT0 over 100 spacings by `stepper` at dt = 1 s, below the resolution there: refused
/// naming the resolution before the system is evaluated, the state untouched.
void expect_refused_before_any_evaluation(const std::string& stepper) {
  const TorqueHub hub(0.1);
  const System system = hub.system();
  Eigen::VectorXd x = hub.x0();
  system.reset_evaluations();
  BOOST_CHECK_EXCEPTION(propagate(system, x, kT0, kT0 + 100.0 * kSpacing, settings_for(stepper, 1.0)), IntegrationError,
                        names_the_resolution);
  BOOST_TEST(system.evaluations() == 0u);
  BOOST_TEST((x - hub.x0()).norm() == 0.0);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(time_resolution_hostile)

BOOST_AUTO_TEST_CASE(the_spacing_of_doubles_at_1e17_is_16_s) {
  // The premise of the cases below, from the representation of doubles alone.
  BOOST_TEST(kT0 + 1.0 == kT0);
  BOOST_TEST(std::nextafter(kT0, 2.0 * kT0) - kT0 == kSpacing);
}

BOOST_AUTO_TEST_CASE(adaptive_step_below_the_resolution_fails_at_once) {
  for (const std::string stepper : {"rk_ck54", "rk_dopri5", "rk_f78", "bulirsch_stoer"}) {
    BOOST_TEST_CONTEXT(stepper) { expect_refused_before_any_evaluation(stepper); }  // before any trial step
  }
}

BOOST_AUTO_TEST_CASE(fixed_step_below_the_resolution_fails_at_once) {
  for (const std::string stepper : {"euler", "rk2", "rk4"}) {
    BOOST_TEST_CONTEXT(stepper) { expect_refused_before_any_evaluation(stepper); }
  }
}

BOOST_AUTO_TEST_CASE(steps_of_the_resolution_or_more_run) {
  // Positive control: steps of 32 s at t = 1e17 advance t exactly. 10 steps of rk4 under the
  // constant torque L = 0.1 N m about b1 give ω_x = L t / I_xx = 0.1 × 320 / 100 (rk4 is exact for
  // a rate linear in t).
  const TorqueHub hub(0.1);
  Eigen::VectorXd x = hub.x0();
  const PropagationStats stats =
      propagate(hub.system(), x, kT0, kT0 + 20.0 * kSpacing, settings_for("rk4", 2.0 * kSpacing));
  BOOST_TEST(stats.steps == 10u);
  BOOST_TEST(stats.evaluations == 40u);  // 4 per rk4 step
  BOOST_TEST(x[10] == 0.1 * 320.0 / TorqueHub::I_xx, boost::test_tools::tolerance(1e-12));
  // An adaptive stepper from a first trial step of 32 s reaches the end as well when the dynamics
  // allow such steps: L = 1e-6 N m turns the hub by L t²/(2 I_xx) = 5e-4 rad in 320 s.
  const TorqueHub gentle(1e-6);
  Eigen::VectorXd y = gentle.x0();
  BOOST_CHECK_NO_THROW(
      propagate(gentle.system(), y, kT0, kT0 + 20.0 * kSpacing, settings_for("rk_dopri5", 2.0 * kSpacing)));
  BOOST_TEST(y[10] == 1e-6 * 320.0 / TorqueHub::I_xx, boost::test_tools::tolerance(1e-10));
}

BOOST_AUTO_TEST_CASE(adaptive_controller_asking_for_steps_below_the_resolution) {
  // L = 0.1 N m turns the hub by 0.5 rad in 32 s: at tolerance 1e-10 the controller rejects the
  // first trial step of 32 s and proposes less than 16 s, which t = 1e17 s cannot resolve. Refused
  // at that proposal, after the one rejected trial (a handful of evaluations, not the budget's).
  const TorqueHub hub(0.1);
  const System system = hub.system();
  Eigen::VectorXd x = hub.x0();
  system.reset_evaluations();
  BOOST_CHECK_EXCEPTION(propagate(system, x, kT0, kT0 + 20.0 * kSpacing, settings_for("rk_dopri5", 2.0 * kSpacing)),
                        IntegrationError, names_the_resolution);
  BOOST_TEST(system.evaluations() <= 7u);  // one dopri5 trial: 6 stages (+1 first derivative)
}

BOOST_AUTO_TEST_SUITE_END()
