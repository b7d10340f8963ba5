#include "ramus/fsw/momentum_management.hpp"

#include <Eigen/QR>
#include <algorithm>
#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {
namespace {

// At most three passive columns: the least-squares subproblems are fixed-capacity (no heap).
using PassiveColumns = Eigen::Matrix<double, 3, Eigen::Dynamic, 0, 3, 3>;
using PassiveVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 3, 1>;

// A x for a 3×M matrix, written out (no temporary of the dynamic size).
Eigen::Vector3d times(const Eigen::Matrix3Xd& A, const Eigen::Ref<const Eigen::VectorXd>& x) {
  Eigen::Vector3d y = Eigen::Vector3d::Zero();
  for (Eigen::Index j = 0; j < A.cols(); ++j) y += x[j] * A.col(j);
  return y;
}

// Positive spanning (eq. (5)): the NNLS residual of a unit torque request must vanish; 1e-9 of the
// request is many orders above the solver's round-off (~1e-15) and far below any usable torque.
constexpr double kSpanTolerance = 1e-9;

}  // namespace

// ---- nonnegative least squares (Lawson & Hanson) ---------------------------------------------

NonnegativeLeastSquares::NonnegativeLeastSquares(Eigen::Index columns)
    : w_(columns), z_(columns), passive_(columns), excluded_(columns) {}

double NonnegativeLeastSquares::solve(const Eigen::Matrix3Xd& A, const Eigen::Vector3d& b,
                                      Eigen::Ref<Eigen::VectorXd> x) {
  const Eigen::Index m = A.cols();
  x.setZero();
  passive_.setConstant(false);
  excluded_.setConstant(false);
  Eigen::Index set[3] = {0, 0, 0};
  int count = 0;
  // w_j = A_jᵀ r is significant above round-off of |A_j| |b|.
  const double scale = A.colwise().norm().maxCoeff() * b.norm();
  const double tol = 1e-12 * scale;
  if (!(scale > 0.0)) return b.norm();

  PassiveColumns Ap;
  PassiveVector zp;
  // Solves the unconstrained least squares on the passive set into zp.
  auto solve_passive = [&]() {
    Ap.resize(3, count);
    for (int k = 0; k < count; ++k) Ap.col(k) = A.col(set[k]);
    zp = Ap.colPivHouseholderQr().solve(b);
  };

  for (Eigen::Index outer = 0; outer < 3 * m + 10; ++outer) {
    const Eigen::Vector3d r = b - times(A, x);
    Eigen::Index j = -1;
    double best = tol;
    for (Eigen::Index i = 0; i < m; ++i) {
      w_[i] = A.col(i).dot(r);
      if (!passive_[i] && !excluded_[i] && w_[i] > best) {
        best = w_[i];
        j = i;
      }
    }
    if (j < 0 || count == 3) break;  // Kuhn–Tucker conditions hold (or the passive set spans R³)
    passive_[j] = true;
    set[count++] = j;
    bool x_changed = false;
    for (int inner = 0; inner < 8; ++inner) {
      solve_passive();
      if ((zp.array() > 0.0).all()) {
        for (int k = 0; k < count; ++k) x[set[k]] = zp[k];
        x_changed = true;
        break;
      }
      if (inner == 0 && zp[count - 1] <= 0.0) {
        // Round-off only (w_j > 0 makes z_j > 0 in exact arithmetic): drop j until x changes.
        passive_[j] = false;
        excluded_[j] = true;
        --count;
        break;
      }
      // Step from x towards z until the first passive entry reaches zero (exactly), drop the zeros.
      double alpha = 1.0;
      int first = -1;
      for (int k = 0; k < count; ++k)
        if (zp[k] <= 0.0) {
          const double a = x[set[k]] / (x[set[k]] - zp[k]);
          if (first < 0 || a < alpha) {
            alpha = a;
            first = k;
          }
        }
      for (int k = 0; k < count; ++k) x[set[k]] += alpha * (zp[k] - x[set[k]]);
      x[set[first]] = 0.0;
      int kept = 0;
      for (int k = 0; k < count; ++k) {
        if (x[set[k]] <= 0.0) {
          x[set[k]] = 0.0;
          passive_[set[k]] = false;
        } else {
          set[kept++] = set[k];
        }
      }
      count = kept;
      x_changed = true;
      if (count == 0) break;
    }
    if (x_changed) excluded_.setConstant(false);
  }
  return (b - times(A, x)).norm();
}

// ---- momentum management ---------------------------------------------------------------------

MomentumManagement::MomentumManagement(std::string name, const MomentumManagementConfig& config)
    : name_(std::move(name)), config_(config), nnls_(config.r_TB_B.cols()) {
  const std::string who = validation::owner("momentum_management", name_);
  const MomentumManagementConfig& c = config;
  const Eigen::Index n = c.Gs_B.cols(), m = c.r_TB_B.cols();
  if (n < 1) throw ConfigurationError(who, "Gs_B [1]", "3×0", "needs at least one wheel");
  for (Eigen::Index i = 0; i < n; ++i)
    validation::require_unit_vector(who, validation::entry("Gs_B column", i, "1"), c.Gs_B.col(i));
  validation::require_size(who, "J_s [kg m²]", c.J_s.size(), n, "wheel (column of Gs_B)");
  validation::require_positive_entries(who, "J_s", "kg m²", c.J_s, false);
  if (m < 1) throw ConfigurationError(who, "r_TB_B [m]", "3×0", "needs at least one thruster");
  validation::require_size(who, "d_B [1]", c.d_B.cols(), m, "thruster (column of r_TB_B)");
  validation::require_size(who, "thrust [N]", c.thrust.size(), m, "thruster (column of r_TB_B)");
  for (Eigen::Index i = 0; i < m; ++i) {
    validation::require_finite(who, validation::entry("r_TB_B column", i, "m"), c.r_TB_B.col(i));
    validation::require_unit_vector(who, validation::entry("d_B column", i, "1"), c.d_B.col(i));
  }
  validation::require_positive_entries(who, "thrust", "N", c.thrust, false);
  validation::require_finite(who, "r_CB_B [m]", c.r_CB_B);
  validation::require_positive(who, "control_period [s]", c.control_period);
  validation::require_non_negative(who, "minimum_on_time [s]", c.minimum_on_time);
  if (!(c.minimum_on_time < c.control_period))
    throw ConfigurationError(who, "minimum_on_time [s]", validation::to_text(c.minimum_on_time),
                             "must be shorter than control_period = " + validation::to_text(c.control_period) + " s");
  validation::require_positive(who, "start_threshold [N m s]", c.start_threshold);
  validation::require_non_negative(who, "stop_threshold [N m s]", c.stop_threshold);
  if (!(c.stop_threshold < c.start_threshold))
    throw ConfigurationError(who, "stop_threshold [N m s]", validation::to_text(c.stop_threshold),
                             "must be below start_threshold = " + validation::to_text(c.start_threshold) + " N m s");
  validation::require_positive(who, "gain [1/s]", c.gain);
  if (c.gain * c.control_period > 1.0)
    throw ConfigurationError(who, "gain [1/s]", validation::to_text(c.gain),
                             "times control_period must be at most 1 (else each period overshoots zero): gain × " +
                                 validation::to_text(c.control_period) +
                                 " s = " + validation::to_text(c.gain * c.control_period));
  // eq. (4): τ_i = (r_TB − r_CB) × F_i d̂_i.
  torques_.resize(3, m);
  for (Eigen::Index i = 0; i < m; ++i) torques_.col(i) = (c.r_TB_B.col(i) - c.r_CB_B).cross(c.thrust[i] * c.d_B.col(i));
  // The thrusters must give a torque about every body axis, of both signs (positive spanning).
  Eigen::VectorXd t(m);
  const double size = torques_.colwise().norm().maxCoeff();
  for (int axis = 0; axis < 3; ++axis)
    for (const double sign : {1.0, -1.0}) {
      const Eigen::Vector3d b = sign * size * Eigen::Vector3d::Unit(axis);
      if (nnls_.solve(torques_, b, t) > kSpanTolerance * size) {
        const char* names[3] = {"x", "y", "z"};
        throw ConfigurationError(who, "r_TB_B [m] with d_B [1]", validation::matrix_text(c.r_TB_B),
                                 std::string("gives no combination of firings with a torque about ") +
                                     (sign > 0 ? "+" : "-") + names[axis] +
                                     " of B: the thrusters cannot dump momentum about every axis");
      }
    }
  command_.on_time = Eigen::VectorXd::Zero(m);
}

Eigen::Vector3d MomentumManagement::wheel_momentum_B(const Eigen::Ref<const Eigen::VectorXd>& Omega) const {
  if (Omega.size() != config_.Gs_B.cols())
    throw Error(validation::owner("momentum_management", name_) + ": Omega [rad/s] has " +
                std::to_string(Omega.size()) + " entries, expected " + std::to_string(config_.Gs_B.cols()) +
                " (one per wheel)");
  Eigen::Vector3d H = Eigen::Vector3d::Zero();
  for (Eigen::Index i = 0; i < Omega.size(); ++i) H += config_.J_s[i] * Omega[i] * config_.Gs_B.col(i);  // eq. (1)
  return H;
}

const MomentumDumpCommand& MomentumManagement::update(const Eigen::Ref<const Eigen::VectorXd>& Omega) {
  const MomentumManagementConfig& c = config_;
  MomentumDumpCommand& cmd = command_;
  cmd.H_w_B = wheel_momentum_B(Omega);
  const double H = cmd.H_w_B.norm();
  if (cmd.active ? H <= c.stop_threshold : H > c.start_threshold) cmd.active = !cmd.active;  // eq. (2)
  cmd.on_time.setZero();
  cmd.impulse_limited = false;
  cmd.DeltaH_requested_B.setZero();
  if (cmd.active) {
    cmd.DeltaH_requested_B = -c.gain * c.control_period * cmd.H_w_B;  // eq. (3)
    nnls_.solve(torques_, cmd.DeltaH_requested_B, cmd.on_time);       // eq. (5)
    const double longest = cmd.on_time.maxCoeff();
    if (longest > c.control_period) {  // eq. (6)
      cmd.on_time *= c.control_period / longest;
      cmd.impulse_limited = true;
    }
    for (Eigen::Index i = 0; i < cmd.on_time.size(); ++i) {  // eq. (7)
      double& t = cmd.on_time[i];
      if (t < c.minimum_on_time) t = t >= 0.5 * c.minimum_on_time && t > 0.0 ? c.minimum_on_time : 0.0;
    }
  }
  cmd.DeltaH_commanded_B = times(torques_, cmd.on_time);  // eq. (8)
  cmd.torque_mean_B = cmd.DeltaH_commanded_B / c.control_period;
  return cmd;
}

Eigen::Vector3d MomentumManagement::thruster_torque_B(double s) const {
  Eigen::Vector3d tau = Eigen::Vector3d::Zero();
  if (!(s >= 0.0)) return tau;
  for (Eigen::Index i = 0; i < torques_.cols(); ++i)
    if (s < command_.on_time[i]) tau += torques_.col(i);  // eq. (9)
  return tau;
}

Eigen::Vector3d MomentumManagement::wheel_torque_request_B(const Eigen::Vector3d& L_r_B, double s) const {
  return L_r_B - thruster_torque_B(s);  // eq. (10)
}

Eigen::Vector3d MomentumManagement::wheel_torque_request_B(const Eigen::Vector3d& L_r_B) const {
  return L_r_B - command_.torque_mean_B;  // eq. (11)
}

void MomentumManagement::reset() {
  command_.active = false;
  command_.on_time.setZero();
  command_.H_w_B.setZero();
  command_.DeltaH_requested_B.setZero();
  command_.DeltaH_commanded_B.setZero();
  command_.torque_mean_B.setZero();
  command_.impulse_limited = false;
}

}  // namespace ramus::fsw
