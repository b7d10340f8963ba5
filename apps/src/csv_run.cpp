#include "csv_run.hpp"

#include "csv_output.hpp"
#include "number_text.hpp"

namespace ramus::app {

CsvRun run_to_csv(const scenario::Scenario& scenario, const scenario::QuantityLog& log,
                  const std::vector<std::string>& record, OutputFile& out, CsvFormat format,
                  const scenario::ProgressSink& on_progress,
                  const std::function<void(const std::vector<double>&)>& on_row, const scenario::QuantityLog* final_log,
                  const std::function<void(const Eigen::VectorXd&, double)>& on_state) {
  if (format == CsvFormat::annotated)
    write_csv_header(out, record, log.columns(), log.units());
  else
    write_csv_columns(out, log.columns());
  CsvRun result;
  try {
    result.stats = scenario::run_scenario_with_view(
        scenario, result.x,
        [&](const Eigen::VectorXd& x, double t, const scenario::RunView& run) {
          if (final_log != nullptr && (t == scenario.output_times.back() || run.stop != nullptr))
            result.final_row = final_log->row(x, t, run);
          const std::vector<double> row = log.row(x, t, run);
          write_csv_row(out, row);
          ++result.rows;
          if (on_row) on_row(row);
          if (on_state) on_state(x, t);
        },
        on_progress);
  } catch (const IntegrationError& e) {
    result.failure = std::string("integration stopped: ") + e.what();
  }
  for (const EventOccurrence& e : result.stats.events)
    result.events.push_back({e.name, e.t, e.rising, scenario.events[e.index].action});
  if (result.stats.stopped)
    result.stop_note =
        ", stopped by event '" + result.stats.events.back().name + "' at t = " + number_text(result.stats.t) + " s";
  if (format == CsvFormat::annotated) write_csv_end(out, result.rows, result.failure, result.stop_note);
  return result;
}

}  // namespace ramus::app
