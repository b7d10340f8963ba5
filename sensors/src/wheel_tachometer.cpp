// Wheel tachometer: docs/sensors/wheel_tachometer.md, eqs. (1)–(2).
#include "ramus/sensors/wheel_tachometer.hpp"

#include <cmath>
#include <numbers>
#include <string>
#include <utility>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"
#include "sensor_support.hpp"

namespace ramus {
namespace {

using validation::to_text;

const WheelTachometerConfig& checked(const std::string& owner, const WheelTachometerConfig& c) {
  if (c.wheel_count == 0) throw ConfigurationError(owner, "wheel_count", "0", "needs at least one wheel");
  validation::require_positive(owner, "period [s]", c.period);
  validation::require_non_negative(owner, "noise_sigma [rad/s]", c.noise_sigma);
  validation::require_non_negative(owner, "lsb [rad/s]", c.lsb);
  validation::require_non_negative(owner, "counts_per_revolution [1]", c.counts_per_revolution);
  if (c.counts_per_revolution != std::floor(c.counts_per_revolution))
    throw ConfigurationError(owner, "counts_per_revolution [1]", to_text(c.counts_per_revolution),
                             "must be a whole number of counts");
  if (c.lsb > 0.0 && c.counts_per_revolution > 0.0)
    throw ConfigurationError(owner, "counts_per_revolution [1]", to_text(c.counts_per_revolution),
                             "give either lsb (here " + to_text(c.lsb) + " rad/s) or counts_per_revolution, not both");
  return c;
}

/// eq. (2): one count per gate time T is 2π/(C T) rad/s.
double lsb_of(const WheelTachometerConfig& c) {
  if (c.counts_per_revolution > 0.0) return 2.0 * std::numbers::pi / (c.counts_per_revolution * c.period);
  return c.lsb;
}

}  // namespace

WheelTachometer::WheelTachometer(std::string name, const WheelTachometerConfig& config, NoiseSeed seed)
    : Sensor(std::move(name), "wheel_tachometer", config, checked, seed),
      lsb_(lsb_of(Sensor::config())),
      out_(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(Sensor::config().wheel_count))) {}

void WheelTachometer::reset(NoiseSeed seed) {
  restart_stream(seed);
  out_.setZero();
}

const Eigen::VectorXd& WheelTachometer::measure(const Eigen::Ref<const Eigen::VectorXd>& Omega) {
  if (Omega.size() != out_.size())
    throw ConfigurationError(owner(), "Omega [rad/s]", std::to_string(Omega.size()) + " values",
                             "must hold one rate per wheel (" + std::to_string(out_.size()) + ")");
  for (Eigen::Index i = 0; i < Omega.size(); ++i)
    if (!std::isfinite(Omega[i]))
      throw ConfigurationError(owner(), "Omega[" + std::to_string(i) + "] [rad/s]", to_text(Omega[i]),
                               "must be finite");
  for (Eigen::Index i = 0; i < out_.size(); ++i)  // eqs. (1)–(2), one draw per wheel
    out_[i] = sensor_support::quantize(Omega[i] + config().noise_sigma * stream().normal(), lsb_);
  return out_;
}

}  // namespace ramus
