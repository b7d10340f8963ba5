#include "plots.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "text.hpp"

namespace ramus::bench {
namespace {

namespace fs = std::filesystem;

std::ofstream open_for_writing(const fs::path& path) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("--plot: cannot write '" + path.string() + "'");
  return out;
}

/// One data block per line of the plot (gnuplot's `index`), blank-line separated.
struct Series {
  std::string title;
  std::vector<std::pair<double, double>> points;
};

void write_blocks(const fs::path& path, const std::vector<Series>& series) {
  std::ofstream out = open_for_writing(path);
  for (const Series& s : series) {
    out << "# " << s.title << '\n';
    for (const auto& [x, y] : s.points) out << exact(x) << ' ' << exact(y) << '\n';
    out << "\n\n";
  }
}

/// The script draws the same plot once per terminal: PNG (cairo when available) and SVG.
void write_and_run(const fs::path& dir, const std::string& stem, const std::string& settings,
                   const std::vector<Series>& series) {
  const fs::path data = dir / (stem + ".dat");
  const fs::path script = dir / (stem + ".gp");
  write_blocks(data, series);
  std::string plot = "plot ";
  for (std::size_t k = 0; k < series.size(); ++k)
    plot += (k > 0 ? ", " : "") + std::string("'") + data.filename().string() + "' index " + std::to_string(k) +
            " with linespoints title '" + series[k].title + "' noenhanced";
  {
    std::ofstream gp = open_for_writing(script);
    gp << "# ramus-bench --plot: " << stem << "\n"
       << "cd '" << dir.string() << "'\n"
       << settings
       << "set key outside right\nset grid\n"
       // Colour-blind-safe colours (Okabe and Ito), then the same dashed: series told apart at a
       // glance, and by their point types as well.
       << "set linetype 1 lc rgb '#0072B2' pt 7\nset linetype 2 lc rgb '#D55E00' pt 5\n"
          "set linetype 3 lc rgb '#009E73' pt 9\nset linetype 4 lc rgb 'black' pt 11\n"
          "set linetype 5 lc rgb '#CC79A7' pt 13\nset linetype 6 lc rgb '#E69F00' pt 4\n"
          "set linetype 7 lc rgb '#56B4E9' pt 6\nset linetype 8 lc rgb '#0072B2' dt 2 pt 8\n"
          "set linetype 9 lc rgb '#D55E00' dt 2 pt 10\nset linetype 10 lc rgb '#009E73' dt 2 pt 12\n"
          "set linetype cycle 10\n"
       << "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 900,600 } "
          "else { set terminal png size 900,600 }\n"
       << "set output '" << stem << ".png'\n"
       << plot << "\n"
       << "set terminal svg size 900,600\nset output '" << stem << ".svg'\nreplot\nset output\n";
  }
  const std::string command = "gnuplot '" + script.string() + "'";
  if (std::system(command.c_str()) != 0)
    throw std::runtime_error("--plot: '" + command + "' failed (is gnuplot installed? Debian: gnuplot-nox)");
}

}  // namespace

void write_plots(const std::string& dir_name, std::span<const ScenarioComparison> comparisons) {
  const fs::path dir = fs::absolute(dir_name);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw std::runtime_error("--plot: cannot create '" + dir.string() + "': " + ec.message());

  std::vector<const ScenarioComparison*> chains;
  for (const ScenarioComparison& c : comparisons) {
    std::vector<Series> series;
    for (const RunResult& r : c.runs) {
      if (!r.ok() || !(r.error.max() > 0.0)) continue;
      if (series.empty() || series.back().title != r.stepper) series.push_back({r.stepper, {}});
      series.back().points.emplace_back(1e3 * r.time.median, r.error.max());
    }
    if (c.peer) {
      series.push_back({c.peer->name + " rk4", {}});
      for (const RunResult& r : c.peer->rk4)
        if (r.ok() && r.error.max() > 0.0) series.back().points.emplace_back(1e3 * r.time.median, r.error.max());
    }
    if (!series.empty())
      write_and_run(
          dir, c.name + "_work_precision",
          "set title '" + c.name +
              ": work-precision' noenhanced\nset logscale xy\nset format y '10^{%L}'\n"
              "set xlabel 'wall time of one propagation [ms]'\nset ylabel 'error against the reference [1]'\n",
          series);
    if (c.chain_links > 0) chains.push_back(&c);
  }
  if (chains.size() >= 2) {
    std::vector<Series> series{{"ramus", {}}};
    bool with_peer = false;
    for (const ScenarioComparison* c : chains) with_peer = with_peer || c->peer.has_value();
    if (with_peer) series.push_back({"mujoco (mj_forward)", {}});
    for (const ScenarioComparison* c : chains) {
      const double n = static_cast<double>(c->chain_links);
      series[0].points.emplace_back(n, 1e9 * c->rhs.per_call.median / n);
      if (c->peer) series[1].points.emplace_back(n, 1e9 * c->peer->forward.b.per_call.median / n);
    }
    write_and_run(dir, "cost_vs_n",
                  "set title 'chainN: one evaluation per link'\nset logscale xy\n"
                  "set xlabel 'links N'\nset ylabel 'time per evaluation / N [ns]'\n",
                  series);
  }
}

}  // namespace ramus::bench
