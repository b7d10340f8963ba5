// steppers/propagate.hpp: output times, uniform fixed steps, statistics, input changes.
#include "ramus/steppers/propagate.hpp"

#include <boost/test/unit_test.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "ramus/steppers/stepper_list.hpp"
#include "steppers/torque_hub.hpp"

using namespace ramus;
using ramus::test::TorqueHub;

namespace {

struct Sample {
  double t;
  Eigen::VectorXd x;
};

PropagationSettings settings_for(const std::string& stepper, double dt) {
  PropagationSettings s;
  s.stepper = stepper;
  s.dt = dt;
  s.abs_tol = 1e-10;
  s.rel_tol = 1e-10;
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(propagate)

BOOST_AUTO_TEST_CASE(observer_sees_initial_state_then_each_output_time) {
  const std::vector<double> times{0.0, 0.1, 0.35, 1.0, 2.7};
  const double L = 10.0;
  const TorqueHub hub(L);  // one vehicle for every stepper, each run from its initial state
  for (const StepperInfo& info : stepper_list()) {
    BOOST_TEST_CONTEXT("stepper " << info.name) {
      Eigen::VectorXd x = hub.x0();
      std::vector<Sample> seen;
      const PropagationStats stats = ramus::propagate(hub.system(), x, times, settings_for(std::string(info.name), 0.1),
                                                      [&](const Eigen::VectorXd& xk, double t) {
                                                        seen.push_back({t, xk});
                                                      });
      BOOST_REQUIRE_EQUAL(seen.size(), times.size());
      BOOST_TEST((seen.front().x == hub.x0()));  // the initial state, untouched
      for (std::size_t k = 0; k < times.size(); ++k) {
        BOOST_TEST(seen[k].t == times[k]);  // exactly the requested times
        // ω_x = L t / I is linear in t, which every consistent scheme integrates exactly, so the
        // observed state is the state at exactly t_k: round-off of ≲ 1000 additions, 1e-12.
        BOOST_CHECK_SMALL(seen[k].x[10] - L * times[k] / TorqueHub::I_xx, 1e-12);
      }
      BOOST_TEST((seen.back().x == x));
      BOOST_TEST(stats.t == 2.7);
      BOOST_TEST(stats.steps > 0u);
    }
  }
}

BOOST_AUTO_TEST_CASE(step_observer_sees_every_accepted_step) {
  // For every stepper: one call per accepted step, at increasing times ending exactly on each
  // output time, with the state the stepper reached there (ω_x = L t / I exactly, as above, to the
  // round-off of ≲ 1000 additions: 1e-12); the last call sees the returned state.
  const std::vector<double> times{0.0, 0.35, 1.0};
  const double L = 10.0;
  for (const StepperInfo& info : stepper_list()) {
    BOOST_TEST_CONTEXT("stepper " << info.name) {
      TorqueHub hub(L);
      Eigen::VectorXd x = hub.x0();
      std::vector<Sample> steps;
      PropagationSettings s = settings_for(std::string(info.name), 0.1);
      s.step_observer = [&](const Eigen::VectorXd& xk, double t) { steps.push_back({t, xk}); };
      const PropagationStats stats = ramus::propagate(hub.system(), x, times, s);
      BOOST_REQUIRE_EQUAL(steps.size(), stats.steps);
      for (std::size_t k = 0; k < steps.size(); ++k) {
        if (k > 0) BOOST_TEST(steps[k].t > steps[k - 1].t);
        BOOST_CHECK_SMALL(steps[k].x[10] - L * steps[k].t / TorqueHub::I_xx, 1e-12);
      }
      for (const double t_out : {0.35, 1.0}) {  // every output time is the end of a step
        bool found = false;
        for (const Sample& step : steps) found = found || step.t == t_out;
        BOOST_TEST(found, "no step ends on " << t_out);
      }
      BOOST_TEST((steps.back().x == x));
      BOOST_TEST(steps.back().t == 1.0);
    }
  }
}

BOOST_AUTO_TEST_CASE(fixed_steps_divide_the_interval_equally) {
  // [0, 1] with dt = 0.3: ceil(1/0.3) = 4 steps of 0.25. Euler evaluates once per step, at its start.
  TorqueHub hub(1.0);
  Eigen::VectorXd x = hub.x0();
  const PropagationStats stats = ramus::propagate(hub.recording_system(), x, 0.0, 1.0, settings_for("euler", 0.3));
  BOOST_TEST(stats.steps == 4u);
  BOOST_TEST(stats.evaluations == 4u);
  BOOST_TEST(hub.calls == (std::vector<double>{0.0, 0.25, 0.5, 0.75}), boost::test_tools::per_element());

  // [0, 1] with dt = 0.4: 3 steps of 1/3 (t_i = i/3 to an ulp).
  x = hub.x0();
  ramus::propagate(hub.recording_system(), x, 0.0, 1.0, settings_for("euler", 0.4));
  BOOST_REQUIRE_EQUAL(hub.calls.size(), 3u);
  for (int i = 0; i < 3; ++i) BOOST_CHECK_SMALL(hub.calls[i] - i / 3.0, 1e-16);

  // dt larger than the interval: one step of the interval.
  x = hub.x0();
  BOOST_TEST(ramus::propagate(hub.recording_system(), x, 0.0, 0.05, settings_for("euler", 0.1)).steps == 1u);
}

BOOST_AUTO_TEST_CASE(round_off_in_the_interval_adds_no_step) {
  // 1.0 − 0.7 = 0.30000000000000004 and /0.1 = 3.0000000000000004: still 3 steps.
  TorqueHub hub(1.0);
  Eigen::VectorXd x = hub.x0();
  BOOST_TEST(ramus::propagate(hub.system(), x, 0.7, 1.0, settings_for("rk4", 0.1)).steps == 3u);
  x = hub.x0();
  // Two output intervals: 0.25/0.1 → 3 steps, 0.75/0.1 → 8 steps.
  const std::vector<double> times{0.0, 0.25, 1.0};
  BOOST_TEST(ramus::propagate(hub.system(), x, times, settings_for("rk4", 0.1)).steps == 11u);
}

BOOST_AUTO_TEST_CASE(evaluations_per_step) {
  // Stages of each tableau: euler 1, explicit midpoint 2 (at t and t + h/2), classic RK4 4
  // (t, t + h/2, t + h/2, t + h).
  TorqueHub hub(1.0);
  for (const auto& [name, stages] : {std::pair{"euler", 1u}, std::pair{"rk2", 2u}, std::pair{"rk4", 4u}}) {
    Eigen::VectorXd x = hub.x0();
    const PropagationStats stats = ramus::propagate(hub.recording_system(), x, 0.0, 1.0, settings_for(name, 0.1));
    BOOST_TEST(stats.steps == 10u, name);
    BOOST_TEST(stats.evaluations == 10u * stages, name);
    BOOST_TEST(hub.calls.size() == 10u * stages, name);
    BOOST_TEST(stats.rejected == 0u, name);
  }
  Eigen::VectorXd x = hub.x0();
  ramus::propagate(hub.recording_system(), x, 0.0, 0.4, settings_for("rk4", 0.2));
  const std::vector<double> expected{0.0, 0.1, 0.1, 0.2, 0.2, 0.2 + 0.1, 0.2 + 0.1, 0.4};
  BOOST_REQUIRE_EQUAL(hub.calls.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) BOOST_CHECK_SMALL(hub.calls[i] - expected[i], 1e-16);
}

BOOST_AUTO_TEST_CASE(adaptive_statistics) {
  // Cash–Karp 5(4) has 6 stages and no FSAL, Fehlberg 7(8) has 13: each attempt, accepted or
  // rejected, costs exactly that many evaluations.
  for (const auto& [name, stages] : {std::pair{"rk_ck54", 6u}, std::pair{"rk_f78", 13u}}) {
    TorqueHub hub(10.0);
    Eigen::VectorXd x = hub.x0();
    PropagationSettings s = settings_for(name, 1.0);  // a large first trial: forces rejections
    s.abs_tol = s.rel_tol = 1e-12;
    const PropagationStats stats = ramus::propagate(hub.system(), x, 0.0, 10.0, s);
    BOOST_TEST(stats.steps > 0u, name);
    BOOST_TEST(stats.evaluations == stages * (stats.steps + stats.rejected), name);
    BOOST_TEST(stats.t == 10.0);
  }
}

BOOST_AUTO_TEST_CASE(adaptive_steppers_meet_their_tolerance) {
  for (const char* name : {"rk_ck54", "rk_dopri5", "rk_f78", "bulirsch_stoer"}) {
    TorqueHub hub(10.0);
    Eigen::VectorXd x = hub.x0();
    ramus::propagate(hub.system(), x, 0.0, 10.0, settings_for(name, 0.1));
    // Tolerance 1e-10 per step on O(1) states over ≲ 1000 steps: a global error ≲ 1e-7 rad.
    BOOST_CHECK_SMALL(attitude_error_angle(x.segment<4>(6), test::constant_torque_attitude(10.0, 10.0)), 1e-6);
    BOOST_CHECK_SMALL(x[10] - 1.0, 1e-12);  // ω linear: exact
  }
}

BOOST_AUTO_TEST_CASE(observer_may_change_inputs_between_steps) {
  // Torque 10 N m until t = 1, then the observer adds −10 N m: ω_x stays at 0.1 rad/s. A stepper
  // that reused a derivative from before the change (FSAL, extrapolation) would drift.
  for (const StepperInfo& info : stepper_list()) {
    TorqueHub hub(10.0);
    Eigen::VectorXd x = hub.x0();
    const std::vector<double> times{0.0, 1.0, 2.0};
    const System system = hub.system();
    ramus::propagate(system, x, times, settings_for(std::string(info.name), 0.1),
                     [&](const Eigen::VectorXd&, double t) {
                       if (t == 1.0) system.inputs().set("sc/torquer.torque_PntF_F[0]", 0.0);  // [N m]
                     });
    BOOST_CHECK_SMALL(x[10] - 0.1, 1e-12);  // linear pieces: exact up to round-off
  }
}

BOOST_AUTO_TEST_CASE(observer_may_change_the_state_between_steps) {
  // Under 10 N m (ω̇_x = 0.1 rad/s²) the observer zeroes ω_x at t = 1 s: ω_x(2) = 0.1 rad/s.
  // FSAL and extrapolation steppers must not reuse the derivative of the old state.
  for (const StepperInfo& info : stepper_list()) {
    TorqueHub hub(10.0);
    Eigen::VectorXd x = hub.x0();
    const std::vector<double> times{0.0, 1.0, 2.0};
    ramus::propagate(hub.system(), x, times, settings_for(std::string(info.name), 0.1),
                     [](Eigen::VectorXd& xk, double t) {
                       if (t == 1.0) xk[10] = 0.0;
                     });
    BOOST_CHECK_SMALL(x[10] - 0.1, 1e-12);  // linear pieces: exact up to round-off
  }
}

BOOST_AUTO_TEST_SUITE_END()
