// Configuration checks shared by the fsw components (private to fsw/src). Each throws
// ConfigurationError naming the component, the field with its unit and the value
// (docs/architecture.md §D10).
#pragma once

#include <Eigen/Dense>
#include <string>

namespace ramus::fsw::detail {

/// "<kind> '<name>'", the owner of every message of one component.
std::string owner(const std::string& kind, const std::string& name);
/// Text of a dynamic matrix or vector, full precision.
std::string text(const Eigen::MatrixXd& value);
/// `field[i]`, the field of one entry of a per-wheel or per-thruster vector, with its unit.
std::string entry(const std::string& field, Eigen::Index i, const std::string& unit);

/// Finite, symmetric to 1e-12 of its norm and positive definite (Cholesky succeeds).
void require_positive_definite(const std::string& owner, const std::string& field, const Eigen::Matrix3d& value);
/// Every entry positive and finite, or +infinity when `infinity_allowed` (no limit).
void require_positive_entries(const std::string& owner, const std::string& field, const std::string& unit,
                              const Eigen::VectorXd& value, bool infinity_allowed);
/// The vector has `size` entries.
void require_size(const std::string& owner, const std::string& field, Eigen::Index actual, Eigen::Index size,
                  const std::string& what);

}  // namespace ramus::fsw::detail
