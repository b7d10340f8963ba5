// Checks of configuration values, for every layer (the one validation module, docs/architecture.md
// §D10). Each throws ConfigurationError naming owner, field and value. The checks a right-hand side
// or a sensor's sample makes (require_finite, require_interval, unit_attitude) take the field as a
// string_view and build their message only when they throw: they allocate nothing. Every field is
// a string_view: "<name> [<unit>]" as the message names it.
#pragma once

#include <Eigen/Dense>
#include <initializer_list>
#include <string>
#include <string_view>

#include "ramus/kernel/attitude.hpp"

namespace ramus::validation {

/// "<kind> '<name>'": the owner named by every message of one model, task or sensor.
std::string owner(std::string_view kind, std::string_view name);
/// `field[i] [unit]`: the field of one entry of a per-wheel or per-thruster vector.
std::string entry(std::string_view field, Eigen::Index i, std::string_view unit);

/// Formats a number, vector or matrix for an error message (full precision, compact).
std::string to_text(double value);
std::string to_text(const Eigen::Vector3d& value);
std::string to_text(const Eigen::Vector4d& value);
std::string to_text(const Eigen::Matrix3d& value);
/// A matrix or vector of any size (rows separated by "; ").
std::string matrix_text(const Eigen::MatrixXd& value);

void require_finite(const std::string& owner, std::string_view field, double value);
void require_finite(const std::string& owner, std::string_view field, const Eigen::Vector3d& value);
void require_positive(const std::string& owner, std::string_view field, double value);
void require_non_negative(const std::string& owner, std::string_view field, double value);
/// One scalar (vector) field of a configuration with its value, for the grouped checks below:
/// {"Js [kg m^2]", c.Js.value()}.
struct Scalar {
  std::string_view field;
  double value;
};
/// The checks above on each of `values` in turn (the first failing one named): a configuration's
/// scalars of one kind checked in one statement.
struct Vector3 {
  std::string_view field;
  const Eigen::Vector3d& value;
};
void require_finite(const std::string& owner, std::initializer_list<Scalar> values);
void require_finite(const std::string& owner, std::initializer_list<Vector3> values);
void require_positive(const std::string& owner, std::initializer_list<Scalar> values);
void require_non_negative(const std::string& owner, std::initializer_list<Scalar> values);
/// A full scale or limit: > 0, +inf meaning none; NaN refused.
void require_positive_or_infinite(const std::string& owner, std::string_view field, double value);
/// Every entry positive and finite, or +infinity too when `infinity_allowed` (no limit); the
/// message names the entry field[i] with its unit.
void require_positive_entries(const std::string& owner, std::string_view field, std::string_view unit,
                              const Eigen::VectorXd& value, bool infinity_allowed);
/// A vector with one entry per `what`: `actual` entries must be `size`.
void require_size(const std::string& owner, std::string_view field, Eigen::Index actual, Eigen::Index size,
                  std::string_view what);
/// An index into `count` items called `noun` ("wheel"), given to `what` ("set_command"):
/// "<noun> index (<what>) = i: out of range: the effector has N <noun>s (indices 0 to N-1)".
void require_index(const std::string& owner, std::size_t i, std::size_t count, std::string_view noun, const char* what);
/// A time step or sample interval [s]: finite and > 0.
void require_interval(const std::string& owner, std::string_view field, double dt);
/// q/|q| of a finite quaternion of non-zero norm (the dynamics' raw attitude state drifts from unit
/// norm and is used as q/|q| wherever the attitude itself is needed, docs/notation.md §3).
Quaternion unit_attitude(const std::string& owner, std::string_view field, const Quaternion& q);
/// A fraction: finite and in [0, 1] (a throttle, a command).
void require_unit_interval(const std::string& owner, std::string_view field, double value);
/// Finite, symmetric to a relative 1e-12 of its norm and positive definite (Cholesky succeeds): a
/// gain or weight matrix.
void require_positive_definite(const std::string& owner, std::string_view field, const Eigen::Matrix3d& value);
/// A rigid body's inertia tensor: symmetric to a relative 1e-12 of its norm, positive definite
/// (Cholesky succeeds) and physical — its principal moments obey the triangle inequality (each at
/// most the sum of the other two, within kInertiaTriangleTolerance of the trace; equality is a thin
/// plate, or a rod in the limit). The message names the principal moments.
void require_inertia(const std::string& owner, std::string_view field, const Eigen::Matrix3d& value);
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
void require_unit_vector(const std::string& owner, std::string_view field, const Eigen::Vector3d& value);
/// Norm within 1e-9 of one (a unit quaternion given as initial attitude).
void require_unit_quaternion(const std::string& owner, std::string_view field, const Eigen::Vector4d& value);
/// Orthonormal to 1e-9 with determinant +1.
void require_rotation(const std::string& owner, std::string_view field, const Eigen::Matrix3d& value);

}  // namespace ramus::validation
