// Scenarios of a hub with state effectors (hinged panels, reaction wheels, spinning chains, a
// gimbal with a thruster on its outer body) and of two vehicles joined by a constraint: the sample
// spacecraft of samples/include/ramus/samples/spacecraft.hpp (750 kg hub, I_PntBc_B = diag(900,
// 800, 600) kg m², Bc at (0, 0, 1) m, ω0 = (0.1, −0.1, 0.1) rad/s, zero gravity) with the span,
// steps and reference of each. The reference is a converged rk_f78 run (reference_run.hpp) of the
// hub state and every effector's coordinates.
#pragma once

#include <cstddef>

#include "scenario.hpp"

namespace ramus::bench {

/// Two hinged panels at (±0.5, 0, 1) m, 100 kg, k = 100 N m/rad, θ0 = 5°, 20 s.
Scenario make_panels2();
/// Three orthogonal wheels at 500 rad/s, 0.3 m from B along their axes, 30 s.
Scenario make_wheels3();
/// Four wheels in a pyramid about b3 (elevation 50°, azimuths 45° + k 90°) at 500 rad/s, 30 s.
Scenario make_wheels4();
/// A SpinningBodyNDOF chain of n links (20 kg, 0.6 m, axes z, y, x, …); the span shrinks with n.
Scenario make_chain_of(std::size_t n);
template <std::size_t N>
Scenario make_chain() {
  return make_chain_of(N);
}
/// A 2-DOF gimbal (1 kg inner frame, 20 kg outer body) with a 20 N thruster on its outer body
/// (segment 1), firing on [1, 3) s and [5, 6) s; 8 s, output times on the firing edges.
/// A hub with an 8-panel folding array (NHingedRigidBody): every panel its own mass and inertia,
/// every other hinge twisted; undamped; converged reference; 5 s.
Scenario make_array8();
/// A hub with a pyramid of four VSCMGs, wheels at 100 rad/s, gimbals free, no torques; converged
/// reference; 10 s.
Scenario make_vscmg4();
/// The hub with two flexible arrays of 10 modes each (samples::flex2(10)); undamped; 2 s.
Scenario make_flex2x10();
/// The same arrays as two chains of ten rigid hinged panels (samples::hinged_arrays2(10)); 2 s.
Scenario make_hinged2x10();
Scenario make_gimbal_thruster();
/// The same with the firings as the thruster's own schedule (add_firing) and output times on the
/// edges, as docs/models/thruster.md recommends; reference: gimbal_thruster's. Shows what the
/// stages at the end of a step see at an edge.
Scenario make_gimbal_thruster_schedule();
/// Vehicle 1 (the hub, one hinged panel) and a 300 kg vehicle 2, the panel's tip held by a
/// constraint (α = 1e3 N/m, β = 1e2 N s/m) to a point of vehicle 2's hub; 10 s.
Scenario make_two_vehicles();

}  // namespace ramus::bench
