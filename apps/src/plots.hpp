// Plots of a run with gnuplot (terminals png and svg): one figure per logged quantity against
// time, and one of the relative drift of the total energy and angular momentum about N when they
// are logged. The data and the gnuplot script stay in the directory beside the figures. No user
// text reaches gnuplot as a command or a path: the script names only fixed files and sanitized
// stems, relative to its directory, and titles are escaped display text. Everything is drawn in a
// private directory, checked whole (a PNG's IEND chunk, an SVG's closing tag), then renamed into
// place (docs/scenario.md §Output files).
#pragma once

#include <string>
#include <vector>

namespace ramus::app {

/// The logged rows of a run, as the CSV holds them.
struct LoggedRun {
  std::vector<std::string> columns;       ///< "t", "sc/hub.r_BN_N[0]", …
  std::vector<std::string> units;         ///< one per column
  std::vector<std::vector<double>> rows;  ///< one per output time
};

/// The names of the files write_plots writes into its directory for these columns.
std::vector<std::string> plot_files(const std::vector<std::string>& columns, const std::vector<std::string>& units);

/// Writes <dir>/<quantity>.png and .svg per logged quantity, <dir>/drift.png and .svg, the data
/// (<dir>/plot_data.tsv, <dir>/drift.tsv) and the script (<dir>/plots.gp); runs gnuplot on it.
/// Returns the figures written. Throws std::runtime_error when gnuplot fails or a figure is not
/// whole; then no file of the directory was changed.
std::vector<std::string> write_plots(const std::string& dir, const std::string& title, const LoggedRun& run);

}  // namespace ramus::app
