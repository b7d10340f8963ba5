// Reaction-wheel torque mapping (docs/fsw/rw_torque_mapping.md): the minimum-norm motor torques of
// N wheels that give the hub a required torque about the controlled axes, and the torques the
// hardware applies under its torque and speed limits, with a flag per wheel and limit. Nothing is
// clamped silently: the requested and the applied commands are both returned.
#pragma once

#include <Eigen/Dense>
#include <limits>
#include <string>

namespace ramus::fsw {

struct RwTorqueMappingConfig {
  Eigen::Matrix3Xd Gs_B;      ///< [1] spin axes ĝ_s,i (unit columns) in B, 3×N
  Eigen::VectorXd u_max;      ///< [N m] motor torque limit per wheel, > 0 (+infinity: none)
  Eigen::VectorXd Omega_max;  ///< [rad/s] speed limit per wheel, > 0 (+infinity: none)
  /// [1] the controlled body axes (unit columns, linearly independent), 3×M with 1 ≤ M ≤ 3;
  /// the identity controls all three.
  Eigen::Matrix3Xd control_axes_B = Eigen::Matrix3d::Identity();
};

/// The result of one mapping. Sized for N wheels at construction.
struct RwTorqueCommand {
  Eigen::VectorXd u_requested;  ///< [N m] minimum-norm motor torques (eq. (3))
  Eigen::VectorXd u_applied;    ///< [N m] what the hardware applies under its limits (eq. (5))
  Eigen::Array<bool, Eigen::Dynamic, 1> torque_saturated;   ///< |u_requested,i| > u_max,i
  Eigen::Array<bool, Eigen::Dynamic, 1> speed_saturated;    ///< at Ω_max,i and torqued away from zero
  Eigen::Vector3d L_requested_B = Eigen::Vector3d::Zero();  ///< [N m] the required hub torque L_r
  Eigen::Vector3d L_applied_B = Eigen::Vector3d::Zero();    ///< [N m] −Gs u_applied (eq. (1))
  bool any_saturated = false;
};

class RwTorqueMapping {
 public:
  /// Throws ConfigurationError naming "rw_torque_mapping '<name>'", the field and the value: a spin
  /// axis not unit, a limit not positive, the wheels unable to torque every controlled axis (rank).
  RwTorqueMapping(std::string name, const RwTorqueMappingConfig& config);

  /// Maps the required hub torque L_r_B [N m] at wheel speeds Omega [rad/s] (N entries) into the
  /// preallocated command and returns it. Allocation-free.
  const RwTorqueCommand& map(const Eigen::Vector3d& L_r_B, const Eigen::Ref<const Eigen::VectorXd>& Omega);

  /// The N×3 matrix M of eq. (3), u_requested = M L_r.
  const Eigen::MatrixXd& mapping() const { return mapping_; }
  Eigen::Index wheel_count() const { return config_.Gs_B.cols(); }
  const RwTorqueCommand& command() const { return command_; }
  const RwTorqueMappingConfig& config() const { return config_; }

 private:
  std::string name_;
  RwTorqueMappingConfig config_;
  Eigen::MatrixXd mapping_;
  RwTorqueCommand command_;
};

}  // namespace ramus::fsw
