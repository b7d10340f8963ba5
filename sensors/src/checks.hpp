// Checks and small numerics shared by the sensor models (private to sensors/src). Every error is a
// ConfigurationError naming the sensor ("rate_gyro 'imu'"), the field with its unit and the value
// (docs/architecture.md §D10); the per-sample checks build their message only when they throw.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <string>
#include <string_view>

#include "ramus/kernel/attitude.hpp"

namespace ramus::sensor_checks {

/// "<kind> '<name>'", the owner of every message of one sensor; an empty name is refused (the
/// name keys the sensor's noise stream, docs/sensors/README.md §1).
std::string owner_of(std::string_view kind, const std::string& name);

/// A sample interval dt [s]: finite and > 0.
void require_interval(const std::string& owner, double dt);

/// A per-sample input vector (a true quantity from the caller): finite.
void require_finite_input(const std::string& owner, const char* field, const Eigen::Vector3d& value);

/// A full scale [unit of the field]: > 0, +inf meaning none; NaN refused.
void require_full_scale(const std::string& owner, const std::string& field, double value);

/// q/|q| of a finite quaternion of non-zero norm. The dynamics' raw attitude state drifts from unit
/// norm and is used as q/|q| wherever the attitude itself is needed (docs/notation.md §3).
Quaternion unit_attitude(const std::string& owner, const char* field, const Quaternion& q);

/// The quaternion of a rotation by the rotation vector theta [rad] (angle |theta| about
/// theta/|theta|); the identity for theta = 0.
Quaternion quat_from_rotation_vector(const Eigen::Vector3d& theta);

/// The sign with q0 ≥ 0 (q and −q are the same attitude): the canonical form of the outputs.
inline Quaternion canonical(const Quaternion& q) { return q[0] < 0.0 ? Quaternion(-q) : q; }

/// Round to the nearest multiple of lsb, halves away from zero; lsb = 0 leaves x unchanged.
inline double quantize(double x, double lsb) { return lsb > 0.0 ? lsb * std::round(x / lsb) : x; }

}  // namespace ramus::sensor_checks
