// Output times and propagation settings of a scenario (docs/scenario.md §3 Propagation, Output).
#include "ramus/steppers/stepper_list.hpp"
#include "run_sections.hpp"

namespace ramus::scenario {

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
  const double count = (t1 - t0) / dt;
  if (count > 1e7) dt_node.fail("gives more than 1e7 output times; give a longer output step");
  // t0 + k dt while before t1 (by more than 1e-9 dt, so that round-off adds no sliver), then t1.
  for (long k = 0; t0 + static_cast<double>(k) * dt < t1 - 1e-9 * dt; ++k)
    times.push_back(t0 + static_cast<double>(k) * dt);
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
