// steppers/propagate.hpp: bad settings and failing propagations are IntegrationErrors that name
// the quantity, and none of them hangs (each case has a timeout).
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ramus/steppers/propagate.hpp"
#include "ramus/steppers/stepper_list.hpp"
#include "steppers/torque_hub.hpp"

using namespace ramus;
using ramus::test::message_has;
using ramus::test::TorqueHub;
namespace utf = boost::unit_test;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

PropagationSettings settings_for(const std::string& stepper, double dt = 0.1) {
  PropagationSettings s;
  s.stepper = stepper;
  s.dt = dt;
  return s;
}

PropagationStats run(const TorqueHub& hub, const std::vector<double>& times, const PropagationSettings& s) {
  Eigen::VectorXd x = hub.x0();
  return ramus::propagate(hub.system(), x, times, s);
}

/// The error names a state entry of the layout and a time in (t_lo, t_hi], and the driver has left
/// x at the last finite state it reached (propagate.hpp), never a NaN one.
void check_names_first_non_finite_entry(const IntegrationError& e, const Model& model, const Eigen::VectorXd& x,
                                        double t_lo, double t_hi) {
  const std::string field = e.field();
  BOOST_TEST_MESSAGE("message: " << e.what());
  BOOST_TEST(x.allFinite());
  bool names_an_entry = false;
  for (Eigen::Index k = 0; k < x.size(); ++k)
    names_an_entry = names_an_entry || field.find("state " + model.layout().entry_name(k) + " at") != std::string::npos;
  BOOST_TEST(names_an_entry, field);
  const std::size_t at = field.find("t = ");
  BOOST_REQUIRE_NE(at, std::string::npos);
  const double t = std::stod(field.substr(at + 4));
  BOOST_TEST(t > t_lo);
  BOOST_TEST(t <= t_hi);
}

/// Torque NaN after t = 1 s, propagated over [0, 3] s with dt = 0.1: an IntegrationError naming
/// the first non-finite entry and a time after 1 s. Fixed steps: the first step with a stage
/// after 1 s ends by 1.2 s (Euler: the step from 1.1). Adaptive: any step end after 1 s.
void check_nan_after_one_second(const std::string& name) {
  TorqueHub hub(1.0, [](double t) {
    return Eigen::Vector3d(t > 1.0 ? std::numeric_limits<double>::quiet_NaN() : 0.0, 0.0, 0.0);
  });
  Eigen::VectorXd x = hub.x0();
  PropagationSettings s = settings_for(name);
  s.max_steps = 20'000;  // bounds a stepper that would loop: ≪ 1 s here, and reported
  bool thrown = false;
  try {
    ramus::propagate(hub.system(), x, 0.0, 3.0, s);
  } catch (const IntegrationError& e) {
    thrown = true;
    check_names_first_non_finite_entry(e, *hub.model, x, 1.0, stepper_info(name).adaptive ? 3.0 : 1.2 + 1e-12);
  }
  BOOST_TEST(thrown);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(propagate_errors)

BOOST_AUTO_TEST_CASE(step_must_be_positive_and_finite, *utf::timeout(20)) {
  TorqueHub hub(1.0);
  for (const char* name : {"rk4", "rk_dopri5"})
    for (const double dt : {0.0, -0.1, -0.0, kNaN, kInf, -kInf})
      BOOST_CHECK_EXCEPTION(run(hub, {0.0, 1.0}, settings_for(name, dt)), IntegrationError, message_has("dt"));
}

BOOST_AUTO_TEST_CASE(tolerances_of_adaptive_steppers, *utf::timeout(20)) {
  TorqueHub hub(1.0);
  for (const char* name : {"rk_ck54", "rk_dopri5", "rk_f78", "bulirsch_stoer"}) {
    for (const double bad : {-1e-10, kNaN, kInf}) {
      PropagationSettings s = settings_for(name);
      s.abs_tol = bad;
      BOOST_CHECK_EXCEPTION(run(hub, {0.0, 1.0}, s), IntegrationError, message_has("abs_tol"));
      s = settings_for(name);
      s.rel_tol = bad;
      BOOST_CHECK_EXCEPTION(run(hub, {0.0, 1.0}, s), IntegrationError, message_has("rel_tol"));
      s = settings_for(name);
      s.min_dt = bad < 0.0 ? bad : kNaN;
      BOOST_CHECK_EXCEPTION(run(hub, {0.0, 1.0}, s), IntegrationError, message_has("min_dt"));
    }
    PropagationSettings s = settings_for(name);
    s.abs_tol = 0.0;  // refused: it would turn Odeint's error norm into 0/0 (propagate_regressions)
    BOOST_CHECK_EXCEPTION(run(hub, {0.0, 1.0}, s), IntegrationError, message_has("abs_tol"));
    s.abs_tol = 1e-8;  // rel_tol = 0 is sound: a pure absolute tolerance
    s.rel_tol = 0.0;
    BOOST_CHECK_NO_THROW(run(hub, {0.0, 1.0}, s));
  }
}

BOOST_AUTO_TEST_CASE(output_times, *utf::timeout(20)) {
  TorqueHub hub(1.0);
  for (const char* name : {"rk4", "rk_dopri5"}) {
    const PropagationSettings s = settings_for(name);
    BOOST_CHECK_EXCEPTION(run(hub, {0.0, 1.0, 1.0}, s), IntegrationError, message_has("output time [2]"));
    BOOST_CHECK_EXCEPTION(run(hub, {0.0, 2.0, 1.0}, s), IntegrationError, message_has("output time [2]"));
    BOOST_CHECK_EXCEPTION(run(hub, {1.0, 0.0}, s), IntegrationError, message_has("output time [1]"));
    BOOST_CHECK_EXCEPTION(run(hub, {0.0, kNaN}, s), IntegrationError, message_has("output time [1]"));
    BOOST_CHECK_EXCEPTION(run(hub, {kNaN, 1.0}, s), IntegrationError, message_has("output time [0]"));
    BOOST_CHECK_EXCEPTION(run(hub, {0.0, kInf}, s), IntegrationError, message_has("output time"));
    BOOST_CHECK_EXCEPTION(run(hub, {0.0}, s), IntegrationError, message_has("output times"));
    BOOST_CHECK_EXCEPTION(run(hub, {}, s), IntegrationError, message_has("output times"));
  }
}

BOOST_AUTO_TEST_CASE(unknown_stepper, *utf::timeout(20)) {
  TorqueHub hub(1.0);
  BOOST_CHECK_EXCEPTION(run(hub, {0.0, 1.0}, settings_for("rk45")), ConfigurationError, message_has("'rk45'"));
}

BOOST_AUTO_TEST_CASE(wrong_state_size, *utf::timeout(20)) {
  TorqueHub hub(1.0);
  for (const Eigen::Index n : {Eigen::Index(0), Eigen::Index(15), Eigen::Index(17)}) {
    Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
    BOOST_CHECK_EXCEPTION(ramus::propagate(hub.system(), x, 0.0, 1.0, settings_for("rk4")), IntegrationError,
                          message_has("state size"));
  }
}

BOOST_AUTO_TEST_CASE(step_budget, *utf::timeout(20)) {
  TorqueHub hub(1.0);
  PropagationSettings s = settings_for("rk4");  // 100 steps needed
  s.max_steps = 5;
  BOOST_CHECK_EXCEPTION(run(hub, {0.0, 10.0}, s), IntegrationError, message_has("max_steps"));
  s.max_steps = 0;
  BOOST_CHECK_EXCEPTION(run(hub, {0.0, 10.0}, s), IntegrationError, message_has("max_steps"));
  s.max_steps = 100;  // exactly enough
  BOOST_CHECK_NO_THROW(run(hub, {0.0, 10.0}, s));
  for (const char* name : {"rk_ck54", "rk_dopri5", "rk_f78", "bulirsch_stoer"}) {
    s = settings_for(name, 1e-3);
    s.abs_tol = s.rel_tol = 1e-12;
    s.max_steps = 3;
    BOOST_CHECK_EXCEPTION(run(hub, {0.0, 100.0}, s), IntegrationError, message_has("max_steps"));
  }
}

BOOST_AUTO_TEST_CASE(non_finite_initial_state, *utf::timeout(20)) {
  TorqueHub hub(1.0);
  for (const char* name : {"rk4", "rk_dopri5"}) {
    Eigen::VectorXd x = hub.x0();
    x[11] = kNaN;
    BOOST_CHECK_EXCEPTION(ramus::propagate(hub.system(), x, 0.0, 1.0, settings_for(name)), IntegrationError,
                          message_has("sc/hub.omega_BN_B[1] at t = 0"));
    x = hub.x0();
    x[0] = kInf;
    BOOST_CHECK_EXCEPTION(ramus::propagate(hub.system(), x, 0.0, 1.0, settings_for(name)), IntegrationError,
                          message_has("sc/hub.r_BN_N[0]"));
  }
}

BOOST_AUTO_TEST_CASE(observer_that_writes_a_non_finite_state, *utf::timeout(20)) {
  TorqueHub hub(1.0);
  for (const char* name : {"rk4", "rk_dopri5"}) {
    Eigen::VectorXd x = hub.x0();
    const std::vector<double> times{0.0, 1.0, 2.0};
    BOOST_CHECK_EXCEPTION(ramus::propagate(hub.system(), x, times, settings_for(name),
                                           [](Eigen::VectorXd& xk, double t) {
                                             if (t == 1.0) xk[12] = std::numeric_limits<double>::quiet_NaN();
                                           }),
                          IntegrationError, message_has("sc/hub.omega_BN_B[2] at t = 1"));
  }
}

BOOST_AUTO_TEST_CASE(state_that_becomes_non_finite, *utf::timeout(30)) {
  // The torque is NaN after t = 1 s. Odeint's controllers would accept the NaN step (an error
  // estimate of NaN compares false with every bound); the driver must stop and name x and t.
  // bulirsch_stoer: propagate_regressions.
  for (const char* name : {"euler", "rk2", "rk4", "rk_ck54", "rk_dopri5", "rk_f78"})
    BOOST_TEST_CONTEXT("stepper " << name) { check_nan_after_one_second(name); }
}

BOOST_AUTO_TEST_CASE(step_size_underflow, *utf::timeout(30)) {
  // A torque jump of 1e4 N m at t = 0.5 s: the error estimate of a step across it is ~ the jump
  // times the part of the step after it, against a tolerance of 1e-10: steps of ≥ 1e-6 s that
  // cross the jump are all rejected, so the controller shrinks the step below min_dt. (With the
  // default min_dt, 1e-12 of the span, the controllers do get across: not an error.)
  // rk_f78 is not in the list: Fehlberg's error estimate (h·41/840 (k1 + k11 − k12 − k13), with
  // c1 = c12 = 0 and c11 = c13 = 1) is exactly zero for a load that depends on t alone, so it
  // steps across the jump with a large step and no error (see the report).
  for (const char* name : {"rk_ck54", "rk_dopri5", "bulirsch_stoer"}) {
    BOOST_TEST_CONTEXT("stepper " << name) {
      {
        TorqueHub hub(0.0, [](double t) { return Eigen::Vector3d(t < 0.5 ? 0.0 : 1e4, 0.0, 0.0); });
        PropagationSettings s = settings_for(name);
        s.min_dt = 1e-6;  // [s]
        BOOST_CHECK_EXCEPTION(run(hub, {0.0, 1.0}, s), IntegrationError, message_has("min_dt"));
      }
      // A torque of 1e300 N m oscillating at 1e6 rad/s overflows within the first trial step:
      // reported as a non-finite state or an underflow, an IntegrationError either way.
      TorqueHub hub(0.0, [](double t) { return Eigen::Vector3d(1e300 * std::sin(1e6 * t), 0.0, 0.0); });
      PropagationSettings s = settings_for(name);
      s.min_dt = 1e-6;
      BOOST_CHECK_THROW(run(hub, {0.0, 1.0}, s), IntegrationError);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

// Two defects of the driver found by these tests, fixed: abs_tol = 0 disabled error control, and a
// NaN trial step made bulirsch_stoer retry the same step until the budget ran out.
BOOST_AUTO_TEST_SUITE(propagate_regressions)

BOOST_AUTO_TEST_CASE(relative_only_tolerance_is_refused_or_met, *utf::timeout(60)) {
  // abs_tol = 0 is accepted by validate(), but Odeint's error checker then divides 0 by 0 for every
  // state entry that is exactly zero with a zero derivative (here r, v and dv_CN_N): the error
  // norm is NaN, every step is accepted at the first trial step (no error control), and
  // bulirsch_stoer rejects forever without shrinking the step.
  for (const char* name : {"rk_ck54", "rk_dopri5", "rk_f78", "bulirsch_stoer"}) {
    BOOST_TEST_CONTEXT("stepper " << name) {
      TorqueHub hub(100.0);  // θ(10) = 50 rad
      Eigen::VectorXd x = hub.x0();
      PropagationSettings s = settings_for(name, 1.0);
      s.abs_tol = 0.0;
      s.rel_tol = 1e-10;
      s.max_steps = 20'000;  // bounds the bulirsch_stoer loop
      try {
        ramus::propagate(hub.system(), x, 0.0, 10.0, s);
        // Met: a relative tolerance of 1e-10 per step on O(1) entries, ≲ 1e3 steps: 1e-6 rad.
        BOOST_CHECK_SMALL(attitude_error_angle(x.segment<4>(6), test::constant_torque_attitude(100.0, 10.0)), 1e-6);
      } catch (const IntegrationError& e) {
        BOOST_TEST(std::string(e.what()).find("abs_tol") != std::string::npos, e.what());  // or refused
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(bulirsch_stoer_state_that_becomes_non_finite, *utf::timeout(60)) {
  // A NaN trial makes bulirsch_stoer reject with a *larger* step proposal, which Odeint then does
  // not apply after a rejection: the driver retries the same step until max_steps.
  check_nan_after_one_second("bulirsch_stoer");
}

BOOST_AUTO_TEST_SUITE_END()
