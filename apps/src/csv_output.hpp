// The logged quantities as CSV: '#' record lines, a line of column names, a line of units
// (prefixed '#'), then one row per output time, every number the shortest text that reads back
// to the same double.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace ramus::app {

void write_csv_header(std::ostream& out, const std::vector<std::string>& record,
                      const std::vector<std::string>& columns, const std::vector<std::string>& units);
void write_csv_row(std::ostream& out, const std::vector<double>& row);

}  // namespace ramus::app
