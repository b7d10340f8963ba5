#include "ramus/fsw/rate_damping_task.hpp"

#include "ramus/fsw/hub_torquer.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {

Eigen::Vector3d rate_damping_torque(const RateDampingLaw& law, const Eigen::Vector3d& omega_BN_B, bool& saturated) {
  Eigen::Vector3d L_B = -law.P * omega_BN_B;         // eq. (1)
  saturated = saturate_torque(L_B, law.max_torque);  // eq. (2)
  return L_B;
}

RateDampingTask::RateDampingTask(std::string name, const RateDampingTaskConfig& config)
    : FlightSoftwareTask(std::move(name), config.vehicle, config.timing), config_(config) {
  check_hub_torquer(label(), config_.torquer, config_.max_torque);
  validation::require_positive_definite(label(), "P [N m s]", config_.P);
}

std::vector<std::string> RateDampingTask::outputs() const {
  return hub_torque_channels(config_.vehicle, config_.torquer);
}

void RateDampingTask::bind(const Model& model) {
  i_omega_ = hub_offsets(model, config_.vehicle, label()).omega_BN_B;
  omega_BN_B_.setZero();
  L_B_.setZero();
  saturated_ = false;
}

void RateDampingTask::update(const TaskInput& in, std::span<double> torque) {
  if (i_omega_ < 0) throw Error(label() + ": update() before bind()");
  omega_BN_B_ = in.x.segment<3>(i_omega_);
  L_B_ = rate_damping_torque({config_.P, config_.max_torque}, omega_BN_B_, saturated_);
  for (int j = 0; j < 3; ++j) torque[static_cast<std::size_t>(j)] = L_B_[j];
}

std::vector<TaskSignal> RateDampingTask::signals() const {
  return {{"omega_BN_B", "rad/s", 3}, {"L_commanded_B", "N m", 3}, {"saturated", "1", 1}};
}

void RateDampingTask::read_signal(std::size_t i, std::span<double> out) const {
  if (i == 2) return write_signal(out, saturated_);
  write_signal(out, i == 0 ? omega_BN_B_ : L_B_);
}

}  // namespace ramus::fsw
