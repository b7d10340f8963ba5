// The MuJoCo peer of ramus-bench: a scenario's model rebuilt as a MuJoCo model from the
// finalized ramus Model (mjcf.hpp), checked to be the same model by comparing accelerations, then
// timed and propagated with MuJoCo's RK4 over the ladder of fixed steps that ramus's rk4 runs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "comparison.hpp"
#include "scenario.hpp"
#include "timing.hpp"

namespace ramus::bench::mujoco {

/// One MuJoCo RK4 propagation from x0 over [t0, t1].
struct PeerRun {
  /// [s] the ladder's step; as in ramus's propagate(), the steps taken are shortened uniformly to
  /// (t1 − t0)/steps when dt does not divide the span.
  double dt = 0.0;
  ErrorBreakdown error{};  ///< scenario.error() of the final MuJoCo state mapped to a ramus state
  double observed_order = std::numeric_limits<double>::quiet_NaN();  ///< log2(e(2h)/e(h)); NaN first
  std::uint64_t steps = 0;
  TimingSummary time;  ///< [s] wall time of one propagation (mj_step × steps)

  double ns_per_step() const { return 1e9 * time.median / static_cast<double>(steps); }
};

struct PeerComparison {
  std::string scenario;
  /// Timed side by side (time_paired), a: ramus, b: MuJoCo, ratio: MuJoCo's time over ramus's per
  /// round. forward: ramus's evaluation and one mj_forward at x0. step: ramus's rk4 step of dt0
  /// from x0 (Odeint's do_step) and one RK4 mj_step; each call restores x0 first (an O(n) copy,
  /// inside the timed call), so every step starts from x0.
  PairedTiming forward, step;
  /// [1] acceleration_mismatch() of mj_forward against ramus's System at x0, and at the final
  /// state of the coarsest run (a non-trivial attitude and joint configuration).
  double accel_mismatch_x0 = 0.0;
  double accel_mismatch_t1 = 0.0;
  std::vector<PeerRun> rk4;  ///< first_step("rk4"), halved settings.fixed_levels − 1 times

  double max_accel_mismatch() const { return std::max(accel_mismatch_x0, accel_mismatch_t1); }
};

/// The comparison, or why the scenario has no MuJoCo equivalent ("unsupported" says which part).
struct PeerResult {
  std::optional<PeerComparison> comparison;
  std::string unsupported;
};

/// Timing follows settings.timing (propagations) and settings.rhs_batches / rhs_batch_seconds
/// (mj_forward, mj_step).
PeerResult compare(const Scenario& scenario, const ComparisonSettings& settings);

}  // namespace ramus::bench::mujoco
