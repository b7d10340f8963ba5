// One scenario run written as CSV (csv_output.hpp): the record lines, the columns, a row per
// output time. Shared by `ramus run` and each run of `ramus campaign`.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/run_scenario.hpp"

namespace ramus::app {

struct CsvRun {
  PropagationStats stats;
  Eigen::VectorXd x;  ///< final state
};

/// Runs `scenario`, writing `record` and the rows of `log` to `out`; `on_row` (optional) sees every
/// row. Throws IntegrationError from the driver, std::runtime_error when `out` fails.
CsvRun run_to_csv(const scenario::Scenario& scenario, const scenario::QuantityLog& log,
                  const std::vector<std::string>& record, std::ostream& out,
                  const scenario::ProgressSink& on_progress = {},
                  const std::function<void(const std::vector<double>&)>& on_row = {});

}  // namespace ramus::app
