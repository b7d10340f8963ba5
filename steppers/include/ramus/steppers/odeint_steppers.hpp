// The Odeint stepper types over ramus's state (Eigen::VectorXd with Odeint's vector-space
// algebra). The one header that includes Odeint's Eigen support; it is heavy to compile, so
// include it only where a stepper type is needed.
#pragma once

#include <Eigen/Dense>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>

namespace ramus::odeint_steppers {

namespace ode = boost::numeric::odeint;
using State = Eigen::VectorXd;

// The fixed-step steppers use the vector-space algebra (whole-vector Eigen expressions). The
// error-controlled ones use the range algebra (element loops over the vector's iterators): with
// the vector-space algebra, Odeint's error checker evaluates |x_err| / (…) into temporaries, three
// heap allocations per trial step; element loops make none. bulirsch_stoer still allocates two
// small std::vectors (h_opt, work) inside Odeint's own try_step, whatever the algebra.
using euler = ode::euler<State, double, State, double, ode::vector_space_algebra>;
using rk4 = ode::runge_kutta4<State, double, State, double, ode::vector_space_algebra>;
using rk_ck54 = ode::runge_kutta_cash_karp54<State, double, State, double, ode::range_algebra>;
using rk_dopri5 = ode::runge_kutta_dopri5<State, double, State, double, ode::range_algebra>;
using rk_f78 = ode::runge_kutta_fehlberg78<State, double, State, double, ode::range_algebra>;
using bulirsch_stoer = ode::bulirsch_stoer<State, double, State, double, ode::range_algebra>;
using rk2 = ode::explicit_generic_rk<2, 2, State, double, State, double, ode::vector_space_algebra>;

/// The explicit midpoint rule: k1 = f(x, t), k2 = f(x + h/2 k1, t + h/2), x' = x + h k2.
inline rk2 make_rk2() {
  const boost::array<double, 1> a1{{0.5}};
  const boost::fusion::vector<boost::array<double, 1>> a(a1);
  const boost::array<double, 2> b{{0.0, 1.0}};
  const boost::array<double, 2> c{{0.0, 0.5}};
  return rk2(a, b, c);
}

}  // namespace ramus::odeint_steppers
