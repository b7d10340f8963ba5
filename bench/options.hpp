// The command line of ramus-bench.
#pragma once

#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ramus::bench {

struct Options {
  bool help = false;
  bool list = false;
  bool quick = false;
  std::vector<std::string> scenarios;  ///< validated names, in the order given (default: rigid_orbit)
  std::vector<std::string> steppers;   ///< validated names of ramus::stepper_list() (default: all)
  std::optional<std::string> csv_path;
  std::optional<std::string> plot_dir;  ///< --plot DIR: work-precision and cost-vs-N plots (gnuplot)
  bool no_peer = false;                 ///< --no-peer: skip the MuJoCo comparison even when built
};

/// A bad command line: unknown option or name, missing value. main() exits with code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parses argv[1..]; throws UsageError.
Options parse_options(std::span<const std::string_view> args);

/// The --help text.
std::string usage();
/// The --list text: scenarios with their descriptions, steppers with their kind and order.
std::string listing();

}  // namespace ramus::bench
