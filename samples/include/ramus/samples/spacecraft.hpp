// The sample spacecraft: the canonical vehicles of ramus's bench, tests and examples, built once
// here (docs/architecture.md §D11). Each function returns a model that is not finalized yet, so a
// caller may add to it; finalize() it before use. They share one hub (hub()) and, unless named
// otherwise, one initial state (tumbling_at_rest()): zero gravity, C at rest at the origin of N.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <memory>
#include <vector>

#include "ramus/kernel/model.hpp"
#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/vehicle.hpp"
#include "ramus/systems/fuel_tank.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/thruster.hpp"

namespace ramus::samples {

/// [kg] the sample hub's mass, 750, and [kg m²] its principal inertia about Bc, (900, 800, 600).
inline constexpr double kHubMass = 750.0;
inline Eigen::Vector3d hub_inertia() { return {900.0, 800.0, 600.0}; }
/// The sample hub: kHubMass, I_PntBc_B = diag(hub_inertia()), its c.o.m. Bc at r_BcB_B [m] in B,
/// (0, 0, 1) m unless given.
HubConfig hub(const Eigen::Vector3d& r_BcB_B = Eigen::Vector3d(0.0, 0.0, 1.0));
/// [rad/s] the sample rate ω0 = (0.1, −0.1, 0.1) in B.
Eigen::Vector3d omega0_BN_B();
/// C at rest at the origin of N, rotating at omega0_BN_B().
InitialState tumbling_at_rest();

/// Basilisk's hinged panel `which` (1 or 2): 100 kg, I_c = diag(100, 50, 50) kg m², d = 1.5 m,
/// hinge at (±0.5, 0, 1) m (panel 1 with dcm_HB = diag(−1, −1, 1)), k = 100 N m/rad, undamped,
/// θ0 = 5°; both c.o.m. 1.5 m outboard, at (±2, 0, 1) m.
HingedRigidBodyConfig basilisk_panel(int which);
/// A wheel on axis ĝ: 9 kg, Js = 0.159, Jt = 0.08 kg m², Ω0 = 500 rad/s, c.o.m. 0.3 m from B along
/// ĝ, no motor torque or friction.
ReactionWheelConfig wheel(const Eigen::Vector3d& gsHat_B);

/// The hub with Basilisk's two hinged panels ("panel1", "panel2").
std::shared_ptr<Model> panels2();
/// The hub with one ReactionWheels effector "wheels" of wheel(ĝ) on each axis.
std::shared_ptr<Model> wheels(const std::vector<Eigen::Vector3d>& axes);
/// Three orthogonal wheels, on b1, b2 and b3.
std::shared_ptr<Model> wheels3();
/// Four wheels in a pyramid about b3: elevation 50°, azimuths 45°, 135°, 225°, 315°.
std::shared_ptr<Model> wheels4();
/// A SpinningBodyNDOF "chain" of n links of 20 kg, I_c = diag(2, 3, 4) kg m², 0.6 m (c.o.m. at
/// 0.3 m), first joint at (0.5, 0, 1) m, axes z, y, x, …, k = 50 N m/rad, θ0 = ±5° alternating,
/// θ̇0 = 0.02 rad/s.
std::shared_ptr<Model> chain(std::size_t n);
/// An 8-panel folding array "array" (NHingedRigidBody) from (0.5, 0, 1) m: 24 … 10 kg, 1 m hinge to
/// hinge, every other hinge twisted 5°, k = 60 N m/rad, undamped, θ0 = +4/−3° alternating.
std::shared_ptr<Model> array8();
/// Two flexible solar arrays "array1", "array2" (FlexibleBody, docs/models/flexible_body.md) clamped
/// at (±0.5, 0, 1) m and pointing ±b1: uniform beams 5 m long (flex::clamped_beam on 10 elements),
/// 20 kg, flapwise EI = 2000 N m² (along b3; first mode 3.1 rad/s), in-plane 2e4 N m², GJ = 1000 N m²,
/// ρJ = 0.2 kg m, EA = 1e6 N, undamped; `modes` modes each (≤ 60), the first three deflected (η0 =
/// 0.05, −0.03, 0.02), geometric stiffening on.
std::shared_ptr<Model> flex2(int modes);
/// One of flex2's arrays ("array1", along +b1) on `elements` elements (≤ 6 modes each), `modes`
/// modes, with or without the geometric stiffening: the cost of a flexible body against its modes.
std::shared_ptr<Model> flex1(int modes, int elements, bool stiffening);
/// The hub of these samples alone, tumbling: the yardstick of an effector's cost.
std::shared_ptr<Model> hub_only();
/// Its rigid counterpart: two NHingedRigidBody arrays "array1", "array2" of `panels` equal panels
/// each (20 kg and 5 m per array, hinges about b2 at (±0.5, 0, 1) m, k for the same first
/// clamped-free frequency as flex2's to within the chain's discretization), θ0 = 2° on every hinge.
std::shared_ptr<Model> hinged_arrays2(std::size_t panels);
/// A pyramid of four VSCMGs "cmg1" … "cmg4": gimbal axes 54.74° from b3 at azimuths 0, 90, 180,
/// 270°, wheels 9 kg, Js = 0.159, Jt = 0.08 kg m² at 100 rad/s, gimbals 2 kg, 0.5 kg m² at 0.4 m,
/// γ0 = ±10°, γ̇0 = 0.05 rad/s, no torques.
std::shared_ptr<Model> vscmg4();

/// A 2-DOF gimbal "gimbal" (1 kg ring about b1 at B, 20 kg engine about the ring's s2, its c.o.m.
/// 0.3 m below the pivot, k = 100 N m/rad, c = 10 N m s/rad, θ0 = (2, −1)°) with a 20 N
/// "thruster" on the engine (segment 1), 0.5 m below the pivot and 5 cm off its axis; not firing.
struct GimbalThruster {
  std::shared_ptr<Model> model;
  std::shared_ptr<Thruster> thruster;
};
GimbalThruster gimbal_thruster();

// ---- one of each state effector on the sample hub (the effector contract check's vehicles) ----
// Each is a vehicle "sc" with the sample hub, tumbling at rest, and one effector of the kind
// named, undamped and unforced unless said otherwise.

/// The sample hub, tumbling at rest, carrying `effector`.
std::shared_ptr<Model> with_effector(std::shared_ptr<StateEffector> effector);
/// "arm": a SpinningBodyOneDOF, chain(1)'s link.
std::shared_ptr<Model> spinning_body_1dof();
/// "boom": a TranslatingBodyOneDOF, 10 kg sliding along b1 from (0.5, 0, 1) m, k = 200 N/m, ρ0 = 5 cm.
std::shared_ptr<Model> translating_body_1dof();
/// "telescope": a TranslatingBodyNDOF of two such stages, along b1 then along the first stage's y.
std::shared_ptr<Model> translating_body_ndof();
/// "slosh": a LinearSpringMassDamper, 20 kg along b3 from (0.5, 0, 1) m, k = 500 N/m, ρ0 = 5 cm.
std::shared_ptr<Model> linear_spring_mass_damper();
/// "slosh": a SphericalPendulum, 20 kg on a 0.3 m rod from (0, 0, 1.5) m, φ0 = 0.1, θ0 = 0.2 rad,
/// φ̇0 = 0.05 rad/s.
std::shared_ptr<Model> spherical_pendulum();
/// "jitter": a FullyCoupledJitterWheel on b3 at (0.3, 0, 0) m, wheel(b3)'s inertias at 100 rad/s,
/// U_s = 1e-4 kg m, U_d = 1e-5 kg m².
std::shared_ptr<Model> fully_coupled_jitter_wheel();
/// "wheels": SimpleJitterReactionWheels, wheels3() with U_s = 1e-4 kg m and U_d = 1e-5 kg m² each
/// (their imbalance loads are external to the model: nothing is conserved).
std::shared_ptr<Model> simple_jitter_reaction_wheels();
/// "rcs": a ThrusterStateEffector, 1 N along b3 at (0, 0, 2) m (its line through Bc), κ0 = 0.5,
/// command 0 (the thrust decays; its line through C leaves H_rot,C and E_rot alone).
std::shared_ptr<Model> thruster_state_effector();
/// "tank": a FuelTank, a constant-volume sphere of 0.4 m at (0.3, 0, 0.5) m with 50 kg, one
/// thruster not firing.
std::shared_ptr<Model> fuel_tank();
/// "platform": a PrescribedPlatform, 30 kg, slewing 30° about its z in a 4 s bang-coast-bang from
/// t = 0.5 s, hosting a spinning body "rotor" (chain(1)'s link, at the platform's origin).
std::shared_ptr<Model> prescribed_platform();

/// The hub with an emptying tank "tank" (R = 0.5 m at (0, 0, 0.5) m, water density, 60 % full,
/// outlet towards −b3) feeding a 500 N, Isp 230 s engine at (0, 0, −1) m along +b3 and a 20 N,
/// Isp 220 s nozzle at (0.8, 0, 0.5) m along +b2, both commanded full on.
struct Burn {
  std::shared_ptr<Model> model;
  std::shared_ptr<FuelTank> tank;
};
Burn burn();

/// A free hub (500 kg, I_PntBc_B = diag(400, 350, 300) kg m², ω0 = (0.01, −0.02, 0.05) rad/s) with a
/// 40 kg panel "panel" (I_c = diag(5, 12, 9) kg m², d = 1.8 m) on a hinge about b3 at (1.2, 0, 0) m,
/// spring k [N m/rad], damper c [N m s/rad], θ0 [rad]; the hub driven by a torque "torquer" of
/// (1, 0, 10 sin(2π t / 20 s)) N m (a three-dimensional motion). With k = 1e6, c = 2e6 it is the stiff
/// case of the implicit steppers. Finalized.
std::shared_ptr<Model> hub_and_panel(double k, double c, double theta0);

/// Vehicle "sc1" (the hub with panel 1 "panel") and "sc2" (300 kg, I = diag(120, 100, 80) kg m²),
/// the panel's tip (3 m outboard of the hinge) held by a constraint "dock" (α = 1e3 N/m,
/// β = 1e2 N s/m) to a point 1 m from B2, 0.2 m along n1 from it at t0; vehicle 2 starts moving
/// with the panel frame.
std::shared_ptr<Model> two_vehicles();

}  // namespace ramus::samples
