// Spherical pendulum (docs/models/spherical_pendulum.md): small oscillations and the exact planar
// pendulum on an accelerated massive hub, damping, uniform gravity, conservation in orbit, the
// damper's work balance, convergence, rejected inputs.
#include "ramus/systems/spherical_pendulum.hpp"

#include <algorithm>
#include <boost/math/special_functions/jacobi_elliptic.hpp>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <numbers>

#include "ramus/kernel/error.hpp"
#include "ramus/steppers/step_halving.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "support/models.hpp"
#include "systems/effector_cases.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;

/// Basilisk's P0 frame: rows p̂01, p̂02, p̂03 in B.
Eigen::Matrix3d basilisk_dcm_P0B() {
  const double s = std::sqrt(0.5);
  Eigen::Matrix3d dcm;
  dcm << s, 0.0, s, 0.0, 1.0, 0.0, -s, 0.0, s;
  return dcm;
}

SphericalPendulumConfig pendulum(double m, double l, const Eigen::Vector3d& r_TB_B, const Eigen::Matrix3d& dcm_P0B,
                                 const Eigen::Matrix3d& D, double phi0, double theta0, double phiDot0,
                                 double thetaDot0) {
  SphericalPendulumConfig p;
  p.mass = m * si::kilogram;
  p.length = l * si::meter;
  p.r_TB_B = Length3{r_TB_B, si::meter};
  p.dcm_P0B = dcm_P0B;
  p.D_P0 = D;
  p.phi0 = phi0 * si::radian;
  p.theta0 = theta0 * si::radian;
  p.phiDot0 = phiDot0 * si::radian_per_second;
  p.thetaDot0 = thetaDot0 * si::radian_per_second;
  return p;
}

/// The mass's velocity relative to B, r' in B, from the definition r = r_T + l [BP0] (cφcθ, sφcθ, −sθ)
/// differentiated by hand here (not the model's Jacobian).
Eigen::Vector3d rPrime_B(const Eigen::Matrix3d& dcm_P0B, double l, double phi, double theta, double phiDot,
                         double thetaDot) {
  const double cp = std::cos(phi), sp = std::sin(phi), ct = std::cos(theta), st = std::sin(theta);
  const Eigen::Vector3d lPrime_P0(-sp * ct * phiDot - cp * st * thetaDot, cp * ct * phiDot - sp * st * thetaDot,
                                  -ct * thetaDot);
  return l * dcm_P0B.transpose() * lPrime_P0;
}

/// Damped linear oscillator x'' + 2ζω_n x' + ω_n² x = 0, underdamped: x(t).
double damped_oscillator(double omega_n, double zeta, double x0, double v0, double t) {
  const double sigma = zeta * omega_n, omega_d = omega_n * std::sqrt(1.0 - zeta * zeta);
  return std::exp(-sigma * t) * (x0 * std::cos(omega_d * t) + (v0 + sigma * x0) / omega_d * std::sin(omega_d * t));
}

/// Planar pendulum θ'' = −ω0² sin θ from rest at θ0: sin(θ/2) = k cd(ω0 t, k), k = sin(θ0/2).
double planar_pendulum(double omega0, double theta0, double t) {
  const double k = std::sin(0.5 * theta0);
  return 2.0 * std::asin(k * boost::math::jacobi_cd(k, omega0 * t));
}

struct OnePendulum {
  std::shared_ptr<Model> model;
  Eigen::Index phi = 0;  ///< offset of "phi"; theta, phiDot, thetaDot follow
};

// The accelerated massive hub: 1e12 kg and kg m², centre of mass at B, pushed by F = −M g0 p̂1
// through B. The pendulum sees the effective gravity −r̈_B = g0 p̂1: it hangs along p̂1 (φ = θ = 0).
constexpr double big = 1e12, g0 = 2.0, pl = 0.5, pm = 20.0;
const double omega0 = std::sqrt(g0 / pl);  // [rad/s] small-oscillation frequency √(g0/l) = 2

OnePendulum accelerated_massive_hub(const Eigen::Matrix3d& D, double phi0, double theta0, double phiDot0 = 0.0,
                                    double thetaDot0 = 0.0) {
  OnePendulum s;
  s.model = std::make_shared<Model>();
  auto& sc = s.model->add_vehicle("sc", hub_config(big, Eigen::Vector3d(big, big, big), Eigen::Vector3d::Zero()));
  sc.set_initial_state(at_rest_at_origin());
  const Eigen::Matrix3d dcm = basilisk_dcm_P0B();
  ExternalForceTorqueConfig push;
  push.force_F = Force3{-big * g0 * dcm.row(0).transpose(), si::newton};
  sc.add_dynamic_effector(std::make_shared<ExternalForceTorque>("push", push));
  sc.add_state_effector(std::make_shared<SphericalPendulum>(
      "slosh", pendulum(pm, pl, Eigen::Vector3d(0.1, -0.2, 0.3), dcm, D, phi0, theta0, phiDot0, thetaDot0)));
  s.model->finalize();
  s.phi = block_offset(*s.model, "sc/slosh", "phi");
  return s;
}

// Basilisk's two pendulums on the standard hub, whose
// centre of mass is offset from B; D1, D2 their damping matrices.
std::shared_ptr<Model> two_pendulums(bool orbit, const Eigen::Vector3d& omega0_BN_B, const Eigen::Matrix3d& D1,
                                     const Eigen::Matrix3d& D2) {
  return one_vehicle_model(
      standard_hub(Eigen::Vector3d(0.05, -0.03, 0.1)), orbit, omega0_BN_B,
      {std::make_shared<SphericalPendulum>(
           "p1", pendulum(20.0, 0.3, Eigen::Vector3d(0.1, 0.1, 0.1), basilisk_dcm_P0B(), D1, 0.1, -0.2, 0.01, 0.05)),
       std::make_shared<SphericalPendulum>(
           "p2", pendulum(40.0, 0.4, Eigen::Vector3d(-0.1, 0.05, 0.1), basilisk_dcm_P0B(), D2, -0.3, 0.25, 0.1, 0.5))});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(spherical_pendulum)

BOOST_AUTO_TEST_CASE(small_oscillation_frequency_on_massive_hub) {
  // Both angles oscillate about the hanging equilibrium at ω0 = √(g0/l) (eq. 12): φ(t) and θ(t)
  // of two linear oscillators. Amplitudes ~1e-4 rad keep the nonlinear terms (relative ε² = 1e-8
  // of the frequency, ω0 T = 20 rad: 2e-7 of the amplitude, 2e-11 rad) below the tolerance. The
  // hub's finite mass shifts ω0 by ~m/M = 2e-11; rk4 at ω0 h = 2e-3: ~(ω0 h)⁴ ω0 T ε/120 ≈ 3e-16 rad.
  // Tolerance 1e-10 rad: a frequency off by 1e-6 (2e-9 rad here) fails it.
  const double phi0 = 1e-4, theta0 = -0.7e-4, phiDot0 = 0.5e-4, thetaDot0 = 1e-4;
  const OnePendulum s = accelerated_massive_hub(Eigen::Matrix3d::Zero(), phi0, theta0, phiDot0, thetaDot0);
  const double T = 10.0;
  const Eigen::VectorXd x = run_logged(System(s.model), s.model->initial_state(), T, 10000);
  const double phi_ref = damped_oscillator(omega0, 0.0, phi0, phiDot0, T);
  const double theta_ref = damped_oscillator(omega0, 0.0, theta0, thetaDot0, T);
  BOOST_TEST_MESSAGE("small oscillation: dphi " << x[s.phi] - phi_ref << ", dtheta " << x[s.phi + 1] - theta_ref);
  BOOST_CHECK_SMALL(x[s.phi] - phi_ref, 1e-10);
  BOOST_CHECK_SMALL(x[s.phi + 1] - theta_ref, 1e-10);
}

BOOST_AUTO_TEST_CASE(planar_large_amplitude_exact) {
  // Released from rest in the plane of one angle, the pendulum stays in it and swings as the exact
  // planar pendulum θ'' = −ω0² sin θ (Jacobi elliptic closed form), for θ (the φ = 0 plane, the
  // θ rows of eq. 7) and for φ (the θ = 0 plane, the φ rows). Amplitudes 1.2 and 2.5 rad: far from
  // linear (periods 10% and 55% longer than 2π/ω0). rk4 at ω0 h = 2e-3 over ω0 T = 20 rad:
  // ≲ 1e-11 rad (more near the separatrix); the hub's finite mass ~1e-11. Tolerance 1e-9 rad. The
  // other angle leaves zero only through the hub's recoil: the pivot is off B, so the pendulum's
  // reaction turns the hub slightly and couples the planes at ~m/M = 2e-11 relative (measured
  // 1.2e-11 and 4.4e-11 rad); the same 1e-9 rad bound, far below a wrong coupling's O(1) rad.
  const double T = 10.0;
  {
    const double theta0 = 1.2;
    const OnePendulum s = accelerated_massive_hub(Eigen::Matrix3d::Zero(), 0.0, theta0);
    const Eigen::VectorXd x = run_logged(System(s.model), s.model->initial_state(), T, 10000);
    const double ref = planar_pendulum(omega0, theta0, T);
    BOOST_TEST_MESSAGE("planar theta: dtheta " << x[s.phi + 1] - ref << ", phi " << x[s.phi]);
    BOOST_CHECK_SMALL(x[s.phi + 1] - ref, 1e-9);
    BOOST_CHECK_SMALL(x[s.phi], 1e-9);
  }
  {
    const double phi0 = 2.5;
    const OnePendulum s = accelerated_massive_hub(Eigen::Matrix3d::Zero(), phi0, 0.0);
    const Eigen::VectorXd x = run_logged(System(s.model), s.model->initial_state(), T, 10000);
    const double ref = planar_pendulum(omega0, phi0, T);
    BOOST_TEST_MESSAGE("planar phi: dphi " << x[s.phi] - ref << ", theta " << x[s.phi + 1]);
    BOOST_CHECK_SMALL(x[s.phi] - ref, 1e-9);
    BOOST_CHECK_SMALL(x[s.phi + 1], 1e-9);
  }
}

BOOST_AUTO_TEST_CASE(damped_small_oscillation) {
  // Near the hanging equilibrium r' ≈ l (φ̇ p̂2 − θ̇ p̂3), so the damper D_P0 (eq. 5) damps φ by D22/m
  // and θ by D33/m; D11 acts along the rod and must have no effect. Linear damped closed forms,
  // with ζ = D_ii/(2 m ω0) = 0.05 and 0.1. Same amplitudes and error budget as the undamped case.
  const Eigen::Matrix3d D = Eigen::Vector3d(30.0, 4.0, 8.0).asDiagonal();
  const double phi0 = 1e-4, theta0 = 0.8e-4;
  const OnePendulum s = accelerated_massive_hub(D, phi0, theta0);
  const double T = 10.0;
  const Eigen::VectorXd x = run_logged(System(s.model), s.model->initial_state(), T, 10000);
  const double phi_ref = damped_oscillator(omega0, D(1, 1) / (2.0 * pm * omega0), phi0, 0.0, T);
  const double theta_ref = damped_oscillator(omega0, D(2, 2) / (2.0 * pm * omega0), theta0, 0.0, T);
  BOOST_TEST_MESSAGE("damped: dphi " << x[s.phi] - phi_ref << ", dtheta " << x[s.phi + 1] - theta_ref);
  BOOST_CHECK_SMALL(x[s.phi] - phi_ref, 1e-10);
  BOOST_CHECK_SMALL(x[s.phi + 1] - theta_ref, 1e-10);
}

BOOST_AUTO_TEST_CASE(uniform_gravity_does_not_excite) {
  // In orbit the field is uniform over the vehicle (evaluated at C): a pendulum at rest at any
  // angles on a non-rotating hub must stay there (|g| ≈ 4 m/s²: without the g_B of eq. 7 the
  // angles would change by ~g T²/(2 l) ≫ 1 rad). Round-off ~1e-16 rad/s² per evaluation;
  // tolerance 1e-12 rad, and the hub must not turn (1e-15 rad/s).
  const auto model =
      one_vehicle_model(standard_hub(Eigen::Vector3d(0.05, -0.03, 0.1)), true, Eigen::Vector3d::Zero(),
                        {std::make_shared<SphericalPendulum>(
                            "slosh", pendulum(20.0, 0.3, Eigen::Vector3d(0.1, 0.1, 0.1), basilisk_dcm_P0B(),
                                              Eigen::Matrix3d::Identity(), 0.3, 0.4, 0.0, 0.0))});
  const Eigen::Index o = block_offset(*model, "sc/slosh", "phi");
  const auto& off = model->vehicle(0).offsets();
  double dq = 0.0, omega_max = 0.0;
  run_logged(System(model), model->initial_state(), 10.0, 1000, [&](const Eigen::VectorXd& x, double) {
    dq = std::max({dq, std::abs(x[o] - 0.3), std::abs(x[o + 1] - 0.4), std::abs(x[o + 2]), std::abs(x[o + 3])});
    omega_max = std::max(omega_max, x.segment<3>(off.omega_BN_B).norm());
  });
  BOOST_TEST_MESSAGE("uniform gravity: max angle/rate change " << dq << ", max |omega| " << omega_max);
  BOOST_CHECK_SMALL(dq, 1e-12);
  BOOST_CHECK_SMALL(omega_max, 1e-15);
}

BOOST_AUTO_TEST_CASE(rhs_does_not_allocate) {
  // docs/architecture.md §D3: no heap allocation in an evaluation.
  check_initial_rhs_does_not_allocate(
      two_pendulums(true, Eigen::Vector3d(0.1, -0.1, 0.1), Eigen::Matrix3d::Identity(), Eigen::Matrix3d::Zero()));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(spherical_pendulum_conservation)

BOOST_AUTO_TEST_CASE(orbit_two_pendulums_tumbling_hub) {
  // No damping or loads: the four invariants are conserved. rk4 at 1e-3 s for 10 s (Basilisk runs
  // 10 s); bound 1e-10 relative (docs/verification/README.md).
  const auto model =
      two_pendulums(true, Eigen::Vector3d(0.1, -0.1, 0.1), Eigen::Matrix3d::Zero(), Eigen::Matrix3d::Zero());
  check_invariants_held(max_relative_drift(model, model->initial_state(), 10.0, 10000), "pendulum orbit drift", 1e-10);
}

BOOST_AUTO_TEST_CASE(damping_is_internal) {
  // Basilisk's damped cases (D = 10·1 and diag(50, 0, 0), the latter in P0 and so not diagonal in B):
  // the damper forces are internal, so both angular momenta and the orbital energy stay conserved
  // to 1e-10, while the rotational energy decreases; dv_CN_N stays zero (the pendulums accelerate
  // at ~0.1 m/s² relative to B: a missing m r'' would give ~1e-2 m/s; tolerance 1e-11 m/s).
  const Eigen::Matrix3d D2 = Eigen::Vector3d(50.0, 0.0, 0.0).asDiagonal();
  const auto model = two_pendulums(true, Eigen::Vector3d(0.1, -0.1, 0.1), 10.0 * Eigen::Matrix3d::Identity(), D2);
  const Drift d = max_relative_drift(model, model->initial_state(), 10.0, 10000);
  const Eigen::VectorXd x = run_logged(System(model), model->initial_state(), 10.0, 10000);
  const Eigen::Vector3d dv = vehicle_diagnostics(*model, x, 10.0, 0).dv_CN_N;
  BOOST_TEST_MESSAGE("pendulum damping drift: E_orb " << d.orbital_energy << ", H_orb " << d.H_orb << ", H_rot "
                                                      << d.H_rot << ", |dv| " << dv.norm() << " (E_rot changes by "
                                                      << d.rotational_energy << ")");
  BOOST_CHECK_SMALL(d.orbital_energy, 1e-10);
  BOOST_CHECK_SMALL(d.H_orb, 1e-10);
  BOOST_CHECK_SMALL(d.H_rot, 1e-10);
  BOOST_CHECK_SMALL(dv.norm(), 1e-11);
  BOOST_TEST(d.rotational_energy > 1e-3);  // the dampers really dissipate
}

BOOST_AUTO_TEST_CASE(damper_work_balance) {
  // eq. (13): ΔT_rot = ∫ F_d·r' dt = −Σ ∫ r'ᵀ D_B r' dt, with r' differentiated here from the
  // definition of r (not the model's Jacobian). The trapezoid's error is O(h²), rk4's O(h⁴): the
  // residual must shrink 4× per halving (window 0.2–0.3, as BR-04); a wrong damping term leaves
  // a residual that does not shrink.
  const Eigen::Matrix3d D1 = Eigen::Vector3d(3.0, 5.0, 2.0).asDiagonal();
  Eigen::Matrix3d D2;
  D2 << 4.0, 1.0, 0.0, 1.0, 3.0, 0.5, 0.0, 0.5, 2.0;
  const auto model = two_pendulums(false, Eigen::Vector3d(0.3, -0.2, 0.4), D1, D2);
  const System system(model);
  const Eigen::Index o1 = block_offset(*model, "sc/p1", "phi"), o2 = block_offset(*model, "sc/p2", "phi");
  const Eigen::Matrix3d dcm = basilisk_dcm_P0B();
  auto power_of = [&](const Eigen::VectorXd& x, Eigen::Index o, double l, const Eigen::Matrix3d& D) {
    const Eigen::Vector3d rp = rPrime_B(dcm, l, x[o], x[o + 1], x[o + 2], x[o + 3]);
    return -rp.dot(dcm.transpose() * D * dcm * rp);
  };
  const double T = 5.0;
  auto residual = [&](int n) {
    return rotational_work_residual(system, *model, T, n, [&](const Eigen::VectorXd& x, double) {
      return power_of(x, o1, 0.3, D1) + power_of(x, o2, 0.4, D2);
    });
  };
  check_second_order_residuals(residual, 250, "pendulum damper work residuals");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(spherical_pendulum_convergence)

BOOST_AUTO_TEST_CASE(closed_form_step_halving) {
  // The planar θ swing (amplitude 1.2 rad) against its elliptic closed form: rk4's window
  // 3.8–4.25 (docs/verification/README.md), from ω0 h = 0.1. The finest error stays far above the
  // closed form's
  // model error (~1e-11 rad).
  const OnePendulum s = accelerated_massive_hub(Eigen::Matrix3d::Zero(), 0.0, 1.2);
  const double T = 10.0, ref = planar_pendulum(omega0, 1.2, T);
  const StepHalvingStudy study =
      step_halving_study(System(s.model), s.model->initial_state(), 0.0, T, "rk4", 0.05, 4,
                         [&](const Eigen::VectorXd& x) { return std::abs(x[s.phi + 1] - ref); });
  check_rk4_window(study, "pendulum closed form", 1e-9);
}

BOOST_AUTO_TEST_CASE(conservation_drift_order) {
  // The drift of the invariants must shrink at rk4's order under step halving; at 1e-3 s it is
  // round-off, so this run takes 0.0125 … 0.0015625 s steps over 10 s on a faster tumble (|ω| = 1.4
  // rad/s, pendulum rates up to 1 rad/s). Coarser steps are pre-asymptotic (measured orders 4.4–5.9
  // from 0.05 s, 4.04–4.17 from 0.025 s). E_rot may converge at order 5 on oscillatory motion (rk4's
  // amplitude error is O(h⁵), see linear_spring_mass_damper.md): window 3.8–5.25 for it, 3.8–4.25 for
  // the others. The orbital invariants use the first two pairs: their finest drift (2.5e-13) is
  // ~250× above round-off (1e-15).
  // The finest drifts used stay above round-off: E_rot 1e-12, E_orb 1e-13.
  check_drift_study(
      "pendulum",
      two_pendulums(true, Eigen::Vector3d(0.6, -0.78, 0.96), Eigen::Matrix3d::Zero(), Eigen::Matrix3d::Zero()), 10.0,
      {800, 1600, 3200, 6400}, {5.25}, {1e-12, 1e-13});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(family_errors)

namespace {

void pendulum_with(const std::function<void(SphericalPendulumConfig&)>& edit) {
  const SphericalPendulumConfig good = pendulum(20.0, 0.3, Eigen::Vector3d(0.1, 0.1, 0.1), basilisk_dcm_P0B(),
                                                Eigen::Matrix3d::Identity(), 0.1, 0.2, 0.0, 0.0);
  SphericalPendulum("slosh", edited(good, edit));
}

}  // namespace

BOOST_AUTO_TEST_CASE(spherical_pendulum_rejected_fields) {
  const std::string o = "spherical_pendulum 'slosh': ";
  check_rejected([] { pendulum_with([](auto& p) { p.mass = 0.0 * si::kilogram; }); },
                 {o + "mass [kg] = 0: must be positive"});
  check_rejected([] { pendulum_with([](auto& p) { p.mass = kNaN * si::kilogram; }); }, {o + "mass [kg]", "finite"});
  check_rejected([] { pendulum_with([](auto& p) { p.length = -0.25 * si::meter; }); },
                 {o + "length [m] = -0.25: must be positive"});
  check_rejected([] { pendulum_with([](auto& p) {
                        p.r_TB_B = Length3{Eigen::Vector3d(kInf, 0, 0), si::meter};
                      }); },
                 {o + "r_TB_B [m]", "finite"});
  check_rejected([] { pendulum_with([](auto& p) { p.dcm_P0B = 2.0 * Eigen::Matrix3d::Identity(); }); },
                 {o + "dcm_P0B"});
  check_rejected([] { pendulum_with([](auto& p) { p.dcm_P0B = -Eigen::Matrix3d::Identity(); }); }, {o + "dcm_P0B"});
  check_rejected([] { pendulum_with([](auto& p) { p.D_P0(0, 1) = 1.0; }); }, {o + "D_P0 [N s/m]", "symmetric"});
  check_rejected([] { pendulum_with([](auto& p) { p.D_P0(2, 2) = -1.0; }); },
                 {o + "D_P0 [N s/m]", "positive semi-definite"});
  check_rejected([] { pendulum_with([](auto& p) { p.D_P0(1, 1) = kNaN; }); }, {o + "D_P0 [N s/m]", "finite"});
  check_rejected([] { pendulum_with([](auto& p) { p.phi0 = kInf * si::radian; }); }, {o + "phi0 [rad]", "finite"});
  check_rejected([] { pendulum_with([](auto& p) { p.theta0 = 1.6 * si::radian; }); },
                 {o + "theta0 [rad] = 1.6", "pi/2"});
  check_rejected([] { pendulum_with([](auto& p) { p.theta0 = -0.5 * std::numbers::pi * si::radian; }); },
                 {o + "theta0 [rad]", "pi/2"});
  check_rejected([] { pendulum_with([](auto& p) { p.phiDot0 = kNaN * si::radian_per_second; }); },
                 {o + "phiDot0 [rad/s]", "finite"});
  check_rejected([] { pendulum_with([](auto& p) { p.thetaDot0 = kInf * si::radian_per_second; }); },
                 {o + "thetaDot0 [rad/s]", "finite"});
  // Accepted: no damper, a large φ, θ just inside the chart.
  BOOST_CHECK_NO_THROW(pendulum_with([](auto& p) {
    p.D_P0.setZero();
    p.phi0 = 7.0 * si::radian;
    p.theta0 = 1.5 * si::radian;
  }));
}

BOOST_AUTO_TEST_CASE(spherical_pendulum_hosts_no_child) {
  // A point mass has no frame: no segment, no child (BR-01); the error names both effectors.
  SphericalPendulum p("slosh", pendulum(20.0, 0.3, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity(),
                                        Eigen::Matrix3d::Zero(), 0.0, 0.0, 0.0, 0.0));
  check_hosts_no_child(p, "spherical_pendulum 'slosh'");
}

BOOST_AUTO_TEST_SUITE_END()
