// Three-axis rate gyro: docs/sensors/rate_gyro.md, eqs. (1)–(6).
#include "ramus/sensors/rate_gyro.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"
#include "sensor_support.hpp"

namespace ramus {
namespace {

/// The checked configuration, before any member that depends on it is built.
const RateGyroConfig& checked(const std::string& owner, const RateGyroConfig& c) {
  validation::require_positive(owner, "period [s]", c.period);
  validation::require_rotation(owner, "dcm_SB [1]", c.dcm_SB);
  validation::require_finite(owner, "bias_mean [rad/s]", c.bias_mean);
  validation::require_non_negative(owner, {{"bias_sigma [rad/s]", c.bias_sigma},
                                           {"angle_random_walk [rad/s^(1/2)]", c.angle_random_walk},
                                           {"rate_random_walk [rad/s^(3/2)]", c.rate_random_walk},
                                           {"lsb [rad/s]", c.lsb}});
  validation::require_positive_or_infinite(owner, "saturation [rad/s]", c.saturation);
  if (c.lsb > 0.0 && c.saturation < c.lsb)
    throw ConfigurationError(owner, "saturation [rad/s]", validation::to_text(c.saturation),
                             "must be at least one lsb (" + validation::to_text(c.lsb) + " rad/s)");
  return c;
}

/// eq. (6): the saturation rounded down to a whole number of LSBs (the largest output code).
double full_scale_of(const RateGyroConfig& c) {
  if (c.lsb > 0.0 && std::isfinite(c.saturation)) return c.lsb * std::floor(c.saturation / c.lsb);
  return c.saturation;
}

}  // namespace

RateGyro::RateGyro(std::string name, const RateGyroConfig& config, NoiseSeed seed)
    : Sensor(std::move(name), "rate_gyro", config, checked, seed), full_scale_(full_scale_of(Sensor::config())) {
  reset(seed);
}

void RateGyro::reset(NoiseSeed seed) {
  restart_stream(seed);
  // eq. (2): the turn-on bias, three draws whatever bias_sigma is (the stream's later draws do not
  // depend on the parameters).
  for (int i = 0; i < 3; ++i) bias_[i] = config().bias_mean[i] + config().bias_sigma * stream().normal();
  saturated_ = false;
}

Eigen::Vector3d RateGyro::measure(const Eigen::Vector3d& omega_BN_B, double dt) {
  validation::require_finite(owner(), "omega_BN_B [rad/s]", omega_BN_B);
  validation::require_interval(owner(), "dt [s]", dt);
  const double K = config().rate_random_walk;
  const double N = config().angle_random_walk;
  // Six draws per sample in a fixed order (three for eq. 3, three for eq. 4), whatever N and K are.
  Eigen::Vector3d w_u, w_v;
  for (int i = 0; i < 3; ++i) w_u[i] = stream().normal();
  for (int i = 0; i < 3; ++i) w_v[i] = stream().normal();
  const Eigen::Vector3d bias_next = bias_ + K * std::sqrt(dt) * w_u;  // eq. (3)
  const double sigma_v = std::sqrt(N * N / dt + K * K * dt / 12.0);   // eq. (5)
  // eq. (4): the true rate in S, the mean bias over the interval and the white noise.
  const Eigen::Vector3d raw = config().dcm_SB * omega_BN_B + 0.5 * (bias_ + bias_next) + sigma_v * w_v;
  bias_ = bias_next;
  saturated_ = false;
  Eigen::Vector3d out;
  for (int i = 0; i < 3; ++i) {  // eq. (6): quantized, then clipped at the full scale
    const double q = sensor_support::quantize(raw[i], config().lsb);
    if (std::abs(q) > full_scale_) saturated_ = true;
    out[i] = std::clamp(q, -full_scale_, full_scale_);
  }
  return out;
}

}  // namespace ramus
