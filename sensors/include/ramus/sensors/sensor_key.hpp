// The noise streams of the sensors (docs/sensors/README.md §1). Every sensor draws its random
// numbers from one RandomStream(seed, run, sensor_key(name)) of its own: a pure function of the
// campaign seed, the run index and the sensor's name. A run's measurements are therefore the same
// whatever the order of the runs and however a campaign is split into threads or processes, and
// adding a sensor, or changing another sensor's parameters, changes no other sensor's numbers.
#pragma once

#include <cstdint>
#include <string_view>

#include "ramus/kernel/random_stream.hpp"

namespace ramus {

/// The two integers a run's noise is keyed by, besides the sensor's name.
struct NoiseSeed {
  std::uint64_t seed = 0;  ///< the campaign's seed
  std::uint64_t run = 0;   ///< the run's index in the campaign
};

/// eq. (1) of docs/sensors/README.md: FNV-1a (Fowler, Noll & Vo), 64 bits, of the bytes of
/// `name`. Stable across compilers, platforms and releases (unlike std::hash).
constexpr std::uint64_t sensor_key(std::string_view name) noexcept {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a 64-bit offset basis
  for (const char c : name) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x00000100000001b3ULL;  // FNV 64-bit prime, 2^40 + 2^8 + 0xb3
  }
  return h;
}

/// eq. (2) of docs/sensors/README.md: the noise stream of the sensor `name` in run `seed.run`.
inline RandomStream sensor_stream(NoiseSeed seed, std::string_view name) {
  return RandomStream(seed.seed, seed.run, sensor_key(name));
}

}  // namespace ramus
