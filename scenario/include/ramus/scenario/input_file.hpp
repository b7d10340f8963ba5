// Reading a scenario or dispersions file: bounded in size, so that a device such as /dev/zero or
// a runaway file cannot exhaust memory, and refusing what is not a file of text (docs/scenario.md
// §Limits).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace ramus::scenario {

/// The largest scenario or dispersions file read: 16 MiB. The largest example is a few kB and a
/// scenario with thousands of effectors stays below 1 MiB; the bound only stops runaway input.
inline constexpr std::size_t kMaxInputBytes = std::size_t{16} << 20;

/// The bytes of `file`. Throws ScenarioError with the file name as path when the file cannot be
/// opened (with the system's reason), is a directory, cannot be read, or holds more than
/// kMaxInputBytes. `what` names the file's role in messages ("scenario", "dispersions").
std::string read_input_file(const std::filesystem::path& file, const char* what);

}  // namespace ramus::scenario
