// The rate-damping task (docs/fsw/rate_damping_task.md): detumbling by an ideal body torque opposed
// to the hub's angular velocity, L_B = −P ω_BN_B (eq. (1)), scaled as a whole so that no component
// exceeds max_torque (eq. (2): the direction is kept), written at each sample to the torque
// channels of an external_force_torque on the vehicle's hub and held until the next. The rate is
// the true ω_BN_B (ideal navigation).
#pragma once

#include <Eigen/Dense>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "ramus/kernel/flight_software_task.hpp"

namespace ramus::fsw {

/// The rate-damping law's parameters (the continuous effector's; the task's are its config's P and
/// max_torque).
struct RateDampingLaw {
  Eigen::Matrix3d P = Eigen::Matrix3d::Zero();                  ///< [N m s] symmetric positive definite
  double max_torque = std::numeric_limits<double>::infinity();  ///< [N m] per component (> 0; ∞: none)
};

/// [N m] L_B = −P ω_BN_B (eq. (1)), scaled as a whole so that no component exceeds max_torque
/// (eq. (2)); `saturated` says whether it was. No allocation.
Eigen::Vector3d rate_damping_torque(const RateDampingLaw& law, const Eigen::Vector3d& omega_BN_B, bool& saturated);

struct RateDampingTaskConfig {
  std::string vehicle;                          ///< the vehicle whose hub is damped
  TaskTiming timing;                            ///< sample period, first sample, delay (0 or 1)
  std::string torquer;                          ///< an external_force_torque effector on the hub (F = B)
  Eigen::Matrix3d P = Eigen::Matrix3d::Zero();  ///< [N m s] rate gain, symmetric positive definite
  double max_torque = std::numeric_limits<double>::infinity();  ///< [N m] per component (> 0; ∞: none)
};

class RateDampingTask final : public FlightSoftwareTask {
 public:
  /// ConfigurationError naming the task and the field: an empty torquer, a P that is not symmetric
  /// positive definite, a max_torque that is not positive.
  RateDampingTask(std::string name, const RateDampingTaskConfig& config);

  /// The task (kernel/flight_software_task.hpp):
  ///  - outputs: "<vehicle>/<torquer>.torque_PntF_F[0..2]".
  ///  - bind: Resolves the hub's rate in the state (ConfigurationError naming the task for an unknown vehicle).
  ///  - update: One sample: eqs. (1)–(2). No allocation.
  ///  - signals: omega_BN_B [rad/s], L_commanded_B [N m], saturated [1]: the last sample's.
  RAMUS_FLIGHT_SOFTWARE_TASK_OVERRIDES;

 private:
  RateDampingTaskConfig config_;
  Eigen::Index i_omega_ = -1;
  Eigen::Vector3d omega_BN_B_ = Eigen::Vector3d::Zero(), L_B_ = Eigen::Vector3d::Zero();
  bool saturated_ = false;
};

}  // namespace ramus::fsw
