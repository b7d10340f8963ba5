// Fixed-step runs logged at every step, and the trapezoid rule on the logged samples. Nothing here
// computes a reference value.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ramus/kernel/system.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::test {

/// Runs `stepper` at the fixed step dt through ramus::propagate from times.front() to times.back(),
/// calling `log(x, t)` at every output time. Returns the final state.
inline Eigen::VectorXd run_at_times(const System& system, Eigen::VectorXd x, const std::vector<double>& times,
                                    double dt, const Observer& log, const std::string& stepper = "rk4") {
  PropagationSettings s;
  s.stepper = stepper;
  s.dt = dt;
  propagate(system, x, std::span<const double>(times), s, log);
  return x;
}

/// Runs `stepper` (rk4 unless named) from 0 to T in n equal steps of T/n, calling `log(x, t)` before
/// the first step and after every step. Returns the final state.
inline Eigen::VectorXd run_logged(const System& system, Eigen::VectorXd x, double T, int n, const Observer& log = {},
                                  const std::string& stepper = "rk4") {
  std::vector<double> times(static_cast<std::size_t>(n) + 1);
  for (int k = 0; k <= n; ++k) times[static_cast<std::size_t>(k)] = T * k / n;
  return run_at_times(system, std::move(x), times, T / n, log, stepper);
}

/// One logged state of run_sampled.
struct Sample {
  double t;
  Eigen::VectorXd x;
};

/// rk4 at step h over [0, T] with an output time at every step (h and T dyadic, so every time k·h is
/// exact); returns the state at each output time.
inline std::vector<Sample> run_sampled(const System& system, Eigen::VectorXd x, double T, double h) {
  const auto n = static_cast<std::size_t>(std::llround(T / h));
  std::vector<double> times(n + 1);
  for (std::size_t k = 0; k <= n; ++k) times[k] = static_cast<double>(k) * h;
  std::vector<Sample> out;
  out.reserve(n + 1);
  run_at_times(system, std::move(x), times, h, [&](const Eigen::VectorXd& xs, double t) { out.push_back({t, xs}); });
  return out;
}

/// Trapezoid rule on samples f_k at equal spacing h.
inline double trapezoid(const std::vector<double>& f, double h) {
  double s = 0.0;
  for (std::size_t k = 1; k < f.size(); ++k) s += 0.5 * h * (f[k - 1] + f[k]);
  return s;
}

/// Cumulative trapezoid of per-sample values f_k over samples at spacing h: I_0 = 0,
/// I_k = I_{k−1} + h/2 (f_{k−1} + f_k).
template <class V>
std::vector<V> cumulative_trapezoid(const std::vector<V>& f, double h) {
  std::vector<V> I(f.size());
  if (f.empty()) return I;
  I[0] = f[0] * 0.0;
  for (std::size_t k = 1; k < f.size(); ++k) I[k] = I[k - 1] + 0.5 * h * (f[k - 1] + f[k]);
  return I;
}

}  // namespace ramus::test
