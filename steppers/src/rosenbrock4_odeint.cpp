// Compiled as C++17 (steppers/CMakeLists.txt): see rosenbrock4_odeint.hpp.
#include "rosenbrock4_odeint.hpp"

#include <algorithm>
#include <boost/numeric/odeint/stepper/rosenbrock4.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4_controller.hpp>
#include <utility>

namespace ramus::implicit_steppers {

namespace ode = boost::numeric::odeint;
namespace ublas = boost::numeric::ublas;

struct Rosenbrock4Odeint::Impl {
  ode::rosenbrock4_controller<ode::rosenbrock4<double>> controller;
  ublas::vector<double> x;
  Impl(std::size_t n, double abs_tol, double rel_tol) : controller(abs_tol, rel_tol), x(n) {}
};

Rosenbrock4Odeint::Rosenbrock4Odeint(std::size_t n, double abs_tol, double rel_tol)
    : impl_(std::make_unique<Impl>(n, abs_tol, rel_tol)) {}
Rosenbrock4Odeint::~Rosenbrock4Odeint() = default;
Rosenbrock4Odeint::Rosenbrock4Odeint(const Rosenbrock4Odeint& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
Rosenbrock4Odeint& Rosenbrock4Odeint::operator=(const Rosenbrock4Odeint& other) {
  if (this != &other) impl_ = std::make_unique<Impl>(*other.impl_);
  return *this;
}

namespace {

/// Odeint's system pair over uBLAS from the plain callbacks.
auto odeint_system(const Rosenbrock4Odeint::Derivative& f, const Rosenbrock4Odeint::Jacobian& jacobian) {
  auto deriv = [&f](const ublas::vector<double>& y, ublas::vector<double>& dydt, double tt) { f(&y[0], &dydt[0], tt); };
  auto jacobi = [&jacobian](const ublas::vector<double>& y, ublas::matrix<double>& J, double tt,
                            ublas::vector<double>& dfdt) {
    jacobian(&y[0], &J(0, 0), tt, &dfdt[0]);  // ublas::matrix is row-major, contiguous
  };
  return std::make_pair(deriv, jacobi);
}

}  // namespace

bool Rosenbrock4Odeint::try_step(const Derivative& f, const Jacobian& jacobian, double* x, double& t, double& dt) {
  ublas::vector<double>& xu = impl_->x;
  std::copy(x, x + xu.size(), xu.begin());
  if (impl_->controller.try_step(odeint_system(f, jacobian), xu, t, dt) != ode::success) return false;
  std::copy(xu.begin(), xu.end(), x);
  return true;
}

void Rosenbrock4Odeint::do_step(const Derivative& f, const Jacobian& jacobian, double* x, double t, double dt) {
  ublas::vector<double>& xu = impl_->x;
  std::copy(x, x + xu.size(), xu.begin());
  impl_->controller.stepper().do_step(odeint_system(f, jacobian), xu, t, dt);
  std::copy(xu.begin(), xu.end(), x);
}

}  // namespace ramus::implicit_steppers
