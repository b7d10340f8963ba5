// Events located between steps (docs/architecture.md §11): a scalar function g(x, t) of the state
// whose sign change in a requested direction is an event; the driver (propagate.hpp) finds each
// crossing after the step that contains it, locates its time to the event's tolerance and then
// records it, stops the run there or calls the user's action, which may change the state or the
// run's inputs before the integration restarts from the event.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <functional>
#include <span>
#include <string>

namespace ramus {

/// Which sign changes of g are events. g ≥ 0 counts as positive: rising is g < 0 → g ≥ 0,
/// falling is g ≥ 0 → g < 0.
enum class EventDirection { rising, falling, both };

/// What happens at an event: the run continues (a record, or after a callback) or ends there.
enum class EventAction { continue_run, stop };

/// g(x, t): continuous in (x, t) across the crossings it is meant to find (a jump is located as a
/// crossing). Called at each step's end and on interpolated and trial states within the step,
/// many times per step: a pure function of (x, t).
using EventFunction = std::function<double(const Eigen::VectorXd& x, double t)>;

/// Called at the event with the state there: it may change x (a lock, a velocity change) and the
/// run's inputs (System::inputs(): a thruster off), and says whether the run goes on.
using EventCallback = std::function<EventAction(Eigen::VectorXd& x, double t)>;

/// One event of a run (docs/architecture.md §11).
struct Event {
  std::string name;  ///< names the event in its occurrences and in errors (not empty)
  EventFunction g;   ///< the event function (required)
  EventDirection direction = EventDirection::both;
  /// Without a callback: continue_run records the event and goes on, stop ends the run at it.
  EventAction action = EventAction::continue_run;
  /// When set: called at the event (after the occurrence is recorded); its result replaces
  /// `action`, and the integration restarts from the event (stepper reset, inputs held anew).
  EventCallback callback;
  /// [s] the located time is within this of the root of g on the integrated solution (> 0): the
  /// root lies in [t_e − time_tolerance, t_e], g at t_e already having its sign after the crossing.
  double time_tolerance = 1e-10;
};

/// One occurrence: which event, when, and the state there (before any callback changed it).
struct EventOccurrence {
  std::string name;
  std::size_t index = 0;  ///< position of the event in PropagationSettings::events
  double t = 0.0;         ///< [s] located time
  bool rising = true;     ///< the direction in which g crossed zero
  Eigen::VectorXd x;      ///< the state at t
};

/// Throws ConfigurationError naming the event and the field: an empty name, a missing g, a
/// non-positive or non-finite time tolerance.
void validate_events(std::span<const Event> events);

}  // namespace ramus
