// The steppers ramus supports by name (docs/architecture.md §D8): the one list that the driver, the
// bench and
// the convergence tests iterate. Users may equally pass any Odeint stepper directly.
#pragma once

#include <span>
#include <string_view>

namespace ramus {

struct StepperInfo {
  std::string_view name;         ///< e.g. "rk4"
  bool adaptive;                 ///< controlled (error-controlled step) or fixed step
  int order;                     ///< global order of the propagated solution (0: variable, extrapolation)
  std::string_view description;  ///< the Odeint type behind it
  /// Takes the Jacobian ∂f/∂x (analysis/jacobian.hpp: 2n + 2 evaluations per step): for stiff
  /// models; the bench compares it only when asked.
  bool implicit = false;
};

/// euler, rk2, rk4, rk_ck54, rk_dopri5, rk_f45, rk_f78, bulirsch_stoer, implicit_euler, rosenbrock4.
std::span<const StepperInfo> stepper_list();
/// The entry called `name`; throws ConfigurationError listing the valid names.
const StepperInfo& stepper_info(std::string_view name);

}  // namespace ramus
