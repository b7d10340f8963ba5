// What a result file records about how it was made: the ramus version, the scenario file and its
// FNV-1a hash, the stepper and its settings, and the machine.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/steppers/propagate.hpp"

namespace ramus::app {

/// 64-bit FNV-1a of `bytes` (offset basis 14695981039346656037, prime 1099511628211).
std::uint64_t fnv1a64(std::string_view bytes);

/// 16 lower-case hexadecimal digits.
std::string hex64(std::uint64_t value);

/// "hostname (sysname release machine)".
std::string machine_description();

/// "rk4, dt = 0.05 s" or "rk_dopri5, abs_tol = 1e-10, rel_tol = 1e-10, first dt = 0.1 s".
std::string stepper_description(const PropagationSettings& settings);

/// How a result was made, field by field: the companion's "ramus:record" (docs/scenario.md §5,
/// The CSV) and the HDF5 attributes. Text fields are one line (the path escaped: text_escape.hpp).
struct RunRecord {
  std::string version;           ///< RAMUS_VERSION
  std::string scenario;          ///< the scenario path, escaped
  std::string scenario_fnv1a64;  ///< 16 hexadecimal digits of the scenario file's bytes
  std::string stepper;           ///< stepper_description
  std::string machine;           ///< machine_description
  std::string started;           ///< UTC, "YYYY-MM-DDThh:mm:ssZ"
  std::string leap_seconds;      ///< Scenario::leap_seconds, escaped; empty without an epoch
  /// The environment's epoch ("2025-06-21T00:00:00") and its time scale ("UTC" or "TT") as the
  /// scenario file gives them (docs/scenario.md §3, environment.epoch); empty without one.
  std::string epoch, time_scale;
};

RunRecord run_record(const std::string& scenario_path, std::string_view scenario_bytes,
                     const PropagationSettings& settings, std::string_view leap_seconds = {});

/// The '#' lines at the top of an annotated result file, each one line; with "leap_seconds: ..."
/// when the scenario's environment has an epoch (Scenario::leap_seconds, the table it used,
/// docs/environment/time_and_frames.md §1.1).
std::vector<std::string> record_lines(const RunRecord& record);
std::vector<std::string> record_lines(const std::string& scenario_path, std::string_view scenario_bytes,
                                      const PropagationSettings& settings, std::string_view leap_seconds = {});

/// The loader's warnings (Scenario::warnings) on stderr, one line each: "ramus: warning: FILE: ...".
void print_warnings(const std::string& scenario_path, const std::vector<std::string>& warnings);

}  // namespace ramus::app
