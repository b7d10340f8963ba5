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
/// Symmetric to a relative 1e-12 of its norm and positive definite (Cholesky succeeds).
void require_inertia(const std::string& owner, const std::string& field, const Eigen::Matrix3d& value);
/// Finite, of non-zero length and unit to 1e-9 (an axis typed with ten digits is unit to ~1e-10;
/// a non-unit axis is refused, never normalised silently).
void require_unit_vector(const std::string& owner, const std::string& field, const Eigen::Vector3d& value);
/// Norm within 1e-9 of one (a unit quaternion given as initial attitude).
void require_unit_quaternion(const std::string& owner, const std::string& field, const Eigen::Vector4d& value);
/// Orthonormal to 1e-9 with determinant +1.
void require_rotation(const std::string& owner, const std::string& field, const Eigen::Matrix3d& value);

}  // namespace ramus::validation
