// --plot DIR: gnuplot figures of a bench run, each as PNG and SVG, with the data and the script
// beside them so a figure can be restyled without rerunning the bench:
//   <scenario>_work_precision.{png,svg}: error against wall time per propagation, one line per
//     stepper (and the peer's rk4 when it ran), log-log;
//   cost_vs_n.{png,svg}: one bare evaluation per link against N for the chainN scenarios.
#pragma once

#include <span>
#include <string>

#include "comparison.hpp"

namespace ramus::bench {

/// Writes the data, scripts and figures into `dir` (created if missing); throws std::runtime_error
/// naming the file or the gnuplot command that failed.
void write_plots(const std::string& dir, std::span<const ScenarioComparison> comparisons);

}  // namespace ramus::bench
