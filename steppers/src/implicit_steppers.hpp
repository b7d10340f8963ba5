// The implicit steppers of the list (docs/architecture.md §D8): backward Euler with a bounded
// simplified Newton iteration, and Odeint's rosenbrock4 with its controller. Both take the
// Jacobian ∂f/∂x, ∂f/∂t of the run's System by central differences (analysis/jacobian.hpp), so
// they apply to every model. Both present the interface of the driver's other steppers (fixed:
// do_step out of place; adaptive: try_step on Eigen vectors), so that the driver, its events and
// its checks treat them like the rest.
#pragma once

#include <Eigen/Dense>
#include <boost/numeric/odeint/stepper/controlled_step_result.hpp>
#include <functional>
#include <optional>

#include "ramus/analysis/jacobian.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/validation.hpp"
#include "rosenbrock4_odeint.hpp"

namespace ramus::implicit_steppers {

/// Backward Euler, x1 = x0 + h f(x1, t + h) (first order, L-stable), solved by simplified Newton
/// iterations with the Jacobian at (x0, t + h): (1 − h J) δ = x − x0 − h f(x, t + h), x ← x − δ,
/// until every |δ_i| ≤ 1e-12 of its block's size; more than 20 iterations is an IntegrationError
/// (Odeint's implicit_euler iterates without a bound, on an absolute tolerance). Allocation-free
/// after its first step.
class ImplicitEuler {
 public:
  template <class SystemRef>
  void do_step(SystemRef system_ref, const Eigen::VectorXd& x, double t, Eigen::VectorXd& x_next, double h) {
    const System& system = system_ref;
    if (!jacobian_ || J_.rows() != x.size()) size_for(system.model());
    const double t1 = t + h;
    (*jacobian_)(system, x, t1, J_, dfdt_);
    M_.noalias() = -h * J_;
    M_.diagonal().array() += 1.0;
    lu_.compute(M_);
    for (const StateBlock& b : system.model().layout().blocks())
      scale_.segment(b.offset, b.size)
          .setConstant(1e-12 * std::max(1.0, x.segment(b.offset, b.size).cwiseAbs().maxCoeff()));
    x_next = x;
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
      system(x_next, f_, t1);
      r_ = x_next - x - h * f_;
      delta_ = lu_.solve(r_);
      x_next -= delta_;
      if (!delta_.allFinite()) break;
      if ((delta_.cwiseAbs().array() <= scale_.array()).all()) return;
    }
    throw IntegrationError("implicit_euler Newton iteration at t = " + validation::to_text(t) + " s, step",
                           validation::to_text(h) + " s",
                           "did not converge in " + std::to_string(kMaxIterations) +
                               " iterations: take a smaller step (dt) or an explicit stepper");
  }
  /// The same, given f(x, t) (the driver's event trial steps pass it; backward Euler needs none).
  template <class SystemRef>
  void do_step(SystemRef system_ref, const Eigen::VectorXd& x, const Eigen::VectorXd& /*f*/, double t,
               Eigen::VectorXd& x_next, double h) {
    do_step(system_ref, x, t, x_next, h);
  }

 private:
  static constexpr int kMaxIterations = 20;
  void size_for(const Model& model) {
    const Eigen::Index n = model.layout().size();
    jacobian_.emplace(model);
    J_.resize(n, n);
    M_.resize(n, n);
    lu_ = Eigen::PartialPivLU<Eigen::MatrixXd>(n);
    for (Eigen::VectorXd* v : {&dfdt_, &f_, &r_, &delta_, &scale_}) v->resize(n);
  }
  std::optional<analysis::StateJacobian> jacobian_;
  Eigen::MatrixXd J_, M_;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
  Eigen::VectorXd dfdt_, f_, r_, delta_, scale_;
};

/// Odeint's rosenbrock4 (a fourth-order Rosenbrock method with an embedded third-order error
/// estimate) under rosenbrock4_controller (rosenbrock4_odeint.hpp), with the Jacobian of the run's
/// System. It is given the autonomous form of the system, y = (x, τ) with τ' = 1 and ∂f/∂t in the
/// Jacobian's last column: with Odeint's own time-derivative terms the method fell to first order
/// on a time-dependent torque (docs/verification/IMPLICIT_STEPPERS.md), autonomous it is fourth
/// order. The state is copied in and out around each trial step: O(n), against the O(n²)
/// Jacobian and the O(n³) factorization.
class Rosenbrock4 {
 public:
  Rosenbrock4(double abs_tol, double rel_tol) : abs_tol_(abs_tol), rel_tol_(rel_tol) {}

  template <class SystemRef>
  boost::numeric::odeint::controlled_step_result try_step(SystemRef system_ref, Eigen::VectorXd& x, double& t,
                                                          double& dt) {
    const System& system = system_ref;
    const auto [f, jacobian] = callbacks(system, x, t);
    if (!odeint_->try_step(f, jacobian, y_.data(), t, dt)) return boost::numeric::odeint::fail;
    x = y_.head(x.size());
    return boost::numeric::odeint::success;
  }
  /// One step of the method alone, of length h (no error control): for order studies.
  void do_step(const System& system, Eigen::VectorXd& x, double t, double h) {
    const auto [f, jacobian] = callbacks(system, x, t);
    odeint_->do_step(f, jacobian, y_.data(), t, h);
    x = y_.head(x.size());
  }

 private:
  /// y = (x, t) and the autonomous system's right-hand side and Jacobian, sized on first use.
  std::pair<Rosenbrock4Odeint::Derivative, Rosenbrock4Odeint::Jacobian> callbacks(const System& system,
                                                                                  const Eigen::VectorXd& x, double t) {
    if (!odeint_ || x_.size() != x.size()) size_for(system.model());
    system_ = &system;
    y_.head(x.size()) = x;
    y_[x.size()] = t;
    // Each callback captures `this` alone: it fits std::function's small buffer (no allocation).
    const Rosenbrock4Odeint::Derivative f = [this](const double* y, double* dydt, double) {
      const Eigen::Index n = x_.size();
      x_ = Eigen::Map<const Eigen::VectorXd>(y, n);
      (*system_)(x_, f_, y[n]);
      Eigen::Map<Eigen::VectorXd>(dydt, n) = f_;
      dydt[n] = 1.0;
    };
    const Rosenbrock4Odeint::Jacobian jacobian = [this](const double* y, double* J, double, double* dfdt) {
      const Eigen::Index n = x_.size();
      x_ = Eigen::Map<const Eigen::VectorXd>(y, n);
      (*jacobian_)(*system_, x_, y[n], J_, dfdt_);
      Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> Jy(J, n + 1, n + 1);
      Jy.topLeftCorner(n, n) = J_;
      Jy.topRightCorner(n, 1) = dfdt_;
      Jy.bottomRows(1).setZero();
      Eigen::Map<Eigen::VectorXd>(dfdt, n + 1).setZero();
    };
    return {f, jacobian};
  }
  void size_for(const Model& model) {
    const Eigen::Index n = model.layout().size();
    odeint_.emplace(static_cast<std::size_t>(n + 1), abs_tol_, rel_tol_);
    jacobian_.emplace(model);
    y_.resize(n + 1);
    x_.resize(n);
    f_.resize(n);
    dfdt_.resize(n);
    J_.resize(n, n);
  }
  double abs_tol_, rel_tol_;
  const System* system_ = nullptr;  // the run's, during a step
  std::optional<Rosenbrock4Odeint> odeint_;
  std::optional<analysis::StateJacobian> jacobian_;
  Eigen::VectorXd y_, x_, f_, dfdt_;
  Eigen::MatrixXd J_;
};

}  // namespace ramus::implicit_steppers
