#include "csv_output.hpp"

#include "number_text.hpp"

namespace ramus::app {

void write_csv_header(std::ostream& out, const std::vector<std::string>& record,
                      const std::vector<std::string>& columns, const std::vector<std::string>& units) {
  for (const std::string& line : record) out << "# " << line << '\n';
  out << "# units: ";
  for (std::size_t i = 0; i < units.size(); ++i) out << (i ? "," : "") << units[i];
  out << '\n';
  for (std::size_t i = 0; i < columns.size(); ++i) out << (i ? "," : "") << columns[i];
  out << '\n';
}

void write_csv_row(std::ostream& out, const std::vector<double>& row) {
  for (std::size_t i = 0; i < row.size(); ++i) out << (i ? "," : "") << number_text(row[i]);
  out << '\n';
}

}  // namespace ramus::app
