// Sun sensor: docs/sensors/sun_sensor.md, eqs. (1)–(5).
#include "ramus/sensors/sun_sensor.hpp"

#include <cmath>
#include <numbers>
#include <utility>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"
#include "sensor_support.hpp"

namespace ramus {
namespace {

const SunSensorConfig& checked(const std::string& owner, const SunSensorConfig& c) {
  validation::require_unit_vector(owner, "sun_direction_N [1]", c.sun_direction_N);
  validation::require_unit_vector(owner, "boresight_B [1]", c.boresight_B);
  validation::require_positive(owner, "half_cone [rad]", c.half_cone);
  if (c.half_cone > std::numbers::pi)
    throw ConfigurationError(owner, "half_cone [rad]", validation::to_text(c.half_cone),
                             "must be at most pi (the whole sphere)");
  validation::require_non_negative(owner, "noise_sigma [rad]", c.noise_sigma);
  return c;
}

/// The configuration with its unit vectors normalised (they are unit to 1e-9; this makes them unit
/// to round-off, so that the output of eq. (5) is).
SunSensorConfig normalised(SunSensorConfig c) {
  c.sun_direction_N.normalize();
  c.boresight_B.normalize();
  return c;
}

/// eq. (3): an orthonormal pair spanning the plane ⊥ s (s unit), from the axis of B least aligned
/// with s.
void tangent_basis(const Eigen::Vector3d& s, Eigen::Vector3d& e1, Eigen::Vector3d& e2) {
  Eigen::Index k = 0;
  s.cwiseAbs().minCoeff(&k);
  e1 = s.cross(Eigen::Vector3d::Unit(k)).normalized();
  e2 = s.cross(e1);
}

}  // namespace

SunSensor::SunSensor(std::string name, const SunSensorConfig& config, NoiseSeed seed)
    : Sensor(
          std::move(name), "sun_sensor", config,
          [](const std::string& owner, const SunSensorConfig& c) { return normalised(checked(owner, c)); }, seed) {}

void SunSensor::reset(NoiseSeed seed) { restart_stream(seed); }

bool SunSensor::in_field_of_view(const Eigen::Vector3d& sHat_B) const {
  // eq. (2): atan2 is accurate at every angle (acos of the dot product is not near 0 and π).
  const Eigen::Vector3d& n = config().boresight_B;
  return std::atan2(n.cross(sHat_B).norm(), n.dot(sHat_B)) <= config().half_cone;
}

std::optional<Eigen::Vector3d> SunSensor::measure(const Quaternion& q_BN) {
  return measure_unit(q_BN, config().sun_direction_N);
}

std::optional<Eigen::Vector3d> SunSensor::measure(const Quaternion& q_BN, const Eigen::Vector3d& sHat_N) {
  // The rule of validation::require_unit_vector, called (and its message built) only on failure.
  if (!(sHat_N.allFinite() && std::abs(sHat_N.norm() - 1.0) <= 1e-9))
    validation::require_unit_vector(owner(), "sHat_N [1]", sHat_N);
  return measure_unit(q_BN, sHat_N);
}

std::optional<Eigen::Vector3d> SunSensor::measure_unit(const Quaternion& q_BN, const Eigen::Vector3d& sHat_N) {
  const Quaternion q = validation::unit_attitude(owner(), "q_BN [1]", q_BN);
  // Two draws per call, inside the field of view or not: the stream's position does not depend on
  // the attitude.
  const double w1 = stream().normal();
  const double w2 = stream().normal();
  // eq. (1): R(q_BN) = dcm_NB, so dcm_BN = R(q_BN)ᵀ.
  const Eigen::Vector3d s = (rotation_matrix(q).transpose() * sHat_N).normalized();
  if (!in_field_of_view(s)) return std::nullopt;
  Eigen::Vector3d e1, e2;
  tangent_basis(s, e1, e2);
  const Eigen::Vector3d e = config().noise_sigma * (w1 * e1 + w2 * e2);  // eq. (4)
  const double angle = e.norm();
  if (!(angle > 0.0)) return s;
  return std::cos(angle) * s + (std::sin(angle) / angle) * e;  // eq. (5)
}

}  // namespace ramus
