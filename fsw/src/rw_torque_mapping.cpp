#include "ramus/fsw/rw_torque_mapping.hpp"

#include <Eigen/SVD>
#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {
namespace {

// Relative singular-value threshold of the rank test (eq. (4)): a wheel set whose torque about some
// controlled axis is below 1e-9 of its largest is singular for any practical purpose (the mapped
// torques would be ~1e9 times the request).
constexpr double kRankTolerance = 1e-9;

}  // namespace

RwTorqueMapping::RwTorqueMapping(std::string name, const RwTorqueMappingConfig& config)
    : name_(std::move(name)), config_(config) {
  const std::string who = validation::owner("rw_torque_mapping", name_);
  const Eigen::Index n = config.Gs_B.cols();
  if (n < 1) throw ConfigurationError(who, "Gs_B [1]", "3×0", "needs at least one wheel");
  for (Eigen::Index i = 0; i < n; ++i)
    validation::require_unit_vector(who, validation::entry("Gs_B column", i, "1"), config.Gs_B.col(i));
  validation::require_size(who, "u_max [N m]", config.u_max.size(), n, "wheel");
  validation::require_size(who, "Omega_max [rad/s]", config.Omega_max.size(), n, "wheel");
  validation::require_positive_entries(who, "u_max", "N m", config.u_max, true);
  validation::require_positive_entries(who, "Omega_max", "rad/s", config.Omega_max, true);
  const Eigen::Index m = config.control_axes_B.cols();
  if (m < 1 || m > 3)
    throw ConfigurationError(who, "control_axes_B [1]", validation::matrix_text(config.control_axes_B),
                             "must have 1 to 3 columns (the controlled body axes)");
  for (Eigen::Index j = 0; j < m; ++j)
    validation::require_unit_vector(who, validation::entry("control_axes_B column", j, "1"),
                                    config.control_axes_B.col(j));
  // eq. (4): the projected spin axes C Gs (M×N) must have rank M.
  const Eigen::MatrixXd CGs = config.control_axes_B.transpose() * config.Gs_B;
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(CGs);
  const Eigen::VectorXd sv = svd.singularValues();
  const Eigen::Index rank = (sv.array() > kRankTolerance * sv[0]).count();
  if (rank < m) {
    const bool full = m == 3 && config.control_axes_B.isApprox(Eigen::Matrix3d::Identity());
    throw ConfigurationError(
        who, full ? "Gs_B [1]" : "Gs_B [1] with control_axes_B [1]", validation::matrix_text(config.Gs_B),
        "has rank " + std::to_string(rank) + " < " + std::to_string(m) +
            (full ? ": the wheels cannot torque the hub about every body axis (full three-axis control asked)"
                  : ": the wheels cannot torque the hub about every controlled axis"));
  }
  // eq. (3): M = −(C Gs)ᵀ [(C Gs)(C Gs)ᵀ]⁻¹ C with C = control_axes_Bᵀ, formed once.
  const Eigen::MatrixXd gram = CGs * CGs.transpose();
  mapping_ = -CGs.transpose() * gram.llt().solve(config.control_axes_B.transpose());
  command_.u_requested = Eigen::VectorXd::Zero(n);
  command_.u_applied = Eigen::VectorXd::Zero(n);
  command_.torque_saturated = Eigen::Array<bool, Eigen::Dynamic, 1>::Constant(n, false);
  command_.speed_saturated = Eigen::Array<bool, Eigen::Dynamic, 1>::Constant(n, false);
}

const RwTorqueCommand& RwTorqueMapping::map(const Eigen::Vector3d& L_r_B,
                                            const Eigen::Ref<const Eigen::VectorXd>& Omega) {
  if (Omega.size() != wheel_count())
    throw Error(validation::owner("rw_torque_mapping", name_) + ": Omega [rad/s] has " + std::to_string(Omega.size()) +
                " entries, expected " + std::to_string(wheel_count()) + " (one per wheel)");
  RwTorqueCommand& c = command_;
  c.L_requested_B = L_r_B;
  c.u_requested.noalias() = mapping_ * L_r_B;  // eq. (3)
  c.any_saturated = false;
  for (Eigen::Index i = 0; i < wheel_count(); ++i) {
    const double u = c.u_requested[i], u_max = config_.u_max[i];
    // eq. (5): the torque limit, then the speed limit (at Ω_max only torque towards zero speed).
    c.torque_saturated[i] = std::abs(u) > u_max;
    double applied = c.torque_saturated[i] ? std::copysign(u_max, u) : u;
    c.speed_saturated[i] = std::abs(Omega[i]) >= config_.Omega_max[i] && u * Omega[i] > 0.0;
    if (c.speed_saturated[i]) applied = 0.0;
    c.u_applied[i] = applied;
    c.any_saturated = c.any_saturated || c.torque_saturated[i] || c.speed_saturated[i];
  }
  c.L_applied_B.noalias() = -config_.Gs_B * c.u_applied;  // eq. (1)
  return c;
}

}  // namespace ramus::fsw
