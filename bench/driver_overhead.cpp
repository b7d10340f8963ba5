#include "driver_overhead.hpp"

#include <algorithm>
#include <boost/numeric/odeint/integrate/integrate_const.hpp>
#include <chrono>
#include <cmath>
#include <functional>
#include <vector>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/odeint_steppers.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::bench {
namespace {

/// The classical RK4 step written out, on preallocated vectors: the cost floor of any driver.
struct HandRk4 {
  explicit HandRk4(Eigen::Index n) : k1(n), k2(n), k3(n), k4(n), xt(n) {}
  Eigen::VectorXd k1, k2, k3, k4, xt;

  void run(const System& f, Eigen::VectorXd& x, double t0, double h, std::uint64_t steps) {
    for (std::uint64_t i = 0; i < steps; ++i) {
      const double t = t0 + static_cast<double>(i) * h;
      f(x, k1, t);
      xt.noalias() = x + 0.5 * h * k1;
      f(xt, k2, t + 0.5 * h);
      xt.noalias() = x + 0.5 * h * k2;
      f(xt, k3, t + 0.5 * h);
      xt.noalias() = x + h * k3;
      f(xt, k4, t + h);
      x += (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    }
  }
};

using Clock = std::chrono::steady_clock;

double timed(const std::function<void()>& run) {
  const Clock::time_point start = Clock::now();
  run();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

TimingSummary summary(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  return {n % 2 == 1 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]), samples.front(), samples.back(),
          static_cast<int>(n)};
}

}  // namespace

DriverOverhead measure_driver_overhead(const Scenario& s, double dt, int repeats, int rounds) {
  const System system = s.run();
  Eigen::VectorXd x = s.x0;
  const auto steps = static_cast<std::uint64_t>(std::max(1.0, std::round((s.t1 - s.t0) / dt)));
  const double t1 = s.t0 + static_cast<double>(steps) * dt;
  const std::vector<double> times{s.t0, t1};
  PropagationSettings settings;
  settings.stepper = "rk4";
  settings.dt = dt;
  HandRk4 hand(x.size());
  // Each sample: `repeats` propagations from x0 (the reset is a copy of a few dozen doubles).
  const auto sample = [&](const std::function<void()>& propagation) {
    return timed([&] {
             for (int k = 0; k < repeats; ++k) {
               x = s.x0;
               propagation();
             }
           }) /
           repeats;
  };
  std::vector<double> t_hand, t_propagate, t_odeint;
  DriverOverhead o{dt, steps, repeats, {}, {}, {}, {}};
  try {
    for (int r = 0; r < rounds; ++r) {
      t_hand.push_back(sample([&] { hand.run(system, x, s.t0, dt, steps); }));
      t_propagate.push_back(sample([&] { propagate(system, x, times, settings); }));
      t_odeint.push_back(sample([&] {
        boost::numeric::odeint::integrate_const(odeint_steppers::rk4(), std::cref(system), x, s.t0, t1, dt);
      }));
    }
  } catch (const IntegrationError& e) {
    o.failure = e.what();
    return o;
  }
  o.hand = summary(t_hand);
  o.propagate = summary(t_propagate);
  o.integrate_const = summary(t_odeint);
  return o;
}

}  // namespace ramus::bench
