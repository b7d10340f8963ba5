// Jacobians of the right-hand side by finite differences (docs/analysis/linear_models.md §2):
// on the tangent coordinates (tangent_coordinates.hpp) for linear models, and on the raw state
// for the implicit steppers. Central differences with a step scaled to each block's size, or
// Richardson's extrapolation of two central differences where more accuracy is asked for.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <vector>

#include "ramus/analysis/tangent_coordinates.hpp"
#include "ramus/kernel/system.hpp"

namespace ramus::analysis {

enum class Differences {
  central,    ///< (F(h) − F(−h)) / 2h, h = ε^(1/3) s: error ~ ε^(2/3) relative (eq. L4)
  richardson  ///< (4 D(h/2) − D(h)) / 3, h = ε^(1/5) s: error ~ ε^(4/5) relative (eq. L5)
};

struct JacobianSettings {
  Differences differences = Differences::central;
  /// Step relative to each coordinate's scale s (0: the default of the differences above).
  double relative_step = 0.0;
};

/// Where a model is linearized: the state, the time and the commands held there.
struct OperatingPoint {
  Eigen::VectorXd x;  ///< the state (the model's layout)
  double t = 0.0;     ///< [s]
  Eigen::VectorXd u;  ///< every channel's command (Model::input_layout()); empty: the initial commands
};

/// Throws ConfigurationError naming the field when x, t or u is of the wrong size or not finite.
void check_operating_point(const Model& model, const OperatingPoint& point);

/// The scale s_k of each tangent coordinate's step: the largest |entry| of its state block at x0,
/// at least 1 in the block's unit (1 rad for the attitude error), so that an orbit's position
/// (7e6 m) is stepped by metres, not by micrometres.
Eigen::VectorXd tangent_scales(const Model& model, const TangentCoordinates& chart, const Eigen::VectorXd& x0);

/// ∂ż/∂z (n×n) and ∂ż/∂u over `channels` (n×k) at the operating point, in tangent coordinates:
/// ż = tangent_rate(f(x0 ⊕ z, t, u)). Evaluated with a System of its own (the caller's runs are
/// not touched); commands are perturbed inside the channels' limits (one-sided at a limit).
struct TangentJacobians {
  Eigen::MatrixXd A, B;
};
TangentJacobians tangent_jacobians(const std::shared_ptr<const Model>& model, const TangentCoordinates& chart,
                                   const OperatingPoint& point, const std::vector<Eigen::Index>& channels,
                                   const JacobianSettings& settings = {});

/// ∂f/∂x on the raw state and ∂f/∂t, by central differences, through a run's System (its inputs
/// as they are held): the Jacobian of the implicit steppers. Allocation-free after construction.
class StateJacobian {
 public:
  explicit StateJacobian(const Model& model);
  void operator()(const System& system, const Eigen::VectorXd& x, double t, Eigen::MatrixXd& dfdx,
                  Eigen::VectorXd& dfdt) const;
  /// Evaluations of f per Jacobian (2n + 2).
  Eigen::Index evaluations_per_call() const { return 2 * xp_.size() + 2; }

 private:
  std::vector<std::pair<Eigen::Index, Eigen::Index>> blocks_;
  mutable Eigen::VectorXd xp_, fp_, fm_;
};

}  // namespace ramus::analysis
