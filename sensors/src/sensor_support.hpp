// Small attitude numerics the sensor models share (private to sensors/src); their checks are
// ramus/kernel/validation.hpp's, their owner and noise stream ramus/sensors/sensor.hpp's.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <string>
#include <string_view>

#include "ramus/kernel/attitude.hpp"

namespace ramus::sensor_support {

/// The quaternion of a rotation by the rotation vector theta [rad] (angle |theta| about
/// theta/|theta|); the identity for theta = 0.
Quaternion quat_from_rotation_vector(const Eigen::Vector3d& theta);

/// The sign with q0 ≥ 0 (q and −q are the same attitude): the canonical form of the outputs.
inline Quaternion canonical(const Quaternion& q) { return q[0] < 0.0 ? Quaternion(-q) : q; }

/// Round to the nearest multiple of lsb, halves away from zero; lsb = 0 leaves x unchanged.
inline double quantize(double x, double lsb) { return lsb > 0.0 ? lsb * std::round(x / lsb) : x; }

}  // namespace ramus::sensor_support
