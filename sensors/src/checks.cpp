// Checks and small numerics shared by the sensor models (checks.hpp).
#include "checks.hpp"

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::sensor_checks {

using validation::to_text;

std::string owner_of(std::string_view kind, const std::string& name) {
  const std::string owner = std::string(kind) + " '" + name + "'";
  if (name.empty())
    throw ConfigurationError(owner, "name", "''", "must not be empty (it keys the sensor's noise stream)");
  return owner;
}

void require_interval(const std::string& owner, double dt) {
  if (!std::isfinite(dt) || !(dt > 0.0))
    throw ConfigurationError(owner, "dt [s]", to_text(dt), "the time since the last sample must be finite and > 0");
}

void require_finite_input(const std::string& owner, const char* field, const Eigen::Vector3d& value) {
  if (!value.allFinite()) throw ConfigurationError(owner, field, to_text(value), "must be finite");
}

void require_full_scale(const std::string& owner, const std::string& field, double value) {
  if (std::isnan(value) || !(value > 0.0))
    throw ConfigurationError(owner, field, to_text(value), "must be > 0 (+inf: no saturation)");
}

Quaternion unit_attitude(const std::string& owner, const char* field, const Quaternion& q) {
  const double n = q.norm();
  if (!q.allFinite() || !std::isfinite(n) || !(n > 0.0))
    throw ConfigurationError(owner, field, to_text(q), "must be a finite quaternion of non-zero norm");
  return q / n;
}

Quaternion quat_from_rotation_vector(const Eigen::Vector3d& theta) {
  const double angle = theta.norm();
  if (!(angle > 0.0)) return Quaternion(1.0, 0.0, 0.0, 0.0);
  const double s = std::sin(0.5 * angle) / angle;
  return Quaternion(std::cos(0.5 * angle), s * theta.x(), s * theta.y(), s * theta.z());
}

}  // namespace ramus::sensor_checks
