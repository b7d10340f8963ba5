// Wheel tachometer (docs/sensors/wheel_tachometer.md): the spin rates of N wheels relative to the
// body, each with white noise and the rounding of a speed register (an LSB, or the resolution of an
// encoder of C counts per revolution read once per period).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string>

#include "ramus/kernel/random_stream.hpp"
#include "ramus/sensors/sensor.hpp"
#include "ramus/sensors/sensor_key.hpp"

namespace ramus {

/// The tachometer's parameters, in SI (docs/sensors/wheel_tachometer.md, Parameters), the same
/// for every wheel it reads. At most one of lsb and counts_per_revolution is non-zero.
struct WheelTachometerConfig {
  std::size_t wheel_count = 0;         ///< number of wheels N (≥ 1)
  double period = 0.0;                 ///< [s] sample period, the encoder's gate time T (> 0)
  double noise_sigma = 0.0;            ///< [rad/s] 1σ of the white noise per sample (≥ 0)
  double lsb = 0.0;                    ///< [rad/s] quantization step (≥ 0; 0: none)
  double counts_per_revolution = 0.0;  ///< [1] encoder counts per revolution C, whole (≥ 0; 0: none), eq. (2)
};

/// One tachometer in one run: its parameters (const), its output buffer and its noise stream.
class WheelTachometer : public Sensor<WheelTachometerConfig> {
 public:
  /// Checks every field (ConfigurationError naming the tachometer, the field with its unit and the
  /// value), sizes the output buffer and starts run `seed.run`.
  WheelTachometer(std::string name, const WheelTachometerConfig& config, NoiseSeed seed);

  /// Starts another run: restarts the noise stream at (seed, run, name).
  void reset(NoiseSeed seed);

  /// eqs. (1)–(2): the measured spin rates [rad/s] of the true rates Omega [rad/s] (N values,
  /// wheel i at index i). Returns the tachometer's buffer, overwritten by the next call. No
  /// allocation (except when it throws: a size other than N, a non-finite rate).
  const Eigen::VectorXd& measure(const Eigen::Ref<const Eigen::VectorXd>& Omega);

  /// [rad/s] the quantization step in use, eq. (2) (0: none).
  double lsb() const { return lsb_; }
  /// The last output.
  const Eigen::VectorXd& last() const { return out_; }

 private:
  double lsb_;
  Eigen::VectorXd out_;
};

}  // namespace ramus
