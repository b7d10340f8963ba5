#include "run_record.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "number_text.hpp"
#include "ramus/steppers/stepper_list.hpp"
#include "text_escape.hpp"

namespace ramus::app {

std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ULL;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  return h;
}

std::string hex64(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

std::string machine_description() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) std::snprintf(host, sizeof host, "unknown");
  utsname u{};
  if (uname(&u) != 0) return host;
  return std::string(host) + " (" + u.sysname + " " + u.release + " " + u.machine + ")";
}

std::string stepper_description(const PropagationSettings& s) {
  if (stepper_info(s.stepper).adaptive)
    return s.stepper + ", abs_tol = " + number_text(s.abs_tol) + ", rel_tol = " + number_text(s.rel_tol) +
           ", first dt = " + number_text(s.dt) + " s";
  return s.stepper + ", dt = " + number_text(s.dt) + " s";
}

RunRecord run_record(const std::string& scenario_path, std::string_view scenario_bytes,
                     const PropagationSettings& settings, std::string_view leap_seconds) {
  char started[32] = "unknown";
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  if (gmtime_r(&now, &utc) != nullptr) std::strftime(started, sizeof started, "%Y-%m-%dT%H:%M:%SZ", &utc);
  RunRecord r{RAMUS_VERSION,
              escaped_text(scenario_path),
              hex64(fnv1a64(scenario_bytes)),
              stepper_description(settings),
              machine_description(),
              started,
              leap_seconds.empty() ? std::string() : escaped_text(leap_seconds),
              {},
              {}};
  // The epoch as the file gives it: "YYYY-MM-DDThh:mm:ss[.fff] UTC|TT" (docs/scenario.md §3); the
  // loader has accepted the file, so a string epoch has this form.
  const nlohmann::json doc = nlohmann::json::parse(scenario_bytes, nullptr, false);
  if (doc.is_object() && doc.contains("environment") && doc["environment"].is_object() &&
      doc["environment"].contains("epoch") && doc["environment"]["epoch"].is_string()) {
    const std::string epoch = doc["environment"]["epoch"].get<std::string>();
    const std::size_t space = epoch.rfind(' ');
    if (space != std::string::npos) {
      r.epoch = escaped_text(epoch.substr(0, space));
      r.time_scale = escaped_text(epoch.substr(space + 1));
    }
  }
  return r;
}

std::vector<std::string> record_lines(const RunRecord& r) {
  std::vector<std::string> lines = {
      "ramus " + r.version,    "scenario: " + r.scenario, "scenario_fnv1a64: " + r.scenario_fnv1a64,
      "stepper: " + r.stepper, "machine: " + r.machine,   "started: " + r.started};
  if (!r.leap_seconds.empty()) lines.push_back("leap_seconds: " + r.leap_seconds);
  return lines;
}

std::vector<std::string> record_lines(const std::string& scenario_path, std::string_view scenario_bytes,
                                      const PropagationSettings& settings, std::string_view leap_seconds) {
  return record_lines(run_record(scenario_path, scenario_bytes, settings, leap_seconds));
}

void print_warnings(const std::string& scenario_path, const std::vector<std::string>& warnings) {
  for (const std::string& w : warnings)
    std::fprintf(stderr, "ramus: warning: %s: %s\n", escaped_text(scenario_path).c_str(), escaped_text(w).c_str());
}

}  // namespace ramus::app
