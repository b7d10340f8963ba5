// libFuzzer target for the scenario loader: any byte string either loads or is refused
// with a ScenarioError — never a crash, a leak, another exception or a hang. The loader is built
// with -fsanitize=fuzzer-no-link,address when RAMUS_FUZZ is ON (clang); CTest runs it briefly on
// the example scenarios as seed corpus (scenario.fuzz, 40 s).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/scenario.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const ramus::scenario::Scenario s = ramus::scenario::parse_scenario(text);
    const ramus::scenario::QuantityLog log(s, s.log);
    if (!log.needs_run()) (void)log.row(s.model->initial_state(), s.output_times.front());
  } catch (const ramus::scenario::ScenarioError&) {
    // refused with a path and a reason: the expected outcome for most inputs
  }
  return 0;
}
