#include "rigid_scenarios.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>

#include "event_costs.hpp"
#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/samples/reference/kepler.hpp"
#include "ramus/samples/reference/torque_free_axisymmetric.hpp"
#include "ramus/steppers/builtin_events.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "reference_run.hpp"
#include "text.hpp"

namespace ramus::bench {
namespace {

namespace si = units::si;

/// A one-vehicle model: a rigid hub of mass m [kg] and principal inertia I [kg m²] about its
/// centre of mass, which is at B; optional gravity and hub load.
std::shared_ptr<const Model> rigid_hub(double m, const Eigen::Vector3d& I, const InitialState& initial,
                                       std::shared_ptr<const GravityModel> gravity = nullptr,
                                       std::shared_ptr<DynamicEffector> load = nullptr) {
  auto model = std::make_shared<Model>();
  HubConfig hub;
  hub.mass = m * si::kilogram;
  hub.I_PntBc_B = units::InertiaTensor::diagonal(I.x() * units::kg_m2, I.y() * units::kg_m2, I.z() * units::kg_m2);
  Vehicle& sc = model->add_vehicle("sc", hub);
  sc.set_initial_state(initial);
  if (load) sc.add_dynamic_effector(std::move(load));
  if (gravity) model->set_gravity(std::move(gravity));
  model->finalize();
  return model;
}

Scenario scenario_of(std::shared_ptr<const Model> model, double t1, double dt0, double dt0_euler) {
  Scenario s;
  s.x0 = model->initial_state();
  s.model = std::move(model);
  s.t1 = t1;
  s.dt0 = dt0;
  s.dt0_euler = dt0_euler;
  return s;
}

// ---- the tumbling spacecraft ---------------------------------------------------------------
// docs/verification/README.md, branching setup: hub mass, orbit and ω0; the inertia made
// axisymmetric about b3
// so that the attitude has a closed form. |r_CN_N| ≈ 9991 km (altitude ≈ 3600 km), near-circular,
// period ≈ 9940 s. Body rates: |ω| ≈ 0.17 rad/s, nutation λ = −0.033 rad/s, precession 0.156 rad/s.
constexpr double kSpacecraftMass = 750.0;                                                  // [kg]
const Eigen::Vector3d kSpacecraftInertia(900.0, 900.0, 600.0);                             // [kg m²] about Bc = B
const Eigen::Vector3d kOmega0_BN_B(0.1, 0.1, 0.1);                                         // [rad/s]
const Eigen::Vector3d kR0_CN_N(-4020338.690396649, 7490566.741852513, 5248299.211589362);  // [m]
const Eigen::Vector3d kV0_CN_N(-5199.77710904224, -3436.681645356935, 1041.576797498721);  // [m/s]
constexpr double kOrbitSpan = 600.0;                                                       // [s]

Scenario tumbling_spacecraft(const CentralBodyGravity& gravity) {
  InitialState initial;
  initial.point = ReferencePoint::C;
  initial.r_N = units::Length3(kR0_CN_N, si::meter);
  initial.v_N = units::Velocity3(kV0_CN_N, si::meter_per_second);
  initial.omega_BN_B = units::AngularVelocity3(kOmega0_BN_B, si::radian_per_second);
  // rk4 at 2 s has ω·dt ≈ 0.35; Euler starts at ω·dt ≈ 0.009 (docs/verification/README.md).
  return scenario_of(
      rigid_hub(kSpacecraftMass, kSpacecraftInertia, initial, std::make_shared<CentralBodyGravity>(gravity)),
      kOrbitSpan, 2.0, 0.05);
}

samples::reference::TorqueFreeAxisymmetric spacecraft_attitude() {
  return {kSpacecraftInertia.x(), kSpacecraftInertia.z(), kOmega0_BN_B, Quaternion(1.0, 0.0, 0.0, 0.0)};
}

}  // namespace

Scenario make_rigid_orbit() {
  Scenario s = tumbling_spacecraft(CentralBodyGravity::earth(false));
  const double mu = CentralBodyGravity::earth(false).mu();
  // C = B (hub c.o.m. at B, no effectors): C moves on the Kepler orbit, and gravity at C exerts
  // no torque about it, so the attitude is torque-free.
  const samples::reference::KeplerState orbit =
      samples::reference::kepler_propagate(mu, kR0_CN_N, kV0_CN_N, s.t1 - s.t0);
  const samples::reference::TorqueFreeAxisymmetric attitude = spacecraft_attitude();
  s.reference_state = {orbit.r_N, orbit.v_N, attitude.q_BN(s.t1 - s.t0), attitude.omega_B(s.t1 - s.t0)};
  s.reference = "closed forms: Kepler (translation of C = B), torque-free axisymmetric body (attitude, rate)";
  s.conserves = {true, true};  // point-mass gravity: energy, and angular momentum about N
  return s;
}

Scenario make_rigid_orbit_j2() {
  Scenario s = tumbling_spacecraft(CentralBodyGravity::earth(true));
  const ConvergedRun ref = converged_run(s);
  s.reference_state = hub_state(*s.model, ref.x_t1);
  // Two checks of the reference procedure: its attitude against the torque-free closed form (J2
  // acts at C and exerts no torque), and the same procedure without J2 against both closed forms.
  const samples::reference::TorqueFreeAxisymmetric attitude = spacecraft_attitude();
  const double attitude_check = attitude_error_angle(attitude.q_BN(s.t1 - s.t0), s.reference_state.q_BN);
  const Scenario point_mass = make_rigid_orbit();
  const ErrorBreakdown point_mass_check = point_mass.error(converged_run(point_mass).x_t1);
  s.reference = "rk_f78 at abs_tol = rel_tol = 1e-13 (" + std::to_string(ref.stats.steps) + " steps, " +
                number("%.1f", 1e3 * ref.seconds) + " ms); checks: its attitude is " + sci(attitude_check) +
                " rad from the torque-free closed form; without J2 the same run is " +
                sci(std::max(point_mass_check.position, point_mass_check.velocity)) +
                " (relative) from the Kepler closed form";
  s.conserves = {true, false};  // J2 is conservative but not central: H about N is not conserved
  return s;
}

Scenario make_constant_torque() {
  const Eigen::Vector3d I(100.0, 200.0, 300.0);    // [kg m²]
  const Eigen::Vector3d torque_B(10.0, 0.0, 0.0);  // [N m]
  ExternalForceTorqueConfig load;
  load.torque_PntF_F = units::Torque3(torque_B, units::newton_meter);
  Scenario s =
      scenario_of(rigid_hub(100.0, I, InitialState{}, nullptr, std::make_shared<ExternalForceTorque>("torque", load)),
                  10.0, 0.1, 0.0);
  // About a principal axis from rest: α = τ/I1, ω = α t, rotation ½ α t² about b1.
  const double alpha = torque_B.x() / I.x();
  const double T = s.t1 - s.t0;
  s.reference_state.q_BN = quat_from_axis_angle(Eigen::Vector3d::UnitX(), 0.5 * alpha * T * T);
  s.reference_state.omega_BN_B = Eigen::Vector3d(alpha * T, 0.0, 0.0);
  s.reference = "closed form: ω = α t, rotation ½ α t² = 5 rad about b1 (attitude, rate)";
  return s;
}

Scenario make_torque_free() {
  InitialState initial;
  initial.omega_BN_B = units::AngularVelocity3(Eigen::Vector3d(0.5, 0.0, 1.0), si::radian_per_second);
  // |ω| ≈ 1.1 rad/s: Euler starts at ω·dt ≈ 0.011.
  Scenario s = scenario_of(rigid_hub(100.0, Eigen::Vector3d(100.0, 100.0, 200.0), initial), 10.0, 0.1, 0.01);
  const samples::reference::TorqueFreeAxisymmetric body{100.0, 200.0, initial.omega_BN_B.si(), initial.q_BN};
  s.reference_state.q_BN = body.q_BN(s.t1 - s.t0);
  s.reference_state.omega_BN_B = body.omega_B(s.t1 - s.t0);
  s.reference = "closed form: torque-free axisymmetric body (attitude, rate)";
  s.conserves = {true, true};
  // Located events: omega_1 crossing zero (either way) and omega_2 rising through 0.25 rad/s, their
  // times from the closed form's body rate (the rate turns about b3 at the nutation rate, 1 rad/s).
  s.event_case = [model = s.model, body, t0 = s.t0, t1 = s.t1] {
    EventCase c;
    c.description =
        "omega_BN_B[0] = 0 (both ways) and omega_BN_B[1] = 0.25 rad/s (rising); times: the closed form's rate";
    c.events = {state_entry_event("w1_zero", *model, "sc/hub.omega_BN_B[0]", 0.0, EventDirection::both),
                state_entry_event("w2_up", *model, "sc/hub.omega_BN_B[1]", 0.25, EventDirection::rising)};
    for (const double t :
         closed_form_crossings([&](double t) { return body.omega_B(t - t0).x(); }, t0, t1, EventDirection::both))
      c.expected.push_back(t);
    for (const double t : closed_form_crossings([&](double t) { return body.omega_B(t - t0).y() - 0.25; }, t0, t1,
                                                EventDirection::rising))
      c.expected.push_back(t);
    std::sort(c.expected.begin(), c.expected.end());
    return c;
  };
  return s;
}

Scenario make_body_force() {
  const double m = 1000.0;                         // [kg]
  const Eigen::Vector3d force_B(100.0, 0.0, 0.0);  // [N]
  InitialState initial;
  initial.r_N = units::Length3(Eigen::Vector3d(1000.0, -2000.0, 3000.0), si::meter);
  initial.v_N = units::Velocity3(Eigen::Vector3d(10.0, -5.0, 2.0), si::meter_per_second);
  initial.q_BN = quat_from_axis_angle(Eigen::Vector3d::UnitZ(), std::numbers::pi / 4.0);
  ExternalForceTorqueConfig load;
  load.force_F = units::Force3(force_B, si::newton);
  Scenario s = scenario_of(rigid_hub(m, Eigen::Vector3d(100.0, 100.0, 100.0), initial, nullptr,
                                     std::make_shared<ExternalForceTorque>("thrust", load)),
                           10.0, 0.1, 0.0);
  // ω stays zero, so the force is constant in N: uniform acceleration.
  const Eigen::Vector3d a_N = rotation_matrix(initial.q_BN) * force_B / m;
  const double T = s.t1 - s.t0;
  s.reference_state.r_BN_N = initial.r_N.si() + initial.v_N.si() * T + 0.5 * a_N * T * T;
  s.reference_state.v_BN_N = initial.v_N.si() + a_N * T;
  s.reference_state.q_BN = initial.q_BN;
  s.reference = "closed form: uniform acceleration [NB] F_B / m (position, velocity; attitude constant)";
  return s;
}

}  // namespace ramus::bench
