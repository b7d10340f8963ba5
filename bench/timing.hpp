// Wall-clock timing with std::chrono::steady_clock: repeated runs summarised by their median and
// spread, so that one descheduled run on a shared machine does not set the figure.
#pragma once

#include <cstdint>
#include <functional>

namespace ramus::bench {

/// How often to repeat a timed run: at least min_runs, and more while the total is below
/// min_total_seconds, but never more than max_runs.
struct TimingPolicy {
  int min_runs = 3;
  double min_total_seconds = 0.05;  ///< [s]
  int max_runs = 200;
};

/// [s] median, minimum and maximum of the timed runs.
struct TimingSummary {
  double median = 0.0;
  double min = 0.0;
  double max = 0.0;
  int runs = 0;
};

/// Times `run` under `policy`; `prepare` runs before each timed call, outside the timed region
/// (e.g. to reset the initial state).
TimingSummary time_repeated(const TimingPolicy& policy, const std::function<void()>& prepare,
                            const std::function<void()>& run);

/// [s] per call of `call`, timed in batches of calls: each batch is sized to take about
/// `batch_seconds`, and the summary is over `batches` batches, divided by the batch size.
struct BatchTiming {
  TimingSummary per_call;  ///< [s] per call
  std::uint64_t batch_size = 0;
};
BatchTiming time_batches(int batches, double batch_seconds, const std::function<void()>& call);

/// Two calls timed side by side: batches of `a` and of `b` alternate (a, b, a, b, …), each sized
/// to about `batch_seconds`, so that a change in the machine's speed during the measurement (a
/// shared host, a frequency step) moves both alike. `ratio` summarises, over the rounds, b's time
/// per call over a's in the same round: the figure to quote for "b / a measured side by side".
struct PairedTiming {
  BatchTiming a, b;
  TimingSummary ratio;  ///< [1] (b per call) / (a per call), per round
};
PairedTiming time_paired(int rounds, double batch_seconds, const std::function<void()>& a,
                         const std::function<void()>& b);

}  // namespace ramus::bench
