// One scenario run written as CSV (csv_output.hpp): plain (the columns and a row per output time;
// the caller writes the companion from the CsvRun) or annotated (the record lines, the columns, a
// row per output time and the end marker). Shared by `ramus run` and each run of `ramus campaign`.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "csv_output.hpp"
#include "output_file.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/run_scenario.hpp"

namespace ramus::app {

struct CsvRun {
  PropagationStats stats;
  Eigen::VectorXd x;  ///< final state (the last one reached when the integration stopped)
  std::size_t rows = 0;
  std::string failure;  ///< the integration error that stopped the run; empty when it reached its end
  /// The row of the `final_log` given to run_to_csv at the last output time (empty without one, or
  /// when the run stopped before it).
  std::vector<double> final_row;
  /// The event occurrences (stats.events with each event's action), in time order.
  std::vector<EventRow> events;
  /// ", stopped by event 'x' at t = … s" when a stop event ended the run; else empty.
  std::string stop_note;
  /// The status a companion records (RunStatus.stop: stop_note without its ", ").
  RunStatus status() const { return {complete(), rows, failure, stop_note.empty() ? "" : stop_note.substr(2)}; }
  bool complete() const { return failure.empty(); }
};

/// Runs `scenario`, writing the rows of `log` to `out` (not committed): in the annotated form after
/// `record` and followed by the end marker, in the plain form after the column names only (the
/// caller writes the companion from status()); `on_row` (optional) sees every row. An
/// IntegrationError ends the run early: the rows computed so far are written and `failure` holds
/// the message (the annotated marker says so). A stop event ends the run with a row at its time
/// (stop_note; the annotated marker says so); that row is the final_row. Write errors throw
/// std::runtime_error naming the file. `final_log` (optional): a second log whose row at the last
/// output time is kept in final_row (a campaign's summary: it may read the run's inputs and flight
/// software, which exist during the run only). `on_state` (optional): the state at each output
/// time, in the same run (the replay of `ramus run --view`).
CsvRun run_to_csv(const scenario::Scenario& scenario, const scenario::QuantityLog& log,
                  const std::vector<std::string>& record, OutputFile& out, CsvFormat format,
                  const scenario::ProgressSink& on_progress = {},
                  const std::function<void(const std::vector<double>&)>& on_row = {},
                  const scenario::QuantityLog* final_log = nullptr,
                  const std::function<void(const Eigen::VectorXd&, double)>& on_state = {});

}  // namespace ramus::app
