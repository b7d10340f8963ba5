#include "ramus/systems/thruster.hpp"

#include <cmath>
#include <limits>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

Thruster::Thruster(std::string name, const ThrusterConfig& c)
    : DynamicEffector(std::move(name)),
      r_TF_F_(c.r_TF_F.si()),
      tHat_F_(c.force_direction_F),
      max_thrust_(c.max_thrust.value()),
      tau_(c.ramp_time_constant.value()) {
  const std::string owner = "thruster '" + this->name() + "'";
  validation::require_finite(owner, "r_TF_F [m]", r_TF_F_);
  validation::require_unit_vector(owner, "force_direction_F", tHat_F_);
  validation::require_positive(owner, "max_thrust [N]", max_thrust_);
  validation::require_non_negative(owner, "ramp_time_constant [s]", tau_);
}

void Thruster::add_firing(units::Time t_on, units::Time duration) {
  const std::string owner = "thruster '" + name() + "'";
  const double on = t_on.value(), d = duration.value();
  validation::require_finite(owner, "firing start [s]", on);
  validation::require_positive(owner, "firing duration [s]", d);
  if (!firings_.empty() && on < firings_.back().off)
    throw ConfigurationError(
        owner, "firing start [s]", validation::to_text(on),
        "must not be before the end of the previous firing, " + validation::to_text(firings_.back().off));
  firings_.push_back({on, on + d});
}

double Thruster::thrust_factor(double t) const {
  if (tau_ == 0.0) {
    for (const Firing& f : firings_)
      if (t >= f.on && t < f.off) return 1.0;
    return 0.0;
  }
  // First-order response κ' = (command − κ)/τ, integrated in closed form over the schedule.
  double kappa = 0.0;
  double since = -std::numeric_limits<double>::infinity();  // end of the last firing
  for (const Firing& f : firings_) {
    if (t < f.on) break;
    const double at_on = std::isfinite(since) ? kappa * std::exp(-(f.on - since) / tau_) : 0.0;
    if (t < f.off) return 1.0 - (1.0 - at_on) * std::exp(-(t - f.on) / tau_);
    kappa = 1.0 - (1.0 - at_on) * std::exp(-(f.off - f.on) / tau_);
    since = f.off;
  }
  return std::isfinite(since) ? kappa * std::exp(-(t - since) / tau_) : 0.0;
}

bool Thruster::hold_inputs(double t_step) {
  if (tau_ != 0.0) return false;  // a ramp is continuous in t: evaluated at each stage
  const Held now = thrust_factor(t_step) > 0.0 ? Held::on : Held::off;
  const bool changed = now != held_;
  held_ = now;
  return changed;
}

Wrench Thruster::wrench(const FrameKinematics&, double t) const {
  Wrench w;
  const double kappa = held_ == Held::none ? thrust_factor(t) : held_ == Held::on ? 1.0 : 0.0;
  if (kappa == 0.0) return w;
  w.force_F = max_thrust_ * kappa * tHat_F_;
  w.torque_PntF_F = r_TF_F_.cross(w.force_F);
  return w;
}

}  // namespace ramus
