// The bench's output: a legend of what is measured, one table per scenario (stdout), and CSV
// with one row per scenario × stepper × step or tolerance.
#pragma once

#include <ostream>
#include <span>

#include "comparison.hpp"

namespace ramus::bench {

/// What each column measures and its unit; printed once, above the tables.
void print_legend(std::ostream& os, const ComparisonSettings& settings, bool quick);
/// The scenario's header (span, reference, cost of one bare evaluation) and its table.
void print_table(std::ostream& os, const ScenarioComparison& comparison);

/// The "cost vs N" table of the chainN scenarios (chain_links > 0), in the order given: bare
/// evaluation [ns], per link [ns], and per link relative to the first row.
void print_chain_cost(std::ostream& os, std::span<const ScenarioComparison> chains);

/// The CSV header line. Columns in SI units ([s], [1], [rad]; ns_* in ns); empty where a column
/// does not apply (dt of an adaptive run, tolerance of a fixed one, the order of a first level,
/// error components the reference does not define).
void write_csv_header(std::ostream& os);
/// The summary of the performance targets (docs/benchmarks.md) over every scenario run:
/// evaluation and rk4-step cost against the peer, observed orders, allocations per step, driver
/// overhead, error at equal cost.
void print_targets(std::ostream& os, std::span<const ScenarioComparison> comparisons);
void write_csv_rows(std::ostream& os, const ScenarioComparison& comparison);

}  // namespace ramus::bench
