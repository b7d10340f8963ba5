// Odeint's rosenbrock4 under its rosenbrock4_controller, behind a plain interface: Odeint's
// Rosenbrock stepper is written on uBLAS, whose storage in Boost 1.74 does not compile as C++20
// (it calls std::allocator::construct), so rosenbrock4_odeint.cpp alone is compiled as C++17 and
// this header holds nothing but standard types.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

namespace ramus::implicit_steppers {

class Rosenbrock4Odeint {
 public:
  /// dxdt = f(x, t), arrays of n doubles.
  using Derivative = std::function<void(const double* x, double* dxdt, double t)>;
  /// J = ∂f/∂x (n×n, row-major) and dfdt = ∂f/∂t at (x, t).
  using Jacobian = std::function<void(const double* x, double* J, double t, double* dfdt)>;

  Rosenbrock4Odeint(std::size_t n, double abs_tol, double rel_tol);
  ~Rosenbrock4Odeint();
  Rosenbrock4Odeint(const Rosenbrock4Odeint& other);
  Rosenbrock4Odeint& operator=(const Rosenbrock4Odeint& other);

  /// One trial step of the controller from (x, t) with step dt: on success x and t advance and
  /// true is returned; dt becomes the controller's proposal either way.
  bool try_step(const Derivative& f, const Jacobian& jacobian, double* x, double& t, double& dt);
  /// One step of the method alone, of length dt, from (x, t) (for order studies).
  void do_step(const Derivative& f, const Jacobian& jacobian, double* x, double t, double dt);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ramus::implicit_steppers
