#include "timing.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

namespace ramus::bench {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

TimingSummary summarise(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  const double median = n % 2 == 1 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
  return {median, samples.front(), samples.back(), static_cast<int>(n)};
}

}  // namespace

TimingSummary time_repeated(const TimingPolicy& policy, const std::function<void()>& prepare,
                            const std::function<void()>& run) {
  std::vector<double> samples;
  double total = 0.0;
  const int min_runs = std::max(1, policy.min_runs);
  while (static_cast<int>(samples.size()) < min_runs ||
         (total < policy.min_total_seconds && static_cast<int>(samples.size()) < policy.max_runs)) {
    prepare();
    const Clock::time_point start = Clock::now();
    run();
    samples.push_back(seconds_since(start));
    total += samples.back();
  }
  return summarise(std::move(samples));
}

namespace {

/// Calls per batch: double the batch until it takes a tenth of the target, then scale to it.
std::uint64_t calibrate(double batch_seconds, const std::function<void()>& call) {
  std::uint64_t n = 1;
  for (;;) {
    const Clock::time_point start = Clock::now();
    for (std::uint64_t i = 0; i < n; ++i) call();
    const double elapsed = seconds_since(start);
    if (elapsed >= 0.1 * batch_seconds)
      return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(static_cast<double>(n) * batch_seconds / elapsed));
    n *= 2;
  }
}

/// [s] per call over one batch of n calls.
double batch(std::uint64_t n, const std::function<void()>& call) {
  const Clock::time_point start = Clock::now();
  for (std::uint64_t i = 0; i < n; ++i) call();
  return seconds_since(start) / static_cast<double>(n);
}

}  // namespace

BatchTiming time_batches(int batches, double batch_seconds, const std::function<void()>& call) {
  const std::uint64_t n = calibrate(batch_seconds, call);
  std::vector<double> per_call;
  for (int b = 0; b < std::max(1, batches); ++b) per_call.push_back(batch(n, call));
  return {summarise(std::move(per_call)), n};
}

PairedTiming time_paired(int rounds, double batch_seconds, const std::function<void()>& a,
                         const std::function<void()>& b) {
  const std::uint64_t na = calibrate(batch_seconds, a), nb = calibrate(batch_seconds, b);
  std::vector<double> ta, tb, ratio;
  for (int r = 0; r < std::max(1, rounds); ++r) {
    ta.push_back(batch(na, a));
    tb.push_back(batch(nb, b));
    ratio.push_back(tb.back() / ta.back());
  }
  return {{summarise(std::move(ta)), na}, {summarise(std::move(tb)), nb}, summarise(std::move(ratio))};
}

}  // namespace ramus::bench
