#include "ramus/kernel/random_stream.hpp"

#include <cmath>
#include <numbers>

namespace ramus {
namespace {

/// SplitMix64's output function: a bijective mix of 64 bits.
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t kGamma = 0x9e3779b97f4a7c15ULL;  // SplitMix64's increment, 2^64 / φ

}  // namespace

RandomStream::RandomStream(std::uint64_t seed, std::uint64_t run, std::uint64_t key)
    : state_(mix(mix(mix(seed) + run * kGamma) + key * kGamma)) {}

std::uint64_t RandomStream::next() {
  state_ += kGamma;
  return mix(state_);
}

double RandomStream::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

double RandomStream::normal() {
  const double u1 = 1.0 - uniform();  // (0, 1]: log(u1) is finite
  const double u2 = uniform();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

}  // namespace ramus
