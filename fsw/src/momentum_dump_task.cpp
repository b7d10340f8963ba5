#include "ramus/fsw/momentum_dump_task.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {

namespace {

/// T_c / tick when it is a whole number (to 1e-9 relative), else 0.
int whole_ticks(double control_period, double tick) {
  const double n = control_period / tick;
  const double r = std::round(n);
  return r >= 1.0 && std::abs(n - r) <= 1e-9 * r ? static_cast<int>(r) : 0;
}

}  // namespace

MomentumDumpTask::MomentumDumpTask(std::string name, const MomentumDumpTaskConfig& config)
    : FlightSoftwareTask(name, config.vehicle, TaskTiming{config.tick, config.offset, 0}),
      config_(config),
      management_(name + "/management", config.management),
      fired_(Eigen::VectorXd::Zero(config.management.thrust.size())) {
  ticks_per_cycle_ = whole_ticks(config.management.control_period, config.tick);
  if (ticks_per_cycle_ == 0)
    throw ConfigurationError(label(), "management.control_period [s]",
                             validation::to_text(config.management.control_period),
                             "must be a whole number of ticks (tick = " + validation::to_text(config.tick) + " s)");
  if (static_cast<Eigen::Index>(config.thrusters.size()) != config.management.thrust.size())
    throw ConfigurationError(
        label(), "thrusters", std::to_string(config.thrusters.size()) + " names",
        "need one per thruster of the management config (" + std::to_string(config.management.thrust.size()) + ")");
  n_wheels_ = config.management.J_s.size();
}

std::vector<std::string> MomentumDumpTask::outputs() const {
  std::vector<std::string> names;
  for (const std::string& t : config_.thrusters) names.push_back(config_.vehicle + "/" + t + ".throttle");
  return names;
}

void MomentumDumpTask::bind(const Model& model) {
  const std::string owner = config_.vehicle + "/" + config_.wheels;
  i_Omega_ = -1;
  for (const StateBlock& b : model.layout().blocks())
    if (b.owner == owner && b.name == "Omega") {
      if (b.size != n_wheels_)
        throw ConfigurationError(label(), "wheels", "'" + config_.wheels + "' (" + std::to_string(b.size) + " wheels)",
                                 "the management config has " + std::to_string(n_wheels_) + " spin axes");
      i_Omega_ = b.offset;
    }
  if (i_Omega_ < 0)
    throw ConfigurationError(label(), "wheels", "'" + config_.wheels + "'",
                             "no wheel-speed block '" + owner + ".Omega' in the model's state");
  management_.reset();
  fired_.setZero();
  tick_ = 0;
  cycles_ = 0;
}

void MomentumDumpTask::update(const TaskInput& in, std::span<double> throttle) {
  const long k = tick_ % ticks_per_cycle_;  // tick within the control period
  if (k == 0) {
    // eq. (1): plan the period, then round each on-time to whole ticks.
    const MomentumDumpCommand& plan = management_.update(in.x.segment(i_Omega_, n_wheels_));
    fired_ = (plan.on_time / config_.tick).array().round() * config_.tick;
    ++cycles_;
  }
  // eq. (2): on while the ticks elapsed in the period are fewer than the fired on-time's.
  const double elapsed = static_cast<double>(k) * config_.tick;
  for (std::size_t i = 0; i < throttle.size(); ++i)
    throttle[i] = elapsed + 0.5 * config_.tick < fired_[static_cast<Eigen::Index>(i)] ? 1.0 : 0.0;
  ++tick_;
}

std::vector<TaskSignal> MomentumDumpTask::signals() const {
  const auto m = static_cast<Eigen::Index>(config_.thrusters.size());
  return {{"dumping", "1", 1},
          {"H_w_B", "N m s", 3},
          {"DeltaH_requested_B", "N m s", 3},
          {"DeltaH_commanded_B", "N m s", 3},
          {"torque_mean_B", "N m", 3},
          {"on_time", "s", m},
          {"fired_on_time", "s", m},
          {"impulse_limited", "1", 1},
          {"cycles", "1", 1}};
}

void MomentumDumpTask::read_signal(std::size_t i, std::span<double> out) const {
  const MomentumDumpCommand& p = plan();
  switch (i) {
    case 0:
      return write_signal(out, p.active);
    case 1:
      return write_signal(out, p.H_w_B);
    case 2:
      return write_signal(out, p.DeltaH_requested_B);
    case 3:
      return write_signal(out, p.DeltaH_commanded_B);
    case 4:
      return write_signal(out, p.torque_mean_B);
    case 5:
      return write_signal(out, p.on_time);
    case 6:
      return write_signal(out, fired_);
    case 7:
      return write_signal(out, p.impulse_limited);
    default:
      return write_signal(out, cycles_);
  }
}

}  // namespace ramus::fsw
