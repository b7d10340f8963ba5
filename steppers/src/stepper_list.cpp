#include "ramus/steppers/stepper_list.hpp"

#include <array>
#include <string>

#include "ramus/kernel/error.hpp"

namespace ramus {
namespace {
constexpr std::array<StepperInfo, 7> kSteppers{{
    {"euler", false, 1, "boost::numeric::odeint::euler"},
    {"rk2", false, 2, "explicit_generic_rk: explicit midpoint"},
    {"rk4", false, 4, "runge_kutta4 (classic)"},
    {"rk_ck54", true, 5, "controlled runge_kutta_cash_karp54"},
    {"rk_dopri5", true, 5, "controlled runge_kutta_dopri5"},
    {"rk_f78", true, 8, "controlled runge_kutta_fehlberg78"},
    {"bulirsch_stoer", true, 0, "bulirsch_stoer (extrapolation, variable order)"},
}};
}  // namespace

std::span<const StepperInfo> stepper_list() { return kSteppers; }

const StepperInfo& stepper_info(std::string_view name) {
  for (const StepperInfo& s : kSteppers)
    if (s.name == name) return s;
  std::string names;
  for (const StepperInfo& s : kSteppers) {
    if (!names.empty()) names.append(", ");
    names.append(s.name);
  }
  throw ConfigurationError("stepper list", "stepper", "'" + std::string(name) + "'", "unknown; one of " + names);
}

}  // namespace ramus
