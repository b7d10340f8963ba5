#include "ramus/fsw/quaternion_pd.hpp"

#include <cmath>

#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {

double quaternion_pd_lyapunov(double k_p, const Eigen::Matrix3d& I, const Quaternion& q_BR, const Eigen::Vector3d& dw) {
  return 0.5 * dw.dot(I * dw) + 2.0 * k_p * (1.0 - std::abs(q_BR[0]) / q_BR.norm());  // eq. (4)
}

double quaternion_pd_lyapunov_rate(const Eigen::Matrix3d& K_d, const Eigen::Vector3d& dw) {
  return -dw.dot(K_d * dw);  // eq. (5)
}

QuaternionPd::QuaternionPd(std::string name, const QuaternionPdConfig& config)
    : name_(std::move(name)), config_(config) {
  const std::string who = validation::owner("quaternion_pd", name_);
  validation::require_positive(who, "k_p [N m]", config.k_p);
  validation::require_positive_definite(who, "K_d [N m s]", config.K_d);
  if (config.feed_forward) validation::require_inertia(who, "I_PntC_B [kg m²]", config.I_PntC_B);
}

Eigen::Vector3d QuaternionPd::torque(const Quaternion& q_BR, const Eigen::Vector3d& dw, const Eigen::Vector3d& w_r,
                                     const Eigen::Vector3d& wDot_r, const Eigen::Vector3d& L_known_B) const {
  const QuaternionPdConfig& c = config_;
  // eq. (1): sgn(δq0) picks the shorter rotation; sgn(0) = +1 (either is a valid choice at 180°).
  const double sign = q_BR[0] < 0.0 ? -1.0 : 1.0;
  Eigen::Vector3d L_r = -c.k_p * sign * q_BR.tail<3>() / q_BR.norm() - c.K_d * dw;
  if (c.feed_forward) {  // eq. (2)
    const Eigen::Vector3d omega = dw + w_r;
    L_r += c.I_PntC_B * (wDot_r - omega.cross(w_r)) + omega.cross(c.I_PntC_B * omega) - L_known_B;
  }
  return L_r;
}

Eigen::Vector3d QuaternionPd::torque(const AttitudeError& e, const Eigen::Vector3d& L_known_B) const {
  return torque(quat_from_mrp(e.sigma_BR), e.omega_BR_B, e.omega_RN_B, e.omegaDot_RN_B, L_known_B);  // eq. (3)
}

}  // namespace ramus::fsw
