// Linear spring-mass-damper (docs/models/linear_spring_mass_damper.md): closed-form oscillations,
// uniform gravity, conservation in orbit, the damper's work balance, convergence, rejected inputs.
#include "ramus/systems/linear_spring_mass_damper.hpp"

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>

#include "ramus/kernel/error.hpp"
#include "ramus/steppers/step_halving.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "support/models.hpp"
#include "systems/effector_cases.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;
namespace tt = boost::test_tools;

LinearSpringMassDamperConfig particle(double m, const Eigen::Vector3d& pHat_B, const Eigen::Vector3d& r_PB_B, double k,
                                      double c, double rho0, double rhoDot0 = 0.0) {
  LinearSpringMassDamperConfig p;
  p.mass = m * si::kilogram;
  p.pHat_B = pHat_B;
  p.r_PB_B = Length3{r_PB_B, si::meter};
  p.k = k * si::newton / si::meter;
  p.c = c * si::newton * si::second / si::meter;
  p.rho0 = rho0 * si::meter;
  p.rhoDot0 = rhoDot0 * si::meter_per_second;
  return p;
}

/// Damped linear oscillator x'' + 2ζω_n x' + ω_n² x = 0, underdamped: (x, x') at t.
Eigen::Vector2d damped_oscillator(double omega_n, double zeta, double x0, double v0, double t) {
  const double sigma = zeta * omega_n, omega_d = omega_n * std::sqrt(1.0 - zeta * zeta);
  const double A = x0, B = (v0 + sigma * x0) / omega_d;
  const double e = std::exp(-sigma * t), c = std::cos(omega_d * t), s = std::sin(omega_d * t);
  return {e * (A * c + B * s), e * ((-sigma * A + omega_d * B) * c + (-sigma * B - omega_d * A) * s)};
}

struct OneParticle {
  std::shared_ptr<Model> model;
  Eigen::Index rho = 0;  ///< offset of "rho"; "rhoDot" follows
};

OneParticle one_particle(const HubConfig& hub, const LinearSpringMassDamperConfig& p,
                         const InitialState& ic = at_rest_at_origin(), bool gravity = false) {
  OneParticle s;
  s.model = one_vehicle_model(hub, ic, {std::make_shared<LinearSpringMassDamper>("slosh", p)}, gravity);
  s.rho = block_offset(*s.model, "sc/slosh", "rho");
  return s;
}

// The massive-hub case: m = 10 kg, k = 100 N/m, ω_n = √(k/m); the hub 1e12 kg and 1e12 kg m².
constexpr double big = 1e12, pm = 10.0, pk = 100.0, rho0 = 0.05, rhoDot0 = 0.01;

OneParticle massive_hub(double c) {
  return one_particle(
      hub_config(big, Eigen::Vector3d(big, big, big), Eigen::Vector3d::Zero()),
      particle(pm, Eigen::Vector3d(1.0, 1.0, 1.0).normalized(), Eigen::Vector3d(0.1, 0.0, -0.1), pk, c, rho0, rhoDot0));
}

// Basilisk's three particles, k = 100, on a tumbling hub
// whose centre of mass is offset from B.
std::shared_ptr<Model> three_particles(bool orbit, const Eigen::Vector3d& c, const Eigen::Vector3d& omega0) {
  return one_vehicle_model(
      hub_config(750.0, Eigen::Vector3d(900.0, 800.0, 600.0), Eigen::Vector3d(0.05, -0.03, 0.1)), orbit, omega0,
      {std::make_shared<LinearSpringMassDamper>("p1", particle(10.0, Eigen::Vector3d(1, 1, 1).normalized(),
                                                               Eigen::Vector3d(0.1, 0, -0.1), 100.0, c.x(), 0.05)),
       std::make_shared<LinearSpringMassDamper>("p2", particle(20.0, Eigen::Vector3d(1, -1, -1).normalized(),
                                                               Eigen::Vector3d(0, 0, 0.1), 100.0, c.y(), -0.025)),
       std::make_shared<LinearSpringMassDamper>("p3", particle(15.0, Eigen::Vector3d(-1, -1, 1).normalized(),
                                                               Eigen::Vector3d(-0.1, 0, 0.1), 100.0, c.z(), -0.015))});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(linear_spring_mass_damper)

BOOST_AUTO_TEST_CASE(damped_oscillation_on_massive_hub) {
  // Reference: x(t) of a damped oscillator with ω_n = √(k/m), ζ = c/(2√(k m)), for c = 0 and c = 3.
  // Model error: the hub's finite mass shifts ω_n by ~m/(2M) = 5e-12 (phase error ≤ 5e-12 ω_n T
  // ≈ 2e-10 rad, i.e. 1e-11 m), its rotation (torque m|r|kρ on 1e12 kg m²) is ~1e-12 rad.
  // rk4 at ω_n h = 3.2e-3 over ω_n T = 32 rad: ~(ω_n h)⁴ ω_n T ρ0/120 ≈ 1e-12 m. Tolerance 1e-10 m,
  // and 1e-10 m/s for the rate, is 10× above both; an error in ω_n of 1e-9 would fail it.
  for (double c : {0.0, 3.0}) {
    const OneParticle s = massive_hub(c);
    const double T = 10.0;
    const Eigen::VectorXd x = run_logged(System(s.model), s.model->initial_state(), T, 10000);
    const double omega_n = std::sqrt(pk / pm), zeta = c / (2.0 * std::sqrt(pk * pm));
    const Eigen::Vector2d ref = damped_oscillator(omega_n, zeta, rho0, rhoDot0, T);
    BOOST_TEST_MESSAGE("massive hub c=" << c << ": drho " << x[s.rho] - ref[0] << ", drhoDot "
                                        << x[s.rho + 1] - ref[1]);
    BOOST_CHECK_SMALL(x[s.rho] - ref[0], 1e-10);
    BOOST_CHECK_SMALL(x[s.rho + 1] - ref[1], 1e-10);
  }
}

BOOST_AUTO_TEST_CASE(two_body_reduced_mass_exact) {
  // A 100 kg hub with its centre of mass at B and the slosh line through B: every force lies on
  // that line, nothing rotates, and the relative coordinate obeys μ ρ̈ = −k ρ − c ρ̇ exactly with
  // μ = m M/(m + M). ω_n = √(k/μ) differs from √(k/m) by 5%: the hub's recoil must be in the model.
  // rk4 error ~(ω_n h)⁴ ω_n T ρ0/120 ≈ 2e-12 m at h = 1e-3; tolerance 1e-10 m (and m/s).
  const double M = 100.0, m = 10.0, k = 100.0, c = 2.0;
  const Eigen::Vector3d pHat = Eigen::Vector3d(0.0, 0.6, 0.8);
  const OneParticle s = one_particle(hub_config(M, Eigen::Vector3d(10.0, 20.0, 30.0), Eigen::Vector3d::Zero()),
                                     particle(m, pHat, 0.5 * pHat, k, c, rho0, rhoDot0));
  const double T = 10.0;
  const Eigen::VectorXd x = run_logged(System(s.model), s.model->initial_state(), T, 10000);
  const double mu = m * M / (m + M), omega_n = std::sqrt(k / mu), zeta = c / (2.0 * std::sqrt(k * mu));
  const Eigen::Vector2d ref = damped_oscillator(omega_n, zeta, rho0, rhoDot0, T);
  BOOST_TEST_MESSAGE("two-body: drho " << x[s.rho] - ref[0] << ", drhoDot " << x[s.rho + 1] - ref[1]);
  BOOST_CHECK_SMALL(x[s.rho] - ref[0], 1e-10);
  BOOST_CHECK_SMALL(x[s.rho + 1] - ref[1], 1e-10);
  BOOST_CHECK_SMALL(x.segment<3>(s.model->vehicle(0).offsets().omega_BN_B).norm(), 1e-15);
}

BOOST_AUTO_TEST_CASE(uniform_gravity_does_not_excite) {
  // In orbit the field is uniform over the vehicle (evaluated at C): a particle at rest at its
  // equilibrium on a non-rotating hub must stay there. Without the particle's own gravity term in
  // c_rho (eq. 5) it would settle at m|p̂·g|/k ~ 0.4 m (|g| ≈ 4.0 m/s² at r = 1e7 m). The cancellation g − g leaves
  // round-off, ~1e-15 m/s² per evaluation: ρ ≲ 1e-15 m; tolerance 1e-12 m. The hub must not start to turn.
  const OneParticle s = one_particle(
      hub_config(750.0, Eigen::Vector3d(900.0, 800.0, 600.0), Eigen::Vector3d(0.05, -0.03, 0.1)),
      particle(10.0, Eigen::Vector3d(1, 1, 1).normalized(), Eigen::Vector3d(0.1, 0.0, -0.1), 100.0, 0.0, 0.0),
      basilisk_orbit(Eigen::Vector3d::Zero()), true);
  const auto& off = s.model->vehicle(0).offsets();
  double rho_max = 0.0, omega_max = 0.0, g_min = std::numeric_limits<double>::infinity();
  run_logged(System(s.model), s.model->initial_state(), 10.0, 1000, [&](const Eigen::VectorXd& x, double t) {
    rho_max = std::max({rho_max, std::abs(x[s.rho]), std::abs(x[s.rho + 1])});
    omega_max = std::max(omega_max, x.segment<3>(off.omega_BN_B).norm());
    g_min =
        std::min(g_min, s.model->gravity()->acceleration_N(vehicle_diagnostics(*s.model, x, t, 0).r_CN_N, t).norm());
  });
  BOOST_TEST_MESSAGE("uniform gravity: max |rho|, |rhoDot| " << rho_max << ", max |omega| " << omega_max);
  BOOST_TEST(g_min > 3.5);  // the field is strong (≈ 4.0 m/s² on this orbit): the test means something
  BOOST_CHECK_SMALL(rho_max, 1e-12);
  BOOST_CHECK_SMALL(omega_max, 1e-15);
}

BOOST_AUTO_TEST_CASE(rhs_does_not_allocate) {
  // docs/architecture.md §D3: no heap allocation in an evaluation.
  check_initial_rhs_does_not_allocate(
      three_particles(true, Eigen::Vector3d(1.0, 2.0, 3.0), Eigen::Vector3d(0.1, -0.1, 0.1)));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(linear_spring_mass_damper_conservation)

BOOST_AUTO_TEST_CASE(orbit_three_particles_tumbling_hub) {
  // No damping or loads: the four invariants (springs in the rotational energy) are conserved.
  // rk4 at 1e-3 s for 2.5 s (Basilisk's run); bound 1e-10 relative (docs/verification/README.md).
  const auto model = three_particles(true, Eigen::Vector3d::Zero(), Eigen::Vector3d(0.1, -0.1, 0.1));
  check_invariants_held(max_relative_drift(model, model->initial_state(), 2.5, 2500), "lsmd orbit drift", 1e-10);
}

BOOST_AUTO_TEST_CASE(internal_forces_give_no_delta_v) {
  // dv_CN_N integrates the non-gravitational acceleration of C built from the hub accelerations
  // and each effector's m r'' (architecture.md eq. 9). Springs and dampers are internal: C's
  // acceleration is gravity alone and dv_CN_N must stay zero. Scale: the particles accelerate at
  // ~k ρ0/m ≈ 0.5 m/s² relative to B, so a missing m r'' would give ~0.05 m/s over 2.5 s; rk4 and
  // round-off give ≲ 1e-13 m/s. Tolerance 1e-11 m/s.
  const auto model = three_particles(true, Eigen::Vector3d(15.0, 17.0, 11.0), Eigen::Vector3d(0.1, -0.1, 0.1));
  const Eigen::VectorXd x = run_logged(System(model), model->initial_state(), 2.5, 2500);
  const Eigen::Vector3d dv = vehicle_diagnostics(*model, x, 2.5, 0).dv_CN_N;
  BOOST_TEST_MESSAGE("lsmd |dv_CN_N| " << dv.norm());
  BOOST_CHECK_SMALL(dv.norm(), 1e-11);
}

BOOST_AUTO_TEST_CASE(damping_is_internal) {
  // Basilisk's damping case (c = 15, 17, 11 N s/m): the damper forces are internal, so both
  // angular momenta and the orbital energy stay conserved to the same 1e-10.
  const auto model = three_particles(true, Eigen::Vector3d(15.0, 17.0, 11.0), Eigen::Vector3d(0.1, -0.1, 0.1));
  const Drift d = max_relative_drift(model, model->initial_state(), 2.5, 2500);
  BOOST_TEST_MESSAGE("lsmd damping drift: E_orb " << d.orbital_energy << ", H_orb " << d.H_orb << ", H_rot " << d.H_rot
                                                  << " (E_rot changes by " << d.rotational_energy << ")");
  BOOST_CHECK_SMALL(d.orbital_energy, 1e-10);
  BOOST_CHECK_SMALL(d.H_orb, 1e-10);
  BOOST_CHECK_SMALL(d.H_rot, 1e-10);
  BOOST_TEST(d.rotational_energy > 1e-3);  // the dampers really dissipate
}

BOOST_AUTO_TEST_CASE(damper_work_balance) {
  // eq. (10): ΔT_rot = −Σ ∫ c ρ̇² dt. The trapezoid integral of the logged power has error
  // −h²/12 [f'(T) − f'(0)] + O(h⁴) and rk4's is O(h⁴): the residual must shrink 4× per halving
  // (window 0.2–0.3, as BR-04). A wrong contribution leaves a residual that does not shrink.
  // Its size is also bounded against the dissipated energy (1.4e-2 J): below 1e-5 of it.
  const Eigen::Vector3d c(15.0, 17.0, 11.0);
  const auto model = three_particles(false, c, Eigen::Vector3d(0.1, -0.1, 0.1));
  const System system(model);
  const Eigen::Index o[3] = {block_offset(*model, "sc/p1", "rhoDot"), block_offset(*model, "sc/p2", "rhoDot"),
                             block_offset(*model, "sc/p3", "rhoDot")};
  const double T = 2.5;
  auto residual = [&](int n) {
    return rotational_work_residual(system, *model, T, n, [&](const Eigen::VectorXd& x, double) {
      return -(c[0] * x[o[0]] * x[o[0]] + c[1] * x[o[1]] * x[o[1]] + c[2] * x[o[2]] * x[o[2]]);
    });
  };
  // Steps 0.0125 … 0.003125 s: at coarser steps rk4's own energy error still competes with the
  // trapezoid's (measured ratios 0.56, 0.29 from 0.05 s), from 0.0125 s the ratios are 0.252, 0.251.
  const double r3 = check_second_order_residuals(residual, 200, "lsmd damper work residuals");
  BOOST_CHECK_SMALL(r3, 1.4e-7);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(linear_spring_mass_damper_convergence)

BOOST_AUTO_TEST_CASE(closed_form_step_halving) {
  // The damped massive-hub case against its closed form: rk4's window 3.8–4.25
  // (docs/verification/README.md).
  // The finest error (~1e-8 m) stays far above the model error of the closed form (~1e-11 m).
  const OneParticle s = massive_hub(3.0);
  const System system(s.model);
  const double T = 10.0;
  const Eigen::Vector2d ref = damped_oscillator(std::sqrt(pk / pm), 3.0 / (2.0 * std::sqrt(pk * pm)), rho0, rhoDot0, T);
  const StepHalvingStudy study = step_halving_study(
      system, s.model->initial_state(), 0.0, T, "rk4", 0.1, 4,
      [&](const Eigen::VectorXd& x) { return std::max(std::abs(x[s.rho] - ref[0]), std::abs(x[s.rho + 1] - ref[1])); });
  check_rk4_window(study, "lsmd closed form", 1e-9);
}

BOOST_AUTO_TEST_CASE(conservation_drift_order) {
  // The drift of the invariants must shrink with the step; at 1e-3 s it is round-off, so this run
  // takes 0.2 … 0.025 s steps over 10 s on a faster tumble (ω_n h ≤ 0.63).
  // Windows: H_rot, E_orb and H_orb at rk4's order, 3.8–4.25 (docs/verification/README.md). E_rot
  // converges at
  // order 5, measured 4.95–5.0: its error is dominated by the particles' oscillations, and rk4's
  // error on an oscillator is a phase error at O(h⁴) but an amplitude (energy) error at O(h⁵)
  // (|R(iωh)|² = 1 − (ωh)⁶/72 per step). Its window is 3.8–5.25: no slower than rk4's order
  // (a modelling error gives p → 0), no faster than that known superconvergence.
  // Pairs used: all for the rotational invariants (finest drifts 3e-10 and 1.5e-9); the first two
  // for the orbital ones, whose finest drift (2e-13) is only ~20× above round-off.
  // The finest drifts used stay above round-off: E_rot 1e-12, E_orb 1e-12.
  check_drift_study("lsmd", three_particles(true, Eigen::Vector3d::Zero(), Eigen::Vector3d(0.6, -0.78, 0.96)), 10.0,
                    {50, 100, 200, 400}, {5.25}, {1e-12, 1e-12});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(effector_errors)

namespace {

/// An effector "slosh" from a good configuration changed by `edit`.
void lsmd_with(const std::function<void(LinearSpringMassDamperConfig&)>& edit) {
  const LinearSpringMassDamperConfig good =
      particle(10.0, Eigen::Vector3d(0.0, 0.0, 1.0), Eigen::Vector3d(0.1, 0.0, 0.0), 100.0, 1.0, 0.01, 0.0);
  LinearSpringMassDamper("slosh", edited(good, edit));
}

}  // namespace

BOOST_AUTO_TEST_CASE(linear_spring_mass_damper_rejected_fields) {
  const std::string o = "linear_spring_mass_damper 'slosh': ";
  check_rejected([] { lsmd_with([](auto& p) { p.mass = 0.0 * si::kilogram; }); },
                 {o + "mass [kg] = 0: must be positive"});
  check_rejected([] { lsmd_with([](auto& p) { p.mass = -1.0 * si::kilogram; }); },
                 {o + "mass [kg] = -1: must be positive"});
  check_rejected([] { lsmd_with([](auto& p) { p.mass = kNaN * si::kilogram; }); }, {o + "mass [kg]", "finite"});
  // Each refused direction and what the message says of it; 2e-9 off unit: outside the 1e-9 tolerance.
  const std::vector<std::pair<Eigen::Vector3d, std::string>> bad_directions = {
      {Eigen::Vector3d::Zero(), "zero length"},
      {Eigen::Vector3d(1.0 + 2e-9, 0.0, 0.0), "unit vector"},
      {Eigen::Vector3d(1.0, 1.0, 1.0), "unit vector"},
      {Eigen::Vector3d(kInf, 0.0, 0.0), "finite"}};
  for (const auto& bad : bad_directions)
    check_rejected([&] { lsmd_with([&](auto& p) { p.pHat_B = bad.first; }); }, {o + "pHat_B", bad.second});
  check_rejected([] { lsmd_with([](auto& p) {
                        p.r_PB_B = Length3{Eigen::Vector3d(kNaN, 0.0, 0.0), si::meter};
                      }); },
                 {o + "r_PB_B [m]", "finite"});
  check_rejected([] { lsmd_with([](auto& p) { p.k = -1.0 * si::newton / si::meter; }); },
                 {o + "k [N/m] = -1: must not be negative"});
  check_rejected([] { lsmd_with([](auto& p) { p.k = kInf * si::newton / si::meter; }); }, {o + "k [N/m]", "finite"});
  check_rejected([] { lsmd_with([](auto& p) { p.c = -2.0 * si::newton * si::second / si::meter; }); },
                 {o + "c [N s/m] = -2: must not be negative"});
  check_rejected([] { lsmd_with([](auto& p) { p.rho0 = kNaN * si::meter; }); }, {o + "rho0 [m]", "finite"});
  check_rejected([] { lsmd_with([](auto& p) { p.rhoDot0 = kInf * si::meter_per_second; }); },
                 {o + "rhoDot0 [m/s]", "finite"});
  // Accepted: a direction 5e-10 off unit, no spring and no damper (a free particle on its line).
  BOOST_CHECK_NO_THROW(lsmd_with([](auto& p) { p.pHat_B = Eigen::Vector3d(0.0, 1.0 + 5e-10, 0.0); }));
  BOOST_CHECK_NO_THROW(lsmd_with([](auto& p) {
    p.k = 0.0 * si::newton / si::meter;
    p.c = 0.0 * si::newton * si::second / si::meter;
  }));
}

BOOST_AUTO_TEST_CASE(linear_spring_mass_damper_hosts_no_child) {
  // A point mass has no frame: no segment, no child (BR-01 relies on it); the errors name both.
  LinearSpringMassDamper p("slosh", particle(10.0, Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 1.0, 0.0, 0.0));
  check_hosts_no_child(p, "linear_spring_mass_damper 'slosh'");
  check_rejected([&] { p.segment(0, *p.make_workspace()); },
                 {"linear_spring_mass_damper 'slosh'", "segment", "no segment"});
  check_rejected(
      [] {
        LinearSpringMassDamper("bad name",
                               particle(1.0, Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 1.0, 0.0, 0.0));
      },
      {"name", "'bad name'"});
}

BOOST_AUTO_TEST_SUITE_END()
