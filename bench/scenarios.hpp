// The bench's scenario registry. Adding a scenario is one builder function (returning a Scenario)
// and one line in the list of scenarios.cpp; scenarios are built only when selected.
#pragma once

#include <span>
#include <string_view>

#include "scenario.hpp"

namespace ramus::bench {

struct ScenarioEntry {
  std::string_view name;
  std::string_view description;  ///< one line
  Scenario (*build)();           ///< builds the model, initial state and reference

  /// Builds the scenario and names it.
  Scenario make() const;
};

/// Every scenario, the default first.
std::span<const ScenarioEntry> scenario_list();
/// The entry called `name`, or nullptr.
const ScenarioEntry* find_scenario(std::string_view name);

inline constexpr std::string_view kDefaultScenario = "rigid_orbit";

}  // namespace ramus::bench
