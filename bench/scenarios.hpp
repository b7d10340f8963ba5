// The bench's scenario registry. Adding a scenario is one builder function (returning a Scenario)
// and one line in the list of scenarios.cpp; scenarios are built only when selected.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "scenario.hpp"

namespace ramus::bench {

struct ScenarioEntry {
  std::string_view name;
  std::string_view description;  ///< one line
  Scenario (*build)();           ///< builds the model, initial state and reference

  /// Builds the scenario and names it.
  Scenario make() const;
};

/// A name that selects several scenarios: every scenario whose name is `prefix` followed by a digit
/// ("chainN": chain1, chain2, … chain64).
struct ScenarioFamily {
  std::string_view name;
  std::string_view prefix;
  std::string_view description;  ///< one line
};

/// Every scenario, the default first.
std::span<const ScenarioEntry> scenario_list();
std::span<const ScenarioFamily> scenario_families();
/// The names of the scenarios of `family`, in list order.
std::vector<std::string> family_members(const ScenarioFamily& family);
/// The entry called `name`, or nullptr.
const ScenarioEntry* find_scenario(std::string_view name);

inline constexpr std::string_view kDefaultScenario = "rigid_orbit";

}  // namespace ramus::bench
