#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ramus/steppers/stepper_list.hpp"
#include "text.hpp"

namespace ramus::bench {
namespace {

// ---- table --------------------------------------------------------------------------------

struct Column {
  const char* title;
  int width;
  bool left = false;
};

// The columns of print_table, in order.
const std::vector<Column> kColumns{
    {"stepper", 15, true},
    {"dt [s]", 9},
    {"tol", 6},
    {"error", 9},
    {"by", 3},
    {"e_r", 9},
    {"e_c", 9},
    {"order", 6},
    {"steps", 8},
    {"rej", 5},
    {"evals", 9},
    {"ev/step", 8},
    {"time [ms]", 10},
    {"min", 9},
    {"max", 9},
    {"runs", 5},
    {"ns/eval", 8},
    {"ns/step", 9},
    {"alloc/st", 8},
};

void print_cells(std::ostream& os, const std::vector<std::string>& cells) {
  std::string line;
  for (std::size_t k = 0; k < cells.size() && k < kColumns.size(); ++k) {
    const Column& c = kColumns[k];
    const std::size_t width = static_cast<std::size_t>(c.width);
    const std::string pad = cells[k].size() < width ? std::string(width - cells[k].size(), ' ') : "";
    if (k > 0) line += ' ';
    line += c.left ? cells[k] + pad : pad + cells[k];
  }
  if (cells.size() > kColumns.size()) line += "  " + cells.back();  // a failure message
  while (!line.empty() && line.back() == ' ') line.pop_back();
  os << "  " << line << '\n';
}

std::string order_cell(const RunResult& r) {
  if (std::isnan(r.observed_order)) return "-";
  return r.order_at_roundoff ? "(rnd)" : number("%.2f", r.observed_order);
}

std::vector<std::string> row_cells(const RunResult& r) {
  std::vector<std::string> cells{r.stepper, r.adaptive ? "-" : number("%.4g", r.dt),
                                 r.adaptive ? number("%.0e", r.tolerance) : "-"};
  if (!r.ok()) {
    cells.resize(kColumns.size());
    cells.push_back("failed: " + r.failure);
    return cells;
  }
  cells.insert(
      cells.end(),
      {sci(r.error.max()), std::string(r.error.dominant()), std::isnan(r.error.position) ? "-" : sci(r.error.position),
       std::isnan(r.error.coordinates) ? "-" : sci(r.error.coordinates), order_cell(r), std::to_string(r.stats.steps),
       std::to_string(r.stats.rejected), std::to_string(r.stats.evaluations), number("%.2f", r.evals_per_step()),
       number("%.3f", 1e3 * r.time.median), number("%.3f", 1e3 * r.time.min), number("%.3f", 1e3 * r.time.max),
       std::to_string(r.time.runs), number("%.0f", r.ns_per_eval()), number("%.0f", r.ns_per_step()),
       std::isnan(r.allocs_per_step) ? "-" : number("%.3g", r.allocs_per_step)});
  return cells;
}

// ---- CSV ----------------------------------------------------------------------------------

/// A number, or the empty cell for NaN.
std::string cell(double value) { return std::isnan(value) ? "" : exact(value); }

/// RFC 4180 quoting when needed.
std::string quoted(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string q = "\"";
  for (const char ch : text) {
    if (ch == '"') q += '"';
    q += ch;
  }
  return q + '"';
}

std::string repetitions(const TimingPolicy& p) {
  if (p.min_total_seconds <= 0.0 || p.max_runs <= p.min_runs) return std::to_string(p.min_runs) + " each";
  return "at least " + std::to_string(p.min_runs) + ", and until " + number("%.0f", 1e3 * p.min_total_seconds) +
         " ms in total, at most " + std::to_string(p.max_runs);
}

std::string ns(double seconds) { return number("%.0f", 1e9 * seconds); }

/// [1] ramus rk4's error at the wall time `seconds`, interpolated (or extrapolated from the two
/// nearest runs) in log-log along its ladder; NaN without two successful rk4 runs.
double rk4_error_at_time(const ScenarioComparison& c, double seconds) {
  std::vector<const RunResult*> rk4;
  for (const RunResult& r : c.runs)
    if (r.stepper == "rk4" && r.ok() && r.error.max() > 0.0) rk4.push_back(&r);
  if (rk4.size() < 2) return std::nan("");
  // The ladder halves dt: time grows along it. Take the bracketing pair, or the end pair.
  std::size_t k = 0;
  while (k + 2 < rk4.size() && rk4[k + 1]->time.median < seconds) ++k;
  const double x0 = std::log(rk4[k]->time.median), x1 = std::log(rk4[k + 1]->time.median);
  const double y0 = std::log(rk4[k]->error.max()), y1 = std::log(rk4[k + 1]->error.max());
  return std::exp(y0 + (y1 - y0) * (std::log(seconds) - x0) / (x1 - x0));
}

/// An implicit stepper against an explicit adaptive one at the explicit run's accuracy: the
/// explicit run, and the cheapest run of the implicit stepper at least as accurate (nullptr: none).
struct StiffRatio {
  std::string implicit_stepper;
  const RunResult* explicit_run;
  const RunResult* implicit_run;
  double ratio() const { return explicit_run->time.median / implicit_run->time.median; }
};

/// For a scenario with its own plan: every pair of an explicit adaptive run and an implicit stepper.
std::vector<StiffRatio> stiff_ratios(const ScenarioComparison& c) {
  std::vector<StiffRatio> ratios;
  if (!c.own_plan) return ratios;
  std::vector<std::string> implicit;
  for (const RunResult& r : c.runs)
    if (stepper_info(r.stepper).implicit && std::find(implicit.begin(), implicit.end(), r.stepper) == implicit.end())
      implicit.push_back(r.stepper);
  for (const RunResult& e : c.runs) {
    if (!e.ok() || !e.adaptive || stepper_info(e.stepper).implicit) continue;
    for (const std::string& name : implicit) {
      const RunResult* best = nullptr;
      for (const RunResult& r : c.runs)
        if (r.stepper == name && r.ok() && r.error.max() <= e.error.max() &&
            (best == nullptr || r.time.median < best->time.median))
          best = &r;
      ratios.push_back({name, &e, best});
    }
  }
  return ratios;
}

std::string ladder_value(const RunResult& r) {
  return r.adaptive ? "tol " + number("%.0e", r.tolerance) : "dt " + number("%g", r.dt) + " s";
}

void print_stiff(std::ostream& os, const ScenarioComparison& c) {
  const std::vector<StiffRatio> ratios = stiff_ratios(c);
  if (ratios.empty()) return;
  os << "   at the explicit steppers' accuracy: each explicit run against the cheapest run of each implicit\n"
     << "   stepper at least as accurate (wall time of one propagation, Jacobians included):\n";
  for (const StiffRatio& s : ratios) {
    const RunResult& e = *s.explicit_run;
    os << "     " << e.stepper << " (" << ladder_value(e) << "): error " << sci(e.error.max()) << ", "
       << e.stats.evaluations << " evaluations, " << number("%.1f", 1e3 * e.time.median) << " ms; ";
    if (s.implicit_run == nullptr) {
      os << s.implicit_stepper << ": no run as accurate\n";
      continue;
    }
    const RunResult& i = *s.implicit_run;
    os << i.stepper << " (" << ladder_value(i) << "): error " << sci(i.error.max()) << ", " << i.stats.evaluations
       << " evaluations, " << number("%.2f", 1e3 * i.time.median) << " ms: " << number("%.0f", s.ratio())
       << "x less wall time, "
       << number("%.0f", static_cast<double>(e.stats.evaluations) / static_cast<double>(i.stats.evaluations))
       << "x fewer evaluations\n";
  }
}

void print_events(std::ostream& os, const ScenarioComparison& c) {
  if (c.events.empty()) return;
  os << "   located events: " << c.event_description << "; each stepper's run without and with them\n"
     << "   (time: median wall time of one propagation [ms]; location error: largest |t - t_closed| [s])\n"
     << "     stepper         dt/tol   found  evals without      with   ratio   time without    with   ratio  "
        "location error\n";
  for (const EventCost& e : c.events) {
    std::string name = e.stepper;
    name.resize(std::max<std::size_t>(name.size(), 15), ' ');
    const std::string step = e.adaptive ? number("%.0e", e.tolerance) : number("%g", e.dt);
    os << "     " << name << std::string(step.size() < 9 ? 9 - step.size() : 0, ' ') << step;
    if (!e.ok()) {
      os << "  failed: " << e.failure << '\n';
      continue;
    }
    os << number("%8.0f", static_cast<double>(e.with.events.size())) << "/" << e.expected
       << number("%14.0f", static_cast<double>(e.without.evaluations))
       << number("%10.0f", static_cast<double>(e.with.evaluations)) << number("%8.3f", e.evaluation_ratio())
       << number("%15.3f", 1e3 * e.time_without.median) << number("%8.3f", 1e3 * e.time_with.median)
       << number("%8.3f", e.time_ratio()) << "  " << (std::isnan(e.location_error) ? "-" : sci(e.location_error))
       << '\n';
  }
}

void print_extras(std::ostream& os, const ScenarioComparison& c) {
  print_stiff(os, c);
  print_events(os, c);
  os << "   one bare rk4 step of dt0 (Odeint's do_step): " << ns(c.rk4_step.per_call.median) << " ns (min "
     << ns(c.rk4_step.per_call.min) << ", max " << ns(c.rk4_step.per_call.max) << ")\n";
  if (c.overhead && !c.overhead->failure.empty()) {
    os << "   drivers: not measured (" << c.overhead->failure << ")\n";
  } else if (c.overhead) {
    const DriverOverhead& o = *c.overhead;
    const double n = static_cast<double>(o.steps);
    os << "   drivers, rk4 at dt = " << number("%g", o.dt) << " s, " << o.steps << " steps, median of " << o.hand.runs
       << " interleaved rounds of " << o.repeats << " each [ns/step]: hand-written loop " << ns(o.hand.median / n)
       << ", propagate " << ns(o.propagate.median / n) << " (" << number("%.3f", o.propagate_ratio())
       << "x), integrate_const " << ns(o.integrate_const.median / n) << " ("
       << number("%.3f", o.integrate_const_ratio()) << "x)\n";
  }
  if (c.closed_loop && !c.closed_loop->failure.empty()) {
    os << "   closed loop: not measured (" << c.closed_loop->failure << ")\n";
  } else if (c.closed_loop) {
    const ClosedLoopCost& l = *c.closed_loop;
    os << "   closed loop, rk4 at dt = " << number("%g", l.dt) << " s over " << number("%g", l.span) << " s ("
       << l.steps_closed << " steps, " << l.task_calls << " task calls; open loop " << l.steps_open
       << " steps): " << number("%.3g", 1e3 * l.seconds_per_simulated_second())
       << " ms per simulated second; over open loop with the same steps, medians of " << l.timing.ratio.runs
       << " side-by-side rounds: the flight-software machinery (empty tasks on the same schedule) "
       << number("%.3f", l.machinery_overhead()) << "x (min " << number("%.3f", l.machinery.ratio.min) << ", max "
       << number("%.3f", l.machinery.ratio.max) << "), the tasks with their own work (sensors, guidance, control) "
       << number("%.3f", l.overhead()) << "x (min " << number("%.3f", l.timing.ratio.min) << ", max "
       << number("%.3f", l.timing.ratio.max) << ")\n";
  }
  const Drift& d = c.drift;
  if (!d.failure.empty()) os << "   drift: not measured (" << d.failure << ")\n";
  if (!std::isnan(d.energy) || !std::isnan(d.momentum)) {
    os << "   drift over " << number("%g", d.span) << " s, rk4 at dt = " << number("%g", d.dt) << " s, " << d.samples
       << " samples: ";
    if (!std::isnan(d.energy))
      os << "max |dE|/|E0| = " << sci(d.energy) << " ("
         << (std::isnan(d.energy_order) ? std::string("round-off") : "order " + number("%.2f", d.energy_order))
         << " under halving)";
    if (!std::isnan(d.energy) && !std::isnan(d.momentum)) os << ", ";
    if (!std::isnan(d.momentum))
      os << "max |dH|/|H0| = " << sci(d.momentum) << " ("
         << (std::isnan(d.momentum_order) ? std::string("round-off") : "order " + number("%.2f", d.momentum_order))
         << ")";
    os << '\n';
  }
  if (c.peer) {
    const PeerFigures& p = *c.peer;
    os << "   " << p.name << ", the same model (accelerations agree to " << sci(p.accel_mismatch, 1)
       << "), timed side by side with ramus in " << p.forward.ratio.runs << " alternating rounds: one evaluation "
       << ns(p.forward.b.per_call.median) << " ns against ramus's " << ns(p.forward.a.per_call.median) << " ns, ramus "
       << number("%.2f", p.forward.ratio.median) << "x faster (rounds " << number("%.2f", p.forward.ratio.min) << "-"
       << number("%.2f", p.forward.ratio.max) << "); one rk4 step " << ns(p.step.b.per_call.median) << " ns against "
       << ns(p.step.a.per_call.median) << " ns, ramus " << number("%.2f", p.step.ratio.median) << "x faster (rounds "
       << number("%.2f", p.step.ratio.min) << "-" << number("%.2f", p.step.ratio.max) << ")\n";
    for (const RunResult& r : p.rk4) {
      std::vector<std::string> cells = row_cells(r);
      const double ramus_error = rk4_error_at_time(c, r.time.median);
      if (r.ok() && !std::isnan(ramus_error))
        cells.push_back("ramus rk4 at equal time: " + sci(ramus_error) + " (" +
                        number("%.2g", ramus_error / r.error.max()) + "x its error)");
      print_cells(os, cells);
    }
  } else if (!c.peer_unsupported.empty()) {
    os << "   MuJoCo: not compared (" << c.peer_unsupported << ")\n";
  }
}

}  // namespace

void print_legend(std::ostream& os, const ComparisonSettings& settings, bool quick) {
  os << "ramus-bench: integrator comparison on the ramus right-hand side (" << (quick ? "quick" : "full") << " run)\n"
     << "  error    largest component of the final-state error against the scenario's reference:\n"
     << "           r = |dr_BN_N|/|r_ref|, v = |dv_BN_N|/|v_ref|, w = |domega_BN_B|/|omega_ref| [1],\n"
     << "           q = attitude angle between q_BN and q_ref [rad] (each the largest over the vehicles\n"
     << "           the reference gives), c = effector coordinates: the largest over the state blocks\n"
     << "           (theta, thetaDot, Omega, ...) of max|dx|/amplitude, the amplitude being max|x| of the\n"
     << "           block along the reference run [1]; 'by' names the largest;\n"
     << "           e_r, e_c: the position and coordinate components alone\n"
     << "  order    observed order log2(e(2h)/e(h)) between successive fixed steps; (rnd): one error is\n"
     << "           below " << sci(settings.roundoff_floor, 0)
     << ", the round-off level, or within 10x of a converged\n"
     << "           reference's own error (a tenth of its check below), so the ratio means nothing\n"
     << "  dt, tol  fixed step [s]; adaptive steppers: abs_tol = rel_tol = tol, first trial step dt0\n"
     << "  steps    accepted steps; rej: rejected trial steps; evals: right-hand-side evaluations\n"
     << "  time     wall time of one propagation [ms] (steady_clock), median, min and max over 'runs'\n"
     << "           repetitions (" << repetitions(settings.timing) << ")\n"
     << "  ns/eval  median time / evals [ns]; ns/step: median time / steps [ns]\n";
}

void print_table(std::ostream& os, const ScenarioComparison& c) {
  os << "\n== " << c.name << ": " << c.description << '\n'
     << "   t = " << number("%g", c.t0) << " .. " << number("%g", c.t1) << " s"
     << (c.output_times > 2 ? ", every run stops at " + std::to_string(c.output_times) + " output times"
                            : std::string())
     << ", adaptive steppers start at dt0 = " << number("%g", c.dt0) << " s\n"
     << "   state of " << c.state_size << " entries: " << c.layout << '\n'
     << "   reference: " << c.reference << '\n'
     << "   one bare right-hand-side evaluation: " << number("%.0f", 1e9 * c.rhs.per_call.median) << " ns (median of "
     << c.rhs.per_call.runs << " batches of " << c.rhs.batch_size << "; min "
     << number("%.0f", 1e9 * c.rhs.per_call.min) << ", max " << number("%.0f", 1e9 * c.rhs.per_call.max) << ")\n";
  std::vector<std::string> titles;
  for (const Column& col : kColumns) titles.emplace_back(col.title);
  print_cells(os, titles);
  std::string previous;
  for (const RunResult& r : c.runs) {
    if (!previous.empty() && r.stepper != previous) os << '\n';
    previous = r.stepper;
    print_cells(os, row_cells(r));
  }
  print_extras(os, c);
  os.flush();
}

void print_chain_cost(std::ostream& os, std::span<const ScenarioComparison> chains) {
  if (chains.empty()) return;
  os << "\n== cost vs N (chainN): one bare right-hand-side evaluation at x0 [ns], median and minimum over\n"
     << "   the batches (on a shared machine the minimum is the steadier figure); per link: divided by N\n";

  const double base_min = 1e9 * chains.front().rhs.per_call.min / static_cast<double>(chains.front().chain_links);
  os << "       N   state     median        min   median/N      min/N   (min/N) / that of N = "
     << chains.front().chain_links << "   mujoco/N  mujoco/ramus\n";
  for (const ScenarioComparison& c : chains) {
    const double n = static_cast<double>(c.chain_links);
    const double median = 1e9 * c.rhs.per_call.median, min = 1e9 * c.rhs.per_call.min;
    os << "  " << number("%6.0f", n) << number("%8.0f", static_cast<double>(c.state_size)) << number("%11.0f", median)
       << number("%11.0f", min) << number("%11.1f", median / n) << number("%11.1f", min / n)
       << number("%10.2f", (min / n) / base_min);
    if (c.peer) {
      const double peer = 1e9 * c.peer->forward.b.per_call.median;
      os << "                " << number("%11.1f", peer / n) << number("%13.2f", peer / median);
    }
    os << '\n';
  }

  os.flush();
}

void write_csv_header(std::ostream& os) {
  os << "scenario,stepper,adaptive,dt,tolerance,error,error_position,error_velocity,error_attitude,error_rate,"
        "error_coordinates,dominant,observed_order,order_at_roundoff,steps,rejected,evaluations,evals_per_step,time_"
        "median,"
        "time_min,time_max,runs,ns_per_eval,ns_per_step,rhs_ns_per_eval,allocations,allocs_per_step,status\n";
}

namespace {

void write_csv_run(std::ostream& os, const std::string& scenario, const RunResult& r, double rhs_ns) {
  {
    os << scenario << ',' << r.stepper << ',' << (r.adaptive ? 1 : 0) << ',' << cell(r.dt) << ',' << cell(r.tolerance)
       << ',';
    if (r.ok()) {
      const ErrorBreakdown& e = r.error;
      os << cell(e.max()) << ',' << cell(e.position) << ',' << cell(e.velocity) << ',' << cell(e.attitude) << ','
         << cell(e.rate) << ',' << cell(e.coordinates) << ',' << e.dominant() << ',' << cell(r.observed_order) << ','
         << (std::isnan(r.observed_order) ? "" : (r.order_at_roundoff ? "1" : "0")) << ',' << r.stats.steps << ','
         << r.stats.rejected << ',' << r.stats.evaluations << ',' << cell(r.evals_per_step()) << ','
         << cell(r.time.median) << ',' << cell(r.time.min) << ',' << cell(r.time.max) << ',' << r.time.runs << ','
         << cell(r.ns_per_eval()) << ',' << cell(r.ns_per_step()) << ',' << cell(rhs_ns) << ','
         << (r.allocations > 0 || !std::isnan(r.allocs_per_step) ? std::to_string(r.allocations) : "") << ','
         << cell(r.allocs_per_step) << ",ok\n";
    } else {
      os << std::string(19, ',') << cell(rhs_ns) << ",,," << quoted("failed: " + r.failure) << '\n';
    }
  }
}

}  // namespace

void write_csv_rows(std::ostream& os, const ScenarioComparison& c) {
  for (const RunResult& r : c.runs) write_csv_run(os, c.name, r, 1e9 * c.rhs.per_call.median);
  if (c.peer)
    for (const RunResult& r : c.peer->rk4) write_csv_run(os, c.name, r, 1e9 * c.peer->forward.b.per_call.median);
  os.flush();
}

void print_targets(std::ostream& os, std::span<const ScenarioComparison> comparisons) {
  if (comparisons.empty()) return;
  os << "\n== summary (the performance targets; ratios measured side by side in this run)\n"
     << "   eval: one bare evaluation [ns], ramus | peer (mj_forward) | peer/ramus; step: one rk4 step of dt0\n"
     << "   [ns], ramus | peer (mj_step) | peer/ramus (with a peer: both timed in alternating batches, the ratio\n"
     << "   the median over the rounds of the peer's time over ramus's in the same round); order: rk4's\n"
     << "   smallest observed order above round-off, ramus | peer; alloc: largest heap allocations per step\n"
     << "   over every stepper but bulirsch_stoer (whose two per trial step are made by Odeint's own\n"
     << "   try_step; see its table); drivers: propagate and integrate_const over the hand-written RK4\n"
     << "   loop; equal time: ramus rk4's error over the peer's at the peer's wall time, the largest over its\n"
     << "   ladder (< 1: ramus more accurate for the same cost)\n";
  os << "  scenario                  eval   peer  ratio    step    peer  ratio  order  peer  alloc  propagate  "
        "integ.  equal time\n";
  auto smallest_order = [](const std::vector<RunResult>& runs, const char* stepper) {
    double order = std::nan("");
    for (const RunResult& r : runs)
      if ((stepper == nullptr || r.stepper == stepper) && r.ok() && !std::isnan(r.observed_order) &&
          !r.order_at_roundoff)
        order = std::isnan(order) ? r.observed_order : std::min(order, r.observed_order);
    return order;
  };
  // A number right-aligned to the width of its format ("%7.2f": 7), or a dash of that width.
  auto cell_or_dash = [](double v, const char* format) {
    const std::size_t width = static_cast<std::size_t>(std::atoi(format + 1));
    const std::string text = std::isnan(v) ? std::string("-") : number(format, v);
    return text.size() < width ? std::string(width - text.size(), ' ') + text : text;
  };
  for (const ScenarioComparison& c : comparisons) {
    // With a peer, the side-by-side figures (alternating batches) and their per-round ratios.
    const double eval = c.peer ? c.peer->forward.a.per_call.median : c.rhs.per_call.median;
    const double step = c.peer ? c.peer->step.a.per_call.median : c.rk4_step.per_call.median;
    double alloc = 0.0;
    for (const RunResult& r : c.runs)
      if (!std::isnan(r.allocs_per_step) && r.stepper != "bulirsch_stoer") alloc = std::max(alloc, r.allocs_per_step);
    const double nan = std::nan("");
    double peer_eval = nan, peer_step = nan, peer_order = nan, equal_time = nan, eval_ratio = nan, step_ratio = nan;
    if (c.peer) {
      peer_eval = c.peer->forward.b.per_call.median;
      peer_step = c.peer->step.b.per_call.median;
      eval_ratio = c.peer->forward.ratio.median;
      step_ratio = c.peer->step.ratio.median;
      peer_order = smallest_order(c.peer->rk4, nullptr);
      for (const RunResult& r : c.peer->rk4) {
        const double e = rk4_error_at_time(c, r.time.median);
        if (r.ok() && !std::isnan(e))
          equal_time = std::isnan(equal_time) ? e / r.error.max() : std::max(equal_time, e / r.error.max());
      }
    }
    std::string name = c.name;
    name.resize(std::max<std::size_t>(name.size(), 24), ' ');
    os << "  " << name << number("%6.0f", 1e9 * eval) << cell_or_dash(1e9 * peer_eval, "%7.0f")
       << cell_or_dash(eval_ratio, "%7.2f") << number("%8.0f", 1e9 * step) << cell_or_dash(1e9 * peer_step, "%8.0f")
       << cell_or_dash(step_ratio, "%7.2f") << cell_or_dash(smallest_order(c.runs, "rk4"), "%7.2f")
       << cell_or_dash(peer_order, "%6.2f") << number("%7.3g", alloc)
       << cell_or_dash(c.overhead ? c.overhead->propagate_ratio() : nan, "%11.3f")
       << cell_or_dash(c.overhead ? c.overhead->integrate_const_ratio() : nan, "%8.3f")
       << cell_or_dash(equal_time, "%12.2g") << '\n';
  }
  for (const ScenarioComparison& c : comparisons)
    for (const StiffRatio& r : stiff_ratios(c))
      if (r.implicit_run != nullptr && r.explicit_run->stepper == "rk_dopri5")
        os << "  stiff (" << c.name << "): " << r.implicit_run->stepper << " at rk_dopri5's accuracy ("
           << ladder_value(*r.explicit_run) << ", error " << sci(r.explicit_run->error.max())
           << "): " << number("%.0f", r.ratio()) << "x less wall time (target >= 10)\n";
  for (const ScenarioComparison& c : comparisons) {
    if (c.events.empty()) continue;
    double evals = 0.0, time = 0.0, location = 0.0, tolerance = std::nan("");
    for (const EventCost& e : c.events)
      if (e.ok() && e.adaptive) {
        evals = std::max(evals, e.evaluation_ratio());
        time = std::max(time, e.time_ratio());
        tolerance = e.tolerance;
        // NaN (a count differs) stays NaN.
        location = std::isnan(e.location_error) ? e.location_error : std::max(location, e.location_error);
      }
    if (std::isnan(tolerance)) continue;
    os << "  events (" << c.name << "), adaptive steppers at tol " << sci(tolerance, 0) << ": evaluations up to "
       << number("%.3f", evals) << "x, wall time up to " << number("%.3f", time)
       << "x those without them; location error up to "
       << (std::isnan(location) ? std::string("- (a count differs)") : sci(location) + " s") << '\n';
  }
  for (const ScenarioComparison& c : comparisons)
    if (c.closed_loop && c.closed_loop->failure.empty())
      os << "  closed loop (" << c.name << "): flight-software machinery "
         << number("%.3f", c.closed_loop->machinery_overhead())
         << "x the open-loop propagation with the same steps (target <= 1.10); with the tasks' own work "
         << number("%.3f", c.closed_loop->overhead()) << "x, "
         << number("%.3g", 1e3 * c.closed_loop->seconds_per_simulated_second()) << " ms per simulated second\n";
  os.flush();
}

}  // namespace ramus::bench
