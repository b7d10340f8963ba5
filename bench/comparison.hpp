// The integrator comparison of one scenario: every selected stepper over a ladder of fixed steps
// (dt0, dt0/2, …) or of tolerances, each run compared with the scenario's reference and timed.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "closed_loop.hpp"
#include "drift.hpp"
#include "driver_overhead.hpp"
#include "event_costs.hpp"
#include "ramus/steppers/propagate.hpp"
#include "scenario.hpp"
#include "timing.hpp"

namespace ramus::bench {

struct ComparisonSettings {
  int fixed_levels = 6;             ///< dt0 … dt0/2^(levels−1)
  std::vector<double> tolerances;   ///< adaptive steppers: abs_tol = rel_tol = each of these
  TimingPolicy timing;              ///< repetitions of each propagation
  int rhs_batches = 31;             ///< batches of bare right-hand-side evaluations
  double rhs_batch_seconds = 2e-3;  ///< [s] target duration of one batch
  /// Errors below this are within ~100× of the accumulated round-off of 10⁴–10⁵ steps
  /// (N·ε ≈ 1e-12): an observed order that involves one is flagged, not meaningful.
  double roundoff_floor = 1e-12;
  /// Long-run drift: the span as a multiple of the scenario's, and the samples along it.
  double drift_span_factor = 10.0;
  int drift_samples = 200;
  /// Driver overhead: rounds of the three interleaved propagations, each about this long.
  int overhead_rounds = 15;
  double overhead_run_seconds = 4e-3;  ///< [s]
  /// Located events (Scenario::event_case): adaptive steppers at this tolerance, fixed ones at
  /// their first step / 2^event_level.
  double event_tolerance = 1e-9;
  int event_level = 2;
  bool quick_run = false;  ///< selects the quick lists of a scenario's own plan (Scenario::plan)

  /// 6 levels, 7 tolerances 1e-6 … 1e-12, ≥ 3 runs and ≥ 50 ms per timing.
  static ComparisonSettings full();
  /// 3 levels, 3 tolerances 1e-6, 1e-9, 1e-12, 3 runs per timing: seconds for every scenario.
  static ComparisonSettings quick();
};

/// One propagation of the ladder.
struct RunResult {
  std::string stepper;
  bool adaptive = false;
  double dt = std::numeric_limits<double>::quiet_NaN();         ///< [s] fixed step; NaN when adaptive
  double tolerance = std::numeric_limits<double>::quiet_NaN();  ///< [1] abs_tol = rel_tol; NaN when fixed
  ErrorBreakdown error{};
  /// log(e(h_prev)/e(h)) / log(h_prev/h) against the previous level of the same fixed stepper
  /// (log2(e(2h)/e(h)) on a halving ladder); NaN otherwise.
  double observed_order = std::numeric_limits<double>::quiet_NaN();
  bool order_at_roundoff = false;  ///< one of the two errors is below the round-off floor
  PropagationStats stats;
  TimingSummary time;             ///< [s] wall time of one propagation
  std::uint64_t allocations = 0;  ///< heap allocations of one whole propagation (setup included)
  /// Heap allocations per step: the slope of `allocations` against the steps between this run
  /// and the neighbouring run of the same stepper (the setup's allocations cancel); NaN alone.
  double allocs_per_step = std::numeric_limits<double>::quiet_NaN();
  std::string failure;  ///< the IntegrationError's message; empty when the run succeeded

  bool ok() const { return failure.empty(); }
  double evals_per_step() const;
  double ns_per_eval() const;  ///< [ns] median time / evaluations
  double ns_per_step() const;  ///< [ns] median time / accepted steps
};

/// A peer simulator's figures on the same scenario (MuJoCo: bench/peers/mujoco), filled by the
/// caller; its runs use the RunResult fields that apply (dt, error, order, steps, evaluations, time).
struct PeerFigures {
  std::string name;  ///< "mujoco"
  /// [s] one evaluation of its dynamics (mj_forward) at x0 and one rk4 step at dt0 (mj_step), each
  /// timed side by side with ramus's (alternating batches; a: ramus, b: the peer, ratio: the
  /// peer's time over ramus's per round, the figure the summary quotes).
  PairedTiming forward, step;
  double accel_mismatch = 0.0;  ///< [1] same-model check: largest relative difference of the accelerations
  std::vector<RunResult> rk4;   ///< its rk4 ladder, the same steps as ramus's
};

struct ScenarioComparison {
  std::string name;
  std::string description;
  std::string reference;
  Eigen::Index state_size = 0;
  std::string layout;            ///< layout_summary(): entries per owner
  std::size_t output_times = 2;  ///< number of output times every run stops at (t0 and t1 included)
  std::size_t chain_links = 0;   ///< Scenario::chain_links
  double t0 = 0.0, t1 = 0.0;     ///< [s]
  double dt0 = 0.0;              ///< [s] first trial step of the adaptive steppers
  BatchTiming rhs;               ///< [s] one bare right-hand-side evaluation at x0
  BatchTiming rk4_step;          ///< [s] one bare rk4 step of dt0 from x0 (Odeint's do_step)
  std::vector<RunResult> runs;
  std::optional<DriverOverhead> overhead;     ///< when rk4 is selected
  std::optional<ClosedLoopCost> closed_loop;  ///< closed-loop scenarios, when rk4 is selected
  Drift drift;                                ///< long-run drift (NaN where not conserved)
  std::optional<PeerFigures> peer;            ///< MuJoCo's figures, when built and the scenario maps
  std::string peer_unsupported;               ///< why not, when built and it does not
  std::string event_description;              ///< the scenario's EventCase, when it has one
  std::vector<EventCost> events;              ///< per stepper, when the scenario has an EventCase
  bool own_plan = false;                      ///< the steppers were the scenario's (Scenario::plan)
};

/// Runs the ladder of every stepper in `steppers` (names of ramus::stepper_list()) on `scenario`,
/// or the scenario's own plan when it has one (Scenario::plan).
ScenarioComparison compare_steppers(const Scenario& scenario, std::span<const std::string> steppers,
                                    const ComparisonSettings& settings);

}  // namespace ramus::bench
