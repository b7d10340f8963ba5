// libFuzzer target for the dispersions loader (ramus/scenario/campaign.hpp): the fuzzer's bytes
// are a dispersions document against a fixed nominal scenario (docs/examples/panels_and_wheels.json,
// read once at start), or — when they start with the byte 0x1E (ASCII record separator, which no
// JSON text holds unescaped) — "\x1E<scenario>\x1E<dispersions>", both documents fuzzed. Every
// input builds a campaign or is refused with a ScenarioError, and so does each of the first runs
// built from it: never a crash, a leak, another exception or a hang. CTest runs it for 20 s from
// the example dispersions (scenario.fuzz_dispersions, label "fuzz"; RAMUS_FUZZ=ON, clang).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "ramus/scenario/campaign.hpp"
#include "ramus/scenario/logged_quantities.hpp"

namespace {

constexpr char kSeparator = '\x1e';

const std::string& nominal_scenario() {
  static const std::string text = [] {
    std::ifstream in(RAMUS_FUZZ_NOMINAL_SCENARIO, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (!in || bytes.str().empty()) {
      std::fprintf(stderr, "fuzz_dispersions_loader: cannot read %s\n", RAMUS_FUZZ_NOMINAL_SCENARIO);
      std::abort();
    }
    return bytes.str();
  }();
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  std::string_view scenario = nominal_scenario(), dispersions = input;
  if (!input.empty() && input.front() == kSeparator) {
    input.remove_prefix(1);
    const std::size_t split = input.find(kSeparator);
    if (split == std::string_view::npos) return 0;  // not the split form: nothing to load
    scenario = input.substr(0, split);
    dispersions = input.substr(split + 1);
  }
  try {
    const ramus::scenario::Campaign campaign(scenario, dispersions);
    for (const std::uint64_t run : {std::uint64_t{0}, std::uint64_t{1}}) {
      (void)campaign.draw(run);
      try {
        const ramus::scenario::Scenario s = campaign.scenario(run);
        const ramus::scenario::QuantityLog summary(s, campaign.summary());
        if (!summary.needs_run()) (void)summary.row(s.model->initial_state(), s.output_times.front());
      } catch (const ramus::scenario::ScenarioError&) {
        // a run refused with a path and a reason (a draw the model refuses, an infinite draw)
      }
    }
  } catch (const ramus::scenario::ScenarioError&) {
    // refused with a path and a reason: the expected outcome for most inputs
  }
  return 0;
}
