// check_mujoco_peer: proves that the MuJoCo peer builds the same models as ramus. For every
// scenario (or those named on the command line) it prints the acceleration mismatch between
// MuJoCo's mj_forward and ramus's System at x0 and at the end of one coarse RK4 run, or why the
// scenario has no MuJoCo equivalent. Exit status 1 when a mismatch exceeds 1e-9 or a scenario the
// peer must support (panels2, wheels3, wheels4, torque_free, chainN) is unsupported.
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "mujoco_peer.hpp"
#include "scenarios.hpp"

namespace {

constexpr double kTolerance = 1e-9;

bool must_be_supported(std::string_view name) {
  return name == "panels2" || name == "wheels3" || name == "wheels4" || name == "torque_free" ||
         (name.starts_with("chain") && name.size() > 5);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace ramus::bench;
  std::vector<std::string> names(argv + 1, argv + argc);
  if (names.empty())
    for (const ScenarioEntry& e : scenario_list()) names.emplace_back(e.name);

  // One level, one timing run: the check needs the states, not the figures.
  ComparisonSettings settings = ComparisonSettings::quick();
  settings.fixed_levels = 1;
  settings.timing = {1, 0.0, 1};
  settings.rhs_batches = 1;
  settings.rhs_batch_seconds = 1e-5;

  bool ok = true;
  std::printf("%-26s %12s %12s  %s\n", "scenario", "mismatch x0", "mismatch t1", "rk4 at dt0: error (MuJoCo)");
  try {
    for (const std::string& name : names) {
      const ScenarioEntry* entry = find_scenario(name);
      if (!entry) {
        std::fprintf(stderr, "check_mujoco_peer: no scenario '%s'\n", name.c_str());
        return 2;
      }
      const mujoco::PeerResult r = mujoco::compare(entry->make(), settings);
      if (!r.comparison) {
        const bool fail = must_be_supported(name);
        ok = ok && !fail;
        std::printf("%-26s unsupported: %s%s\n", name.c_str(), r.unsupported.c_str(), fail ? "  FAIL" : "");
        continue;
      }
      const mujoco::PeerComparison& c = *r.comparison;
      const bool fail = !(c.max_accel_mismatch() <= kTolerance);
      ok = ok && !fail;
      std::printf("%-26s %12.3e %12.3e  %.3e%s\n", name.c_str(), c.accel_mismatch_x0, c.accel_mismatch_t1,
                  c.rk4.front().error.max(), fail ? "  FAIL" : "");
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "check_mujoco_peer: %s\n", e.what());
    return 1;
  }
  std::printf("%s (tolerance %.0e)\n", ok ? "ok" : "FAILED", kTolerance);
  return ok ? 0 : 1;
}
