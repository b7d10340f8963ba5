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
/// Fehlberg's 4(5) pair, built on Odeint's generic explicit error stepper: six stages, the
/// fifth-order solution propagated and its difference from the fourth-order one as the error
/// estimate (local extrapolation, as Basilisk's svIntegratorRKF45 and GSL's rkf45 do).
using rk_f45 = ode::explicit_error_generic_rk<6, 5, 5, 4, State, double, State, double, ode::range_algebra>;

/// The explicit midpoint rule: k1 = f(x, t), k2 = f(x + h/2 k1, t + h/2), x' = x + h k2.
inline rk2 make_rk2() {
  const boost::array<double, 1> a1{{0.5}};
  const boost::fusion::vector<boost::array<double, 1>> a(a1);
  const boost::array<double, 2> b{{0.0, 1.0}};
  const boost::array<double, 2> c{{0.0, 0.5}};
  return rk2(a, b, c);
}

/// Fehlberg's tableau (E. Fehlberg, NASA TR R-315, 1969, table III): c = (0, 1/4, 3/8, 12/13, 1,
/// 1/2); b the fifth-order weights (16/135, 0, 6656/12825, 28561/56430, −9/50, 2/55); the error
/// weights b − b̂ with b̂ the fourth-order ones (25/216, 0, 1408/2565, 2197/4104, −1/5, 0).
inline rk_f45 make_rk_f45() {
  const boost::array<double, 1> a1{{1.0 / 4.0}};
  const boost::array<double, 2> a2{{3.0 / 32.0, 9.0 / 32.0}};
  const boost::array<double, 3> a3{{1932.0 / 2197.0, -7200.0 / 2197.0, 7296.0 / 2197.0}};
  const boost::array<double, 4> a4{{439.0 / 216.0, -8.0, 3680.0 / 513.0, -845.0 / 4104.0}};
  const boost::array<double, 5> a5{{-8.0 / 27.0, 2.0, -3544.0 / 2565.0, 1859.0 / 4104.0, -11.0 / 40.0}};
  const boost::fusion::vector<boost::array<double, 1>, boost::array<double, 2>, boost::array<double, 3>,
                              boost::array<double, 4>, boost::array<double, 5>>
      a(a1, a2, a3, a4, a5);
  const boost::array<double, 6> b{{16.0 / 135.0, 0.0, 6656.0 / 12825.0, 28561.0 / 56430.0, -9.0 / 50.0, 2.0 / 55.0}};
  const boost::array<double, 6> b4{{25.0 / 216.0, 0.0, 1408.0 / 2565.0, 2197.0 / 4104.0, -1.0 / 5.0, 0.0}};
  boost::array<double, 6> db;
  for (std::size_t i = 0; i < 6; ++i) db[i] = b[i] - b4[i];
  const boost::array<double, 6> c{{0.0, 1.0 / 4.0, 3.0 / 8.0, 12.0 / 13.0, 1.0, 1.0 / 2.0}};
  return rk_f45(a, b, db, c);
}

}  // namespace ramus::odeint_steppers
