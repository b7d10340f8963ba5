#include "checks.hpp"

#include <Eigen/Cholesky>
#include <cmath>
#include <sstream>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw::detail {

std::string owner(const std::string& kind, const std::string& name) { return kind + " '" + name + "'"; }

std::string text(const Eigen::MatrixXd& m) {
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

std::string entry(const std::string& field, Eigen::Index i, const std::string& unit) {
  return field + "[" + std::to_string(i) + "] [" + unit + "]";
}

void require_positive_definite(const std::string& owner, const std::string& field, const Eigen::Matrix3d& value) {
  if (!value.allFinite()) throw ConfigurationError(owner, field, validation::to_text(value), "must be finite");
  const double size = value.norm();
  if ((value - value.transpose()).norm() > 1e-12 * size)
    throw ConfigurationError(owner, field, validation::to_text(value), "must be symmetric");
  const Eigen::LLT<Eigen::Matrix3d> llt(value);
  if (!(size > 0.0) || llt.info() != Eigen::Success)
    throw ConfigurationError(owner, field, validation::to_text(value), "must be positive definite");
}

void require_positive_entries(const std::string& owner, const std::string& field, const std::string& unit,
                              const Eigen::VectorXd& value, bool infinity_allowed) {
  for (Eigen::Index i = 0; i < value.size(); ++i) {
    const double v = value[i];
    const bool ok = v > 0.0 && (std::isfinite(v) || infinity_allowed);
    if (!ok)
      throw ConfigurationError(
          owner, entry(field, i, unit), validation::to_text(v),
          infinity_allowed ? "must be positive (+infinity for no limit)" : "must be positive and finite");
  }
}

void require_size(const std::string& owner, const std::string& field, Eigen::Index actual, Eigen::Index size,
                  const std::string& what) {
  if (actual != size)
    throw ConfigurationError(owner, field, std::to_string(actual) + " entries",
                             "must have " + std::to_string(size) + " entries, one per " + what);
}

}  // namespace ramus::fsw::detail
