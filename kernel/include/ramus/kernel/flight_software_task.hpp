// The flight-software task (docs/architecture.md §D7, "Flight software"): what an analyst's
// controller, navigation filter or guidance derives from. It reads the true state at its sample
// times (through its own sensors), writes commands to actuator channels of its vehicle and
// publishes named signals. The driver that schedules tasks is ramus/steppers/flight_software.hpp;
// flight software (fsw/) depends on this header and the kernel only.
#pragma once

#include <Eigen/Dense>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "ramus/kernel/inputs.hpp"
#include "ramus/kernel/model.hpp"

namespace ramus {

/// One signal a task publishes: "<task>.<name>" in logs, with `size` components in `unit`
/// (a flag is 0 or 1, unit "1").
struct TaskSignal {
  std::string name;
  std::string unit;
  Eigen::Index size = 1;
};

/// What a task may read at its sample time.
struct TaskInput {
  double t;                  ///< [s] the sample time
  const Eigen::VectorXd& x;  ///< the true state at t (tasks measure it through their sensors)
  const Model& model;        ///< names and layout (bind() resolves indices once)
  const Inputs& inputs;      ///< the run's commands and what the actuators apply (saturation flags)
};

/// When a task runs: at t0 + offset + k·period, k = 0, 1, … (t0 the start of the run).
struct TaskTiming {
  double period = 0.0;  ///< [s] sample period (> 0, finite)
  double offset = 0.0;  ///< [s] first sample after the start (≥ 0, finite)
  int delay = 0;        ///< samples between a computation and its commands' application (0 or 1)
};

/// A flight-software task: an analyst's own controller, navigation filter or guidance derives
/// from it. Model data apart, a task's members are run data: give each run its own tasks.
class FlightSoftwareTask {
 public:
  /// Refuses a period that is not positive and finite, an offset that is negative or not finite,
  /// a delay other than 0 or 1 (ConfigurationError naming the task and the field).
  FlightSoftwareTask(std::string name, std::string vehicle, TaskTiming timing);
  virtual ~FlightSoftwareTask() = default;

  const std::string& name() const { return name_; }
  /// The vehicle whose actuators it commands.
  const std::string& vehicle() const { return vehicle_; }
  const TaskTiming& timing() const { return timing_; }
  std::string label() const { return "flight-software task '" + name_ + "'"; }

  /// The channels it writes, as Model::input_layout() names them ("sc/wheels.motor_torque[2]").
  virtual std::vector<std::string> outputs() const = 0;
  /// Once before the run, with the finalized model: resolve state indices and size buffers here
  /// (update() must not allocate). Throws ConfigurationError naming the task for what it cannot
  /// find.
  virtual void bind(const Model& /*model*/) {}
  /// At each sample time: one command per output, in the order of outputs().
  virtual void update(const TaskInput& in, std::span<double> commands) = 0;

  /// The signals it publishes (its estimates, references, requests, flags), each with its unit and
  /// size, fixed once bound: logging, `describe` and Python read them by name, with no code per
  /// task class. None by default.
  virtual std::vector<TaskSignal> signals() const { return {}; }
  /// The value of signals()[i] after the last update(), into `out` (its size). No allocation.
  virtual void read_signal(std::size_t /*i*/, std::span<double> /*out*/) const {}

 private:
  std::string name_, vehicle_;
  TaskTiming timing_;
};

/// Writes a signal's value into `out` (its size): a flag as 0/1, a count as a number, a vector's
/// (or an array's) first out.size() entries — what every read_signal() does with its values.
template <class Value>
void write_signal(std::span<double> out, const Value& v) {
  if constexpr (std::is_arithmetic_v<Value>) {
    out[0] = static_cast<double>(v);
  } else {
    for (std::size_t k = 0; k < out.size(); ++k) out[k] = static_cast<double>(v[static_cast<Eigen::Index>(k)]);
  }
}

}  // namespace ramus

/// Declares, in a task's class, what every task with outputs and signals overrides (outputs, bind,
/// update, signals, read_signal), with the base class's signatures: written here once; the task
/// documents each beside the macro.
#define RAMUS_FLIGHT_SOFTWARE_TASK_OVERRIDES                                      \
  std::vector<std::string> outputs() const override;                              \
  void bind(const ::ramus::Model& model) override;                                \
  void update(const ::ramus::TaskInput& in, std::span<double> commands) override; \
  std::vector<::ramus::TaskSignal> signals() const override;                      \
  void read_signal(std::size_t i, std::span<double> out) const override
