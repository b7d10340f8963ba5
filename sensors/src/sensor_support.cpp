// What the sensor models share (sensor_support.hpp).
#include "sensor_support.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/sensors/sensor.hpp"

namespace ramus::sensor_support {

Quaternion quat_from_rotation_vector(const Eigen::Vector3d& theta) {
  const double angle = theta.norm();
  if (!(angle > 0.0)) return Quaternion(1.0, 0.0, 0.0, 0.0);
  const double s = std::sin(0.5 * angle) / angle;
  return Quaternion(std::cos(0.5 * angle), s * theta.x(), s * theta.y(), s * theta.z());
}

}  // namespace ramus::sensor_support

namespace ramus {

std::string sensor_owner(std::string_view kind, const std::string& name) {
  const std::string owner = validation::owner(kind, name);
  if (name.empty())
    throw ConfigurationError(owner, "name", "''", "must not be empty (it keys the sensor's noise stream)");
  return owner;
}

}  // namespace ramus
