#include "ramus/fsw/mrp_feedback.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {

Eigen::Vector3d mrp_short(const Eigen::Vector3d& sigma) {
  const double s2 = sigma.squaredNorm();
  return s2 > 1.0 ? Eigen::Vector3d(-sigma / s2) : sigma;  // eq. (6)
}

double mrp_lyapunov(double K, const Eigen::Matrix3d& I, const Eigen::Vector3d& sigma, const Eigen::Vector3d& dw) {
  return 0.5 * dw.dot(I * dw) + 2.0 * K * std::log1p(sigma.squaredNorm());  // eq. (7)
}

double mrp_lyapunov_rate(const Eigen::Matrix3d& P, const Eigen::Vector3d& dw) { return -dw.dot(P * dw); }  // eq. (8)

double mrp_integral_lyapunov(double K, const Eigen::Matrix3d& I, double K_i, const Eigen::Vector3d& sigma,
                             const Eigen::Vector3d& dw, const Eigen::Vector3d& z) {
  return mrp_lyapunov(K, I, sigma, dw) + 0.5 * K_i * z.squaredNorm();  // eq. (9)
}

double mrp_integral_lyapunov_rate(const Eigen::Matrix3d& P, double K_i, const Eigen::Vector3d& dw,
                                  const Eigen::Vector3d& z) {
  const Eigen::Vector3d s = dw + K_i * z;
  return -s.dot(P * s);  // eq. (10)
}

MrpFeedback::MrpFeedback(std::string name, const MrpFeedbackConfig& config) : name_(std::move(name)), config_(config) {
  const std::string who = validation::owner("mrp_feedback", name_);
  validation::require_positive(who, "K [N m]", config.K);
  validation::require_positive_definite(who, "P [N m s]", config.P);
  validation::require_non_negative(who, "K_i [1/(kg m²)]", config.K_i);
  if (!(config.integral_limit >= 0.0))  // +infinity (no limit) and 0 (no integral action) are allowed
    throw ConfigurationError(who, "integral_limit [s]", validation::to_text(config.integral_limit),
                             "must be non-negative (+infinity: no limit, 0: no integral action)");
  if (config.feed_forward || config.K_i > 0.0) validation::require_inertia(who, "I_PntC_B [kg m²]", config.I_PntC_B);
}

Eigen::Vector3d MrpFeedback::torque(const AttitudeError& e, const Eigen::Vector3d& z_B,
                                    const Eigen::Vector3d& L_known_B, const Eigen::Vector3d& H_w_B) const {
  const MrpFeedbackConfig& c = config_;
  const Eigen::Vector3d sigma = mrp_short(e.sigma_BR);
  Eigen::Vector3d L_r = -c.K * sigma - c.P * e.omega_BR_B;  // eq. (5)
  if (c.K_i > 0.0) L_r -= c.K_i * (c.P * z_B);
  if (c.feed_forward) {  // eq. (3): ω = δω + ω_r; I(ω̇_r − ω × ω_r) + ω × H − L with H = Iω + H_w
    const Eigen::Vector3d omega = e.omega_BR_B + e.omega_RN_B;
    L_r += c.I_PntC_B * (e.omegaDot_RN_B - omega.cross(e.omega_RN_B)) - L_known_B;
    const Eigen::Vector3d H = c.I_PntC_B * omega + H_w_B;
    if (c.gyroscopic == MrpGyroscopic::body_rate)
      L_r += omega.cross(H);
    else if (c.gyroscopic == MrpGyroscopic::reference_rate)
      L_r += (e.omega_RN_B + c.K_i * z_B).cross(H);  // eq. (14)
  }
  return L_r;
}

Eigen::Vector3d MrpFeedback::update(const AttitudeError& e, double dt, const Eigen::Vector3d& L_known_B,
                                    const Eigen::Vector3d& H_w_B) {
  integral_limited_ = false;
  if (first_) {
    sigma_integral_.setZero();
    omega_BR0_B_ = e.omega_BR_B;
    first_ = false;
  } else {
    if (!(dt >= 0.0) || !std::isfinite(dt))
      throw Error(validation::owner("mrp_feedback", name_) + ": dt [s] = " + validation::to_text(dt) +
                  ": the time since the previous sample must be finite and non-negative");
    sigma_integral_ += dt * mrp_short(e.sigma_BR);  // eq. (11)
    const double limit = config_.integral_limit;
    for (int j = 0; j < 3; ++j)
      if (std::abs(sigma_integral_[j]) > limit) {
        sigma_integral_[j] = std::copysign(limit, sigma_integral_[j]);
        integral_limited_ = true;
      }
  }
  // eq. (4); a zero limit turns the integral action off altogether (eq. 11)
  if (config_.integral_limit == 0.0)
    z_B_.setZero();
  else
    z_B_ = config_.K * sigma_integral_ + config_.I_PntC_B * (e.omega_BR_B - omega_BR0_B_);
  return torque(e, z_B_, L_known_B, H_w_B);
}

void MrpFeedback::reset() {
  first_ = true;
  integral_limited_ = false;
  sigma_integral_.setZero();
  omega_BR0_B_.setZero();
  z_B_.setZero();
}

}  // namespace ramus::fsw
