#include "closed_loop.hpp"

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::bench {
namespace {

/// A task with another task's name, vehicle, timing and outputs that computes nothing (zeros):
/// what the driver costs without the task's own work.
class EmptyTask final : public FlightSoftwareTask {
 public:
  explicit EmptyTask(const FlightSoftwareTask& t)
      : FlightSoftwareTask(t.name(), t.vehicle(), t.timing()), outputs_(t.outputs()) {}
  std::vector<std::string> outputs() const override { return outputs_; }
  void update(const TaskInput&, std::span<double> commands) override {
    for (double& c : commands) c = 0.0;
  }

 private:
  std::vector<std::string> outputs_;
};

/// The scenario's flight software with every task replaced by an EmptyTask.
std::unique_ptr<FlightSoftware> empty_tasks(const Scenario& s) {
  const std::unique_ptr<FlightSoftware> real = s.flight_software();
  auto empty = std::make_unique<FlightSoftware>();
  for (const auto& task : real->tasks()) empty->add(std::make_shared<EmptyTask>(*task));
  return empty;
}

}  // namespace

ClosedLoopCost measure_closed_loop(const Scenario& s, double dt, int rounds, double batch_seconds) {
  ClosedLoopCost c;
  c.dt = dt;
  c.span = s.t1 - s.t0;
  const std::vector<double> times{s.t0, s.t1};
  PropagationSettings open;
  open.stepper = "rk4";
  open.dt = dt;
  // One System each: the closed loop's commands stay in its own inputs.
  const System closed_system = s.run(), open_system = s.run();
  Eigen::VectorXd x = s.x0;
  std::unique_ptr<FlightSoftware> fsw;
  try {
    c.steps_open = propagate(open_system, x, times, open).steps;
    x = s.x0;
    c.steps_closed = propagate(closed_system, x, times, s.closed_loop(open, fsw)).steps;
    c.task_calls = fsw ? fsw->calls() : 0;
    const auto run_open = [&] {
      x = s.x0;
      propagate(open_system, x, times, open);
    };
    c.timing = time_paired(rounds, batch_seconds, run_open, [&] {
      x = s.x0;
      propagate(closed_system, x, times, s.closed_loop(open, fsw));
    });
    PropagationSettings empty = open;
    c.machinery = time_paired(rounds, batch_seconds, run_open, [&] {
      x = s.x0;
      fsw = empty_tasks(s);
      empty.flight_software = fsw.get();
      propagate(closed_system, x, times, empty);
    });
  } catch (const IntegrationError& e) {
    c.failure = e.what();
  }
  return c;
}

}  // namespace ramus::bench
