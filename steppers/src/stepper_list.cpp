#include "ramus/steppers/stepper_list.hpp"

#include <array>
#include <string>

#include "ramus/kernel/error.hpp"
#include "stepper_catalogue.hpp"

namespace ramus {
namespace {

/// The catalogue's facts, in its order.
constexpr auto kSteppers = []<class... Entry>(std::tuple<Entry...>*) {
  return std::array<StepperInfo, sizeof...(Entry)>{Entry::info...};
}(static_cast<stepper_catalogue::Catalogue*>(nullptr));

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
