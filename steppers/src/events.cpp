#include "ramus/steppers/events.hpp"

#include <algorithm>
#include <cmath>

#include "event_locator.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

void validate_events(std::span<const Event> events) {
  for (std::size_t k = 0; k < events.size(); ++k) {
    const Event& e = events[k];
    const std::string owner = e.name.empty() ? "event [" + std::to_string(k) + "]" : "event '" + e.name + "'";
    if (e.name.empty()) throw ConfigurationError(owner, "name", "\"\"", "must not be empty (it names the occurrences)");
    if (!e.g) throw ConfigurationError(owner, "g", "empty", "an event needs its event function g(x, t)");
    if (!std::isfinite(e.time_tolerance) || !(e.time_tolerance > 0.0))
      throw ConfigurationError(owner, "time_tolerance [s]", validation::to_text(e.time_tolerance),
                               "must be positive and finite");
  }
}

namespace events_detail {
namespace {

/// Sub-intervals of a step on which g is sampled (on the interpolant) for sign changes: two
/// crossings of one event in one step are both found when they fall in different fifths of it.
constexpr int kSamplesPerStep = 5;

/// A crossing's bracket: g on the side before it at `pre`, after it at `post`.
struct Bracket {
  double pre, g_pre, post, g_post;
};

bool after_side(double g, bool rising) { return rising ? g >= 0.0 : g < 0.0; }

/// Shrinks a bracket to width ≤ tol by the Anderson–Björck-style Illinois method (false position
/// whose stuck end has its value halved), each trial kept tol/2 inside the bracket so that a
/// root approached from one side is bracketed from the other at once, and bisection whenever
/// two trials have not halved the width. Keeps pre on the before-side and post on the after-side.
template <class G>
Bracket shrink(G&& g, Bracket b, bool rising, double tol) {
  int stuck = 0, last = 0;
  double width = b.post - b.pre;
  for (int it = 0; it < 200 && b.post - b.pre > tol; ++it) {
    double t = b.post - b.g_post * (b.post - b.pre) / (b.g_post - b.g_pre);
    if (stuck >= 2) {
      t = 0.5 * (b.pre + b.post);
      stuck = 0;
    }
    if (!(t > b.pre + 0.5 * tol)) t = b.pre + 0.5 * tol;  // also a NaN trial
    if (!(t < b.post - 0.5 * tol)) t = b.post - 0.5 * tol;
    const double gt = g(t);
    if (after_side(gt, rising)) {
      b.post = t;
      b.g_post = gt;
      if (last == 1) b.g_pre *= 0.5;
      last = 1;
    } else {
      b.pre = t;
      b.g_pre = gt;
      if (last == -1) b.g_post *= 0.5;
      last = -1;
    }
    const double w = b.post - b.pre;
    stuck = w <= 0.5 * width ? 0 : stuck + 1;
    if (stuck == 0) width = w;
  }
  return b;
}

}  // namespace

EventLocator::EventLocator(const System& system, std::span<const Event> events, StepFunction step)
    : system_(&system), events_(events), step_(std::move(step)), tracks_(events.size()) {
  const Eigen::Index n = system.model().layout().size();
  f0_.resize(n);
  f1_.resize(n);
  xh_.resize(n);
  xs_.resize(n);
  x_post_.resize(n);
  found_.reserve(4);
}

void EventLocator::start(const Eigen::VectorXd& x, double t) {
  for (std::size_t i = 0; i < events_.size(); ++i) {
    tracks_[i].positive = events_[i].g(x, t) >= 0.0;
    tracks_[i].window_end = -std::numeric_limits<double>::infinity();
  }
  f0_valid_ = false;
}

const Eigen::VectorXd& EventLocator::interpolant(double t) {
  // Cubic Hermite on (x0, f0, x1, f1), θ = (t − t0)/h: 4th-order accurate locally for any stepper.
  const double h = t1_ - t0_, s = (t - t0_) / h, s2 = s * s, s3 = s2 * s;
  const double h00 = 2.0 * s3 - 3.0 * s2 + 1.0, h10 = s3 - 2.0 * s2 + s, h01 = -2.0 * s3 + 3.0 * s2, h11 = s3 - s2;
  xh_.noalias() = h00 * *x0_ + (h10 * h) * f0_ + h01 * *x1_ + (h11 * h) * f1_;
  return xh_;
}

const Eigen::VectorXd& EventLocator::integrated(double t) {
  if (t == t0_) return *x0_;
  if (t == t1_) return *x1_;
  step_(*x0_, f0_, t0_, t, xs_);
  return xs_;
}

bool EventLocator::locate(std::size_t i, double lower, double a, double b, bool rising, Candidate& out) {
  const Event& e = events_[i];
  const double tol = e.time_tolerance;
  const auto g_h = [&](double t) { return e.g(interpolant(t), t); };
  const auto g_x = [&](double t) { return e.g(integrated(t), t); };
  // 1. The crossing on the interpolant (no right-hand-side evaluation), to the event's tolerance.
  const Bracket bh = shrink(g_h, {a, g_h(a), b, b == t1_ ? e.g(*x1_, t1_) : g_h(b)}, rising, tol);
  // 2. A bracket on the integrated solution around it: the interpolant's crossing is off by its
  //    error, O(h⁴); steps out from it by the Newton correction on the interpolant's slope,
  //    quadrupling, within (lower, t1].
  Bracket bx{};
  const double slope = (bh.g_post - bh.g_pre) / std::max(bh.post - bh.pre, 1e-300);
  const double g_at = g_x(bh.post);
  double w = std::max(2.0 * std::abs(g_at / slope), tol);
  if (!std::isfinite(w)) w = b - a;
  if (after_side(g_at, rising)) {  // the crossing is at or before bh.post
    bx.post = bh.post;
    bx.g_post = g_at;
    for (double c = std::max(bh.pre, lower);; c = std::max(bx.post - w, lower), w *= 4.0) {
      if (c >= bx.post) return false;
      const double gc = g_x(c);
      if (!after_side(gc, rising)) {
        bx.pre = c;
        bx.g_pre = gc;
        break;
      }
      bx.post = c;
      bx.g_post = gc;
      if (c == lower) return false;
    }
  } else {  // the crossing is after bh.post
    bx.pre = bh.post;
    bx.g_pre = g_at;
    for (double c = std::min(bh.post + w, t1_);; w *= 4.0, c = std::min(bx.pre + w, t1_)) {
      const double gc = g_x(c);
      if (after_side(gc, rising)) {
        bx.post = c;
        bx.g_post = gc;
        break;
      }
      bx.pre = c;
      bx.g_pre = gc;
      if (c == t1_) return false;
    }
  }
  // 3. The bracket shrunk on the integrated solution to the tolerance; the event is at its
  //    after-side end, where g already has its sign after the crossing.
  const Bracket r = shrink(g_x, bx, rising, tol);
  out.index = i;
  out.t = r.post;
  out.rising = rising;
  out.x = integrated(r.post);
  return true;
}

EventLocator::Outcome EventLocator::after_step(const Eigen::VectorXd& x0, double t0, Eigen::VectorXd& x1, double t1,
                                               std::vector<EventOccurrence>& log) {
  x0_ = &x0;
  x1_ = &x1;
  t0_ = t0;
  t1_ = t1;
  // The derivatives at both ends (inputs held at t0, as over the step): two evaluations, one
  // when the end of the last step serves as this one's start.
  if (!f0_valid_) (*system_)(x0, f0_, t0);
  (*system_)(x1, f1_, t1);
  found_.clear();
  for (std::size_t i = 0; i < events_.size(); ++i) {
    const Event& e = events_[i];
    Track& tr = tracks_[i];
    double a = t0;
    bool pos_a = tr.positive;
    double lower = t0;  // crossings are looked for in (lower, t1]
    if (tr.window_end > t0) {
      if (tr.window_end >= t1) {
        tr.positive = e.g(x1, t1) >= 0.0;
        continue;
      }
      a = lower = tr.window_end;
      pos_a = e.g(interpolant(a), a) >= 0.0;
    }
    const double h = t1 - t0;
    for (int j = 1; j <= kSamplesPerStep; ++j) {
      const double b = j == kSamplesPerStep ? t1 : t0 + h * j / kSamplesPerStep;
      if (b <= a) continue;
      const bool pos_b = (j == kSamplesPerStep ? e.g(x1, t1) : e.g(interpolant(b), b)) >= 0.0;
      const bool wanted = e.direction == EventDirection::both || (e.direction == EventDirection::rising) == pos_b;
      if (pos_b != pos_a && wanted) {
        Candidate c;
        if (locate(i, lower, a, b, pos_b, c)) {
          lower = c.t;
          found_.push_back(std::move(c));
        }
      }
      a = b;
      pos_a = pos_b;
    }
    tr.positive = pos_a;
  }
  std::stable_sort(found_.begin(), found_.end(), [](const Candidate& p, const Candidate& q) { return p.t < q.t; });
  for (Candidate& c : found_) {
    const Event& e = events_[c.index];
    log.push_back({e.name, c.index, c.t, c.rising, c.x});
    if (!e.callback && e.action == EventAction::continue_run) continue;  // a record
    const EventAction act = e.callback ? e.callback(c.x, c.t) : e.action;
    x1 = c.x;
    t_event_ = c.t;
    if (act == EventAction::stop) return Outcome::stop;
    // Restart from the event: every sign anew from the (possibly changed) state, and this
    // event's roots in (t_e, t_e + 2 tol] ignored: its located time is within tol after the root,
    // so g leaving zero again (a state reversed at the root) is not a new crossing.
    start(x1, c.t);
    tracks_[c.index].window_end = c.t + 2.0 * e.time_tolerance;
    return Outcome::restart;
  }
  f0_.swap(f1_);
  f0_valid_ = true;
  return Outcome::none;
}

}  // namespace events_detail
}  // namespace ramus
