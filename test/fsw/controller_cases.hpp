// Pieces the controller suites of test/fsw share: the inertia of their closed-loop cases, the
// linear second-order response their small-error cases compare with, and the errors suites' check
// of one bad field of an otherwise valid configuration.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <string>
#include <utility>

#include "support/checks.hpp"

namespace ramus::fsw::test {

/// [kg m²] an inertia with products of inertia: no body axis is principal.
inline Eigen::Matrix3d full_inertia() {
  Eigen::Matrix3d I;
  I << 12.0, 0.8, -0.5, 0.8, 9.0, 0.4, -0.5, 0.4, 7.0;
  return I;
}

/// The linearized small-error loop I θ̈ + c θ̇ + k θ = 0 about a principal axis of inertia I, with
/// natural frequency `wn` [rad/s] and damping ratio `zeta` < 1, released from rest at `theta0` [rad].
struct DampedOscillator {
  double theta0, zeta, wn;

  /// [rad/s] the damped frequency ω_d = ω_n √(1 − ζ²).
  double wd() const { return wn * std::sqrt(1.0 - zeta * zeta); }

  /// [rad] θ_lin(t), the closed-form response.
  double theta(double t) const {
    return theta0 * std::exp(-zeta * wn * t) *
           (std::cos(wd() * t) + zeta / std::sqrt(1.0 - zeta * zeta) * std::sin(wd() * t));
  }

  /// ∫|h_imp| dt of the impulse response h_imp = e^{−ζωn t} sin(ωd t) / (I ωd), by the trapezoid
  /// rule at 1 ms to e^{−40}.
  double impulse_response_l1(double I) const {
    const double w_d = wd();
    double l1 = 0.0;
    const double dt = 1e-3, t_end = 40.0 / (zeta * wn);
    for (double t = 0.0; t < t_end; t += dt) {
      auto hi = [&](double s) { return std::abs(std::exp(-zeta * wn * s) * std::sin(w_d * s) / (I * w_d)); };
      l1 += 0.5 * dt * (hi(t) + hi(t + dt));
    }
    return l1;
  }
};

/// The configurations `valid` with one change each, refused by the constructor `Law(name, c)`:
/// rejected(change, needles) applies `change` to a copy of `valid` and checks that the constructor
/// throws ConfigurationError naming every needle (ramus::test::check_rejected).
template <class Law, class Config>
class RejectedChanges {
 public:
  RejectedChanges(std::string name, Config valid) : name_(std::move(name)), valid_(std::move(valid)) {}

  void operator()(const std::function<void(Config&)>& change, std::initializer_list<std::string> needles) const {
    Config c = valid_;
    change(c);
    ramus::test::check_rejected([&] { Law(name_, c); }, needles);
  }

 private:
  std::string name_;
  Config valid_;
};

}  // namespace ramus::fsw::test
