#include "ramus/fsw/rate_damping_task.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {

RateDampingTask::RateDampingTask(std::string name, const RateDampingTaskConfig& config)
    : FlightSoftwareTask(std::move(name), config.vehicle, config.timing), config_(config) {
  if (config_.torquer.empty()) throw ConfigurationError(label(), "torquer", "\"\"", "names the hub's torquer");
  validation::require_positive_definite(label(), "P [N m s]", config_.P);
  if (std::isnan(config_.max_torque) || !(config_.max_torque > 0.0))
    throw ConfigurationError(label(), "max_torque [N m]", validation::to_text(config_.max_torque), "must be positive");
}

std::vector<std::string> RateDampingTask::outputs() const {
  std::vector<std::string> out;
  for (int j = 0; j < 3; ++j)
    out.push_back(config_.vehicle + "/" + config_.torquer + ".torque_PntF_F[" + std::to_string(j) + "]");
  return out;
}

void RateDampingTask::bind(const Model& model) {
  try {
    i_omega_ = model.vehicle(model.vehicle_index(config_.vehicle)).offsets().omega_BN_B;
  } catch (const ConfigurationError&) {
    throw ConfigurationError(label(), "vehicle", "'" + config_.vehicle + "'", "no such vehicle in the model");
  }
  omega_BN_B_.setZero();
  L_B_.setZero();
  saturated_ = false;
}

void RateDampingTask::update(const TaskInput& in, std::span<double> torque) {
  if (i_omega_ < 0) throw Error(label() + ": update() before bind()");
  omega_BN_B_ = in.x.segment<3>(i_omega_);
  L_B_.noalias() = -config_.P * omega_BN_B_;  // eq. (1)
  const double largest = L_B_.cwiseAbs().maxCoeff();
  saturated_ = largest > config_.max_torque;
  if (saturated_) L_B_ *= config_.max_torque / largest;  // eq. (2): the direction kept
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
