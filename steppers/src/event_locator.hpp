// The driver's event locator (docs/architecture.md §11): after each accepted step it looks for
// sign changes of every event function on the step's cubic Hermite interpolant, then locates
// each on the integrated solution, one step of the run's stepper from the step's start to a
// trial time per evaluation. Private to steppers/.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <limits>
#include <span>
#include <vector>

#include "ramus/kernel/system.hpp"
#include "ramus/steppers/events.hpp"

namespace ramus::events_detail {

/// x = one step of the run's stepper from (x0, t0), with f0 = f(x0, t0), to t (t0 < t ≤ the
/// step's end): the integrated solution at t, out of place.
using StepFunction =
    std::function<void(const Eigen::VectorXd& x0, const Eigen::VectorXd& f0, double t0, double t, Eigen::VectorXd& x)>;

class EventLocator {
 public:
  enum class Outcome { none, restart, stop };

  EventLocator(const System& system, std::span<const Event> events, StepFunction step);
  bool active() const { return !events_.empty(); }
  /// At the start of a run, or after the observer changed the state: every event's sign at (x, t);
  /// no event fires at t itself.
  void start(const Eigen::VectorXd& x, double t);
  /// The inputs changed between steps: the derivative kept from the last step's end is stale.
  void inputs_changed() { f0_valid_ = false; }
  /// After an accepted step from (x0, t0) to (x1, t1), inputs still held at t0. Occurrences are
  /// appended to `log` in time order. On restart or stop, x1 becomes the state at event_time()
  /// (after the callback): the step ends there.
  Outcome after_step(const Eigen::VectorXd& x0, double t0, Eigen::VectorXd& x1, double t1,
                     std::vector<EventOccurrence>& log);
  double event_time() const { return t_event_; }

 private:
  struct Track {
    bool positive = true;  ///< the sign of g at the start of the next step (g ≥ 0 counts positive)
    double window_end =
        -std::numeric_limits<double>::infinity();  ///< after a restart at this event: roots up to here are ignored
  };
  struct Candidate {
    std::size_t index;
    double t;
    bool rising;
    Eigen::VectorXd x;
  };
  /// The Hermite interpolant of the current step at t, into xh_.
  const Eigen::VectorXd& interpolant(double t);
  /// The integrated state at t in the current step (x0 at t0, x1 at t1), into xs_ otherwise.
  const Eigen::VectorXd& integrated(double t);
  /// The located crossing of event i in (lower, t1] near the interpolant's bracket [a, b]; false
  /// when the integrated solution has no crossing there (the interpolant's false alarm).
  bool locate(std::size_t i, double lower, double a, double b, bool rising, Candidate& out);

  const System* system_;
  std::span<const Event> events_;
  StepFunction step_;
  std::vector<Track> tracks_;
  std::vector<Candidate> found_;
  Eigen::VectorXd f0_, f1_, xh_, xs_, x_post_;
  bool f0_valid_ = false;
  double t_event_ = 0.0;
  // the current step
  const Eigen::VectorXd* x0_ = nullptr;
  const Eigen::VectorXd* x1_ = nullptr;
  double t0_ = 0.0, t1_ = 0.0;
};

}  // namespace ramus::events_detail
