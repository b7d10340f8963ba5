// The `burn` scenario: a thruster burn from a depleting tank (docs/models/fuel_tank.md).
#pragma once

#include "scenario.hpp"

namespace ramus::bench {

/// The spacecraft hub (750 kg, Bc at (0, 0, 1) m, ω0 = (0.1, −0.1, 0.1) rad/s) with an emptying
/// spherical tank (R = 0.5 m, 60 % full, 314 kg) draining towards a 500 N, Isp 230 s main engine
/// below it and a 20 N attitude nozzle off axis, both drawing on the tank; the burn on [0, 30) s
/// (6.9 kg), commanded between steps, then a coast to 40 s; converged reference.
Scenario make_burn();

}  // namespace ramus::bench
