// Output times and propagation settings of a scenario (docs/scenario.md §3 Propagation, Output).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "ramus/steppers/stepper_list.hpp"
#include "run_sections.hpp"

namespace ramus::scenario {
namespace {

/// dt must span at least this many spacings of doubles at the output times (output_times).
constexpr int kMinStepsPerResolution = 4;

/// The shortest text that reads back to x.
std::string number_text(double x) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, result.ptr);
}

}  // namespace

std::vector<double> output_times(const Node& output) {
  std::vector<double> times;
  if (const auto list = output.find("times")) {
    for (const char* key : {"t0", "t1", "dt"})
      if (output.has(key)) output.at(key).fail("give either \"times\" or t0, t1 and dt, not both");
    for (const Node& t : list->elements(2)) {
      times.push_back(t.si(Dimension::time));
      if (times.size() > 1 && !(times.back() > times[times.size() - 2])) t.fail("output times must increase strictly");
    }
    return times;
  }
  double t0 = 0.0;
  if (const auto n = output.find("t0")) t0 = n->si(Dimension::time);
  const Node t1_node = output.at("t1"), dt_node = output.at("dt");
  const double t1 = t1_node.si(Dimension::time), dt = dt_node.si(Dimension::time);
  if (!(t1 > t0)) t1_node.fail("must be later than t0 = " + std::to_string(t0) + " s");
  if (!(dt > 0.0)) dt_node.fail("must be positive");
  // The resolution of the output times: the spacing of doubles at the larger of |t0| and |t1|
  // (no time of [t0, t1] has a coarser one). t0 + k dt is computed as fl(t0 + fl(k dt)), each
  // within 1.5 spacings of the exact value (k dt ≤ t1 − t0 ≤ 2 max(|t0|, |t1|): half a spacing
  // of 2 max(|t0|, |t1|), then half a spacing for the sum), so consecutive times differ by at
  // least dt − 3 spacings: dt ≥ 4 spacings makes them increase strictly.
  const bool at_t1 = std::abs(t1) >= std::abs(t0);
  const double largest = at_t1 ? std::abs(t1) : std::abs(t0);
  // The spacing in the binade of `largest` (2^(e − 52) for 2^e ≤ largest < 2^(e+1); subnormals: the
  // smallest double).
  const double spacing = std::max(std::ldexp(1.0, std::ilogb(largest) - std::numeric_limits<double>::digits + 1),
                                  std::numeric_limits<double>::denorm_min());
  if (!(dt >= kMinStepsPerResolution * spacing))
    dt_node.fail(number_text(dt) + " s is below the time resolution at " + (at_t1 ? "t1 = " : "t0 = ") +
                 number_text(at_t1 ? t1 : t0) + " s: doubles there are " + number_text(spacing) +
                 " s apart, and the output times t0 + k dt increase strictly only for dt >= " +
                 std::to_string(kMinStepsPerResolution) + " x " + number_text(spacing) +
                 " s = " + number_text(kMinStepsPerResolution * spacing) + " s; give a longer dt or times nearer 0");
  const double count = (t1 - t0) / dt;
  if (count > 1e7) dt_node.fail("gives more than 1e7 output times; give a longer output step");
  // t0 + k dt while before t1 by more than 1e-9 dt and 2 spacings (each time is within 1.5
  // spacings of its exact value), so that round-off adds no sliver, then t1.
  const double before_t1 = t1 - std::max(1e-9 * dt, 2.0 * spacing);
  for (long k = 0; t0 + static_cast<double>(k) * dt < before_t1; ++k) {
    const double t = t0 + static_cast<double>(k) * dt;
    if (!times.empty() && !(t > times.back()))  // excluded by the resolution check above
      dt_node.fail("output time " + std::to_string(k) + " = " + number_text(t) + " s does not follow time " +
                   std::to_string(k - 1) + " = " + number_text(times.back()) + " s: dt = " + number_text(dt) +
                   " s is too small for the resolution of doubles there");
    times.push_back(t);
  }
  times.push_back(t1);
  return times;
}

PropagationSettings propagation(const Node& n) {
  n.require_keys({"stepper", "dt", "abs_tol", "rel_tol", "min_dt", "max_steps"});
  PropagationSettings s;
  const Node stepper = n.at("stepper");
  s.stepper = stepper.string();
  const StepperInfo* info = nullptr;
  try {
    info = &stepper_info(s.stepper);
  } catch (const ConfigurationError& e) {
    stepper.fail(e.what());
  }
  const Node dt = n.at("dt");
  s.dt = dt.si(Dimension::time);
  if (!(s.dt > 0.0))
    dt.fail(info->adaptive ? "must be positive (the first trial step)" : "must be positive (the step)");
  const auto positive = [&](const char* key, double& out) {
    if (const auto v = n.find(key)) {
      out = v->number();
      if (!(out > 0.0)) v->fail("must be positive");
    }
  };
  positive("abs_tol", s.abs_tol);
  positive("rel_tol", s.rel_tol);
  if (const auto v = n.find("min_dt")) {
    s.min_dt = v->si(Dimension::time);
    if (!(s.min_dt > 0.0)) v->fail("must be positive");
  }
  if (const auto v = n.find("max_steps")) {
    s.max_steps = v->index();
    if (s.max_steps == 0) v->fail("must be positive");
  }
  if (!info->adaptive)
    for (const char* key : {"abs_tol", "rel_tol", "min_dt"})
      if (n.has(key)) n.at(key).fail("the fixed-step stepper '" + s.stepper + "' takes no tolerance or min_dt");
  return s;
}

}  // namespace ramus::scenario
