// The logged quantities as CSV: '#' record lines, a '#' line of units, a line of column names,
// one row per output time (every number the shortest text that reads back to the same double),
// then the end marker "# end: complete, N rows" or "# end: incomplete, N rows: <reason>". A file
// without the marker was cut short (docs/scenario.md §Output files).
#pragma once

#include <string>
#include <vector>

#include "output_file.hpp"

namespace ramus::app {

/// The start of the last line of a complete result file.
inline constexpr const char* kCompleteMarker = "# end: complete, ";

/// `record`: lines without line breaks (record_lines escapes the user's text).
void write_csv_header(OutputFile& out, const std::vector<std::string>& record, const std::vector<std::string>& columns,
                      const std::vector<std::string>& units);
void write_csv_row(OutputFile& out, const std::vector<double>& row);
/// The end marker; `failure` empty for a run that reached its end.
void write_csv_end(OutputFile& out, std::size_t rows, const std::string& failure);

}  // namespace ramus::app
