// The flight software of one run and the propagation settings that carry it: the setup the
// closed-loop tests of the driver (test/steppers) and of the tasks (test/fsw) share.
#pragma once

#include <Eigen/Dense>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::test {

/// `tasks`, added in this order to fresh flight software, and settings that step the run by
/// `stepper` at dt [s] with that flight software in the loop. Name them `FlightSoftware& fsw = run.fsw;
/// PropagationSettings& s = run.settings;` (not a structured binding: clang before 16 cannot capture one in a lambda).
struct TaskRun {
  FlightSoftware fsw;
  PropagationSettings settings;

  TaskRun(std::initializer_list<std::shared_ptr<FlightSoftwareTask>> tasks, double dt,
          const std::string& stepper = "rk4") {
    for (const std::shared_ptr<FlightSoftwareTask>& task : tasks) fsw.add(task);
    settings.stepper = stepper;
    settings.dt = dt;
    settings.flight_software = &fsw;
  }
  /// Records the end time of every accepted step in `ends` and the state at the last one in `last`
  /// (both outlive the run).
  void record_steps(std::vector<double>& ends, Eigen::VectorXd& last) {
    settings.step_observer = [&ends, &last](const Eigen::VectorXd& xs, double t) {
      ends.push_back(t);
      last = xs;
    };
  }

  TaskRun(const TaskRun&) = delete;
  TaskRun& operator=(const TaskRun&) = delete;
};

}  // namespace ramus::test
