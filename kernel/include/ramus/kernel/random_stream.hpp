// Reproducible random streams: every stream is a pure function of (seed, run, key), so a run is
// reproducible alone, in any order, on any number of threads or processes, and adding a stream
// (a dispersed parameter, a sensor) changes no other stream's numbers. Used by the campaigns'
// dispersions (docs/scenario.md §6) and by the sensors' noise. The generator is SplitMix64
// (Steele, Lea & Flood 2014) on a key mixed from the three integers; the normal variate is
// Box–Muller's, so no std:: distribution (whose algorithms are implementation-defined) is involved.
#pragma once

#include <cstdint>

namespace ramus {

class RandomStream {
 public:
  RandomStream(std::uint64_t seed, std::uint64_t run, std::uint64_t key);
  /// The next 64 random bits.
  std::uint64_t next();
  /// Uniform on [0, 1), 53 random bits.
  double uniform();
  /// Standard normal (Box–Muller, the cosine branch).
  double normal();

 private:
  std::uint64_t state_;
};

}  // namespace ramus
