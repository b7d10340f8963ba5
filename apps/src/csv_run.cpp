#include "csv_run.hpp"

#include <stdexcept>

#include "csv_output.hpp"

namespace ramus::app {

CsvRun run_to_csv(const scenario::Scenario& scenario, const scenario::QuantityLog& log,
                  const std::vector<std::string>& record, std::ostream& out, const scenario::ProgressSink& on_progress,
                  const std::function<void(const std::vector<double>&)>& on_row) {
  write_csv_header(out, record, log.columns(), log.units());
  CsvRun result;
  result.stats = scenario::run_scenario(
      scenario, result.x,
      [&](const Eigen::VectorXd& x, double t) {
        const std::vector<double> row = log.row(x, t);
        write_csv_row(out, row);
        if (on_row) on_row(row);
      },
      on_progress);
  out.flush();
  if (!out) throw std::runtime_error("writing the CSV failed");
  return result;
}

}  // namespace ramus::app
