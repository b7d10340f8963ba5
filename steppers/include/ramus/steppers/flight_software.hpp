// Sampled flight software (docs/architecture.md §D7, "Flight software"): tasks called at their own
// sample periods by the driver, each reading the true state (through its own sensors) and writing
// commands to actuator channels of its vehicle, which are held (zero-order hold) until its next
// call, or from the call after it (one sample of delay, the computation time). The driver ends a
// step on every sample time, so that no step straddles a command change.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ramus/kernel/system.hpp"

namespace ramus {

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

 private:
  std::string name_, vehicle_;
  TaskTiming timing_;
};

/// A run's flight software: its tasks and their schedule. Run data (one per run, like the
/// run's Inputs); the driver calls it between steps.
class FlightSoftware {
 public:
  /// Names are unique in a run.
  void add(std::shared_ptr<FlightSoftwareTask> task);
  const std::vector<std::shared_ptr<FlightSoftwareTask>>& tasks() const { return tasks_; }

  /// Resolves every task's outputs against the system's model before the run starts at t0,
  /// refusing a channel that does not exist or belongs to another vehicle than the task's
  /// (ConfigurationError naming the task and the channel); calls each task's bind().
  void bind(const System& system, double t0);
  bool bound() const { return bound_; }
  /// Before a run that ends at t1 (after bind()): refuses a task whose period is below the time
  /// resolution at the run's times (two samples within a few ulps of each other are one instant,
  /// so the schedule could not advance), ConfigurationError naming the task and the period.
  void check_resolution(double t1) const;
  /// The first sample time of any task after t (+inf without tasks). IntegrationError naming the
  /// task when its period cannot advance the sample time at t.
  double next_sample(double t) const;
  /// Runs every task whose sample time is t (in the order they were added; sample times within a
  /// few ulps of t are the instant t), then applies their
  /// commands to the run's inputs (held, or one sample later with a delay). A non-finite command
  /// throws IntegrationError naming the task, the channel and the time. Returns true when an
  /// applied input changed. No allocation.
  bool run_due(double t, const Eigen::VectorXd& x, const System& system);
  /// Task calls so far.
  std::uint64_t calls() const { return calls_; }

 private:
  struct Scheduled {
    std::shared_ptr<FlightSoftwareTask> task;
    std::vector<Eigen::Index> channels;  ///< outputs, resolved
    std::vector<double> computed;        ///< the last update()'s commands
    std::vector<double> pending;         ///< with a delay: the commands due at the next sample
    bool has_pending = false;
    std::uint64_t k = 0;  ///< index of the next sample
  };
  double sample_time(const Scheduled& s, std::uint64_t k) const;
  std::vector<std::shared_ptr<FlightSoftwareTask>> tasks_;
  std::vector<Scheduled> scheduled_;
  double t0_ = 0.0;
  bool bound_ = false;
  std::uint64_t calls_ = 0;
};

}  // namespace ramus
