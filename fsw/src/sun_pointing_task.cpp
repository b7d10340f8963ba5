#include "ramus/fsw/sun_pointing_task.hpp"

#include <cmath>

#include "ramus/fsw/hub_torquer.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {

SunPointingTask::SunPointingTask(std::string name, const SunPointingTaskConfig& config)
    : FlightSoftwareTask(std::move(name), config.vehicle, config.timing), config_(config), owner_(label()) {
  check_hub_torquer(owner_, config_.torquer, config_.max_torque);
  validation::require_unit_vector(owner_, "hHat_B [1]", config_.hHat_B);
  validation::require_unit_vector(owner_, "sHat_N [1]", config_.sHat_N);
  validation::require_positive(owner_, "K [N m]", config_.K);
  validation::require_positive_definite(owner_, "P [N m s]", config_.P);
  // Eq. (4)'s axis: the body axis most perpendicular to hHat_B, its hHat_B component removed.
  Eigen::Index i = 0;
  config_.hHat_B.cwiseAbs().minCoeff(&i);
  anti_sun_axis_B_ = Eigen::Vector3d::Unit(i) - config_.hHat_B[i] * config_.hHat_B;
  anti_sun_axis_B_.normalize();  // |.|² = 1 − h_i² ≥ 2/3: |h_i| ≤ 1/√3 for the smallest component
}

std::vector<std::string> SunPointingTask::outputs() const {
  return hub_torque_channels(config_.vehicle, config_.torquer);
}

void SunPointingTask::bind(const Model& model) {
  const VehicleOffsets& o = hub_offsets(model, config_.vehicle, owner_);
  i_q_ = o.q_BN;
  i_omega_ = o.omega_BN_B;
  theta_ = 0.0;
  sHat_B_.setZero();
  L_B_.setZero();
  saturated_ = false;
}

void SunPointingTask::update(const TaskInput& in, std::span<double> torque) {
  if (i_q_ < 0) throw Error(label() + ": update() before bind()");
  // The raw state q drifts from unit norm: the attitude is q/|q| (docs/notation.md §3).
  const Quaternion q_BN = validation::unit_attitude(owner_, "q_BN [1]", in.x.segment<4>(i_q_));
  const Eigen::Vector3d omega_BN_B = in.x.segment<3>(i_omega_);
  const Eigen::Vector3d& hHat_B = config_.hHat_B;
  sHat_B_.noalias() = rotation_matrix(q_BN).transpose() * config_.sHat_N;  // eq. (1): [BN] = R(q_BN)ᵀ
  Eigen::Vector3d e_B = hHat_B.cross(sHat_B_);                             // eq. (2)
  const double sin_theta = e_B.norm(), cos_theta = hHat_B.dot(sHat_B_);
  theta_ = std::atan2(sin_theta, cos_theta);                                     // eq. (3)
  if (sin_theta < kAntiSunThreshold && cos_theta < 0.0) e_B = anti_sun_axis_B_;  // eq. (4)
  L_B_.noalias() = config_.K * e_B;
  L_B_.noalias() -= config_.P * omega_BN_B;                // eq. (5)
  saturated_ = saturate_torque(L_B_, config_.max_torque);  // eq. (6): the direction kept
  for (int j = 0; j < 3; ++j) torque[static_cast<std::size_t>(j)] = L_B_[j];
}

std::vector<TaskSignal> SunPointingTask::signals() const {
  return {{"theta", "rad", 1}, {"sHat_B", "1", 3}, {"L_commanded_B", "N m", 3}, {"saturated", "1", 1}};
}

void SunPointingTask::read_signal(std::size_t i, std::span<double> out) const {
  switch (i) {
    case 0:
      return write_signal(out, theta_);
    case 1:
      return write_signal(out, sHat_B_);
    case 2:
      return write_signal(out, L_B_);
    default:
      return write_signal(out, saturated_);
  }
}

}  // namespace ramus::fsw
