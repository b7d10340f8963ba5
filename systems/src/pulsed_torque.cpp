#include "ramus/systems/pulsed_torque.hpp"

#include <cmath>
#include <cstdint>

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
  const std::string owner = validation::owner("pulsed_torque", this->name());
  validation::require_finite(owner, "torque_PntB_B [N m]", torque_PntB_B_);
  validation::require_positive(owner, "period [s]", period_);
  validation::require_finite(owner, "start [s]", start_);
  if (count_on_ < 1) throw ConfigurationError(owner, "count_on", std::to_string(count_on_), "must be at least 1");
  if (count_off_ < 0) throw ConfigurationError(owner, "count_off", std::to_string(count_off_), "must not be negative");
  // The cycle L = 2 count_on + count_off (eq. 1) in 64 bits: with int counts it is below 3 · 2^31,
  // exact in an int64_t and in a double. Its length L · period must be a finite number of seconds.
  cycle_counts_ = cycle_counts(c.count_on, c.count_off);
  if (!std::isfinite(cycle_counts_ * period_))
    throw ConfigurationError(
        owner, "period [s]", validation::to_text(period_),
        "the cycle's length (2 count_on + count_off) × period = " + validation::to_text(cycle_counts_) + " × " +
            validation::to_text(period_) + " s overflows a double");
}

double PulsedTorque::cycle_counts(int count_on, int count_off) {
  return static_cast<double>(2 * static_cast<std::int64_t>(count_on) + static_cast<std::int64_t>(count_off));
}

int PulsedTorque::pulse(double t) const {
  if (t < start_) return 0;
  // Count k = floor((t − start)/period) within the cycle of L = 2 count_on + count_off counts (eq. 1);
  // fmod of doubles is exact, and k, count_on and 2 count_on are compared as doubles (no int overflow).
  const double k = std::fmod(std::floor((t - start_) / period_), cycle_counts_);
  const double on = static_cast<double>(count_on_);
  return k < on ? 1 : k < 2.0 * on ? -1 : 0;
}

double PulsedTorque::next_switch(double t) const {
  if (t < start_) return start_;
  // The count n of t and the start of its cycle; the sign changes at counts count_on and
  // 2 count_on of a cycle and at its end (eq. 1).
  const double n = std::floor((t - start_) / period_);
  const double cycle_start = n - std::fmod(n, cycle_counts_);
  const double k = n - cycle_start, on = static_cast<double>(count_on_);
  const double next_k = k < on ? on : k < 2.0 * on ? 2.0 * on : cycle_counts_;
  const double ts = start_ + (cycle_start + next_k) * period_;
  return ts > t ? ts : start_ + (cycle_start + next_k + 1.0) * period_;  // round-off at a boundary
}

std::vector<InputSpec> PulsedTorque::input_blocks() const {
  return {{"pulse", 1, "1", Eigen::VectorXd::Zero(1), -Eigen::VectorXd::Ones(1), Eigen::VectorXd::Ones(1)}};
}

std::vector<InputProfile> PulsedTorque::input_profiles() const {
  InputProfile p;
  p.channel = 0;
  p.value = [this](double t) { return static_cast<double>(pulse(t)); };
  p.held = true;  // held over each step, its switches step boundaries (docs/architecture.md §D7)
  p.next_switch = [this](double t) { return next_switch(t); };
  return {p};
}

Wrench PulsedTorque::wrench(const FrameKinematics&, ConstInputBlock u, const LoadContext&) const {
  Wrench w;
  w.torque_PntF_F = u[0] * torque_PntB_B_;
  return w;
}

}  // namespace ramus
