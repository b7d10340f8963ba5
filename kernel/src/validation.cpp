#include "ramus/kernel/validation.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <cmath>
#include <sstream>

#include "ramus/kernel/error.hpp"

namespace ramus {

ConfigurationError::ConfigurationError(std::string owner, std::string field, std::string value, std::string reason)
    : Error(owner + ": " + field + " = " + value + ": " + reason), owner_(std::move(owner)), field_(std::move(field)) {}

IntegrationError::IntegrationError(std::string field, std::string value, std::string reason)
    : Error("propagation: " + field + " = " + value + ": " + reason), field_(std::move(field)) {}

namespace validation {
namespace {
template <class M>
std::string matrix_text(const M& m) {
  std::ostringstream out;
  out.precision(17);
  out << '[';
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    if (i) out << (m.cols() > 1 ? "; " : ", ");
    for (Eigen::Index j = 0; j < m.cols(); ++j) out << (j ? ", " : "") << m(i, j);
  }
  out << ']';
  return out.str();
}
}  // namespace

std::string to_text(double value) {
  std::ostringstream out;
  out.precision(17);
  out << value;
  return out.str();
}
std::string to_text(const Eigen::Vector3d& value) { return matrix_text(value); }
std::string to_text(const Eigen::Vector4d& value) { return matrix_text(value); }
std::string to_text(const Eigen::Matrix3d& value) { return matrix_text(value); }
std::string matrix_text(const Eigen::MatrixXd& value) { return matrix_text<Eigen::MatrixXd>(value); }

std::string owner(std::string_view kind, std::string_view name) {
  std::string o(kind);
  o.append(" '").append(name).append("'");
  return o;
}

std::string entry(std::string_view field, Eigen::Index i, std::string_view unit) {
  std::string e(field);
  e.append("[").append(std::to_string(i)).append("] [").append(unit).append("]");
  return e;
}

void require_finite(const std::string& owner, std::string_view field, double value) {
  if (!std::isfinite(value)) throw ConfigurationError(owner, std::string(field), to_text(value), "must be finite");
}

void require_finite(const std::string& owner, std::string_view field, const Eigen::Vector3d& value) {
  if (!value.allFinite()) throw ConfigurationError(owner, std::string(field), to_text(value), "must be finite");
}

void require_positive(const std::string& owner, std::string_view field, double value) {
  require_finite(owner, field, value);
  if (!(value > 0.0)) throw ConfigurationError(owner, std::string(field), to_text(value), "must be positive");
}

void require_non_negative(const std::string& owner, std::string_view field, double value) {
  require_finite(owner, field, value);
  if (value < 0.0) throw ConfigurationError(owner, std::string(field), to_text(value), "must not be negative");
}

void require_finite(const std::string& owner, std::initializer_list<Scalar> values) {
  for (const Scalar& s : values) require_finite(owner, s.field, s.value);
}

void require_finite(const std::string& owner, std::initializer_list<Vector3> values) {
  for (const Vector3& v : values) require_finite(owner, v.field, v.value);
}

void require_positive(const std::string& owner, std::initializer_list<Scalar> values) {
  for (const Scalar& s : values) require_positive(owner, s.field, s.value);
}

void require_non_negative(const std::string& owner, std::initializer_list<Scalar> values) {
  for (const Scalar& s : values) require_non_negative(owner, s.field, s.value);
}

void require_positive_or_infinite(const std::string& owner, std::string_view field, double value) {
  if (std::isnan(value) || !(value > 0.0))
    throw ConfigurationError(owner, std::string(field), to_text(value), "must be > 0 (+inf: no limit)");
}

void require_positive_entries(const std::string& owner, std::string_view field, std::string_view unit,
                              const Eigen::VectorXd& value, bool infinity_allowed) {
  for (Eigen::Index i = 0; i < value.size(); ++i) {
    const double v = value[i];
    const bool ok = v > 0.0 && (std::isfinite(v) || infinity_allowed);
    if (!ok)
      throw ConfigurationError(
          owner, entry(field, i, unit), to_text(v),
          infinity_allowed ? "must be positive (+infinity for no limit)" : "must be positive and finite");
  }
}

void require_size(const std::string& owner, std::string_view field, Eigen::Index actual, Eigen::Index size,
                  std::string_view what) {
  if (actual != size)
    throw ConfigurationError(owner, std::string(field), std::to_string(actual) + " entries",
                             "must have " + std::to_string(size) + " entries, one per " + std::string(what));
}

void require_index(const std::string& owner, std::size_t i, std::size_t count, std::string_view noun,
                   const char* what) {
  if (i < count) return;
  std::string reason = "out of range: the effector has " + std::to_string(count) + " ";
  reason.append(noun).append("s");
  if (count > 0) reason += " (indices 0 to " + std::to_string(count - 1) + ")";
  std::string field(noun);
  field.append(" index (").append(what).append(")");
  throw ConfigurationError(owner, std::move(field), std::to_string(i), std::move(reason));
}

void require_interval(const std::string& owner, std::string_view field, double dt) {
  if (!std::isfinite(dt) || !(dt > 0.0))
    throw ConfigurationError(owner, std::string(field), to_text(dt), "must be finite and > 0");
}

Quaternion unit_attitude(const std::string& owner, std::string_view field, const Quaternion& q) {
  const double n = q.norm();
  if (!q.allFinite() || !std::isfinite(n) || !(n > 0.0))
    throw ConfigurationError(owner, std::string(field), to_text(q), "must be a finite quaternion of non-zero norm");
  return q / n;
}

void require_unit_interval(const std::string& owner, std::string_view field, double value) {
  require_finite(owner, field, value);
  if (value < 0.0 || value > 1.0)
    throw ConfigurationError(owner, std::string(field), to_text(value), "must lie in [0, 1]");
}

void require_positive_definite(const std::string& owner, std::string_view field, const Eigen::Matrix3d& value) {
  if (!value.allFinite()) throw ConfigurationError(owner, std::string(field), to_text(value), "must be finite");
  // Symmetry to round-off of the given numbers: 1e-12 of the tensor's size.
  const double size = value.norm();
  if ((value - value.transpose()).norm() > 1e-12 * size)
    throw ConfigurationError(owner, std::string(field), to_text(value), "must be symmetric");
  const Eigen::LLT<Eigen::Matrix3d> llt(value);
  if (llt.info() != Eigen::Success || !(size > 0.0))
    throw ConfigurationError(owner, std::string(field), to_text(value), "must be positive definite");
}

void require_inertia(const std::string& owner, std::string_view field, const Eigen::Matrix3d& value) {
  require_positive_definite(owner, field, value);
  // With principal moments I1 ≤ I2 ≤ I3 about the centre of mass, I1 + I2 − I3 = 2 ∫ z² dm ≥ 0
  // (z along the third principal axis): no mass distribution has I3 > I1 + I2.
  const Eigen::Vector3d moments = principal_moments(value);
  if (triangle_excess(moments) > kInertiaTriangleTolerance)
    throw ConfigurationError(owner, std::string(field), to_text(value),
                             "is not the inertia of a rigid body: its principal moments " + to_text(moments[0]) + ", " +
                                 to_text(moments[1]) + ", " + to_text(moments[2]) +
                                 " violate the triangle inequality (" + to_text(moments[2]) + " > " +
                                 to_text(moments[0]) + " + " + to_text(moments[1]) +
                                 "; each principal moment must be at most the sum of the other two, to " +
                                 to_text(kInertiaTriangleTolerance) + " of the trace)");
}

Eigen::Vector3d principal_moments(const Eigen::Matrix3d& value) {
  // The iterative solver (not computeDirect's closed form): accurate to round-off of the norm even
  // for a nearly degenerate tensor, which the triangle check compares with 1e-9 of the trace.
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(value, Eigen::EigenvaluesOnly);
  return solver.eigenvalues();  // ascending
}

double triangle_excess(const Eigen::Vector3d& moments) {
  const double largest = moments.maxCoeff();
  const double trace = moments.sum();
  return (largest - (trace - largest)) / trace;
}

void require_unit_vector(const std::string& owner, std::string_view field, const Eigen::Vector3d& v) {
  require_finite(owner, field, v);
  const double n = v.norm();
  if (!(n > 0.0))
    throw ConfigurationError(owner, std::string(field), to_text(v), "has zero length; must be a unit vector");
  if (std::abs(n - 1.0) > 1e-9)
    throw ConfigurationError(owner, std::string(field), to_text(v),
                             "must be a unit vector (norm " + to_text(n) + ", allowed 1 ± 1e-9)");
}

void require_unit_quaternion(const std::string& owner, std::string_view field, const Eigen::Vector4d& value) {
  if (!value.allFinite()) throw ConfigurationError(owner, std::string(field), to_text(value), "must be finite");
  // A quaternion typed with ten digits has a norm within ~1e-10 of one; 1e-9 catches a typo.
  if (std::abs(value.norm() - 1.0) > 1e-9)
    throw ConfigurationError(owner, std::string(field), to_text(value), "must be a unit quaternion (norm 1)");
}

void require_rotation(const std::string& owner, std::string_view field, const Eigen::Matrix3d& value) {
  if (!value.allFinite()) throw ConfigurationError(owner, std::string(field), to_text(value), "must be finite");
  if ((value.transpose() * value - Eigen::Matrix3d::Identity()).norm() > 1e-9 || value.determinant() < 0.0)
    throw ConfigurationError(owner, std::string(field), to_text(value),
                             "must be a rotation matrix (orthonormal, det +1)");
}

}  // namespace validation
}  // namespace ramus
