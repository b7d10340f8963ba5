// Reaction wheels (docs/models/reaction_wheels.md): RW-01, a gyrostat closed form, conservation in
// orbit, motor and friction work balances, convergence, and rejected inputs.
#include "ramus/systems/reaction_wheels.hpp"

#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <limits>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/steppers/step_halving.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "support/inputs.hpp"
#include "support/models.hpp"
#include "systems/effector_cases.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;
namespace tt = boost::test_tools;

// ---- RW-01 (docs/verification/RW_01.md)
// ----------------------------------------------------------------
// "System inertia with the wheel locked I_B = diag(100, 200, 300)": ramus books the wheel's own
// mass and inertia in the effector (eq. 2), so the hub gets I_B minus the wheel's inertia about B.
// The wheel's mass (2 kg) sits at B, so it adds nothing about B and moves neither c nor I_B; its
// inertia about its centre is Js along b1 and Jt = Js/2 (a flat disc) across.
// The page's locked diag(100, 200, 300) would leave the hub diag(99.9, 199.95, 299.95), which no
// rigid body has (299.95 > 99.9 + 199.95: the kernel refuses it). I_zz = 299.9 is the smallest
// change that makes the hub physical (then a thin plate, 299.85 = 99.9 + 199.95); the closed forms
// involve Ix, Js and u only (the motion stays about b1).
constexpr double rw01_Ix = 100.0, rw01_Iy = 200.0, rw01_Iz = 299.9, rw01_Js = 0.1, rw01_Jt = 0.05, rw01_u = 0.1;

WheelVehicle rw01(const Eigen::Vector3d& omega0 = Eigen::Vector3d::Zero()) {
  WheelVehicle s;
  const Eigen::Vector3d I_locked(rw01_Ix, rw01_Iy, rw01_Iz);
  const Eigen::Vector3d I_wheel(rw01_Js, rw01_Jt, rw01_Jt);
  ReactionWheelConfig w = wheel(Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 2.0, rw01_Js, rw01_Jt, 0.0);
  w.motor_torque = rw01_u * newton_meter;
  s.rw = std::make_shared<ReactionWheels>("rw", std::vector<ReactionWheelConfig>{w});
  s.model = one_vehicle_model(hub_config(50.0, I_locked - I_wheel, Eigen::Vector3d::Zero()), at_rest_at_origin(omega0),
                              {s.rw});
  return s;
}

// ---- three wheels in orbit, tumbling hub with offset centre of mass ------------------------
std::vector<ReactionWheelConfig> three_wheels() {
  // Non-orthogonal axes, different positions, masses and speeds (HR16-like: Js = 0.159 kg m²).
  return {
      wheel(Eigen::Vector3d(1.0, 1.0, 1.0).normalized(), Eigen::Vector3d(0.1, 0.0, 0.0), 12.0, 0.159, 0.086, 52.36),
      wheel(Eigen::Vector3d(1.0, -0.5, 0.0).normalized(), Eigen::Vector3d(0.0, 0.2, -0.1), 9.0, 0.12, 0.07, -20.94),
      wheel(Eigen::Vector3d(0.2, 0.3, -1.0).normalized(), Eigen::Vector3d(-0.1, 0.1, 0.3), 6.0, 0.08, 0.045, 15.71)};
}

/// `wheels` with, on every wheel, viscous friction b [N m s/rad] and Coulomb friction tau_c [N m]
/// smoothed over omega_s [rad/s].
std::vector<ReactionWheelConfig> with_friction(std::vector<ReactionWheelConfig> wheels, double b, double tau_c,
                                               double omega_s) {
  for (ReactionWheelConfig& w : wheels) {
    w.viscous_friction = b * si::newton * si::meter * si::second / si::radian;
    w.coulomb_friction = tau_c * newton_meter;
    w.coulomb_smoothing_speed = omega_s * si::radian_per_second;
  }
  return wheels;
}

/// `configure` sets the wheels' initial commands and profiles (model data: before finalize()).
WheelVehicle three_wheel_vehicle(bool orbit, const std::vector<ReactionWheelConfig>& wheels,
                                 const Eigen::Vector3d& omega0 = Eigen::Vector3d(0.1, -0.1, 0.1),
                                 const std::function<void(ReactionWheels&)>& configure = {}) {
  WheelVehicle s;
  s.rw = std::make_shared<ReactionWheels>("rw", wheels);
  if (configure) configure(*s.rw);
  s.model = one_vehicle_model(hub_config(750.0, Eigen::Vector3d(900.0, 800.0, 600.0), Eigen::Vector3d(0.05, -0.1, 0.2)),
                              orbit, omega0, {s.rw});
  return s;
}

/// Rotational energy change minus the work of the wheel torques (u + τ_f) on the relative spin,
/// both over [0, T] with n rk4 steps, the work integral by the trapezoid rule on the step samples
/// (eq. 11).
double work_balance_residual(const WheelVehicle& s, double T, int n, bool with_friction) {
  const System system(s.model);
  const Eigen::Index o = block_offset(*s.model, "sc/rw", "Omega");
  return rotational_work_residual(system, *s.model, T, n, [&](const Eigen::VectorXd& x, double t) {
    double p = 0.0;
    const Eigen::VectorXd u = default_inputs(*s.rw, t);  // the motor torques the run applies at t
    for (std::size_t i = 0; i < s.rw->wheel_count(); ++i) {
      const double Omega = x[o + static_cast<Eigen::Index>(i)];
      double torque = u[static_cast<Eigen::Index>(i)];
      if (with_friction) torque += s.rw->friction_torque(i, Omega);
      p += torque * Omega;
    }
    return p;
  });
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reaction_wheels)

BOOST_AUTO_TEST_CASE(RW_01) {
  const WheelVehicle s = rw01();
  // 100 rk4 steps of 0.1 s: ω and Ω are linear in t, so rk4 is exact for them up to round-off.
  const Eigen::VectorXd x = run_logged(System(s.model), s.model->initial_state(), 10.0, 100);
  const Eigen::Index o = block_offset(*s.model, "sc/rw", "Omega");
  const auto& off = s.model->vehicle(0).offsets();

  // Closed form: (Ix − Js) ω̇x = −u, Ω̇ = u/Js − ω̇x, θ = ½ ω̇x t².
  const double t = 10.0;
  const double omegaDot = -rw01_u / (rw01_Ix - rw01_Js);
  const double OmegaDot = rw01_u * rw01_Ix / (rw01_Js * (rw01_Ix - rw01_Js));
  BOOST_TEST(omegaDot == -1.001001001001e-3, tt::tolerance(1e-12));  // the page's printed value (13 digits)
  BOOST_TEST(OmegaDot == 1.001001001001, tt::tolerance(1e-12));

  // Tolerance 1e-12 (docs/verification/README.md): the closed form is exact for rk4 here; round-off
  // over 100
  // steps of a 10 rad/s state is ~1e-14.
  const Eigen::Vector3d omega = x.segment<3>(off.omega_BN_B);
  BOOST_CHECK_SMALL(omega.x() - omegaDot * t, 1e-12);
  BOOST_CHECK_SMALL(omega.x() - (-0.01001001001001), 1e-12);
  BOOST_CHECK_SMALL(omega.y(), 1e-12);
  BOOST_CHECK_SMALL(omega.z(), 1e-12);
  BOOST_CHECK_SMALL(x[o] - OmegaDot * t, 1e-12);
  BOOST_CHECK_SMALL(x[o] - 10.01001001001, 1e-12);

  // The hub turned −0.05005005005005 rad about b1. rk4's attitude error here is far below 1e-12
  // (the rate is linear in t, the angle only 0.05 rad).
  const double theta = 0.5 * omegaDot * t * t;
  BOOST_CHECK_SMALL(theta - (-0.05005005005005), 1e-14);
  const Quaternion q = x.segment<4>(off.q_BN);
  BOOST_CHECK_SMALL(attitude_error_angle(quat_from_axis_angle(Eigen::Vector3d::UnitX(), theta), q), 1e-12);

  // Total angular momentum (about C; C = B here) stays zero: 1e-12 N m s against Ix ωx ≈ 1 N m s.
  const VehicleDiagnostics d = vehicle_diagnostics(*s.model, x, t, 0);
  BOOST_CHECK_SMALL(d.H_rot_PntC_N.norm(), 1e-12);
  BOOST_TEST_MESSAGE("RW-01: |dω| = " << std::abs(omega.x() - omegaDot * t)
                                      << ", |dΩ| = " << std::abs(x[o] - OmegaDot * t) << ", attitude "
                                      << attitude_error_angle(quat_from_axis_angle(Eigen::Vector3d::UnitX(), theta), q)
                                      << " rad, |H| = " << d.H_rot_PntC_N.norm());
}

BOOST_AUTO_TEST_CASE(gyrostat_nutation_closed_form) {
  // An axisymmetric gyrostat: locked inertia diag(It, It, I3), one wheel on b3 at B spinning at Ω0,
  // no torque. Then ω3 and Ω are constant and the transverse rate turns at
  //   λ = ((I3 − It) ω3 + Js Ω) / It      (ω1 + i ω2 = (ω10 + i ω20) e^{iλt}).
  // The sign of the gyroscopic term Js Ω ω × ĝ of eq. (7) decides the sign of Js Ω in λ: with the
  // wrong sign λ would be −0.15 rad/s instead of 0.35 rad/s.
  const double It = 200.0, I3 = 300.0, Js = 0.5, Jt = 0.25, Omega0 = 100.0;
  const Eigen::Vector3d omega0(0.1, 0.0, 0.2);
  auto model = std::make_shared<Model>();
  auto& sc =
      model->add_vehicle("sc", hub_config(40.0, Eigen::Vector3d(It - Jt, It - Jt, I3 - Js), Eigen::Vector3d::Zero()));
  sc.set_initial_state(at_rest_at_origin(omega0));
  sc.add_state_effector(std::make_shared<ReactionWheels>(
      "rw",
      std::vector<ReactionWheelConfig>{wheel(Eigen::Vector3d::UnitZ(), Eigen::Vector3d::Zero(), 3.0, Js, Jt, Omega0)}));
  model->finalize();
  const double T = 20.0;
  const Eigen::VectorXd x = run_logged(System(model), model->initial_state(), T, 2000);
  const double lambda = ((I3 - It) * omega0.z() + Js * Omega0) / It;
  const Eigen::Vector3d omega_ref(omega0.x() * std::cos(lambda * T), omega0.x() * std::sin(lambda * T), omega0.z());
  const Eigen::Vector3d omega = x.segment<3>(model->vehicle(0).offsets().omega_BN_B);
  const double Omega = x[block_offset(*model, "sc/rw", "Omega")];
  // rk4 at λh = 3.5e-3 over λT = 7 rad: global error ~ (λh)⁴ λT |ω| / 120 ≈ 1e-12 rad/s; 1e-10
  // leaves room for round-off and is 1e8 below the effect of a sign error.
  BOOST_CHECK_SMALL((omega - omega_ref).norm(), 1e-10);
  BOOST_CHECK_SMALL(Omega - Omega0, 1e-10);
  BOOST_TEST_MESSAGE("gyrostat: |dω| = " << (omega - omega_ref).norm() << ", dΩ = " << Omega - Omega0);
}

BOOST_AUTO_TEST_CASE(friction_spin_down_closed_form) {
  // RW-01's geometry (wheel on the principal axis b1, hub at rest, Ω0 = 100 rad/s), no motor.
  // ωx and Ω obey Ix ωx + Js Ω = Js Ω0 and Js (Ω̇ + ω̇x) = τ_f(Ω), hence
  //   Js (1 − Js/Ix) Ω̇ = τ_f(Ω),  with  J* = Js (Ix − Js)/Ix:
  // viscous only:  Ω(t) = Ω0 exp(−b t / J*);
  // Coulomb only, Ω ≫ ω_s (Ω/ω_s ≥ 39.9, tanh = 1 to double precision):  Ω(t) = Ω0 − τ_c t / J*.
  // A friction torque of the wrong sign spins the wheel up instead. rk4 at h = 0.01 s with
  // b h/J* = 2e-3: relative error ~(b h/J*)⁴ b T/J* /120 ≈ 1e-13; tolerance 1e-9 rad/s on ~50 rad/s.
  const double Omega0 = 100.0, Jstar = rw01_Js * (rw01_Ix - rw01_Js) / rw01_Ix, T = 20.0;
  for (const bool viscous : {true, false}) {
    auto model = std::make_shared<Model>();
    auto& sc = model->add_vehicle(
        "sc", hub_config(50.0, Eigen::Vector3d(rw01_Ix - rw01_Js, rw01_Iy - rw01_Jt, rw01_Iz - rw01_Jt),
                         Eigen::Vector3d::Zero()));
    sc.set_initial_state(at_rest_at_origin());
    ReactionWheelConfig w = wheel(Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 2.0, rw01_Js, rw01_Jt, Omega0);
    const double b = 0.02, tau_c = 0.3;
    if (viscous)
      w.viscous_friction = b * si::newton * si::meter * si::second / si::radian;
    else {
      w.coulomb_friction = tau_c * newton_meter;
      w.coulomb_smoothing_speed = 1.0 * si::radian_per_second;  // Ω ends at 39.94 rad/s
    }
    sc.add_state_effector(std::make_shared<ReactionWheels>("rw", std::vector<ReactionWheelConfig>{w}));
    model->finalize();
    const Eigen::VectorXd x = run_logged(System(model), model->initial_state(), T, 2000);
    const double ref = viscous ? Omega0 * std::exp(-b * T / Jstar) : Omega0 - tau_c * T / Jstar;
    const double Omega = x[block_offset(*model, "sc/rw", "Omega")];
    BOOST_TEST_MESSAGE("spin-down " << (viscous ? "viscous" : "Coulomb") << ": Omega " << Omega << ", error "
                                    << Omega - ref);
    BOOST_CHECK_SMALL(Omega - ref, 1e-9);
    // Momentum about b1 is conserved: the hub takes what the wheel loses. 1e-11 N m s is 1e-12 of
    // Js Ω0 = 10 N m s (round-off of 2000 steps, measured 2.4e-12).
    BOOST_CHECK_SMALL(rw01_Ix * x[model->vehicle(0).offsets().omega_BN_B] + rw01_Js * Omega - rw01_Js * Omega0, 1e-11);
  }
}

BOOST_AUTO_TEST_CASE(layout_and_mass_properties) {
  const WheelVehicle s = three_wheel_vehicle(false, three_wheels());
  BOOST_TEST(s.rw->segment_count() == 0u);
  BOOST_TEST(s.model->layout().describe().find("Omega") != std::string::npos);
  // The vehicle's inertia about B with the wheels is the hub's plus, per wheel, the rotor's
  // axisymmetric inertia moved to B; computed here independently from the configuration.
  Eigen::Matrix3d I = Eigen::Matrix3d(Eigen::Vector3d(900.0, 800.0, 600.0).asDiagonal());
  const Eigen::Vector3d rBc(0.05, -0.1, 0.2);
  I += 750.0 * (rBc.squaredNorm() * Eigen::Matrix3d::Identity() - rBc * rBc.transpose());
  for (const ReactionWheelConfig& w : three_wheels()) {
    const Eigen::Vector3d g = w.gsHat_B.normalized(), r = w.r_WcB_B.si();
    const double m = w.mass.value();
    // principal axes: g and two perpendicular directions
    const Eigen::Vector3d e1 = g.unitOrthogonal(), e2 = g.cross(e1);
    I += w.Js.value() * g * g.transpose() + w.Jt.value() * (e1 * e1.transpose() + e2 * e2.transpose());
    I += m * (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose());
  }
  // The workspace holds the vehicle's totals once an evaluation has run.
  const System system(s.model);
  Eigen::VectorXd dxdt(s.model->layout().size());
  system(s.model->initial_state(), dxdt, 0.0);
  // The inertia enters through the hub system's D block: the vehicle's I_PntB_B less each wheel's
  // spin inertia Js ĝĝᵀ (reaction_wheels.md eq. 7). Sums of a dozen terms of size ≤ 1e3: a
  // relative 1e-14 is round-off.
  Eigen::Matrix3d D_expected = I;
  for (const ReactionWheelConfig& w : three_wheels()) {
    const Eigen::Vector3d g = w.gsHat_B.normalized();
    D_expected -= w.Js.value() * g * g.transpose();
  }
  BOOST_CHECK_SMALL((system.workspace().vehicles[0].system.D - D_expected).norm() / I.norm(), 1e-14);
  // Centre of mass: hub and wheel masses at their positions.
  Eigen::Vector3d m_c = 750.0 * rBc;
  double m = 750.0;
  for (const ReactionWheelConfig& wc : three_wheels()) {
    m += wc.mass.value();
    m_c += wc.mass.value() * wc.r_WcB_B.si();
  }
  BOOST_CHECK_SMALL((system.workspace().vehicles[0].mass.r_CB_B - m_c / m).norm(), 1e-15);
  BOOST_CHECK_SMALL(system.workspace().vehicles[0].mass.rPrime_CB_B.norm(), 1e-300);
}

BOOST_AUTO_TEST_CASE(rhs_does_not_allocate) {
  // docs/architecture.md §D3: no heap allocation in an evaluation (three wheels, friction, a profile).
  std::vector<ReactionWheelConfig> wheels = three_wheels();
  wheels[0].viscous_friction = 0.01 * si::newton * si::meter * si::second / si::radian;
  wheels[1].coulomb_friction = 0.01 * newton_meter;
  wheels[1].coulomb_smoothing_speed = 1.0 * si::radian_per_second;
  const WheelVehicle s = three_wheel_vehicle(true, wheels, Eigen::Vector3d(0.1, -0.1, 0.1), [](ReactionWheels& rw) {
    rw.set_motor_torque_profile(2, [](double t) { return 0.1 * std::sin(t); });
  });
  const System system(s.model);
  const Eigen::VectorXd x = s.model->initial_state();
  const long before = check_rhs_does_not_allocate(system, x);
  // The counter works: diagnostics build a workspace, which allocates.
  (void)vehicle_diagnostics(*s.model, x, 0.0, 0);
  BOOST_TEST(allocations_so_far().news - before > 0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reaction_wheels_conservation)

BOOST_AUTO_TEST_CASE(orbit_three_wheels_tumbling_hub) {
  // No loads, friction or motor torque: the four invariants are conserved. rk4 at 1e-3 s for 3 s;
  // docs/verification/README.md's bound 1e-10 relative (measured ~1e-14: round-off).
  const WheelVehicle s = three_wheel_vehicle(true, three_wheels());
  check_invariants_held(max_relative_drift(s.model, s.model->initial_state(), 3.0, 3000), "rw orbit drift", 1e-10);
}

BOOST_AUTO_TEST_CASE(internal_torques_give_no_delta_v) {
  // Motor torques and friction are internal and the wheels' centres are fixed in B (m r'' = 0):
  // the non-gravitational ΔV of C stays zero to round-off (tolerance 1e-11 m/s over 3 s).
  std::vector<ReactionWheelConfig> wheels = three_wheels();
  for (ReactionWheelConfig& w : wheels) w.motor_torque = 0.1 * newton_meter;
  const WheelVehicle s = three_wheel_vehicle(true, wheels);
  const Eigen::VectorXd x = run_logged(System(s.model), s.model->initial_state(), 3.0, 3000);
  const Eigen::Vector3d dv = vehicle_diagnostics(*s.model, x, 3.0, 0).dv_CN_N;
  BOOST_TEST_MESSAGE("rw |dv_CN_N| " << dv.norm());
  BOOST_CHECK_SMALL(dv.norm(), 1e-11);
}

BOOST_AUTO_TEST_CASE(friction_and_motor_are_internal) {
  // Motor torques and friction act between rotor and hub: the momenta stay conserved (energy not).
  std::vector<ReactionWheelConfig> wheels = with_friction(three_wheels(), 0.01, 0.005, 0.5);
  for (ReactionWheelConfig& w : wheels) w.motor_torque = 0.1 * newton_meter;
  const WheelVehicle s = three_wheel_vehicle(true, wheels, Eigen::Vector3d(0.1, -0.1, 0.1), [](ReactionWheels& rw) {
    rw.set_motor_torque_profile(1, [](double t) { return 0.2 * std::sin(2.0 * t); });
  });
  const Drift d = max_relative_drift(s.model, s.model->initial_state(), 3.0, 3000);
  BOOST_TEST_MESSAGE("rw friction drift: E_orb " << d.orbital_energy << ", H_orb " << d.H_orb << ", H_rot " << d.H_rot
                                                 << " (E_rot changes by " << d.rotational_energy << ")");
  // Same bound as without friction (1e-10): the internal torques must not leak into the momenta.
  BOOST_CHECK_SMALL(d.H_rot, 1e-10);
  BOOST_CHECK_SMALL(d.H_orb, 1e-10);
  BOOST_CHECK_SMALL(d.orbital_energy, 1e-10);
  // ...while the rotational energy really changes (so the run exercises the torques).
  BOOST_TEST(d.rotational_energy > 1e-4);
}

BOOST_AUTO_TEST_CASE(motor_work_balance) {
  // eq. (11) without friction: ΔT_rot = ∫ Σ u_i Ω_i dt. The trapezoid integral of the logged
  // power has error −h²/12 [f'(T) − f'(0)] + O(h⁴), rk4's state error is O(h⁴): the residual must
  // shrink 4× per halving. A wrong term in eq. (7) leaves an O(1) residual (ratio → 1); a ratio far
  // below 1/4 would mean the residual hit round-off. Window 0.2–0.3 (as BR-04).
  std::vector<ReactionWheelConfig> wheels = three_wheels();
  const WheelVehicle s = three_wheel_vehicle(false, wheels, Eigen::Vector3d(0.2, -0.3, 0.25), [](ReactionWheels& rw) {
    rw.set_motor_torque(0, 0.05 * newton_meter);
    rw.set_motor_torque_profile(1, [](double t) { return 0.2 * std::sin(0.7 * t); });
    rw.set_motor_torque_profile(2, [](double t) { return -0.1 + 0.05 * t; });
  });
  check_second_order_residuals([&](int n) { return work_balance_residual(s, 10.0, n, false); }, 100,
                               "rw motor work residuals");
}

BOOST_AUTO_TEST_CASE(friction_work_balance) {
  // eq. (11) with friction and a motor: ΔT_rot = ∫ Σ (u_i + τ_f,i) Ω_i dt, same argument and window.
  std::vector<ReactionWheelConfig> wheels = with_friction(three_wheels(), 0.02, 0.01, 2.0);
  wheels[2].Omega0 = 1.0 * si::radian_per_second;  // crosses Ω = 0 through the smooth Coulomb zone
  const WheelVehicle s = three_wheel_vehicle(false, wheels, Eigen::Vector3d(0.2, -0.3, 0.25),
                                             [](ReactionWheels& rw) { rw.set_motor_torque(2, -0.05 * newton_meter); });
  check_second_order_residuals([&](int n) { return work_balance_residual(s, 10.0, n, true); }, 100,
                               "rw friction work residuals");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reaction_wheels_convergence)

BOOST_AUTO_TEST_CASE(RW_01_step_halving) {
  // RW-01 itself cannot carry a study: ω and Ω are linear in t (rk4 exact) and the attitude error
  // is at round-off. The study runs the same wheel spinning up on a tumbling hub (ω0 ≠ 0), where
  // rk4's error is O(h⁴), against rk4 at a 64× finer step (its error 64⁴ ≈ 1.7e7× smaller).
  const WheelVehicle s = rw01(Eigen::Vector3d(0.3, -0.2, 0.4));
  const System system(s.model);
  const auto& off = s.model->vehicle(0).offsets();
  const Eigen::Index o = block_offset(*s.model, "sc/rw", "Omega");
  const double T = 20.0, dt0 = 0.4;
  const int levels = 4;
  const Eigen::VectorXd ref = run_logged(system, s.model->initial_state(), T, static_cast<int>(T / dt0) * 8 * 64);
  const StepHalvingStudy study = step_halving_study(dt0, levels, [&](double dt) {
    const Eigen::VectorXd x = run_logged(system, s.model->initial_state(), T, static_cast<int>(std::lround(T / dt)));
    const double e_omega = (x.segment<3>(off.omega_BN_B) - ref.segment<3>(off.omega_BN_B)).norm();
    const double e_Omega = std::abs(x[o] - ref[o]);
    const double e_q = attitude_error_angle(ref.segment<4>(off.q_BN), x.segment<4>(off.q_BN));
    return std::max({e_omega, e_Omega, e_q});
  });
  // docs/verification/README.md's rk4 window; the finest error must stay 100× above round-off
  // (~1e-14 here).
  check_rk4_window(study, "rw spin-up", 1e-12);
}

BOOST_AUTO_TEST_CASE(conservation_drift_order) {
  // The drift of the invariants must shrink at rk4's order. At 1e-3 s it is round-off, so this run
  // takes large steps (0.2 … 0.025 s over 20 s) on a faster tumble, where it is well above it.
  std::vector<ReactionWheelConfig> wheels = three_wheels();
  const WheelVehicle s = three_wheel_vehicle(true, wheels, Eigen::Vector3d(0.3, -0.4, 0.5));
  // rk4's window 3.8–4.25 (docs/verification/README.md) on pairs whose drifts stay ≳ 20× above
  // round-off
  // (~1e-14 relative): every pair for the rotational invariants (finest 2e-13 and 9e-11); the
  // first two pairs for the orbital ones, whose finest drift (~1e-14) is round-off.
  // The drifts stay above round-off where they are used (E_rot and E_orb 1e-13).
  check_drift_study("rw", s.model, 20.0, {100, 200, 400, 800}, {4.25}, {1e-13, 1e-13});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reaction_wheels_stribeck)

namespace {

// Basilisk's friction configuration (test_reactionWheelStateEffector_integrated.py, cases
// FrictionSpinDown/FrictionSpinUp): fCoulomb 0.03 N m, fStatic 0.06 N m, betaStatic 0.15 rad/s,
// cViscous 0.001 N m s/rad. The smoothing speed ω_s = 1e-3 rad/s replaces its omegaLimitCycle.
constexpr double st_tau_c = 0.03, st_tau_s = 0.06, st_omega_st = 0.15, st_b = 0.001, st_omega_s = 1e-3;

/// docs/models/reaction_wheels.md (3b), written out here from the page, not from the code.
double stribeck_reference(double W) {
  return -(st_tau_c + (st_tau_s - st_tau_c) * std::exp(-(W / st_omega_st) * (W / st_omega_st))) *
             std::tanh(W / st_omega_s) -
         st_b * W;
}

/// RW-01's geometry (wheel on the principal axis b1 of a hub at rest, locked Ix = 100) with the
/// Stribeck friction above, motor torque u and initial spin Omega0.
WheelVehicle stribeck_wheel(double u, double Omega0) {
  WheelVehicle s;
  ReactionWheelConfig w = wheel(Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 2.0, rw01_Js, rw01_Jt, Omega0);
  w.motor_torque = u * newton_meter;
  w.viscous_friction = st_b * si::newton * si::meter * si::second / si::radian;
  w.coulomb_friction = st_tau_c * newton_meter;
  w.coulomb_smoothing_speed = st_omega_s * si::radian_per_second;
  w.static_friction = st_tau_s * newton_meter;
  w.stribeck_speed = st_omega_st * si::radian_per_second;
  s.rw = std::make_shared<ReactionWheels>("rw", std::vector<ReactionWheelConfig>{w});
  s.model = one_vehicle_model(
      hub_config(50.0, Eigen::Vector3d(rw01_Ix, rw01_Iy, rw01_Iz) - Eigen::Vector3d(rw01_Js, rw01_Jt, rw01_Jt),
                 Eigen::Vector3d::Zero()),
      at_rest_at_origin(), {s.rw});
  return s;
}

/// The spin rates of the full model, rk4 at step h over [0, T], sampled every step.
std::vector<double> model_Omega(const WheelVehicle& s, double T, int n) {
  std::vector<double> Omega;
  const Eigen::Index o = block_offset(*s.model, "sc/rw", "Omega");
  run_logged(System(s.model), s.model->initial_state(), T, n,
             [&](const Eigen::VectorXd& x, double) { Omega.push_back(x[o]); });
  return Omega;
}

/// The scalar ODE J* Ω̇ = u + τ_f(Ω) (check (ii) of the page with a motor), J* = Js (Ix − Js)/Ix,
/// by a classical RK4 written here at `sub` substeps per step of T/n; Ω at every step.
std::vector<double> scalar_Omega(double u, double Omega0, double T, int n, int sub) {
  const double Jstar = rw01_Js * (rw01_Ix - rw01_Js) / rw01_Ix, h = T / n / sub;
  const auto f = [&](double W) { return (u + stribeck_reference(W)) / Jstar; };
  std::vector<double> Omega{Omega0};
  double W = Omega0;
  for (int k = 0; k < n; ++k) {
    for (int j = 0; j < sub; ++j) {
      const double k1 = f(W), k2 = f(W + 0.5 * h * k1), k3 = f(W + 0.5 * h * k2), k4 = f(W + h * k3);
      W += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    }
    Omega.push_back(W);
  }
  return Omega;
}

double max_abs_difference(const std::vector<double>& a, const std::vector<double>& b) {
  BOOST_REQUIRE_EQUAL(a.size(), b.size());
  double e = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) e = std::max(e, std::abs(a[k] - b[k]));
  return e;
}

}  // namespace

BOOST_AUTO_TEST_CASE(law_matches_page_and_peaks_at_static_friction) {
  const WheelVehicle s = stribeck_wheel(0.0, 0.0);
  // The implemented law against (3b) written from the page, over both signs and every regime.
  double max_law_error = 0.0;
  for (double W = -2.0; W <= 2.0; W += 1e-4)
    max_law_error = std::max(max_law_error, std::abs(s.rw->friction_torque(0, W) - stribeck_reference(W)));
  // The same formula evaluated twice: round-off of a few operations on 0.06 N m.
  BOOST_TEST_MESSAGE("Stribeck law vs page: " << max_law_error);
  BOOST_CHECK_SMALL(max_law_error, 1e-16);
  // Its breakaway level: the largest |τ_f| over Ω > 0, found by a dense scan and a golden-section
  // refinement, against the closed form of docs/models/reaction_wheels.md (3c).
  double W_peak = 0.0, M = 0.0;
  for (double W = 1e-5; W < 0.2; W += 1e-5)
    if (-s.rw->friction_torque(0, W) > M) M = -s.rw->friction_torque(0, W), W_peak = W;
  double a = W_peak - 1e-5, c = W_peak + 1e-5;
  const double g = 0.5 * (std::sqrt(5.0) - 1.0);
  for (int k = 0; k < 80; ++k) {
    const double x1 = c - g * (c - a), x2 = a + g * (c - a);
    if (-s.rw->friction_torque(0, x1) > -s.rw->friction_torque(0, x2))
      c = x2;
    else
      a = x1;
  }
  W_peak = 0.5 * (a + c);
  M = -s.rw->friction_torque(0, W_peak);
  // (3c): x* = Ω_peak/ω_s solves e^{−2x} = (2 Δ ε² x − b ω_s)/(4 τ_s), Δ = τ_s − τ_c, ε = ω_s/ω_st
  // (a contraction from x = 5); M = (τ_s − Δ ε² x²)(1 − 2 e^{−2x}) + b ω_s x.
  const double Delta = st_tau_s - st_tau_c, eps2 = std::pow(st_omega_s / st_omega_st, 2);
  double x = 5.0;
  for (int k = 0; k < 60; ++k) x = -0.5 * std::log((2.0 * Delta * eps2 * x - st_b * st_omega_s) / (4.0 * st_tau_s));
  const double M_closed = (st_tau_s - Delta * eps2 * x * x) * (1.0 - 2.0 * std::exp(-2.0 * x)) + st_b * st_omega_s * x;
  BOOST_TEST_MESSAGE("breakaway: peak at " << W_peak << " rad/s (" << W_peak / st_omega_s << " omega_s; closed form "
                                           << x << "), M = " << M << " N m, closed form " << M_closed << ", tau_s "
                                           << st_tau_s);
  // (3c) drops terms of order Δ (ε x)⁴ ≈ 2e-8 N m and τ_s e^{−4x} ≈ 1e-10 N m; 2e-7 N m is ten
  // times the first. M sits 3.4e-5 N m below τ_s, so the check also tells the deficit from zero.
  BOOST_CHECK_SMALL(M - M_closed, 2e-7);
  BOOST_CHECK_SMALL(W_peak / st_omega_s - x, 0.05);  // the peak is where (3c) puts it (±1 % of x*)
  BOOST_CHECK_LT(std::abs(M - st_tau_s), 1e-3 * st_tau_s);
}

BOOST_AUTO_TEST_CASE(breakaway_at_static_friction) {
  // A motor torque 1 % below the breakaway level M ≈ τ_s (3c) leaves the wheel stuck on the tanh
  // branch at Ω* ≈ ω_s atanh(u/τ_s) ≈ 2.6 ω_s; 1 % above it breaks away and slides towards the
  // viscous equilibrium (u − τ_c)/b. Both against the scalar ODE integrated here at a 16× finer step.
  // rk4 at h = 2.5e-4 s: the stiffest rate is τ_s/(ω_s J*) ≈ 600 /s, h λ = 0.15.
  const double T = 10.0;
  const int n = 40000;
  for (const double ratio : {0.99, 1.01}) {
    const double u = ratio * st_tau_s;
    const std::vector<double> model = model_Omega(stribeck_wheel(u, 0.0), T, n);
    const std::vector<double> ref = scalar_Omega(u, 0.0, T, n, 16);
    const double err = max_abs_difference(model, ref);
    const double peak = *std::max_element(model.begin(), model.end());
    BOOST_TEST_MESSAGE("u = " << ratio << " tau_s: Omega(T) = " << model.back() << " rad/s, max " << peak
                              << ", max |model - scalar ODE| " << err);
    if (ratio < 1.0) {
      // Stuck: the equilibrium of (3b) at u, Ω* with u = −τ_f(Ω*), by bisection on [0, 10 ω_s].
      double lo = 0.0, hi = 10.0 * st_omega_s;
      for (int k = 0; k < 200; ++k) (u + stribeck_reference(0.5 * (lo + hi)) > 0.0 ? lo : hi) = 0.5 * (lo + hi);
      BOOST_TEST_MESSAGE("  stuck at Omega* = " << lo << " rad/s = " << lo / st_omega_s << " omega_s");
      BOOST_CHECK_LT(peak, 5.0 * st_omega_s);  // never leaves the regularisation band
      // The approach to Ω* is a first-order decay at rate ~ (dτ_f/dΩ)/J* ≥ 30 /s: after 10 s it is
      // at Ω* to round-off; 1e-12 rad/s is 4e-10 of Ω*.
      BOOST_CHECK_SMALL(model.back() - lo, 1e-12);
    } else {
      BOOST_CHECK_GT(model.back(), 5.0 * st_omega_st);  // broke away: far past the Stribeck hump
    }
    // The model's Ω against the scalar ODE (the hub and wheel reduce to it exactly, check (ii)).
    // The model's rk4 step error at h = 2.5e-4 s is 7.7e-10 rad/s by the same scalar rk4 at that
    // step (1.3e-7 at 1e-3 s, 1.2e-8 at 5e-4 s: fourth order); 1e-8 rad/s bounds it with margin.
    BOOST_CHECK_SMALL(err, 1e-8);
    // And the same scalar rk4 at the model's own step gives the model's trajectory to round-off
    // (1e-12 rad/s on values ≤ 1.7 rad/s), so the reduction to the scalar ODE is exact.
    BOOST_CHECK_SMALL(max_abs_difference(model, scalar_Omega(u, 0.0, T, n, 1)), 1e-12);
  }
}

BOOST_AUTO_TEST_CASE(spin_down_through_zero_against_scalar_ode) {
  // Ω0 = 3 rad/s and a motor torque −0.08 N m (beyond τ_s): the wheel slows through the Coulomb,
  // Stribeck and stick regions, passes zero near t ≈ 2.8 s without sticking, and spins up the other
  // way. And Ω0 = 1 rad/s with no motor: it spins down into the tanh band and decays to rest.
  const double T = 8.0;
  const int n = 32000;
  for (const double u : {-0.08, 0.0}) {
    const double Omega0 = u < 0.0 ? 3.0 : 1.0;
    const std::vector<double> model = model_Omega(stribeck_wheel(u, Omega0), T, n);
    const std::vector<double> ref = scalar_Omega(u, Omega0, T, n, 16);
    const double err = max_abs_difference(model, ref);
    BOOST_TEST_MESSAGE("u = " << u << ": Omega(T) = " << model.back() << " rad/s (scalar ODE " << ref.back()
                              << "), max |difference| " << err);
    if (u < 0.0)
      BOOST_CHECK_LT(model.back(), -0.5);  // reversed: it did not stick at zero
    else
      BOOST_CHECK_SMALL(model.back(), 1e-6);  // at rest: the band's decay rate is ≥ 300 /s
    // rk4 at h = 2.5e-4 s against the 16× finer scalar rk4: 5.1e-9 rad/s by the same scalar rk4 at
    // that step (1.4e-6 at 1e-3 s, 8.1e-8 at 5e-4 s); 2e-8 rad/s bounds it. Then the same step.
    BOOST_CHECK_SMALL(err, 2e-8);
    BOOST_CHECK_SMALL(max_abs_difference(model, scalar_Omega(u, Omega0, T, n, 1)), 1e-12);
  }
}

BOOST_AUTO_TEST_CASE(stribeck_rhs_does_not_allocate) {
  check_initial_rhs_does_not_allocate(stribeck_wheel(0.05, 0.1).model);
}

BOOST_AUTO_TEST_CASE(no_static_friction_is_the_coulomb_law) {
  // static_friction = coulomb_friction makes (3b) the law (3) exactly, whatever the Stribeck speed.
  ReactionWheelConfig a = wheel(Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 2.0, 0.1, 0.05, 0.0);
  a.viscous_friction = st_b * si::newton * si::meter * si::second / si::radian;
  a.coulomb_friction = st_tau_c * newton_meter;
  a.coulomb_smoothing_speed = st_omega_s * si::radian_per_second;
  ReactionWheelConfig b = a;
  b.static_friction = st_tau_c * newton_meter;
  b.stribeck_speed = st_omega_st * si::radian_per_second;
  const ReactionWheels ra("a", {a}), rb("b", {b});
  for (double W = -1.0; W <= 1.0; W += 1e-3) BOOST_CHECK_EQUAL(ra.friction_torque(0, W), rb.friction_torque(0, W));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(effector_errors)

namespace {

ReactionWheelConfig good_wheel() {
  return wheel(Eigen::Vector3d::UnitZ(), Eigen::Vector3d(0.1, 0.0, 0.0), 1.0, 0.1, 0.06, 10.0);
}

/// Builds an effector "rw" of three good wheels with wheel 2 modified by `edit`.
std::shared_ptr<ReactionWheels> rw_with(const std::function<void(ReactionWheelConfig&)>& edit) {
  std::vector<ReactionWheelConfig> w(3, good_wheel());
  edit(w[2]);
  return std::make_shared<ReactionWheels>("rw", w);
}

/// Finalizes a model holding `rw` (cross-parameter checks and the initial derivative run there).
void finalize_with(const std::shared_ptr<ReactionWheels>& rw) {
  Model model;
  auto& sc = model.add_vehicle("sc", hub_config(100.0, Eigen::Vector3d(10.0, 20.0, 30.0), Eigen::Vector3d::Zero()));
  sc.add_state_effector(rw);
  model.finalize();
}

}  // namespace

BOOST_AUTO_TEST_CASE(reaction_wheels_rejected_fields) {
  const std::string w2 = "reaction_wheels 'rw' wheel 2: ";
  check_rejected([] { ReactionWheels("rw", {}); }, {"reaction_wheels 'rw'", "wheels = 0"});
  // Each refused axis and what the message says of it; 5e-9 off unit: outside the 1e-9 tolerance.
  const std::vector<std::pair<Eigen::Vector3d, std::string>> bad_axes = {
      {Eigen::Vector3d::Zero(), "zero length"},
      {Eigen::Vector3d(0.0, 0.0, 1.0 + 5e-9), "unit vector"},
      {Eigen::Vector3d(1.0, 1.0, 0.0), "unit vector"},
      {Eigen::Vector3d(kNaN, 0.0, 1.0), "must be finite"}};
  for (const auto& bad : bad_axes)
    check_rejected([&] { rw_with([&](auto& c) { c.gsHat_B = bad.first; }); }, {w2 + "gsHat_B", bad.second});
  check_rejected([] { rw_with([](auto& c) {
                        c.r_WcB_B = Length3{Eigen::Vector3d(0.0, kInf, 0.0), si::meter};
                      }); },
                 {w2 + "r_WcB_B [m]", "must be finite"});
  check_rejected([] { rw_with([](auto& c) { c.mass = -1.0 * si::kilogram; }); },
                 {w2 + "mass [kg] = -1: must not be negative"});
  check_rejected([] { rw_with([](auto& c) { c.mass = kNaN * si::kilogram; }); }, {w2 + "mass [kg]", "finite"});
  // The brief's example message, verbatim.
  check_rejected([] { rw_with([](auto& c) { c.Js = -1.0 * kg_m2; }); },
                 {"reaction_wheels 'rw' wheel 2: Js [kg m^2] = -1: must be positive"});
  check_rejected([] { rw_with([](auto& c) { c.Js = 0.0 * kg_m2; }); }, {w2 + "Js [kg m^2] = 0: must be positive"});
  check_rejected([] { rw_with([](auto& c) { c.Js = kInf * kg_m2; }); }, {w2 + "Js [kg m^2]", "finite"});
  check_rejected([] { rw_with([](auto& c) { c.Jt = -0.1 * kg_m2; }); }, {w2 + "Jt [kg m^2]", "negative"});
  check_rejected([] { rw_with([](auto& c) { c.Omega0 = kNaN * si::radian_per_second; }); },
                 {w2 + "Omega0 [rad/s]", "finite"});
  check_rejected([] { rw_with([](auto& c) { c.motor_torque = kInf * newton_meter; }); },
                 {w2 + "motor_torque [N m]", "finite"});
  check_rejected([] { rw_with([](auto& c) { c.max_torque = 0.0 * newton_meter; }); },
                 {w2 + "max_torque [N m] = 0: must be positive"});
  check_rejected([] { rw_with([](auto& c) { c.max_torque = kInf * newton_meter; }); },
                 {w2 + "max_torque [N m]", "finite"});
  check_rejected(
      [] { rw_with([](auto& c) { c.viscous_friction = -1.0 * si::newton * si::meter * si::second / si::radian; }); },
      {w2 + "viscous_friction [N m s/rad]", "negative"});
  check_rejected([] { rw_with([](auto& c) { c.coulomb_friction = -1.0 * newton_meter; }); },
                 {w2 + "coulomb_friction [N m]", "negative"});
  check_rejected([] { rw_with([](auto& c) { c.coulomb_smoothing_speed = -1.0 * si::radian_per_second; }); },
                 {w2 + "coulomb_smoothing_speed [rad/s]", "negative"});
  // docs/models/reaction_wheels.md (3b): static friction and the Stribeck speed.
  check_rejected([] { rw_with([](auto& c) { c.static_friction = -0.1 * newton_meter; }); },
                 {w2 + "static_friction [N m] = -0.10000000000000001", "negative"});
  check_rejected(
      [] {
        rw_with([](auto& c) {
          c.coulomb_friction = 0.03 * newton_meter;
          c.coulomb_smoothing_speed = 1e-3 * si::radian_per_second;
          c.static_friction = 0.02 * newton_meter;
          c.stribeck_speed = 0.1 * si::radian_per_second;
        });
      },
      {w2 + "static_friction [N m] = 0.02", "must not be below coulomb_friction = 0.029999999999999999"});
  check_rejected([] { rw_with([](auto& c) { c.static_friction = 0.06 * newton_meter; }); },
                 {w2 + "stribeck_speed [rad/s] (static_friction is set) = 0", "must be positive"});
  check_rejected(
      [] {
        rw_with([](auto& c) {
          c.static_friction = 0.06 * newton_meter;
          c.stribeck_speed = -0.1 * si::radian_per_second;
        });
      },
      {w2 + "stribeck_speed [rad/s] = -0.10000000000000001", "negative"});
  check_rejected([] { rw_with([](auto& c) { c.stribeck_speed = 0.1 * si::radian_per_second; }); },
                 {w2 + "stribeck_speed [rad/s] = 0.10000000000000001", "without static_friction"});
  check_rejected([] { rw_with([](auto& c) { c.static_friction = kNaN * newton_meter; }); },
                 {w2 + "static_friction [N m]", "finite"});
  // Static friction needs a smoothing speed (at finalize, as for Coulomb friction).
  check_rejected(
      [] {
        finalize_with(rw_with([](auto& c) {
          c.static_friction = 0.06 * newton_meter;
          c.stribeck_speed = 0.1 * si::radian_per_second;
        }));
      },
      {w2 + "coulomb_smoothing_speed [rad/s] (static_friction is set) = 0", "must be positive"});
  // Accepted: an axis 5e-10 off unit (inside 1e-9), a massless wheel, Jt = 0, friction zero.
  BOOST_CHECK_NO_THROW(rw_with([](auto& c) { c.gsHat_B = Eigen::Vector3d(0.0, 0.0, 1.0 + 5e-10); }));
  BOOST_CHECK_NO_THROW(finalize_with(rw_with([](auto& c) {
    c.mass = 0.0 * si::kilogram;
    c.Jt = 0.0 * kg_m2;
  })));
}

BOOST_AUTO_TEST_CASE(reaction_wheels_rejected_combinations) {
  const std::string w2 = "reaction_wheels 'rw' wheel 2: ";
  // Js > 2 Jt is no rigid rotor: rejected by validate(), hence at finalize.
  auto oblate = rw_with([](auto& c) {
    c.Js = 0.2 * kg_m2;
    c.Jt = 0.09 * kg_m2;
  });
  check_rejected([&] { oblate->validate(); },
                 {w2 + "Js [kg m^2] and Jt [kg m^2] = 0.20000000000000001 and 0.089999999999999997", "Js <= 2 Jt"});
  check_rejected([&] { finalize_with(oblate); }, {w2 + "Js [kg m^2] and Jt [kg m^2]"});
  // Coulomb friction needs a smoothing speed.
  auto coulomb = rw_with([](auto& c) { c.coulomb_friction = 0.01 * newton_meter; });
  check_rejected([&] { finalize_with(coulomb); }, {w2 + "coulomb_smoothing_speed [rad/s]", "coulomb_friction > 0"});
  // A profile that returns NaN is rejected by finalize's evaluation of the initial derivative,
  // which names the effector whose contributions to the hub system are not finite.
  auto bad_profile = rw_with([](auto&) {});
  bad_profile->set_motor_torque_profile(1, [](double) { return kNaN; });
  check_rejected([&] { finalize_with(bad_profile); },
                 {"reaction_wheels 'rw'", "contributions to the hub system at the initial state", "non-finite"});
}

BOOST_AUTO_TEST_CASE(reaction_wheels_rejected_inputs) {
  auto rw = rw_with([](auto&) {});
  check_rejected([&] { rw->set_motor_torque(3, 0.1 * newton_meter); },
                 {"reaction_wheels 'rw': wheel index (set_motor_torque) = 3", "0 to 2"});
  check_rejected([&] { rw->set_motor_torque_profile(7, {}); }, {"wheel index (set_motor_torque_profile) = 7"});
  check_rejected([&] { rw->initial_motor_torque(3); }, {"wheel index (initial_motor_torque) = 3"});
  check_rejected([&] { rw->friction_torque(3, 0.0); }, {"wheel index (friction_torque) = 3"});
  check_rejected([&] { rw->wheel(3); }, {"wheel index (wheel) = 3"});
  check_rejected([&] { rw->set_motor_torque(1, kNaN * newton_meter); },
                 {"reaction_wheels 'rw' wheel 1: motor_torque [N m]", "finite"});
  // A wheel hosts no dynamic effector: it has no segment frame.
  check_rejected([&] { rw->segment(0, *rw->make_workspace()); }, {"reaction_wheels 'rw'", "segment", "no segment"});
  check_hosts_no_child(*rw, "reaction_wheels 'rw'");
  // The command is applied, saturated when max_torque is set (eq. 4) and flagged, in the run.
  rw->set_motor_torque(1, 0.3 * newton_meter);
  BOOST_TEST(rw->initial_motor_torque(1) == 0.3);
  auto sat = rw_with([](auto& c) { c.max_torque = 0.2 * newton_meter; });
  auto model = std::make_shared<Model>();
  model->add_vehicle("sc", hub_config(100.0, Eigen::Vector3d(10.0, 20.0, 30.0), Eigen::Vector3d::Zero()))
      .add_state_effector(sat);
  model->finalize();
  const System system(model);
  Inputs& inputs = system.inputs();
  inputs.set("sc/rw.motor_torque[2]", -0.5);
  BOOST_TEST(inputs.command()[2] == -0.5);
  BOOST_TEST(inputs.applied()[2] == -0.2);
  BOOST_TEST(inputs.saturated()[2] == 1);
  inputs.set("sc/rw.motor_torque[1]", 0.1);  // wheel 1 has no limit: applied as commanded
  BOOST_TEST(inputs.applied()[1] == 0.1);
  BOOST_TEST(inputs.saturated()[1] == 0);
  check_rejected([&] { sat->set_motor_torque(0, 0.1 * newton_meter); }, {"reaction_wheels 'rw'", "finalize"});
}

BOOST_AUTO_TEST_SUITE_END()
