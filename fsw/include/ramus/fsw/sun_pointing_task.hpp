// The Sun-pointing task (docs/fsw/sun_pointing_task.md): Sun-safe pointing, the mode a spacecraft
// falls back to after a fault — its solar-array normal hHat_B turned to the Sun, its rate damped —
// by an ideal body torque L_B = K hHat_B × sHat_B − P ω_BN_B (eqs. (1)–(5)), scaled as a whole so
// that no component exceeds max_torque (eq. (6)), written at each sample to the torque channels of
// an external_force_torque on the vehicle's hub and held until the next. Navigation is ideal: the
// true q_BN and ω_BN_B; the Sun's inertial direction sHat_N is fixed for the run.
#pragma once

#include <Eigen/Dense>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "ramus/kernel/flight_software_task.hpp"

namespace ramus::fsw {

/// The Sun-pointing law's parameters (the continuous effector's; the task's are the same fields of
/// its config).
struct SunPointingLaw {
  Eigen::Vector3d hHat_B = Eigen::Vector3d::Zero();             ///< [1] the axis pointed at the Sun, unit
  Eigen::Vector3d sHat_N = Eigen::Vector3d::Zero();             ///< [1] the Sun's direction in N, unit
  double K = 0.0;                                               ///< [N m] pointing gain (> 0)
  Eigen::Matrix3d P = Eigen::Matrix3d::Zero();                  ///< [N m s] rate gain, symmetric positive definite
  double max_torque = std::numeric_limits<double>::infinity();  ///< [N m] per component (> 0; ∞: none)
};

/// One evaluation of the law: the angle off the Sun, the Sun in B, the torque and whether it was
/// saturated.
struct SunPointingTorque {
  double theta = 0.0;                                ///< [rad] angle between hHat_B and sHat_B (eq. (3))
  Eigen::Vector3d sHat_B = Eigen::Vector3d::Zero();  ///< [1] eq. (1)
  Eigen::Vector3d L_B = Eigen::Vector3d::Zero();     ///< [N m] eqs. (5)–(6)
  bool saturated = false;
};

/// The law L_B = K e_B − P ω_BN_B, saturated (eqs. (1)–(6)), checked once at construction.
class SunPointing {
 public:
  /// |e_B| (= sin θ) below which, with hHat_B·sHat_B < 0, the Sun is taken to be exactly behind
  /// and the fixed axis of eq. (4) replaces e_B.
  static constexpr double kAntiSunThreshold = 1e-9;

  /// ConfigurationError naming `owner` and the field (prefixed by `prefix`, e.g. "sun_pointing.")
  /// with its value: hHat_B or sHat_N not finite or not of unit length to 1e-9; K not positive and
  /// finite; a P that is not symmetric positive definite; a max_torque that is not positive.
  SunPointing(const std::string& owner, const SunPointingLaw& law, const std::string& prefix = "");
  /// The law at the attitude dcm_BN and rate ω_BN_B [rad/s]. No allocation.
  SunPointingTorque torque(const Eigen::Matrix3d& dcm_BN, const Eigen::Vector3d& omega_BN_B) const;
  /// The unit axis ⊥ hHat_B used for e_B when the Sun is exactly behind (eq. (4)).
  const Eigen::Vector3d& anti_sun_axis_B() const { return anti_sun_axis_B_; }
  const SunPointingLaw& law() const { return law_; }

 private:
  SunPointingLaw law_;
  Eigen::Vector3d anti_sun_axis_B_ = Eigen::Vector3d::Zero();
};

struct SunPointingTaskConfig {
  std::string vehicle;                               ///< the vehicle whose hub is pointed
  TaskTiming timing;                                 ///< sample period, first sample, delay (0 or 1)
  std::string torquer;                               ///< an external_force_torque effector on the hub (F = B)
  Eigen::Vector3d hHat_B = Eigen::Vector3d::Zero();  ///< [1] the axis pointed at the Sun (array normal), unit
  Eigen::Vector3d sHat_N = Eigen::Vector3d::Zero();  ///< [1] the Sun's direction from the vehicle in N, unit
  double K = 0.0;                                    ///< [N m] pointing gain (> 0)
  Eigen::Matrix3d P = Eigen::Matrix3d::Zero();       ///< [N m s] rate gain, symmetric positive definite
  double max_torque = std::numeric_limits<double>::infinity();  ///< [N m] per component (> 0; ∞: none)
};

class SunPointingTask final : public FlightSoftwareTask {
 public:
  static constexpr double kAntiSunThreshold = SunPointing::kAntiSunThreshold;  ///< the law's

  /// ConfigurationError naming the task and the field with its value: an empty torquer; hHat_B or
  /// sHat_N not finite or not of unit length to 1e-9; K not positive and finite; a P that is not
  /// symmetric positive definite; a max_torque that is not positive (NaN included).
  SunPointingTask(std::string name, const SunPointingTaskConfig& config);

  /// The task (kernel/flight_software_task.hpp):
  ///  - outputs: "<vehicle>/<torquer>.torque_PntF_F[0..2]".
  ///  - bind: Resolves the hub's attitude and rate in the state (ConfigurationError naming the task
  ///    for an unknown vehicle).
  ///  - update: One sample: eqs. (1)–(6). No allocation.
  ///  - signals: theta [rad], sHat_B [1], L_commanded_B [N m], saturated [1]: the last sample's.
  RAMUS_FLIGHT_SOFTWARE_TASK_OVERRIDES;

  /// The unit axis ⊥ hHat_B used for e_B when the Sun is exactly behind (eq. (4)).
  const Eigen::Vector3d& anti_sun_axis_B() const { return law_.anti_sun_axis_B(); }

 private:
  SunPointingTaskConfig config_;
  std::string owner_;  ///< label(), kept so that update()'s checks allocate nothing
  SunPointing law_;
  Eigen::Index i_q_ = -1, i_omega_ = -1;
  double theta_ = 0.0;
  Eigen::Vector3d sHat_B_ = Eigen::Vector3d::Zero(), L_B_ = Eigen::Vector3d::Zero();
  bool saturated_ = false;
};

}  // namespace ramus::fsw
