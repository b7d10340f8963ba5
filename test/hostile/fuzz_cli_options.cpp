// libFuzzer target for the command line of `ramus`: the fuzzer's bytes, split at NUL bytes, are
// the arguments after the program name. parse_options either returns options that satisfy its
// own invariants or throws UsageError — never a crash, another exception or a hang.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "options.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args(1);
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0)
      args.emplace_back();
    else
      args.back() += static_cast<char>(data[i]);
  }
  try {
    const ramus::app::Options o = ramus::app::parse_options(args);
    if (o.command == ramus::app::Command::campaign) {
      // A campaign always has a non-empty range of at most kMaxRunsPerInvocation runs.
      if (!(o.first_run < o.end_run) || o.end_run - o.first_run > ramus::app::kMaxRunsPerInvocation) std::abort();
      if (!o.output || o.dispersions.empty() || o.scenario.empty()) std::abort();
    }
  } catch (const ramus::app::UsageError&) {
    // refused with a message: the expected outcome for most inputs
  }
  return 0;
}
