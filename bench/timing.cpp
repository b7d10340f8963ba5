#include "timing.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

namespace ramus::bench {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

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

BatchTiming time_batches(int batches, double batch_seconds, const std::function<void()>& call) {
  // Calibrate: double the batch until it takes a tenth of the target, then scale to the target.
  std::uint64_t n = 1;
  for (;;) {
    const Clock::time_point start = Clock::now();
    for (std::uint64_t i = 0; i < n; ++i) call();
    const double elapsed = seconds_since(start);
    if (elapsed >= 0.1 * batch_seconds) {
      n = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(static_cast<double>(n) * batch_seconds / elapsed));
      break;
    }
    n *= 2;
  }
  std::vector<double> per_call;
  for (int b = 0; b < std::max(1, batches); ++b) {
    const Clock::time_point start = Clock::now();
    for (std::uint64_t i = 0; i < n; ++i) call();
    per_call.push_back(seconds_since(start) / static_cast<double>(n));
  }
  return {summarise(std::move(per_call)), n};
}

}  // namespace ramus::bench
