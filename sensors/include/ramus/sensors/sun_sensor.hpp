// Sun sensor (docs/sensors/sun_sensor.md): the unit vector to the sun in body axes, turned by a
// small random angle in a random direction, and no measurement when the sun is outside the
// sensor's field of view (a cone about its boresight).
#pragma once

#include <Eigen/Dense>
#include <optional>
#include <string>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/random_stream.hpp"
#include "ramus/sensors/sensor.hpp"
#include "ramus/sensors/sensor_key.hpp"

namespace ramus {

/// The sun sensor's parameters, in SI (docs/sensors/sun_sensor.md, Parameters). Unit vectors must
/// be unit to 1e-9 (never normalised silently).
struct SunSensorConfig {
  Eigen::Vector3d sun_direction_N = Eigen::Vector3d::Zero();  ///< [1] ŝ_N, the fixed direction to the sun in N
  Eigen::Vector3d boresight_B = Eigen::Vector3d::Zero();      ///< [1] n̂_B, the boresight in B
  double half_cone = 0.0;                                     ///< [rad] field-of-view half angle, in (0, π]
  double noise_sigma = 0.0;  ///< [rad] 1σ of the error angle along each of two axes ⊥ ŝ (≥ 0)
};

/// One sun sensor in one run: its parameters (const) and its noise stream.
class SunSensor : public Sensor<SunSensorConfig> {
 public:
  /// Checks every field (ConfigurationError naming the sensor, the field with its unit and the
  /// value) and starts run `seed.run`.
  SunSensor(std::string name, const SunSensorConfig& config, NoiseSeed seed);

  /// Starts another run: restarts the noise stream at (seed, run, name).
  void reset(NoiseSeed seed);

  /// eqs. (1)–(5): the measured unit vector ŝ_B [1] to the sun of the configuration, given the
  /// true attitude q_BN (the dynamics' raw quaternion is accepted: it is used as q/|q|); empty
  /// when the true direction is outside the field of view, eq. (2). No allocation (except when it
  /// throws: q_BN non-finite or zero).
  std::optional<Eigen::Vector3d> measure(const Quaternion& q_BN);
  /// The same with the sun direction sHat_N [1] given by the caller (unit to 1e-9), for a sun
  /// that moves in N (an ephemeris).
  std::optional<Eigen::Vector3d> measure(const Quaternion& q_BN, const Eigen::Vector3d& sHat_N);

  /// eq. (2): whether the true direction sHat_B [1] is inside the field of view.
  bool in_field_of_view(const Eigen::Vector3d& sHat_B) const;

 private:
  /// measure() of a direction already checked.
  std::optional<Eigen::Vector3d> measure_unit(const Quaternion& q_BN, const Eigen::Vector3d& sHat_N);
};

}  // namespace ramus
