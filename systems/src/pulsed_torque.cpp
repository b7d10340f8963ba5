#include "ramus/systems/pulsed_torque.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

PulsedTorque::PulsedTorque(std::string name, const PulsedTorqueConfig& c)
    : DynamicEffector(std::move(name)),
      torque_PntB_B_(c.torque_PntB_B.si()),
      period_(c.period.value()),
      start_(c.start.value()),
      count_on_(c.count_on),
      count_off_(c.count_off) {
  const std::string owner = "pulsed_torque '" + this->name() + "'";
  validation::require_finite(owner, "torque_PntB_B [N m]", torque_PntB_B_);
  validation::require_positive(owner, "period [s]", period_);
  validation::require_finite(owner, "start [s]", start_);
  if (count_on_ < 1) throw ConfigurationError(owner, "count_on", std::to_string(count_on_), "must be at least 1");
  if (count_off_ < 0) throw ConfigurationError(owner, "count_off", std::to_string(count_off_), "must not be negative");
}

int PulsedTorque::pulse(double t) const {
  if (t < start_) return 0;
  // Count k = floor((t − start)/period) within the cycle of 2 count_on + count_off counts (eq. 1).
  const double cycle = static_cast<double>(2 * count_on_ + count_off_);
  const double k = std::fmod(std::floor((t - start_) / period_), cycle);
  return k < count_on_ ? 1 : k < 2 * count_on_ ? -1 : 0;
}

bool PulsedTorque::hold_inputs(double t_step) {
  const int now = pulse(t_step);
  const bool changed = !held_ || now != held_pulse_;
  held_ = true;
  held_pulse_ = now;
  return changed;
}

Wrench PulsedTorque::wrench(const FrameKinematics&, double t) const {
  Wrench w;
  w.torque_PntF_F = static_cast<double>(held_ ? held_pulse_ : pulse(t)) * torque_PntB_B_;
  return w;
}

}  // namespace ramus
