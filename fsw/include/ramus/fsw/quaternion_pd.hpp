// Quaternion PD attitude control (docs/fsw/quaternion_pd.md, after Wie, "Space Vehicle Dynamics and
// Control", and Markley & Crassidis, "Fundamentals of Spacecraft Attitude Determination and
// Control", ch. 7): u = −k_p sgn(δq0) δq_v − K_d δω with optional feed-forward, and its Lyapunov
// function with the analytic rate.
#pragma once

#include <Eigen/Dense>
#include <string>

#include "ramus/fsw/attitude_error.hpp"
#include "ramus/kernel/attitude.hpp"

namespace ramus::fsw {

struct QuaternionPdConfig {
  double k_p = 0.0;                                    ///< [N m] attitude gain, > 0
  Eigen::Matrix3d K_d = Eigen::Matrix3d::Zero();       ///< [N m s] rate gain, symmetric positive definite
  Eigen::Matrix3d I_PntC_B = Eigen::Matrix3d::Zero();  ///< [kg m²] vehicle inertia about C (feed-forward)
  bool feed_forward = true;                            ///< law (2) with feed-forward, or (1) without
};

/// V = ½ δωᵀ I δω + 2 k_p (1 − |δq0|) [J] (eq. (4)); q_BR need not have q0 ≥ 0.
double quaternion_pd_lyapunov(double k_p, const Eigen::Matrix3d& I_PntC_B, const Quaternion& q_BR,
                              const Eigen::Vector3d& omega_BR_B);
/// V̇ = −δωᵀ K_d δω [W] for the law with feed-forward and ideal torques (eq. (5)).
double quaternion_pd_lyapunov_rate(const Eigen::Matrix3d& K_d, const Eigen::Vector3d& omega_BR_B);

class QuaternionPd {
 public:
  /// Throws ConfigurationError naming "quaternion_pd '<name>'", the field and the value.
  QuaternionPd(std::string name, const QuaternionPdConfig& config);

  /// Required torque on the hub L_r_B [N m] (eqs. (1)–(2)) for the error quaternion q_BR (either
  /// sign) and the rates; L_known_B [N m] is the known external torque (feed-forward law only).
  Eigen::Vector3d torque(const Quaternion& q_BR, const Eigen::Vector3d& omega_BR_B, const Eigen::Vector3d& omega_RN_B,
                         const Eigen::Vector3d& omegaDot_RN_B,
                         const Eigen::Vector3d& L_known_B = Eigen::Vector3d::Zero()) const;
  /// The same with q_BR = quat_from_mrp(error.sigma_BR) (eq. (3)).
  Eigen::Vector3d torque(const AttitudeError& error, const Eigen::Vector3d& L_known_B = Eigen::Vector3d::Zero()) const;

  const QuaternionPdConfig& config() const { return config_; }

 private:
  std::string name_;
  QuaternionPdConfig config_;
};

}  // namespace ramus::fsw
