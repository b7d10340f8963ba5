#include "ramus/fsw/sun_pointing_task.hpp"

#include <cmath>

#include "ramus/fsw/hub_torquer.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {

SunPointing::SunPointing(const std::string& owner, const SunPointingLaw& law, const std::string& prefix) : law_(law) {
  validation::require_unit_vector(owner, prefix + "hHat_B [1]", law_.hHat_B);
  validation::require_unit_vector(owner, prefix + "sHat_N [1]", law_.sHat_N);
  validation::require_positive(owner, prefix + "K [N m]", law_.K);
  validation::require_positive_definite(owner, prefix + "P [N m s]", law_.P);
  validation::require_positive_or_infinite(owner, prefix + "max_torque [N m]", law_.max_torque);
  // Eq. (4)'s axis: the body axis most perpendicular to hHat_B, its hHat_B component removed.
  Eigen::Index i = 0;
  law_.hHat_B.cwiseAbs().minCoeff(&i);
  anti_sun_axis_B_ = Eigen::Vector3d::Unit(i) - law_.hHat_B[i] * law_.hHat_B;
  anti_sun_axis_B_.normalize();  // |.|² = 1 − h_i² ≥ 2/3: |h_i| ≤ 1/√3 for the smallest component
}

SunPointingTorque SunPointing::torque(const Eigen::Matrix3d& dcm_BN, const Eigen::Vector3d& omega_BN_B) const {
  SunPointingTorque out;
  const Eigen::Vector3d& hHat_B = law_.hHat_B;
  out.sHat_B.noalias() = dcm_BN * law_.sHat_N;     // eq. (1)
  Eigen::Vector3d e_B = hHat_B.cross(out.sHat_B);  // eq. (2)
  const double sin_theta = e_B.norm(), cos_theta = hHat_B.dot(out.sHat_B);
  out.theta = std::atan2(sin_theta, cos_theta);                                  // eq. (3)
  if (sin_theta < kAntiSunThreshold && cos_theta < 0.0) e_B = anti_sun_axis_B_;  // eq. (4)
  out.L_B.noalias() = law_.K * e_B;
  out.L_B.noalias() -= law_.P * omega_BN_B;                   // eq. (5)
  out.saturated = saturate_torque(out.L_B, law_.max_torque);  // eq. (6): the direction kept
  return out;
}

namespace {

/// The task's torquer, then its law, checked in the order of the fields.
SunPointing checked_law(const std::string& owner, const SunPointingTaskConfig& c) {
  check_hub_torquer(owner, c.torquer, c.max_torque);
  return SunPointing(owner, {c.hHat_B, c.sHat_N, c.K, c.P, c.max_torque});
}

}  // namespace

SunPointingTask::SunPointingTask(std::string name, const SunPointingTaskConfig& config)
    : FlightSoftwareTask(std::move(name), config.vehicle, config.timing),
      config_(config),
      owner_(label()),
      law_(checked_law(owner_, config)) {}

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
  const SunPointingTorque out = law_.torque(rotation_matrix(q_BN).transpose(), omega_BN_B);  // [BN] = R(q_BN)ᵀ
  theta_ = out.theta;
  sHat_B_ = out.sHat_B;
  L_B_ = out.L_B;
  saturated_ = out.saturated;
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
