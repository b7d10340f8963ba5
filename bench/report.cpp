#include "report.hpp"

#include <cmath>
#include <string>
#include <vector>

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
    {"stepper", 15, true}, {"dt [s]", 9},  {"tol", 6},       {"error", 9},       {"by", 3},
    {"e_r", 9},            {"e_c", 9},     {"order", 6},          {"steps", 8},   {"rej", 5},       {"evals", 9},       {"ev/step", 8},
    {"time [ms]", 10},     {"min", 9},     {"max", 9},       {"runs", 5},        {"ns/eval", 8},
    {"ns/step", 9},
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
  cells.insert(cells.end(),
               {sci(r.error.max()), std::string(r.error.dominant()),
                std::isnan(r.error.position) ? "-" : sci(r.error.position),
                std::isnan(r.error.coordinates) ? "-" : sci(r.error.coordinates), order_cell(r), std::to_string(r.stats.steps),
                std::to_string(r.stats.rejected), std::to_string(r.stats.evaluations),
                number("%.2f", r.evals_per_step()), number("%.3f", 1e3 * r.time.median),
                number("%.3f", 1e3 * r.time.min), number("%.3f", 1e3 * r.time.max), std::to_string(r.time.runs),
                number("%.0f", r.ns_per_eval()), number("%.0f", r.ns_per_step())});
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

}  // namespace

void print_legend(std::ostream& os, const ComparisonSettings& settings, bool quick) {
  os << "ramus-bench: integrator comparison on the ramus right-hand side (" << (quick ? "quick" : "full")
     << " run)\n"
     << "  error    largest component of the final-state error against the scenario's reference:\n"
     << "           r = |dr_BN_N|/|r_ref|, v = |dv_BN_N|/|v_ref|, w = |domega_BN_B|/|omega_ref| [1],\n"
     << "           q = attitude angle between q_BN and q_ref [rad] (each the largest over the vehicles\n"
     << "           the reference gives), c = effector coordinates: the largest over the state blocks\n"
     << "           (theta, thetaDot, Omega, ...) of max|dx|/amplitude, the amplitude being max|x| of the\n"
     << "           block along the reference run [1]; 'by' names the largest;\n"
     << "           e_r, e_c: the position and coordinate components alone\n"
     << "  order    observed order log2(e(2h)/e(h)) between successive fixed steps; (rnd): one error is\n"
     << "           below " << sci(settings.roundoff_floor, 0) << ", the round-off level, so the ratio means nothing\n"
     << "  dt, tol  fixed step [s]; adaptive steppers: abs_tol = rel_tol = tol, first trial step dt0\n"
     << "  steps    accepted steps; rej: rejected trial steps; evals: right-hand-side evaluations\n"
     << "  time     wall time of one propagation [ms] (steady_clock), median, min and max over 'runs'\n"
     << "           repetitions (" << repetitions(settings.timing) << ")\n"
     << "  ns/eval  median time / evals [ns]; ns/step: median time / steps [ns]\n";
}

void print_table(std::ostream& os, const ScenarioComparison& c) {
  os << "\n== " << c.name << ": " << c.description << '\n'
     << "   t = " << number("%g", c.t0) << " .. " << number("%g", c.t1) << " s"
     << (c.output_times > 2 ? ", every run stops at " + std::to_string(c.output_times) + " output times" : std::string())
     << ", adaptive steppers start at dt0 = " << number("%g", c.dt0) << " s\n"
     << "   state of " << c.state_size << " entries: " << c.layout << '\n'
     << "   reference: " << c.reference << '\n'
     << "   one bare right-hand-side evaluation: " << number("%.0f", 1e9 * c.rhs.per_call.median)
     << " ns (median of " << c.rhs.per_call.runs << " batches of " << c.rhs.batch_size << "; min "
     << number("%.0f", 1e9 * c.rhs.per_call.min) << ", max " << number("%.0f", 1e9 * c.rhs.per_call.max)
     << ")\n";
  std::vector<std::string> titles;
  for (const Column& col : kColumns) titles.emplace_back(col.title);
  print_cells(os, titles);
  std::string previous;
  for (const RunResult& r : c.runs) {
    if (!previous.empty() && r.stepper != previous) os << '\n';
    previous = r.stepper;
    print_cells(os, row_cells(r));
  }
  os.flush();
}

void print_chain_cost(std::ostream& os, std::span<const ScenarioComparison> chains) {
  if (chains.empty()) return;
  os << "\n== cost vs N (chainN): one bare right-hand-side evaluation at x0 [ns], median and minimum over\n"
     << "   the batches (on a shared machine the minimum is the steadier figure); per link: divided by N\n";

  const double base_min = 1e9 * chains.front().rhs.per_call.min / static_cast<double>(chains.front().chain_links);
  os << "       N   state     median        min   median/N      min/N   (min/N) / that of N = "
     << chains.front().chain_links << '\n';
  for (const ScenarioComparison& c : chains) {
    const double n = static_cast<double>(c.chain_links);
    const double median = 1e9 * c.rhs.per_call.median, min = 1e9 * c.rhs.per_call.min;
    os << "  " << number("%6.0f", n) << number("%8.0f", static_cast<double>(c.state_size)) << number("%11.0f", median)
       << number("%11.0f", min) << number("%11.1f", median / n) << number("%11.1f", min / n)
       << number("%10.2f", (min / n) / base_min) << '\n';
  }

  os.flush();
}

void write_csv_header(std::ostream& os) {
  os << "scenario,stepper,adaptive,dt,tolerance,error,error_position,error_velocity,error_attitude,error_rate,"
        "error_coordinates,dominant,observed_order,order_at_roundoff,steps,rejected,evaluations,evals_per_step,time_median,"
        "time_min,time_max,runs,ns_per_eval,ns_per_step,rhs_ns_per_eval,status\n";
}

void write_csv_rows(std::ostream& os, const ScenarioComparison& c) {
  const double rhs_ns = 1e9 * c.rhs.per_call.median;
  for (const RunResult& r : c.runs) {
    os << c.name << ',' << r.stepper << ',' << (r.adaptive ? 1 : 0) << ',' << cell(r.dt) << ','
       << cell(r.tolerance) << ',';
    if (r.ok()) {
      const ErrorBreakdown& e = r.error;
      os << cell(e.max()) << ',' << cell(e.position) << ',' << cell(e.velocity) << ',' << cell(e.attitude) << ','
         << cell(e.rate) << ',' << cell(e.coordinates) << ',' << e.dominant() << ',' << cell(r.observed_order) << ','
         << (std::isnan(r.observed_order) ? "" : (r.order_at_roundoff ? "1" : "0")) << ',' << r.stats.steps
         << ',' << r.stats.rejected << ',' << r.stats.evaluations << ',' << cell(r.evals_per_step()) << ','
         << cell(r.time.median) << ',' << cell(r.time.min) << ',' << cell(r.time.max) << ',' << r.time.runs
         << ',' << cell(r.ns_per_eval()) << ',' << cell(r.ns_per_step()) << ',' << cell(rhs_ns) << ",ok\n";
    } else {
      os << std::string(19, ',') << cell(rhs_ns) << ',' << quoted("failed: " + r.failure) << '\n';
    }
  }
  os.flush();
}

}  // namespace ramus::bench
