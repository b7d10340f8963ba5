// Three-axis rate gyro (docs/sensors/rate_gyro.md): the Farrenkopf / IEEE Std 952 model of a rate
// gyro — constant turn-on bias, angle random walk (white rate noise), rate random walk (a bias that
// random-walks), quantization and saturation — in the exact discrete form of the rate averaged
// over each sample interval (Markley & Crassidis 2014, ch. 4).
#pragma once

#include <Eigen/Dense>
#include <limits>
#include <string>

#include "ramus/kernel/random_stream.hpp"
#include "ramus/sensors/sensor.hpp"
#include "ramus/sensors/sensor_key.hpp"

namespace ramus {

/// The gyro's parameters, in SI (docs/sensors/rate_gyro.md, Parameters). Zero noise by default:
/// only the period must be given.
struct RateGyroConfig {
  double period = 0.0;                                          ///< [s] sample period: the Δt of measure(omega) (> 0)
  Eigen::Matrix3d dcm_SB = Eigen::Matrix3d::Identity();         ///< [1] mounting: sensor axes S from body axes B
  Eigen::Vector3d bias_mean = Eigen::Vector3d::Zero();          ///< [rad/s] mean of the turn-on bias, in S
  double bias_sigma = 0.0;                                      ///< [rad/s] 1σ per axis of the turn-on bias (≥ 0)
  double angle_random_walk = 0.0;                               ///< N [rad/√s]: white rate noise density (≥ 0)
  double rate_random_walk = 0.0;                                ///< K [rad/s^(3/2)]: bias random walk (≥ 0)
  double lsb = 0.0;                                             ///< [rad/s] quantization step (≥ 0; 0: none)
  double saturation = std::numeric_limits<double>::infinity();  ///< [rad/s] full scale per axis (> 0; inf: none)
};

/// One gyro in one run: its parameters (const) and its run state (bias, noise stream).
class RateGyro : public Sensor<RateGyroConfig> {
 public:
  /// Checks every field (ConfigurationError naming the gyro, the field with its unit and the
  /// value) and starts run `seed.run`: draws the turn-on bias, eq. (2).
  RateGyro(std::string name, const RateGyroConfig& config, NoiseSeed seed);

  /// Starts another run: restarts the noise stream at (seed, run, name) and draws its turn-on
  /// bias, as a newly constructed gyro would.
  void reset(NoiseSeed seed);

  /// eqs. (1)–(6): the measured rate [rad/s] in S of the body rate omega_BN_B [rad/s] over the
  /// interval dt [s] since the last sample (the first sample's interval is the caller's choice,
  /// normally the period). Advances the bias by eq. (3). No allocation (except when it throws:
  /// non-finite omega, dt not finite and > 0).
  Eigen::Vector3d measure(const Eigen::Vector3d& omega_BN_B, double dt);
  /// measure(omega_BN_B, period).
  Eigen::Vector3d measure(const Eigen::Vector3d& omega_BN_B) { return measure(omega_BN_B, config().period); }

  /// [rad/s] the bias β_k in S after the last sample (the turn-on bias before the first).
  const Eigen::Vector3d& bias() const { return bias_; }
  /// Whether the last sample was clipped at the full scale on any axis, eq. (6).
  bool saturated() const { return saturated_; }
  /// [rad/s] the largest output magnitude per axis: the saturation rounded down to a multiple of
  /// the LSB, eq. (6).
  double full_scale() const { return full_scale_; }

 private:
  double full_scale_;
  Eigen::Vector3d bias_ = Eigen::Vector3d::Zero();
  bool saturated_ = false;
};

}  // namespace ramus
