// The logged quantities as CSV (docs/scenario.md §5, The CSV). The plain form (a file's default):
// the column names, then one row per output time (every number the shortest text that reads back
// to the same double), nothing else; beside it the companion FILE.csv-metadata.json (W3C CSV on the
// Web) holds the units, the frames, the run's record, its status and the FNV-1a hash of the CSV's
// bytes. The annotated form (standard output, and --csv-format annotated, deprecated):
// '#' record lines, a '#' line of units, the column names, the rows, then the end marker
// "# end: complete, N rows" or "# end: incomplete, N rows: <reason>". The events of a run are a
// CSV of the same forms (write_events_csv).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "output_file.hpp"
#include "run_record.hpp"

namespace ramus::app {

/// The form of a result CSV (docs/scenario.md §5, The CSV).
enum class CsvFormat { plain, annotated };

/// The start of the last line of a complete result file.
inline constexpr const char* kCompleteMarker = "# end: complete, ";

/// `record`: lines without line breaks (record_lines escapes the user's text).
void write_csv_header(OutputFile& out, const std::vector<std::string>& record, const std::vector<std::string>& columns,
                      const std::vector<std::string>& units);
/// The plain form's only header line: the column names.
void write_csv_columns(OutputFile& out, const std::vector<std::string>& columns);
void write_csv_row(OutputFile& out, const std::vector<double>& row);
/// The end marker; `failure` empty for a run that reached its end. `note` (one line, no user text
/// unescaped) follows the row count of a complete file: ", stopped by event 'x' at t = … s".
void write_csv_end(OutputFile& out, std::size_t rows, const std::string& failure, const std::string& note = {});

/// One row of events.csv (docs/scenario.md §5, Events).
struct EventRow {
  std::string name;    ///< the event's name (a scenario name: letters, digits, '_' and '-')
  double t = 0.0;      ///< [s] the located time
  bool rising = true;  ///< the direction in which g crossed zero
  std::string action;  ///< record, stop or the input change (no comma)
};
/// The occurrences of a run as CSV: `record`, "# units: 1,s,1,1", "name,t,direction,action", a row
/// per occurrence in time order, and the end marker (the run's: incomplete when it stopped on an
/// integration error; the driver returns the occurrences with its statistics, so that such a
/// file has none).
void write_events_csv(OutputFile& out, const std::vector<std::string>& record, const std::vector<EventRow>& rows,
                      const std::string& failure);
/// The plain form: "name,t,direction,action" and a row per occurrence.
void write_events_csv(OutputFile& out, const std::vector<EventRow>& rows);

/// The frame of a logged column from its name (docs/scenario.md §5, The CSV): for a vector's
/// component "owner.quantity[k]" (or "owner.quantity:part[k]"), the last '_' part of the quantity
/// when it is one frame symbol (an upper-case letter, then lower-case letters or digits:
/// docs/notation.md §1, "r_BN_N" → "N", "force_F" → "F"); none for a scalar, for t, for an
/// attitude ("sigma_BN": "BN" is a pair of frames, not a component frame) and for a name without a
/// frame suffix.
std::optional<std::string> column_frame(const std::string& column);

/// One column of a companion's tableSchema.
struct CompanionColumn {
  std::string name;
  std::string datatype;             ///< "double", "integer" or "string" (CSVW built-in datatypes)
  std::optional<std::string> unit;  ///< none: no single unit (a statistics column: per row)
  std::optional<std::string> frame;
};
/// The logged columns: datatype double, their units and column_frame.
std::vector<CompanionColumn> logged_columns(const std::vector<std::string>& columns,
                                            const std::vector<std::string>& units);
/// The events CSV's columns.
std::vector<CompanionColumn> event_columns();

/// How a run ended, as its companion records it.
struct RunStatus {
  bool complete = true;
  std::size_t rows = 0;
  std::string failure;  ///< the reason of an incomplete run
  std::string stop;     ///< "stopped by event 'x' at t = … s", or empty
};

/// FILE.csv → FILE.csv-metadata.json (the CSVW convention {url}-metadata.json).
std::string companion_path(const std::string& csv_path);

/// The companion's JSON text (docs/scenario.md §5, The CSV): "url" is `csv_path`'s file name and
/// "ramus:record"."csv_fnv1a64" the hash of the CSV's bytes. `extra`: the text of a JSON object
/// whose members join "ramus:record" before "csv_fnv1a64" (a campaign's seed, run, draws, finals).
std::string companion_json(const std::string& csv_path, const std::vector<CompanionColumn>& columns,
                           const RunRecord& record, const RunStatus& status, std::uint64_t csv_fnv1a64,
                           const std::string& extra = {});

}  // namespace ramus::app
