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
  const std::string owner = validation::owner("thruster", this->name());
  validation::require_finite(owner, "r_TF_F [m]", r_TF_F_);
  validation::require_unit_vector(owner, "force_direction_F", tHat_F_);
  validation::require_positive(owner, "max_thrust [N]", max_thrust_);
  validation::require_non_negative(owner, "ramp_time_constant [s]", tau_);
}

void Thruster::add_firing(units::Time t_on, units::Time duration) {
  require_open("add_firing");
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

std::vector<InputSpec> Thruster::input_blocks() const {
  return {{"throttle", 1, "1", Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1), Eigen::VectorXd::Ones(1)}};
}

std::vector<InputProfile> Thruster::input_profiles() const {
  if (firings_.empty()) return {};
  InputProfile p;
  p.channel = 0;
  p.value = [this](double t) { return thrust_factor(t); };
  // A ramp is continuous in t: evaluated at each stage. On/off is held over each step (eq. 3).
  p.held = tau_ == 0.0;
  if (p.held)
    p.next_switch = [firings = firings_](double t) {
      for (const Firing& f : firings) {
        if (f.on > t) return f.on;
        if (f.off > t) return f.off;
      }
      return std::numeric_limits<double>::infinity();
    };
  return {p};
}

Wrench Thruster::wrench(const FrameKinematics&, ConstInputBlock u, const LoadContext&) const {
  Wrench w;
  const double kappa = u[0];
  if (kappa == 0.0) return w;
  w.force_F = max_thrust_ * kappa * tHat_F_;
  w.torque_PntF_F = r_TF_F_.cross(w.force_F);
  return w;
}

}  // namespace ramus
