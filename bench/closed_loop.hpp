// What flight software in the loop costs: a closed-loop scenario propagated with its tasks, with
// empty tasks of the same schedule and outputs (the machinery alone: sample scheduling, task
// calls, commands written to the run's inputs, FSAL bookkeeping), and open loop (no tasks), over
// the same rk4 steps, each timed side by side with the open loop in one run.
#pragma once

#include <cstdint>
#include <string>

#include "scenario.hpp"
#include "timing.hpp"

namespace ramus::bench {

struct ClosedLoopCost {
  double dt = 0.0;                 ///< [s] rk4 step (divides every task's period)
  double span = 0.0;               ///< [s] simulated time of each propagation
  std::uint64_t steps_closed = 0;  ///< steps of the closed-loop propagation
  std::uint64_t steps_open = 0;    ///< steps of the open-loop one (equal: the same grid)
  std::uint64_t task_calls = 0;    ///< task calls in one closed-loop propagation
  PairedTiming timing;             ///< a: open loop, b: closed loop, [s] per propagation
  PairedTiming machinery;          ///< a: open loop, b: empty tasks on the same schedule
  std::string failure;             ///< the error's message when a propagation failed; empty otherwise

  /// [s] wall time per simulated second, closed loop.
  double seconds_per_simulated_second() const { return timing.b.per_call.median / span; }
  /// closed / open, the median over the rounds of the two timed side by side.
  double overhead() const { return timing.ratio.median; }
  /// empty tasks / open: the flight-software machinery alone (the target's figure).
  double machinery_overhead() const { return machinery.ratio.median; }
};

/// Times `rounds` alternating batches of the scenario's closed-loop rk4 propagation at `dt` over
/// [t0, t1] (a fresh flight software each, its construction included: microseconds against
/// milliseconds) and of the same propagation without flight software.
ClosedLoopCost measure_closed_loop(const Scenario& scenario, double dt, int rounds, double batch_seconds);

}  // namespace ramus::bench
