// propagate(): the library's driver (docs/architecture.md §D8). Fixed or adaptive steps with any
// stepper of the
// list, an observer at output times, and the checks Odeint does not make: non-positive or
// non-finite step or tolerance, non-finite state after a step, step-size underflow, a step below
// the time resolution at t (the spacing of doubles there: t + h would not advance t by h) and a
// step budget, each reported as an IntegrationError (never a hang, never a NaN state).
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "ramus/kernel/system.hpp"
#include "ramus/steppers/events.hpp"
#include "ramus/steppers/flight_software.hpp"

namespace ramus {

/// Called after every accepted step with the state and the time there, read-only: for a log or a
/// check at every step. It may not change the run (inputs change in the Observer, at output times).
using StepObserver = std::function<void(const Eigen::VectorXd& x, double t)>;

struct PropagationSettings {
  std::string stepper = "rk4";  ///< a name of stepper_list()
  double dt = 0.0;              ///< [s] the fixed step, or the first trial step of an adaptive stepper
  double abs_tol = 1e-10;       ///< adaptive steppers: absolute error tolerance per component (> 0)
  double rel_tol = 1e-10;       ///< adaptive steppers: relative error tolerance per component
  /// [s] adaptive steppers: a step proposal below this is an underflow (0: 1e-12 of the span).
  double min_dt = 0.0;
  std::uint64_t max_steps = 100'000'000;  ///< budget of step attempts (accepted and rejected)
  /// Called after every accepted step (none: nothing is called). At a step that ends on an output
  /// time it runs before the Observer there, with the same state and time.
  StepObserver step_observer;
  /// The run's flight software (not owned; none: open loop): bound to the system at the start
  /// (unless bound already), its tasks run at their sample times, each a step boundary.
  FlightSoftware* flight_software = nullptr;
  /// Events located between steps (events.hpp, docs/architecture.md §11); none: no cost. With
  /// events, each step costs the derivative at its end (and at its start after an input change)
  /// for the step's interpolant, and each crossing a few steps of the stepper to locate it.
  std::vector<Event> events;
};

struct PropagationStats {
  std::uint64_t steps = 0;        ///< accepted steps
  std::uint64_t rejected = 0;     ///< rejected trial steps (adaptive steppers)
  std::uint64_t evaluations = 0;  ///< right-hand-side evaluations
  double t = 0.0;                 ///< [s] final time (an event's time when one stopped the run)
  bool stopped = false;           ///< a stop event ended the run (at t)
  /// Every event occurrence, in time order (the state before any callback changed it).
  std::vector<EventOccurrence> events;
};

/// Called at each output time with the state there. It runs between steps: an input changed
/// here (a command, a schedule, a lock) takes effect from the next step, and it may change the
/// state itself where an input change requires it (engaging a lock zeroes the joint rate).
using Observer = std::function<void(Eigen::VectorXd& x, double t)>;

/// Propagates x from output_times.front() through every output time, calling the observer at each
/// (the first included). Fixed steppers take steps of dt, shortened uniformly within an output
/// interval that dt does not divide (h = Δ/ceil(Δ/dt)); adaptive steppers stop exactly on each
/// output time. On an IntegrationError x holds the last finite state reached (never a NaN one).
/// Inputs are held over each step (Inputs::hold at the step's start, docs/architecture.md §D7),
/// and a step ends on every time at which a held input switches (a thruster firing, a pulse) and
/// on every flight-software sample, so that no step straddles a jump (an error estimate cannot be
/// trusted across one). Between two such times, fixed steps are uniform
/// (h = Δ/ceil(Δ/dt) within each). Fixed steps go out of place into
/// a spare vector and swap buffers with x (no copy per step): x keeps its size and values, but its
/// storage may be the spare's afterwards, so pointers into x.data() do not survive the call.
/// Events (settings.events, docs/architecture.md §11) are checked after every accepted step and
/// located to their tolerance; a step that contains an event with a callback or a stop ends at it
/// (the step observer then sees the event's time and the state after the callback). A stop ends
/// the run there: x is the state at the event, stats.t its time, and the observer is not called
/// at the output times after it. After a callback the run restarts from the event as from a
/// boundary (stepper reset, inputs held anew; fixed steps divide the rest of the interval anew).
PropagationStats propagate(const System& system, Eigen::VectorXd& x, std::span<const double> output_times,
                           const PropagationSettings& settings, const Observer& observer = {});

/// From t0 to t1, observer at both ends.
PropagationStats propagate(const System& system, Eigen::VectorXd& x, double t0, double t1,
                           const PropagationSettings& settings, const Observer& observer = {});

}  // namespace ramus
