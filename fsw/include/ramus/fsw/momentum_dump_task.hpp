// The momentum-dump task (docs/fsw/momentum_dump_task.md): the flight-software task that fires a
// vehicle's thrusters to unload its reaction wheels. Every control period T_c it reads the wheel
// speeds, runs MomentumManagement (hysteresis, requested ΔH, on-times by nonnegative least
// squares) and then, at each of its ticks, holds each thruster's throttle at 1 while that
// thruster's on-time lasts and at 0 after it. The attitude loop (AttitudeControlTask, or the
// analyst's own) keeps the attitude: the thrusters' torque is an external torque its wheels absorb.
#pragma once

#include <Eigen/Dense>
#include <span>
#include <string>
#include <vector>

#include "ramus/fsw/momentum_management.hpp"
#include "ramus/kernel/flight_software_task.hpp"

namespace ramus::fsw {

struct MomentumDumpTaskConfig {
  std::string vehicle;  ///< the vehicle whose wheels are unloaded and whose thrusters fire
  /// [s] the tick: the task's sample period, the resolution of the on-times (> 0). The control
  /// period management.control_period must be a whole number of ticks.
  double tick = 0.0;
  double offset = 0.0;                  ///< [s] first tick after the start (≥ 0)
  MomentumManagementConfig management;  ///< wheels, thrusters (their columns), the law
  std::string wheels = "wheels";        ///< the ReactionWheels effector's name on the vehicle
  std::vector<std::string> thrusters;   ///< the Thruster effectors' names, one per column of the config
};

class MomentumDumpTask final : public FlightSoftwareTask {
 public:
  /// Checks the configuration: ConfigurationError naming the task and the field (a control
  /// period that is not a whole number of ticks, a thruster count other than the config's
  /// columns), or naming "momentum_management '<name>/management'" and the field.
  MomentumDumpTask(std::string name, const MomentumDumpTaskConfig& config);

  /// The task (kernel/flight_software_task.hpp):
  ///  - outputs: "<vehicle>/<thruster>.throttle", one per thruster, in the config's order.
  ///  - bind: Resolves the wheel-speed block (ConfigurationError naming the task for a missing block or a wheel count
  ///    other than the config's) and restarts: not dumping, no firing.
  ///  - update: One tick (docs/fsw/momentum_dump_task.md eqs. (1)–(2)). No allocation.
  ///  - signals: dumping, H_w_B, DeltaH_requested_B, DeltaH_commanded_B, torque_mean_B, on_time and fired_on_time
  ///    (one per thruster), impulse_limited, cycles: the last control period's plan.
  RAMUS_FLIGHT_SOFTWARE_TASK_OVERRIDES;

  /// The last control period's plan (momentum, request, on-times as planned before rounding).
  const MomentumDumpCommand& plan() const { return management_.command(); }
  /// [s] the on-times as fired: each rounded to whole ticks (eq. (1)).
  const Eigen::VectorXd& fired_on_time() const { return fired_; }
  /// Control periods planned since bind().
  long cycles() const { return cycles_; }

 private:
  MomentumDumpTaskConfig config_;
  MomentumManagement management_;
  int ticks_per_cycle_ = 1;
  Eigen::Index i_Omega_ = -1, n_wheels_ = 0;
  Eigen::VectorXd fired_;
  long tick_ = 0, cycles_ = 0;
};

}  // namespace ramus::fsw
