#include "csv_output.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>

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

void write_csv_columns(OutputFile& out, const std::vector<std::string>& columns) {
  std::string text;
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

void write_events_csv(OutputFile& out, const std::vector<EventRow>& rows) {
  write_csv_columns(out, {"name", "t", "direction", "action"});
  for (const EventRow& r : rows)
    out << escaped_text(r.name, ",") << ',' << number_text(r.t) << ',' << (r.rising ? "rising" : "falling") << ','
        << escaped_text(r.action, ",") << '\n';
}

std::optional<std::string> column_frame(const std::string& column) {
  const std::size_t bracket = column.rfind('[');
  if (bracket == std::string::npos || column.back() != ']') return std::nullopt;  // a scalar
  std::string quantity = column.substr(0, bracket);
  if (const std::size_t dot = quantity.rfind('.'); dot != std::string::npos) quantity.erase(0, dot + 1);
  if (const std::size_t colon = quantity.find(':'); colon != std::string::npos) quantity.erase(colon);
  const std::size_t underscore = quantity.rfind('_');
  if (underscore == std::string::npos) return std::nullopt;
  const std::string frame = quantity.substr(underscore + 1);
  if (frame.empty() || frame[0] < 'A' || frame[0] > 'Z') return std::nullopt;
  for (std::size_t i = 1; i < frame.size(); ++i)
    if (!((frame[i] >= 'a' && frame[i] <= 'z') || (frame[i] >= '0' && frame[i] <= '9'))) return std::nullopt;
  return frame;
}

std::vector<CompanionColumn> logged_columns(const std::vector<std::string>& columns,
                                            const std::vector<std::string>& units) {
  std::vector<CompanionColumn> result;
  for (std::size_t i = 0; i < columns.size(); ++i)
    result.push_back({columns[i], "double", i < units.size() ? units[i] : "1", column_frame(columns[i])});
  return result;
}

std::vector<CompanionColumn> event_columns() {
  return {{"name", "string", "1", std::nullopt},
          {"t", "double", "s", std::nullopt},
          {"direction", "string", "1", std::nullopt},
          {"action", "string", "1", std::nullopt}};
}

std::string companion_path(const std::string& csv_path) { return csv_path + "-metadata.json"; }

std::string companion_json(const std::string& csv_path, const std::vector<CompanionColumn>& columns,
                           const RunRecord& record, const RunStatus& status, std::uint64_t csv_fnv1a64,
                           const std::string& extra) {
  using json = nlohmann::ordered_json;
  const auto text_or_null = [](const std::string& s) { return s.empty() ? json(nullptr) : json(s); };
  json cols = json::array();
  for (const CompanionColumn& c : columns)
    cols.push_back({{"name", c.name},
                    {"titles", c.name},
                    {"datatype", c.datatype},
                    {"ramus:unit", c.unit ? json(*c.unit) : json(nullptr)},
                    {"ramus:frame", c.frame ? json(*c.frame) : json(nullptr)}});
  json doc = {{"@context", "http://www.w3.org/ns/csvw"},
              {"url", std::filesystem::path(csv_path).filename().string()},
              {"dialect", {{"header", true}, {"delimiter", ","}}},
              {"tableSchema", {{"columns", cols}}},
              {"ramus:record",
               {{"version", record.version},
                {"scenario", record.scenario},
                {"scenario_fnv1a64", record.scenario_fnv1a64},
                {"stepper", record.stepper},
                {"machine", record.machine},
                {"started", record.started},
                {"epoch", text_or_null(record.epoch)},
                {"time_scale", text_or_null(record.time_scale)},
                {"leap_seconds", text_or_null(record.leap_seconds)},
                {"status", status.complete ? "complete" : "incomplete"},
                {"rows", status.rows},
                {"failure", text_or_null(status.complete ? std::string() : escaped_text(status.failure))},
                {"stop", text_or_null(escaped_text(status.stop))}}}};
  if (!extra.empty()) {
    const json members = json::parse(extra);
    for (const auto& [key, value] : members.items()) doc["ramus:record"][key] = value;
  }
  doc["ramus:record"]["csv_fnv1a64"] = hex64(csv_fnv1a64);
  // Every text in it is escaped_text's (valid UTF-8); replace guards the file name.
  return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace ramus::app
