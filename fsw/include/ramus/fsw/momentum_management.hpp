// Momentum management (docs/fsw/momentum_management.md, after Markley & Crassidis, "Fundamentals of
// Spacecraft Attitude Determination and Control", ch. 7): the wheels' momentum, a desaturation law
// with hysteresis that requests a momentum change per control period, its mapping to on/off
// thruster on-times by nonnegative least squares with the minimum impulse bit, and the wheel-side
// command that absorbs the thrusters' torque.
#pragma once

#include <Eigen/Dense>
#include <string>

namespace ramus::fsw {

/// min |A x − b| subject to x ≥ 0, for a 3×M matrix A (Lawson & Hanson's active-set algorithm,
/// eq. (5)). The passive columns are linearly independent, so at most three: every least-squares
/// subproblem is at most 3×3. Allocation-free after construction.
class NonnegativeLeastSquares {
 public:
  explicit NonnegativeLeastSquares(Eigen::Index columns);
  /// Writes the solution into x (M entries) and returns the residual norm |A x − b|.
  double solve(const Eigen::Matrix3Xd& A, const Eigen::Vector3d& b, Eigen::Ref<Eigen::VectorXd> x);

 private:
  Eigen::VectorXd w_, z_;
  Eigen::Array<bool, Eigen::Dynamic, 1> passive_, excluded_;
};

struct MomentumManagementConfig {
  // The wheels.
  Eigen::Matrix3Xd Gs_B;  ///< [1] spin axes (unit columns) in B, 3×N
  Eigen::VectorXd J_s;    ///< [kg m²] spin-axis inertia per wheel, > 0
  // The thrusters.
  Eigen::Matrix3Xd r_TB_B;                           ///< [m] thruster locations relative to B, 3×M
  Eigen::Matrix3Xd d_B;                              ///< [1] unit directions of the thrust force on the vehicle, 3×M
  Eigen::VectorXd thrust;                            ///< [N] thrust per thruster, > 0
  Eigen::Vector3d r_CB_B = Eigen::Vector3d::Zero();  ///< [m] vehicle centre of mass relative to B
  // The law.
  double control_period = 0.0;   ///< [s] T_c: one update() per period, on-times within it
  double minimum_on_time = 0.0;  ///< [s] t_min: minimum impulse bit as an on-time, 0 ≤ t_min < T_c
  double start_threshold = 0.0;  ///< [N m s] dumping starts when |H_w| exceeds it, > 0
  double stop_threshold = 0.0;   ///< [N m s] and stops when |H_w| ≤ it, 0 ≤ stop < start
  double gain = 0.0;             ///< [1/s] k of ΔH = −k T_c H_w, 0 < k T_c ≤ 1
};

/// One period's output. Sized for M thrusters at construction.
struct MomentumDumpCommand {
  bool active = false;                                           ///< dumping (eq. (2))
  Eigen::Vector3d H_w_B = Eigen::Vector3d::Zero();               ///< [N m s] wheel momentum (eq. (1))
  Eigen::Vector3d DeltaH_requested_B = Eigen::Vector3d::Zero();  ///< [N m s] eq. (3)
  Eigen::Vector3d DeltaH_commanded_B = Eigen::Vector3d::Zero();  ///< [N m s] Σ τ_i t_i, eq. (8)
  Eigen::Vector3d torque_mean_B = Eigen::Vector3d::Zero();       ///< [N m] ΔH_commanded / T_c
  Eigen::VectorXd on_time;       ///< [s] per thruster, each 0 or in [t_min, T_c], from the period start
  bool impulse_limited = false;  ///< the on-times were scaled down to fit the period (eq. (6))
};

class MomentumManagement {
 public:
  /// Throws ConfigurationError naming "momentum_management '<name>'", the field and the value; also
  /// when the thrusters' torques cannot produce a torque about every body axis (both signs).
  MomentumManagement(std::string name, const MomentumManagementConfig& config);

  /// Wheel momentum H_w_B [N m s] at wheel speeds Omega [rad/s] (eq. (1)).
  Eigen::Vector3d wheel_momentum_B(const Eigen::Ref<const Eigen::VectorXd>& Omega) const;

  /// Once per control period, at its start: the hysteresis, the requested ΔH and the on-times
  /// (eqs. (1)–(8)). Allocation-free.
  const MomentumDumpCommand& update(const Eigen::Ref<const Eigen::VectorXd>& Omega);

  /// The thrusters' torque about C [N m] at `time_into_period` [s] after the last update(): the sum
  /// of τ_i over the thrusters still on (eq. (9)).
  Eigen::Vector3d thruster_torque_B(double time_into_period) const;
  /// The hub torque to request from the wheels [N m] when the attitude law requires L_r_B: the
  /// thrusters' instantaneous torque is absorbed by the wheels (eq. (10)).
  Eigen::Vector3d wheel_torque_request_B(const Eigen::Vector3d& L_r_B, double time_into_period) const;
  /// The same with the period's mean thruster torque (eq. (11)).
  Eigen::Vector3d wheel_torque_request_B(const Eigen::Vector3d& L_r_B) const;

  /// Torque about C of each thruster firing, τ_i [N m] (eq. (4)), 3×M.
  const Eigen::Matrix3Xd& thruster_torques_B() const { return torques_; }
  const MomentumDumpCommand& command() const { return command_; }
  const MomentumManagementConfig& config() const { return config_; }
  /// Back to not dumping, no firing.
  void reset();

 private:
  std::string name_;
  MomentumManagementConfig config_;
  Eigen::Matrix3Xd torques_;
  NonnegativeLeastSquares nnls_;
  MomentumDumpCommand command_;
};

}  // namespace ramus::fsw
