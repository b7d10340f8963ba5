// The steppers ramus runs by name, each in one place: its facts (StepperInfo: name, fixed or
// adaptive, order, the Odeint type behind it) beside how it is made from the tolerances. The
// list (stepper_list.cpp) and the driver's dispatch (propagate.cpp) are both generated from
// `Catalogue`: a stepper is added by adding one entry here (docs/architecture.md, Steppers).
#pragma once

#include <tuple>

#include "implicit_steppers.hpp"
#include "ramus/steppers/odeint_steppers.hpp"
#include "ramus/steppers/stepper_list.hpp"

namespace ramus::stepper_catalogue {

namespace ode = boost::numeric::odeint;
namespace os = odeint_steppers;

struct Euler {
  static constexpr StepperInfo info{"euler", false, 1, "boost::numeric::odeint::euler"};
  static os::euler make(double, double) { return {}; }
};
struct Rk2 {
  static constexpr StepperInfo info{"rk2", false, 2, "explicit_generic_rk: explicit midpoint"};
  static os::rk2 make(double, double) { return os::make_rk2(); }
};
struct Rk4 {
  static constexpr StepperInfo info{"rk4", false, 4, "runge_kutta4 (classic)"};
  static os::rk4 make(double, double) { return {}; }
};
struct RkCk54 {
  static constexpr StepperInfo info{"rk_ck54", true, 5, "controlled runge_kutta_cash_karp54"};
  static auto make(double abs_tol, double rel_tol) { return ode::make_controlled(abs_tol, rel_tol, os::rk_ck54()); }
};
struct RkDopri5 {
  static constexpr StepperInfo info{"rk_dopri5", true, 5, "controlled runge_kutta_dopri5"};
  static auto make(double abs_tol, double rel_tol) { return ode::make_controlled(abs_tol, rel_tol, os::rk_dopri5()); }
};
struct RkF45 {
  static constexpr StepperInfo info{"rk_f45", true, 5,
                                    "controlled explicit_error_generic_rk: Fehlberg 4(5), the fifth order propagated"};
  // Odeint's make_controlled knows its named steppers only; the generic one is wrapped directly,
  // with the default error checker and step adjuster that make_controlled gives the others.
  using Controlled = ode::controlled_runge_kutta<os::rk_f45>;
  static Controlled make(double abs_tol, double rel_tol) {
    return Controlled(Controlled::error_checker_type(abs_tol, rel_tol), Controlled::step_adjuster_type(),
                      os::make_rk_f45());
  }
};
struct RkF78 {
  static constexpr StepperInfo info{"rk_f78", true, 8, "controlled runge_kutta_fehlberg78"};
  static auto make(double abs_tol, double rel_tol) { return ode::make_controlled(abs_tol, rel_tol, os::rk_f78()); }
};
struct BulirschStoer {
  static constexpr StepperInfo info{"bulirsch_stoer", true, 0, "bulirsch_stoer (extrapolation, variable order)"};
  static os::bulirsch_stoer make(double abs_tol, double rel_tol) { return os::bulirsch_stoer(abs_tol, rel_tol); }
};

struct ImplicitEuler {
  static constexpr StepperInfo info{"implicit_euler", false, 1,
                                    "backward Euler, bounded simplified Newton, finite-difference Jacobian (ramus)",
                                    true};
  static implicit_steppers::ImplicitEuler make(double, double) { return {}; }
};
struct Rosenbrock4 {
  static constexpr StepperInfo info{"rosenbrock4", true, 4,
                                    "rosenbrock4_controller (Odeint), finite-difference Jacobian", true};
  static implicit_steppers::Rosenbrock4 make(double abs_tol, double rel_tol) { return {abs_tol, rel_tol}; }
};

/// Every stepper, in the order of stepper_list().
using Catalogue =
    std::tuple<Euler, Rk2, Rk4, RkCk54, RkDopri5, RkF45, RkF78, BulirschStoer, ImplicitEuler, Rosenbrock4>;

/// Calls `f(Entry{})` for each entry of the catalogue, in order, until it returns true; returns
/// whether one did.
template <class F>
bool find_entry(F&& f) {
  return [&]<class... Entry>(std::tuple<Entry...>*) { return (f(Entry{}) || ...); }(static_cast<Catalogue*>(nullptr));
}

}  // namespace ramus::stepper_catalogue
