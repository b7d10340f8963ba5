// Scenarios of a single rigid hub (no state effectors): the rigid-body and translation cases of
// docs/verification/README.md and a tumbling spacecraft in low Earth orbit. Each builder returns a
// complete
// Scenario except its name and description, which the registry (scenarios.hpp) sets.
#pragma once

#include "scenario.hpp"

namespace ramus::bench {

/// Tumbling axisymmetric spacecraft under Earth point-mass gravity, 600 s; reference: Kepler
/// (translation of C = B) and the torque-free axisymmetric closed form (attitude).
Scenario make_rigid_orbit();
/// The same spacecraft with J2; reference: rk_f78 at tolerance 1e-13 (computed here, once).
Scenario make_rigid_orbit_j2();
/// VER-ROT-001: constant principal-axis torque from rest, 10 s.
Scenario make_constant_torque();
/// ROT-02: torque-free axisymmetric body, 10 s.
Scenario make_torque_free();
/// TRA-02: constant body-frame force on a non-rotating body, 10 s.
Scenario make_body_force();

}  // namespace ramus::bench
