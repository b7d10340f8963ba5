#include "ramus/steppers/propagate.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <type_traits>

#include "event_locator.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/steppers/odeint_steppers.hpp"
#include "ramus/steppers/stepper_list.hpp"
#include "stepper_catalogue.hpp"

namespace ramus {
namespace {

using events_detail::EventLocator;

using validation::to_text;

void check_finite_state(const System& system, const Eigen::VectorXd& x, double t) {
  if (x.allFinite()) return;
  Eigen::Index k = 0;
  while (std::isfinite(x[k])) ++k;
  throw IntegrationError("state " + system.model().layout().entry_name(k) + " at t = " + to_text(t) + " s",
                         to_text(x[k]), "became non-finite (the step may be too large for the dynamics)");
}

/// After a step: if x is not finite, restore the last finite state and throw naming the entry.
void check_step(const System& system, Eigen::VectorXd& x, const Eigen::VectorXd& x_before, double t) {
  if (x.allFinite()) return;
  const Eigen::VectorXd bad = x;
  x = x_before;  // the caller keeps the last finite state, never a NaN one
  check_finite_state(system, bad, t);
}

/// [s] The spacing of doubles at t towards +∞ (the direction of propagation): the smallest step by
/// which t can advance there.
double time_resolution(double t) { return std::nextafter(t, std::numeric_limits<double>::infinity()) - t; }

/// A step h from t must advance t by h: below the spacing of doubles at t, t + h rounds to t (the
/// step would be taken again and again, each counted) or to t plus more than h (the clock and the
/// integrated time part). Refused before the step is tried, so no evaluation is spent on it.
void require_resolved_step(double t, double h) {
  const double resolution = time_resolution(t);
  if (h >= resolution) return;
  throw IntegrationError("step size at t = " + to_text(t) + " s", to_text(h),
                         "is below the time resolution at t: doubles there are " + to_text(resolution) +
                             " s apart (std::nextafter), so t + h cannot advance t by the step; take steps of at "
                             "least " +
                             to_text(resolution) + " s or start the run nearer t = 0");
}

void check_budget(const PropagationStats& s, const PropagationSettings& settings, double t) {
  if (s.steps + s.rejected >= settings.max_steps)
    throw IntegrationError("step budget (max_steps) at t = " + to_text(t) + " s", std::to_string(settings.max_steps),
                           "exhausted before the end time");
}

/// The next time after t at which a step must end inside (t, t1]: t1, a flight-software sample
/// or a held input's switch (docs/architecture.md §D7).
double next_boundary(const System& system, const PropagationSettings& settings, double t, double t1) {
  double b = std::min(t1, system.inputs().next_switch(t));
  if (settings.flight_software != nullptr) b = std::min(b, settings.flight_software->next_sample(t));
  return b;
}

/// At a boundary time t, after the step that ends there: the flight software due at t. Returns
/// true when an applied input changed.
bool at_boundary(const System& system, const PropagationSettings& settings, const Eigen::VectorXd& x, double t) {
  return settings.flight_software != nullptr && settings.flight_software->run_due(t, x, system);
}

/// Before a step at t: the locks the run commanded through their channels since the last step,
/// latched by their impulses (system.hpp); the state changed, so the event signs are taken
/// again and no derivative kept from the last step is reused.
bool latch_commanded_locks(const System& system, Eigen::VectorXd& x, double t, EventLocator* events) {
  if (!engage_commanded_locks(system, x, t)) return false;
  check_finite_state(system, x, t);
  if (events != nullptr) {
    events->inputs_changed();
    events->start(x, t);
  }
  return true;
}

/// The events located in the step from (x_before, t_before) to (x, t): the time of the one that
/// ended the step (x is then its state, after its callback; a stop sets stats.stopped), or none.
std::optional<double> located_event(const System& system, EventLocator& events, const Eigen::VectorXd& x_before,
                                    double t_before, Eigen::VectorXd& x, double t, const PropagationSettings& settings,
                                    PropagationStats& stats) {
  const EventLocator::Outcome outcome = events.after_step(x_before, t_before, x, t, stats.events);
  if (outcome == EventLocator::Outcome::none) return std::nullopt;
  const double te = events.event_time();
  check_finite_state(system, x, te);  // a callback's state
  if (settings.step_observer) settings.step_observer(x, te);
  stats.stopped = outcome == EventLocator::Outcome::stop;
  if (stats.stopped) stats.t = te;
  return te;
}

/// Fixed steps from t0 to t1; returns the time reached: t1, or the time of an event that ended a
/// step (a restart or a stop, stats.stopped).
template <class Stepper>
double fixed_steps(Stepper& stepper, const System& system, Eigen::VectorXd& x, double t0, double t1,
                   const PropagationSettings& settings, PropagationStats& stats, Eigen::VectorXd& x_next,
                   EventLocator* events) {
  const double span = t1 - t0;
  // Steps of dt, shortened uniformly when dt does not divide the interval; the 1e-9 slack keeps
  // round-off in span/dt from adding a step.
  const double n_real = std::ceil(span / settings.dt * (1.0 - 1e-9));
  if (!(n_real < 1e15))
    throw IntegrationError("dt [s]", to_text(settings.dt), "is too small for the interval " + to_text(span) + " s");
  const auto n = static_cast<std::uint64_t>(std::max(1.0, n_real));
  const double h = span / static_cast<double>(n);
  // The spacing of doubles is largest at one end of the steps' start times (it grows with |t|).
  require_resolved_step(t0, h);
  require_resolved_step(t0 + static_cast<double>(n - 1) * h, h);
  for (std::uint64_t i = 0; i < n; ++i) {
    const double t = t0 + static_cast<double>(i) * h;
    check_budget(stats, settings, t);
    latch_commanded_locks(system, x, t, events);
    // Inputs fixed over the step (docs/architecture.md §D7).
    if (system.inputs().hold(t) && events != nullptr) events->inputs_changed();
    // Out of place into the caller's preallocated x_next, then a swap of the two buffers (no copy,
    // no allocation): a non-finite step leaves x, the last finite state, untouched.
    stepper.do_step(std::ref(system), x, t, x_next, h);
    ++stats.steps;
    check_finite_state(system, x_next, t + h);
    x.swap(x_next);
    double t_end = i + 1 == n ? t1 : t + h;  // the last step ends on t1
    if (events != nullptr) {
      // x_next holds the step's start state now.
      if (const std::optional<double> te = located_event(system, *events, x_next, t, x, t_end, settings, stats))
        return *te;
    }
    if (settings.step_observer) settings.step_observer(x, t_end);
  }
  return t1;
}

/// One output interval: fixed steps between its boundaries (samples, switches), the flight
/// software at each.
template <class Stepper>
void fixed_interval(Stepper& stepper, const System& system, Eigen::VectorXd& x, double t0, double t1,
                    const PropagationSettings& settings, PropagationStats& stats, Eigen::VectorXd& x_next,
                    EventLocator* events) {
  double t = t0;
  while (t < t1) {
    const double te = next_boundary(system, settings, t, t1);
    t = fixed_steps(stepper, system, x, t, te, settings, stats, x_next, events);
    if (stats.stopped) return;
    // Before te: an event restarted the run there (the next steps divide [t, te] anew).
    if (t == te && at_boundary(system, settings, x, t) && events != nullptr) events->inputs_changed();
  }
}

/// Adaptive steps from t0 to t1; returns the time reached: t1, or the time of an event that ended
/// a step (a restart, the stepper then reset, or a stop, stats.stopped).
template <class Controlled>
double adaptive_steps(Controlled& stepper, const System& system, Eigen::VectorXd& x, double t0, double t1,
                      const PropagationSettings& settings, double min_dt, double& h, PropagationStats& stats,
                      Eigen::VectorXd& x_before, EventLocator* events) {
  namespace ode = boost::numeric::odeint;
  double t = t0;
  while (t < t1) {
    check_budget(stats, settings, t);
    const bool last = h >= t1 - t;
    const double tried = last ? t1 - t : h;
    require_resolved_step(t, tried);
    double trial = tried;
    const double t_before = t;
    if (latch_commanded_locks(system, x, t, events)) {
      if constexpr (requires { stepper.reset(); }) stepper.reset();  // a new state: no FSAL reuse
    }
    x_before = x;
    // Inputs fixed over the step (docs/architecture.md §D7); a changed input invalidates an FSAL
    // derivative.
    if (system.inputs().hold(t)) {
      if constexpr (requires { stepper.reset(); }) stepper.reset();
      if (events != nullptr) events->inputs_changed();
    }
    const ode::controlled_step_result r = stepper.try_step(std::ref(system), x, t, trial);
    if (r == ode::success) {
      ++stats.steps;
      if (last) t = t1;  // land exactly on the output time
      check_step(system, x, x_before, t);
      // Keep the proposal for the next step unless this one was clipped to reach t1.
      if (!last || trial > h) h = trial;
      if (events != nullptr) {
        if (const std::optional<double> te =
                located_event(system, *events, x_before, t_before, x, t, settings, stats)) {
          if constexpr (requires { stepper.reset(); }) stepper.reset();  // a restart: no FSAL reuse
          return *te;
        }
      }
      if (settings.step_observer) settings.step_observer(x, t);
    } else {
      ++stats.rejected;
      // A NaN error estimate makes some controllers (bulirsch_stoer) propose the same step
      // again: force a decrease so that the underflow check below ends the search.
      if (!(trial < tried)) trial = 0.5 * tried;
      h = trial;
      if (!(h >= min_dt))
        throw IntegrationError("step size at t = " + to_text(t_before) + " s", to_text(h),
                               "fell below min_dt = " + to_text(min_dt) +
                                   " s (step-size underflow: the dynamics are stiff, singular or non-finite)");
    }
  }
  return t1;
}

/// One output interval: adaptive steps between its boundaries, each landing exactly on it.
template <class Controlled>
void adaptive_interval(Controlled& stepper, const System& system, Eigen::VectorXd& x, double t0, double t1,
                       const PropagationSettings& settings, double min_dt, double& h, PropagationStats& stats,
                       Eigen::VectorXd& x_before, EventLocator* events) {
  double t = t0;
  while (t < t1) {
    const double te = next_boundary(system, settings, t, t1);
    t = adaptive_steps(stepper, system, x, t, te, settings, min_dt, h, stats, x_before, events);
    if (stats.stopped) return;
    // Before te: an event restarted the run there.
    if (t == te && at_boundary(system, settings, x, t)) {
      if constexpr (requires { stepper.reset(); }) stepper.reset();  // a new command: no FSAL reuse
      if (events != nullptr) events->inputs_changed();
    }
  }
}

/// Before the first step: the flight software bound to this run and its tasks due at the start.
void start_run(const System& system, const PropagationSettings& settings, const Eigen::VectorXd& x, double t0,
               double t1) {
  if (settings.flight_software == nullptr) return;
  if (!settings.flight_software->bound()) settings.flight_software->bind(system, t0);
  settings.flight_software->check_resolution(t1);
  settings.flight_software->run_due(t0, x, system);
}

/// The run's event locator (none without events). Its trial steps are steps of the run's own
/// stepper from a step's start (`one_step`).
template <class OneStep>
std::optional<EventLocator> make_locator(const System& system, const PropagationSettings& settings, OneStep one_step) {
  std::optional<EventLocator> locator;
  if (!settings.events.empty()) locator.emplace(system, settings.events, std::move(one_step));
  return locator;
}

/// After the observer at an output time (it may change the state and the inputs).
void after_observer(EventLocator* events, const Eigen::VectorXd& x, double t) {
  if (events == nullptr) return;
  events->start(x, t);
}

/// The output loop of a run: the state at the first time checked and observed, then each output
/// interval propagated by `interval(t0, t1)` and observed at its end, with `after_observation()`
/// after each observation (the observer may change inputs); a stop event ends it (stats.t is then
/// the event's time), else stats.t is the last time.
template <class Interval, class AfterObservation>
void output_loop(const System& system, Eigen::VectorXd& x, std::span<const double> times,
                 const PropagationSettings& settings, const Observer& observer, EventLocator* events,
                 PropagationStats& stats, Interval interval, AfterObservation after_observation) {
  check_finite_state(system, x, times.front());
  start_run(system, settings, x, times.front(), times.back());
  if (observer) observer(x, times.front());
  check_finite_state(system, x, times.front());
  after_observer(events, x, times.front());
  for (std::size_t k = 1; k < times.size(); ++k) {
    interval(times[k - 1], times[k]);
    if (stats.stopped) return;
    if (observer) {
      observer(x, times[k]);
      check_finite_state(system, x, times[k]);
      after_observer(events, x, times[k]);
      after_observation();
    }
  }
  stats.t = times.back();
}

template <class Stepper>
PropagationStats run_fixed(Stepper stepper, const System& system, Eigen::VectorXd& x, std::span<const double> times,
                           const PropagationSettings& settings, const Observer& observer) {
  PropagationStats stats;
  Eigen::VectorXd x_next(x.size());
  // A trial step is one step of the same stepper, of the trial's length, from the step's start.
  std::optional<EventLocator> locator = make_locator(
      system, settings,
      [&stepper, &system](const Eigen::VectorXd& x0, const Eigen::VectorXd& f0, double t0, double t,
                          Eigen::VectorXd& out) { stepper.do_step(std::ref(system), x0, f0, t0, out, t - t0); });
  EventLocator* events = locator ? &*locator : nullptr;
  output_loop(
      system, x, times, settings, observer, events, stats,
      [&](double t0, double t1) { fixed_interval(stepper, system, x, t0, t1, settings, stats, x_next, events); },
      [] {});
  return stats;
}

/// A trial step of an error-controlled stepper: one step of its Runge–Kutta stepper, of the
/// trial's length, from the step's start (no error control: it is shorter than the accepted
/// step); rosenbrock4's is its own fixed step. Bulirsch–Stoer has no single step of its order: a
/// controlled Fehlberg 7(8) with the run's tolerances integrates from the step's start instead.
template <class Controlled>
events_detail::StepFunction adaptive_trial_step(Controlled& c, const System& system,
                                                const PropagationSettings& settings) {
  namespace ode = boost::numeric::odeint;
  if constexpr (requires { c.stepper(); }) {
    using Inner = std::remove_cvref_t<decltype(c.stepper())>;
    if constexpr (std::is_same_v<typename Inner::stepper_category, ode::explicit_error_stepper_fsal_tag>) {
      return
          [&c, &system, f_out = Eigen::VectorXd(system.model().layout().size())](
              const Eigen::VectorXd& x0, const Eigen::VectorXd& f0, double t0, double t, Eigen::VectorXd& out) mutable {
            c.stepper().do_step(std::ref(system), x0, f0, t0, out, f_out, t - t0);
          };
    } else {
      return [&c, &system](const Eigen::VectorXd& x0, const Eigen::VectorXd& f0, double t0, double t,
                           Eigen::VectorXd& out) { c.stepper().do_step(std::ref(system), x0, f0, t0, out, t - t0); };
    }
  } else if constexpr (requires(Eigen::VectorXd & x) { c.do_step(system, x, 0.0, 1.0); }) {
    // An implicit stepper's own single step (rosenbrock4: an rk_f78 trial would be stiff).
    return [&c, &system](const Eigen::VectorXd& x0, const Eigen::VectorXd&, double t0, double t, Eigen::VectorXd& out) {
      out = x0;
      c.do_step(system, out, t0, t - t0);
    };
  } else {
    return [f78 = ode::make_controlled(settings.abs_tol, settings.rel_tol, odeint_steppers::rk_f78()), &system,
            dt = settings.dt](const Eigen::VectorXd& x0, const Eigen::VectorXd&, double t0, double t,
                              Eigen::VectorXd& out) mutable {
      out = x0;
      ode::integrate_adaptive(f78, std::ref(system), out, t0, t, std::min(dt, t - t0));
    };
  }
}

template <class Controlled>
PropagationStats run_adaptive(Controlled stepper, const System& system, Eigen::VectorXd& x,
                              std::span<const double> times, const PropagationSettings& settings,
                              const Observer& observer) {
  PropagationStats stats;
  const double span = times.back() - times.front();
  const double min_dt = settings.min_dt > 0.0 ? settings.min_dt : 1e-12 * span;
  double h = settings.dt;
  Eigen::VectorXd x_before(x.size());
  std::optional<EventLocator> locator;
  if (!settings.events.empty())
    locator.emplace(system, settings.events, adaptive_trial_step(stepper, system, settings));
  EventLocator* events = locator ? &*locator : nullptr;
  output_loop(
      system, x, times, settings, observer, events, stats,
      [&](double t0, double t1) {
        adaptive_interval(stepper, system, x, t0, t1, settings, min_dt, h, stats, x_before, events);
      },
      [&] {
        // The observer may change inputs: FSAL and extrapolation steppers must not reuse the old
        // derivative.
        if constexpr (requires { stepper.reset(); }) stepper.reset();
      });
  return stats;
}

void validate(const PropagationSettings& s, std::span<const double> times) {
  const StepperInfo& info = stepper_info(s.stepper);
  if (!std::isfinite(s.dt) || !(s.dt > 0.0))
    throw IntegrationError("dt [s]", to_text(s.dt), "must be positive and finite");
  if (info.adaptive) {
    // abs_tol = 0 would make Odeint's error norm 0/0 on every state entry that is exactly zero
    // with a zero derivative (the position of a hub at rest): NaN, and error control is lost.
    if (!std::isfinite(s.abs_tol) || !(s.abs_tol > 0.0))
      throw IntegrationError("abs_tol", to_text(s.abs_tol), "must be positive and finite");
    if (!std::isfinite(s.rel_tol) || !(s.rel_tol >= 0.0))
      throw IntegrationError("rel_tol", to_text(s.rel_tol), "must be non-negative and finite");
    if (!std::isfinite(s.min_dt) || s.min_dt < 0.0)
      throw IntegrationError("min_dt [s]", to_text(s.min_dt), "must be non-negative and finite");
  }
  if (s.max_steps == 0) throw IntegrationError("max_steps", "0", "must be positive");
  if (times.size() < 2)
    throw IntegrationError("output times", std::to_string(times.size()) + " given", "need a start and an end time");
  for (std::size_t k = 0; k < times.size(); ++k) {
    if (!std::isfinite(times[k]))
      throw IntegrationError("output time [" + std::to_string(k) + "] [s]", to_text(times[k]), "must be finite");
    if (k > 0 && !(times[k] > times[k - 1]))
      throw IntegrationError("output time [" + std::to_string(k) + "] [s]", to_text(times[k]),
                             "must be greater than the previous one, " + to_text(times[k - 1]));
  }
}

}  // namespace

PropagationStats propagate(const System& system, Eigen::VectorXd& x, std::span<const double> times,
                           const PropagationSettings& settings, const Observer& observer) {
  validate(settings, times);
  validate_events(settings.events);
  if (x.size() != system.model().layout().size())
    throw IntegrationError("state size", std::to_string(x.size()),
                           "the model's layout has " + std::to_string(system.model().layout().size()) + " entries");
  check_finite_state(system, x, times.front());
  const std::uint64_t evaluations_before = system.evaluations();
  // Held inputs apply only while the driver runs: afterwards each stage samples its own time again.
  struct ReleaseInputs {
    Inputs& inputs;
    ~ReleaseInputs() { inputs.release(); }
  } release{system.inputs()};
  PropagationStats stats;
  // The one entry of the catalogue (stepper_catalogue.hpp) with this name; validate() has checked
  // that there is one.
  stepper_catalogue::find_entry([&]<class Entry>(Entry) {
    if (Entry::info.name != settings.stepper) return false;
    if constexpr (Entry::info.adaptive)
      stats = run_adaptive(Entry::make(settings.abs_tol, settings.rel_tol), system, x, times, settings, observer);
    else
      stats = run_fixed(Entry::make(settings.abs_tol, settings.rel_tol), system, x, times, settings, observer);
    return true;
  });
  stats.evaluations = system.evaluations() - evaluations_before;
  return stats;
}

PropagationStats propagate(const System& system, Eigen::VectorXd& x, double t0, double t1,
                           const PropagationSettings& settings, const Observer& observer) {
  const double times[2] = {t0, t1};
  return propagate(system, x, std::span<const double>(times, 2), settings, observer);
}

}  // namespace ramus
