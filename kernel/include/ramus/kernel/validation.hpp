// Checks of configuration values. Each throws ConfigurationError naming owner, field and value.
#pragma once

#include <Eigen/Dense>
#include <string>

namespace ramus::validation {

/// Formats a number, vector or matrix for an error message (full precision, compact).
std::string to_text(double value);
std::string to_text(const Eigen::Vector3d& value);
std::string to_text(const Eigen::Vector4d& value);
std::string to_text(const Eigen::Matrix3d& value);

void require_finite(const std::string& owner, const std::string& field, double value);
void require_finite(const std::string& owner, const std::string& field, const Eigen::Vector3d& value);
void require_positive(const std::string& owner, const std::string& field, double value);
void require_non_negative(const std::string& owner, const std::string& field, double value);
/// A fraction: finite and in [0, 1] (a throttle, a command).
void require_unit_interval(const std::string& owner, const std::string& field, double value);
/// A rigid body's inertia tensor: symmetric to a relative 1e-12 of its norm, positive definite
/// (Cholesky succeeds) and physical — its principal moments obey the triangle inequality (each at
/// most the sum of the other two, within kInertiaTriangleTolerance of the trace; equality is a thin
/// plate, or a rod in the limit). The message names the principal moments.
void require_inertia(const std::string& owner, const std::string& field, const Eigen::Matrix3d& value);
/// Tolerance of the triangle inequality, relative to the trace: a thin plate typed to ten
/// significant digits meets I3 = I1 + I2 to ~1e-10 of its trace and the eigenvalues' round-off is
/// ~1e-15 of it, so 1e-9 admits both, while any violation that matters to the dynamics (an
/// impossible body) is orders of magnitude larger.
inline constexpr double kInertiaTriangleTolerance = 1e-9;
/// Principal moments of a symmetric 3×3 tensor, ascending.
Eigen::Vector3d principal_moments(const Eigen::Matrix3d& value);
/// How far the largest of the moments exceeds the sum of the other two, relative to their sum
/// (the trace): > kInertiaTriangleTolerance means no rigid body has them.
double triangle_excess(const Eigen::Vector3d& moments);
/// Finite, of non-zero length and unit to 1e-9 (an axis typed with ten digits is unit to ~1e-10;
/// a non-unit axis is refused, never normalised silently).
void require_unit_vector(const std::string& owner, const std::string& field, const Eigen::Vector3d& value);
/// Norm within 1e-9 of one (a unit quaternion given as initial attitude).
void require_unit_quaternion(const std::string& owner, const std::string& field, const Eigen::Vector4d& value);
/// Orthonormal to 1e-9 with determinant +1.
void require_rotation(const std::string& owner, const std::string& field, const Eigen::Matrix3d& value);

}  // namespace ramus::validation
