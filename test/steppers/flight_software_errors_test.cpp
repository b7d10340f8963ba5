// The refusals of the flight-software driver (steppers/flight_software.hpp, propagate.hpp): a
// task's timing, channels, vehicle and name are refused before the run starts, with a
// ConfigurationError naming the task and the field; a non-finite command stops the run with an
// IntegrationError naming the task, the channel and the time, the state left at the last good one.
#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "steppers/torque_hub.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"
#include "support/task_run.hpp"

using namespace ramus;
using ramus::test::check_rejected, ramus::test::message_has_all, ramus::test::TorqueHub;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr const char* kTorque0 = "sc/torquer.torque_PntF_F[0]";

/// A task writing value(t) to each of its channels; counts its calls.
class ValueTask final : public FlightSoftwareTask {
 public:
  ValueTask(
      std::string name, std::string vehicle, TaskTiming timing, std::vector<std::string> channels,
      std::function<double(double)> value = [](double) { return 1.0; })
      : FlightSoftwareTask(std::move(name), std::move(vehicle), timing),
        channels_(std::move(channels)),
        value_(std::move(value)) {}
  std::vector<std::string> outputs() const override { return channels_; }
  void update(const TaskInput& in, std::span<double> commands) override {
    ++calls;
    for (double& c : commands) c = value_(in.t);
  }
  std::size_t calls = 0;

 private:
  std::vector<std::string> channels_;
  std::function<double(double)> value_;
};

/// Two vehicles, "sc" and "other", each a rigid hub with an ExternalForceTorque "torquer".
std::shared_ptr<const Model> two_vehicles() {
  auto model = std::make_shared<Model>();
  for (const char* name : {"sc", "other"}) {
    Vehicle& v = model->add_vehicle(
        name, test::hub_config(10.0, Eigen::Matrix3d(Eigen::Vector3d(100.0, 200.0, 300.0).asDiagonal())));
    v.add_dynamic_effector(std::make_shared<ExternalForceTorque>("torquer"));
  }
  model->finalize();
  return model;
}

/// Runs `task` alone over [0, 1] on `model` and expects the run to be refused before it starts:
/// a ConfigurationError containing every needle, the state untouched, no step, no observer call,
/// no task call.
void expect_refused_before_the_run(const std::shared_ptr<const Model>& model, const std::shared_ptr<ValueTask>& task,
                                   std::initializer_list<std::string> needles) {
  test::TaskRun run({task}, 0.1);
  FlightSoftware& fsw = run.fsw;
  PropagationSettings& s = run.settings;
  std::size_t steps = 0, outputs = 0;
  s.step_observer = [&](const Eigen::VectorXd&, double) { ++steps; };
  const Eigen::VectorXd x0 = model->initial_state();
  Eigen::VectorXd x = x0;
  check_rejected([&] { propagate(System(model), x, 0.0, 1.0, s, [&](Eigen::VectorXd&, double) { ++outputs; }); },
                 needles);
  BOOST_TEST((x.array() == x0.array()).all());
  BOOST_TEST(steps == 0u);
  BOOST_TEST(outputs == 0u);
  BOOST_TEST(task->calls == 0u);
  BOOST_TEST(fsw.calls() == 0u);
  BOOST_TEST(!fsw.bound());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(flight_software_errors)

BOOST_AUTO_TEST_CASE(period_not_positive_and_finite_is_refused) {
  for (const double period : {0.0, -0.0, -1.0, kNaN, kInf, -kInf}) {
    BOOST_TEST_CONTEXT("period " << period) {
      check_rejected(
          [&] {
            ValueTask("att_ctl", "sc", TaskTiming{period, 0.0, 0}, {kTorque0});
          },
          {"flight-software task 'att_ctl'", "period [s]", "positive and finite"});
    }
  }
}

BOOST_AUTO_TEST_CASE(negative_or_non_finite_offset_is_refused) {
  for (const double offset : {-0.1, -kInf, kInf, kNaN}) {
    BOOST_TEST_CONTEXT("offset " << offset) {
      check_rejected(
          [&] {
            ValueTask("att_ctl", "sc", TaskTiming{0.1, offset, 0}, {kTorque0});
          },
          {"flight-software task 'att_ctl'", "offset [s]", "non-negative and finite"});
    }
  }
  ValueTask ok("att_ctl", "sc", TaskTiming{0.1, 0.0, 0}, {kTorque0});  // 0 is a valid offset
  BOOST_TEST(ok.timing().offset == 0.0);
}

BOOST_AUTO_TEST_CASE(delay_other_than_0_or_1_is_refused) {
  for (const int delay : {2, -1, 100}) {
    BOOST_TEST_CONTEXT("delay " << delay) {
      check_rejected(
          [&] {
            ValueTask("att_ctl", "sc", TaskTiming{0.1, 0.0, delay}, {kTorque0});
          },
          {"flight-software task 'att_ctl'", "delay [samples] = " + std::to_string(delay), "0 or 1"});
    }
  }
}

BOOST_AUTO_TEST_CASE(duplicate_task_names_are_refused) {
  FlightSoftware fsw;
  fsw.add(std::make_shared<ValueTask>("att_ctl", "sc", TaskTiming{0.1, 0.0, 0}, std::vector<std::string>{kTorque0}));
  check_rejected(
      [&] {
        fsw.add(std::make_shared<ValueTask>("att_ctl", "sc", TaskTiming{0.5, 0.0, 0},
                                            std::vector<std::string>{"sc/torquer.torque_PntF_F[1]"}));
      },
      {"flight-software task 'att_ctl'", "name = 'att_ctl'", "already used"});
  BOOST_TEST(fsw.tasks().size() == 1u);
  // Another name is accepted (the refusal is of the name, not of a second task).
  fsw.add(std::make_shared<ValueTask>("nav", "sc", TaskTiming{0.5, 0.0, 0}, std::vector<std::string>{}));
  BOOST_TEST(fsw.tasks().size() == 2u);
}

BOOST_AUTO_TEST_CASE(task_added_after_the_run_started_is_refused) {
  // The schedule is fixed when the run binds it: a task added afterwards would never be bound.
  TorqueHub hub(0.0);
  test::TaskRun run(
      {std::make_shared<ValueTask>("att_ctl", "sc", TaskTiming{0.5, 0.0, 0}, std::vector<std::string>{kTorque0})}, 0.1);
  FlightSoftware& fsw = run.fsw;
  PropagationSettings& s = run.settings;
  Eigen::VectorXd x = hub.x0();
  propagate(hub.system(), x, 0.0, 1.0, s);
  BOOST_TEST(fsw.bound());
  check_rejected(
      [&] {
        fsw.add(std::make_shared<ValueTask>("nav", "sc", TaskTiming{0.5, 0.0, 0}, std::vector<std::string>{}));
      },
      {"flight-software task 'nav'", "add", "before the run starts"});
  BOOST_TEST(fsw.tasks().size() == 1u);
}

BOOST_AUTO_TEST_CASE(channel_that_does_not_exist_is_refused_before_the_run) {
  TorqueHub hub(0.0);
  for (const char* channel :
       {"sc/torquer.torque_PntF_F[3]", "sc/torquer.torque[0]", "sc/wheels.motor_torque[0]", "torque_PntF_F[0]", ""}) {
    BOOST_TEST_CONTEXT("channel '" << channel << "'") {
      expect_refused_before_the_run(
          hub.model,
          std::make_shared<ValueTask>("att_ctl", "sc", TaskTiming{0.1, 0.0, 0}, std::vector<std::string>{channel}),
          {"flight-software task 'att_ctl'", "output channel = '" + std::string(channel) + "'",
           "no such actuator channel"});
    }
  }
}

BOOST_AUTO_TEST_CASE(channel_listed_twice_is_refused_before_the_run) {
  TorqueHub hub(0.0);
  expect_refused_before_the_run(
      hub.model,
      std::make_shared<ValueTask>("att_ctl", "sc", TaskTiming{0.1, 0.0, 0},
                                  std::vector<std::string>{kTorque0, kTorque0}),
      {"flight-software task 'att_ctl'", std::string("output channel = '") + kTorque0 + "'", "listed twice"});
}

BOOST_AUTO_TEST_CASE(channel_of_another_vehicle_is_refused_before_the_run) {
  const auto model = two_vehicles();
  expect_refused_before_the_run(model,
                                std::make_shared<ValueTask>("att_ctl", "sc", TaskTiming{0.1, 0.0, 0},
                                                            std::vector<std::string>{"other/torquer.torque_PntF_F[0]"}),
                                {"flight-software task 'att_ctl'", "output channel = 'other/torquer.torque_PntF_F[0]'",
                                 "belongs to vehicle 'other'", "task's vehicle 'sc'"});
  // Control: the same channel from a task of vehicle "other" runs.
  auto task = std::make_shared<ValueTask>("att_ctl", "other", TaskTiming{0.1, 0.0, 0},
                                          std::vector<std::string>{"other/torquer.torque_PntF_F[0]"});
  test::TaskRun run({task}, 0.1);
  PropagationSettings& s = run.settings;
  Eigen::VectorXd x = model->initial_state();
  propagate(System(model), x, 0.0, 1.0, s);
  BOOST_TEST(task->calls == 11u);  // t = 0, 0.1, …, 1.0 (10 × 0.1 = 1.0 in doubles)
}

BOOST_AUTO_TEST_CASE(vehicle_that_does_not_exist_is_refused_before_the_run) {
  TorqueHub hub(0.0);
  expect_refused_before_the_run(
      hub.model,
      std::make_shared<ValueTask>("att_ctl", "spacecraft", TaskTiming{0.1, 0.0, 0}, std::vector<std::string>{kTorque0}),
      {"flight-software task 'att_ctl'", "vehicle = 'spacecraft'", "no such vehicle"});
}

BOOST_AUTO_TEST_CASE(nan_command_stops_the_run_at_the_last_good_state) {
  // A task commanding L = 10 N m about b1 every 0.25 s writes NaN at t = 1.5 s (both delays: with
  // one sample of delay the NaN is refused when it is computed, before it could be applied). The
  // run stops there: an IntegrationError naming the task, the channel and the time; x is the
  // state at 1.5 s (the end of the last completed step: ω1 = L t/I = 0.15 rad/s, linear in t,
  // exact for every stepper to round-off, 1e-12), the one the step observer saw last; the
  // observer was called at every output time before 1.5 s (0, 0.5, 1.0); the applied command
  // stays the last finite one.
  const double L = 10.0;
  const std::vector<double> times{0.0, 0.5, 1.0, 1.5, 2.0, 3.0};
  for (const char* stepper : {"rk4", "rk_dopri5"})
    for (const int delay : {0, 1}) {
      BOOST_TEST_CONTEXT(stepper << ", delay " << delay) {
        TorqueHub hub(0.0);
        const System system(hub.model);
        auto task = std::make_shared<ValueTask>("att_ctl", "sc", TaskTiming{0.25, 0.0, delay},
                                                std::vector<std::string>{kTorque0},
                                                [L](double t) { return t < 1.5 ? L : std::nan(""); });
        test::TaskRun run({task}, 0.1, stepper);
        PropagationSettings& s = run.settings;
        std::vector<double> step_times;
        Eigen::VectorXd last_step_state;
        run.record_steps(step_times, last_step_state);
        std::vector<double> outputs;
        Eigen::VectorXd x = hub.x0();
        BOOST_CHECK_EXCEPTION(propagate(system, x, times, s, [&](Eigen::VectorXd&, double t) { outputs.push_back(t); }),
                              IntegrationError,
                              message_has_all({"flight-software task 'att_ctl'", kTorque0, "t = 1.5 s", "not finite"}));
        BOOST_TEST(x.allFinite());
        BOOST_REQUIRE(!step_times.empty());
        BOOST_TEST(step_times.back() == 1.5);
        BOOST_TEST((x.array() == last_step_state.array()).all());
        BOOST_TEST(outputs == (std::vector<double>{0.0, 0.5, 1.0}), boost::test_tools::per_element());
        BOOST_TEST(task->calls == 7u);  // t = 0, 0.25, …, 1.5
        // With the delay the command applied since 1.25 s started at 0.25 s: ω1 = L (1.5 − 0.25)/I.
        const double omega = L * (delay == 0 ? 1.5 : 1.25) / TorqueHub::I_xx;
        BOOST_CHECK_SMALL(x[hub.model->vehicle(0).offsets().omega_BN_B] - omega, 1e-12);
        BOOST_TEST(system.inputs().applied()[system.inputs().find(kTorque0)] == L);
      }
    }
}

BOOST_AUTO_TEST_CASE(nan_command_at_the_start_leaves_the_initial_state) {
  // NaN at the first call (t0 = 0): nothing is stepped, nothing observed, x is the initial state.
  TorqueHub hub(0.0);
  auto task = std::make_shared<ValueTask>("att_ctl", "sc", TaskTiming{0.25, 0.0, 0}, std::vector<std::string>{kTorque0},
                                          [](double) { return std::nan(""); });
  test::TaskRun run({task}, 0.1);
  PropagationSettings& s = run.settings;
  std::size_t steps = 0, outputs = 0;
  s.step_observer = [&](const Eigen::VectorXd&, double) { ++steps; };
  Eigen::VectorXd x = hub.x0();
  BOOST_CHECK_EXCEPTION(propagate(hub.system(), x, 0.0, 1.0, s, [&](Eigen::VectorXd&, double) { ++outputs; }),
                        IntegrationError, message_has_all({"flight-software task 'att_ctl'", kTorque0, "t = 0 s"}));
  BOOST_TEST((x.array() == hub.x0().array()).all());
  BOOST_TEST(steps == 0u);
  BOOST_TEST(outputs == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

// Periods below the time resolution of the run (1e-300 s, 1e-22 s, or 1 ns at t = 1e9 s) and two
// tasks writing one channel. Before, the first looped forever in FlightSoftware::next_sample
// (max_steps did not stop it); the second let the later task win silently.
BOOST_AUTO_TEST_SUITE(flight_software_hostile)

BOOST_AUTO_TEST_CASE(a_period_below_the_time_resolution_is_refused_at_once) {
  const auto model = two_vehicles();
  struct Case {
    double period, t0, t1;
  };
  for (const Case c : {Case{1e-300, 0.0, 1.0}, Case{1e-22, 0.0, 1.0}, Case{1e-9, 1e9, 1e9 + 1.0}}) {
    BOOST_TEST_CONTEXT("period " << c.period << " s from t = " << c.t0 << " s") {
      FlightSoftware fsw;
      auto task = std::make_shared<ValueTask>("att_ctl", "sc", TaskTiming{c.period, 0.0, 0},
                                              std::vector<std::string>{kTorque0});
      fsw.add(task);
      PropagationSettings s;
      s.dt = 0.1;
      s.flight_software = &fsw;
      Eigen::VectorXd x = model->initial_state();
      const Eigen::VectorXd x0 = x;
      std::size_t outputs = 0;
      check_rejected([&] { propagate(System(model), x, c.t0, c.t1, s, [&](Eigen::VectorXd&, double) { ++outputs; }); },
                     {"flight-software task 'att_ctl'", "period [s]", "time resolution"});
      BOOST_TEST((x.array() == x0.array()).all());
      BOOST_TEST(outputs == 0u);
      BOOST_TEST(task->calls == 0u);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_period_just_above_the_resolution_runs) {
  // 1e-13 s at t ≤ 1 s: 28 times the width of an instant there (2 × 8 eps = 3.6e-15 s), so the
  // samples are distinct instants and every one is called.
  const auto model = two_vehicles();
  FlightSoftware fsw;
  auto task =
      std::make_shared<ValueTask>("att_ctl", "sc", TaskTiming{1e-13, 0.0, 0}, std::vector<std::string>{kTorque0});
  fsw.add(task);
  PropagationSettings s;
  s.dt = 1e-13;
  s.flight_software = &fsw;
  Eigen::VectorXd x = model->initial_state();
  propagate(System(model), x, 0.0, 1e-9, s);
  // Samples at 0, 1e-13, …, 1e-9: 10001, give or take the one at the end (rounding of k·period).
  BOOST_TEST(task->calls >= 10000u);
  BOOST_TEST(task->calls <= 10002u);
}

BOOST_AUTO_TEST_CASE(two_tasks_writing_one_channel_are_refused) {
  const auto model = two_vehicles();
  FlightSoftware fsw;
  fsw.add(std::make_shared<ValueTask>("first", "sc", TaskTiming{0.1, 0.0, 0}, std::vector<std::string>{kTorque0}));
  fsw.add(std::make_shared<ValueTask>("second", "sc", TaskTiming{0.2, 0.0, 0}, std::vector<std::string>{kTorque0}));
  check_rejected([&] { fsw.bind(System(model), 0.0); },
                 {"flight-software task 'second'", kTorque0, "flight-software task 'first'", "one writer"});
}

BOOST_AUTO_TEST_SUITE_END()
