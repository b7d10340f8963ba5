#include "csv_output.hpp"

#include "number_text.hpp"
#include "text_escape.hpp"

namespace ramus::app {

void write_csv_header(OutputFile& out, const std::vector<std::string>& record, const std::vector<std::string>& columns,
                      const std::vector<std::string>& units) {
  for (const std::string& line : record) out << "# " << line << '\n';  // one line each (record_lines)
  std::string text = "# units: ";
  for (std::size_t i = 0; i < units.size(); ++i) text.append(i ? "," : "").append(units[i]);
  text += '\n';
  for (std::size_t i = 0; i < columns.size(); ++i) text.append(i ? "," : "").append(columns[i]);
  out << text << '\n';
}

void write_csv_row(OutputFile& out, const std::vector<double>& row) {
  std::string text;
  for (std::size_t i = 0; i < row.size(); ++i) text.append(i ? "," : "").append(number_text(row[i]));
  out << text << '\n';
}

void write_csv_end(OutputFile& out, std::size_t rows, const std::string& failure, const std::string& note) {
  if (failure.empty())
    out << kCompleteMarker << std::to_string(rows) << " rows" << escaped_text(note) << '\n';
  else
    out << "# end: incomplete, " << std::to_string(rows) << " rows: " << escaped_text(failure) << '\n';
}

void write_events_csv(OutputFile& out, const std::vector<std::string>& record, const std::vector<EventRow>& rows,
                      const std::string& failure) {
  write_csv_header(out, record, {"name", "t", "direction", "action"}, {"1", "s", "1", "1"});
  for (const EventRow& r : rows)
    out << escaped_text(r.name, ",") << ',' << number_text(r.t) << ',' << (r.rising ? "rising" : "falling") << ','
        << escaped_text(r.action, ",") << '\n';
  write_csv_end(out, rows.size(), failure);
}

}  // namespace ramus::app
