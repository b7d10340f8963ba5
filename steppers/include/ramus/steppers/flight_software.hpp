// Sampled flight software (docs/architecture.md §D7, "Flight software"): the driver's schedule of
// the tasks (ramus/kernel/flight_software_task.hpp), called at their own
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

#include "ramus/kernel/flight_software_task.hpp"
#include "ramus/kernel/system.hpp"

namespace ramus {

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
