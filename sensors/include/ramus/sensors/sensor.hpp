// What every noisy sensor model holds (docs/sensors/README.md): its name, which keys its noise
// stream (§1), the owner its messages name ("rate_gyro 'imu'"), its checked configuration (model
// data) and its noise stream (run data, restarted by the sensor's reset()).
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "ramus/kernel/random_stream.hpp"
#include "ramus/sensors/sensor_key.hpp"

namespace ramus {

/// "<kind> '<name>'"; an empty name is refused (ConfigurationError: it keys the noise stream).
std::string sensor_owner(std::string_view kind, const std::string& name);

template <class Config>
class Sensor {
 public:
  const std::string& name() const { return name_; }
  const Config& config() const { return config_; }

 protected:
  /// `check(owner, config)` returns the configuration to hold, checked (ConfigurationError naming
  /// the owner, the field and the value) and possibly normalised.
  template <class Check>
  Sensor(std::string name, std::string_view kind, const Config& config, Check check, NoiseSeed seed)
      : name_(std::move(name)),
        owner_(sensor_owner(kind, name_)),
        config_(check(owner_, config)),
        stream_(sensor_stream(seed, name_)) {}

  /// "<kind> '<name>'": the owner every message of the sensor names.
  const std::string& owner() const { return owner_; }
  /// The noise stream: each draw advances it.
  RandomStream& stream() { return stream_; }
  /// Restarts the noise stream at `seed` (a sensor's reset()).
  void restart_stream(NoiseSeed seed) { stream_ = sensor_stream(seed, name_); }

 private:
  std::string name_;
  std::string owner_;
  Config config_;
  RandomStream stream_;
};

}  // namespace ramus
