#include "scenarios.hpp"

#include <array>
#include <cctype>
#include <string>

#include "burn_scenario.hpp"
#include "closed_loop_scenario.hpp"
#include "multibody_scenarios.hpp"
#include "rigid_scenarios.hpp"
#include "stiff_scenario.hpp"

namespace ramus::bench {
namespace {

constexpr std::array<ScenarioEntry, 25> kScenarios{{
    {"rigid_orbit", "tumbling axisymmetric spacecraft in Earth orbit, point-mass gravity, 600 s", make_rigid_orbit},
    {"rigid_orbit_j2", "the same spacecraft with J2 gravity; reference: converged rk_f78 run", make_rigid_orbit_j2},
    {"constant_torque", "VER-ROT-001: constant principal-axis torque from rest, 10 s", make_constant_torque},
    {"torque_free", "ROT-02: torque-free axisymmetric body, nutation 1 rad/s, 10 s", make_torque_free},
    {"body_force", "TRA-02: constant body-frame force on a non-rotating body, 10 s", make_body_force},
    {"panels2", "hub with two hinged panels (Basilisk's hinged test geometry), k = 100 N m/rad, 20 s", make_panels2},
    {"wheels3", "hub with three orthogonal reaction wheels at 500 rad/s, tumbling, 30 s", make_wheels3},
    {"wheels4", "hub with four pyramid reaction wheels (elevation 50 deg) at 500 rad/s, tumbling, 30 s", make_wheels4},
    {"chain1", "hub with a 1-link spinning chain (SpinningBodyNDOF), 20 kg links 0.6 m, k = 50 N m/rad, 5 s",
     make_chain<1>},
    {"chain2", "the same with 2 links (axes z, y), 5 s", make_chain<2>},
    {"chain4", "the same with 4 links (axes z, y, x, z), 5 s", make_chain<4>},
    {"chain8", "the same with 8 links, 2.5 s", make_chain<8>},
    {"chain16", "the same with 16 links, 1.25 s", make_chain<16>},
    {"chain32", "the same with 32 links, 0.625 s", make_chain<32>},
    {"chain64", "the same with 64 links, 0.625 s, steps halved (its fastest mode reaches 18 rad/s)", make_chain<64>},
    {"array8", "hub with an 8-panel folding array (N hinged rigid bodies, each its own panel), 5 s", make_array8},
    {"vscmg4", "hub with a pyramid of four VSCMGs, wheels at 100 rad/s, gimbals free, 10 s", make_vscmg4},
    {"flex2x10", "hub with two flexible 5 m arrays (FlexibleBody), 10 beam modes each, stiffening on, 2 s",
     make_flex2x10},
    {"hinged2x10", "the same arrays as two chains of ten rigid hinged panels (NHingedRigidBody), 2 s", make_hinged2x10},
    {"burn",
     "thruster burn from a depleting (emptying) tank: 500 N main engine and a 20 N off-axis nozzle, "
     "on for 30 s, coasting to 40 s",
     make_burn},
    {"gimbal_thruster", "hub with a 2-DOF gimbal carrying a 20 N thruster, on 1-3 s and 5-6 s, 8 s",
     make_gimbal_thruster},
    {"gimbal_thruster_schedule",
     "the same, fired by the thruster's own schedule with output times on the edges (thruster.md's recipe)",
     make_gimbal_thruster_schedule},
    {"slew",
     "closed loop: hub, two panels, three wheels slewing 20 deg under 10 Hz attitude control (gyro, star tracker), "
     "150 s",
     make_slew},
    {"two_vehicles", "vehicle 1's hinged panel constrained to a 300 kg second vehicle (alpha 1e3, beta 1e2), 10 s",
     make_two_vehicles},
    {"stiff_hinge",
     "stiff hinge (k = 1e6 N m/rad, c = 2e6 N m s/rad): rosenbrock4 and implicit_euler against rk_dopri5 and "
     "rk_ck54, 20 s",
     make_stiff_hinge},
}};

constexpr std::array<ScenarioFamily, 1> kFamilies{{
    {"chainN", "chain", "every chain: chain1, chain2, chain4, ..., chain64, then the cost-vs-N table"},
}};

}  // namespace

Scenario ScenarioEntry::make() const {
  Scenario s = build();
  s.name = std::string(name);
  s.description = std::string(description);
  return s;
}

std::span<const ScenarioEntry> scenario_list() { return kScenarios; }

std::span<const ScenarioFamily> scenario_families() { return kFamilies; }

std::vector<std::string> family_members(const ScenarioFamily& family) {
  std::vector<std::string> names;
  for (const ScenarioEntry& e : kScenarios)
    if (e.name.size() > family.prefix.size() && e.name.starts_with(family.prefix) &&
        std::isdigit(static_cast<unsigned char>(e.name[family.prefix.size()])))
      names.emplace_back(e.name);
  return names;
}

const ScenarioEntry* find_scenario(std::string_view name) {
  for (const ScenarioEntry& e : kScenarios)
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace ramus::bench
