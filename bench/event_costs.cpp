#include "event_costs.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/stepper_list.hpp"

namespace ramus::bench {

double EventCost::evaluation_ratio() const {
  return static_cast<double>(with.evaluations) / static_cast<double>(without.evaluations);
}
double EventCost::time_ratio() const { return time_with.median / time_without.median; }

std::vector<double> closed_form_crossings(const std::function<double(double)>& g, double t0, double t1,
                                          EventDirection direction, int samples) {
  std::vector<double> times;
  const auto positive = [](double v) { return v >= 0.0; };
  double a = t0, ga = g(t0);
  for (int k = 1; k <= samples; ++k) {
    const double b = t0 + (t1 - t0) * static_cast<double>(k) / static_cast<double>(samples);
    const double gb = g(b);
    if (positive(ga) != positive(gb)) {
      const bool rising = positive(gb);
      if (direction == EventDirection::both || rising == (direction == EventDirection::rising)) {
        double lo = a, hi = b;  // g(lo) has the sign before, g(hi) the sign after
        for (int i = 0; i < 200 && hi - lo > 0.0; ++i) {
          const double mid = 0.5 * (lo + hi);
          if (mid <= lo || mid >= hi) break;
          (positive(g(mid)) == rising ? hi : lo) = mid;
        }
        times.push_back(hi);
      }
    }
    a = b;
    ga = gb;
  }
  return times;
}

std::vector<EventCost> measure_event_costs(const Scenario& scenario, const std::vector<std::string>& steppers,
                                           double tolerance, int level, const TimingPolicy& timing) {
  std::vector<EventCost> costs;
  if (!scenario.event_case) return costs;
  const System system = scenario.run();
  const std::vector<double> times = scenario.times();
  for (const std::string& stepper : steppers) {
    EventCost c;
    c.stepper = stepper;
    c.adaptive = stepper_info(stepper).adaptive;
    PropagationSettings plain;
    plain.stepper = stepper;
    if (c.adaptive) {
      plain.dt = scenario.dt0;
      plain.abs_tol = plain.rel_tol = c.tolerance = tolerance;
    } else {
      plain.dt = c.dt = std::ldexp(scenario.first_step(stepper), -level);
    }
    const EventCase events = scenario.event_case();
    PropagationSettings with_events = plain;
    with_events.events = events.events;
    c.expected = events.expected.size();
    Eigen::VectorXd x;
    try {
      c.time_without = time_repeated(
          timing, [&] { x = scenario.x0; }, [&] { c.without = propagate(system, x, times, plain); });
      c.time_with = time_repeated(
          timing, [&] { x = scenario.x0; }, [&] { c.with = propagate(system, x, times, with_events); });
    } catch (const IntegrationError& e) {
      c.failure = e.what();
      costs.push_back(std::move(c));
      continue;
    }
    // Both lists are in time order: the k-th located occurrence is the k-th of the closed form.
    if (c.with.events.size() == c.expected) {
      c.location_error = 0.0;
      for (std::size_t k = 0; k < c.expected; ++k)
        c.location_error = std::max(c.location_error, std::abs(c.with.events[k].t - events.expected[k]));
    }
    costs.push_back(std::move(c));
  }
  return costs;
}

}  // namespace ramus::bench
