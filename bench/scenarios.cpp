#include "scenarios.hpp"

#include <array>
#include <string>

#include "rigid_scenarios.hpp"

namespace ramus::bench {
namespace {

constexpr std::array<ScenarioEntry, 5> kScenarios{{
    {"rigid_orbit", "tumbling axisymmetric spacecraft in Earth orbit, point-mass gravity, 600 s", make_rigid_orbit},
    {"rigid_orbit_j2", "the same spacecraft with J2 gravity; reference: converged rk_f78 run", make_rigid_orbit_j2},
    {"constant_torque", "VER-ROT-001: constant principal-axis torque from rest, 10 s", make_constant_torque},
    {"torque_free", "ROT-02: torque-free axisymmetric body, nutation 1 rad/s, 10 s", make_torque_free},
    {"body_force", "TRA-02: constant body-frame force on a non-rotating body, 10 s", make_body_force},
}};

}  // namespace

Scenario ScenarioEntry::make() const {
  Scenario s = build();
  s.name = std::string(name);
  s.description = std::string(description);
  return s;
}

std::span<const ScenarioEntry> scenario_list() { return kScenarios; }

const ScenarioEntry* find_scenario(std::string_view name) {
  for (const ScenarioEntry& e : kScenarios)
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace ramus::bench
