// The cost of located events (docs/architecture.md §11) per stepper on a scenario with an
// EventCase: the same propagation without and with the events, its evaluations and wall time,
// and the located times against the closed form's.
#pragma once

#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "ramus/steppers/propagate.hpp"
#include "scenario.hpp"
#include "timing.hpp"

namespace ramus::bench {

struct EventCost {
  std::string stepper;
  bool adaptive = false;
  double dt = std::numeric_limits<double>::quiet_NaN();         ///< [s] fixed step; NaN when adaptive
  double tolerance = std::numeric_limits<double>::quiet_NaN();  ///< [1] abs_tol = rel_tol; NaN when fixed
  PropagationStats without, with;                               ///< the run without and with the events
  TimingSummary time_without, time_with;                        ///< [s] one propagation
  std::size_t expected = 0;                                     ///< occurrences of the closed form within the span
  /// [s] the largest |t_located − t_closed| over the occurrences, both in time order; NaN when
  /// the run found a different number of occurrences (with.events.size() says how many).
  double location_error = std::numeric_limits<double>::quiet_NaN();
  std::string failure;  ///< an IntegrationError's message; empty when both runs succeeded

  bool ok() const { return failure.empty(); }
  /// [1] evaluations and median wall time with the events over without.
  double evaluation_ratio() const;
  double time_ratio() const;
};

/// One EventCost per stepper: adaptive steppers at abs_tol = rel_tol = `tolerance`, fixed ones at
/// scenario.first_step(stepper) / 2^`level`; timed under `timing`.
std::vector<EventCost> measure_event_costs(const Scenario& scenario, const std::vector<std::string>& steppers,
                                           double tolerance, int level, const TimingPolicy& timing);

/// [s] the times in (t0, t1] at which g(t) of a closed form changes sign in `direction` (g ≥ 0
/// counting as positive, as for an Event): a scan of `samples` intervals, each crossing bisected to
/// the resolution of double.
std::vector<double> closed_form_crossings(const std::function<double(double)>& g, double t0, double t1,
                                          EventDirection direction, int samples = 4000);

}  // namespace ramus::bench
