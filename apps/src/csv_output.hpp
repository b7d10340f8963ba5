// The logged quantities as CSV: '#' record lines, a '#' line of units, a line of column names,
// one row per output time (every number the shortest text that reads back to the same double),
// then the end marker "# end: complete, N rows" or "# end: incomplete, N rows: <reason>". A file
// without the marker was cut short (docs/scenario.md §Output files). The events of a run are a CSV
// of the same form (write_events_csv).
#pragma once

#include <string>
#include <vector>

#include "output_file.hpp"

namespace ramus::app {

/// The start of the last line of a complete result file.
inline constexpr const char* kCompleteMarker = "# end: complete, ";
/// A campaign run's final values (the summary's columns, shortest round-trip text), the line before
/// the end marker: --resume reads them from the checksummed file, never from the manifest.
inline constexpr const char* kFinalsMarker = "# finals: ";

/// `record`: lines without line breaks (record_lines escapes the user's text).
void write_csv_header(OutputFile& out, const std::vector<std::string>& record, const std::vector<std::string>& columns,
                      const std::vector<std::string>& units);
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

}  // namespace ramus::app
