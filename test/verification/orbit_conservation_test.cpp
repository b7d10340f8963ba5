// Suite orbit_conservation (CTest label: conservation): a tumbling rigid body with an offset centre
// of mass over one orbit under point-mass gravity (and with J2), and a constant inertial force on
// a tumbling hub without gravity (docs/verification/ORBIT_CONSERVATION.md). References: the
// invariants themselves, the Kepler closed form (samples/include/ramus/samples/reference/kepler.hpp) and Newton's
// second law for the centre of mass.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <numbers>
#include <string>

#include "ramus/samples/reference/kepler.hpp"
#include "ramus/steppers/step_halving.hpp"
#include "support/hubs.hpp"
#include "verification_support.hpp"

namespace tt = boost::test_tools;
using namespace ramus;
using namespace ramus::verification;

namespace {

// The vehicle and orbit of docs/verification/README.md's common branching setup (Basilisk's
// integrated test):
// hub 750 kg, I_PntBc_B = diag(900, 800, 600) kg m², ω0 = (0.1, 0.1, 0.1) rad/s (a tumble: not a
// principal axis), Earth μ, and r_CN_N(0), v_CN_N(0) given at the centre of mass C. The hub's own
// centre of mass is offset from B, so B moves on a circle about C and r_BN_N carries the tumble.
const Eigen::Vector3d kRC0 = ramus::test::basilisk_r_CN_N();  // [m]
const Eigen::Vector3d kVC0 = ramus::test::basilisk_v_CN_N();  // [m/s]

RigidBodyCase tumbling_case(bool with_gravity, bool with_J2) {
  RigidBodyCase c;
  c.m = ramus::test::kStandardHubMass;
  c.I_PntBc_B = ramus::test::standard_hub_inertia().asDiagonal();
  c.r_BcB_B = Eigen::Vector3d(0.4, -0.3, 0.6);  // [m] |c| = 0.78 m
  c.point = ReferencePoint::C;
  c.r_N = kRC0;
  c.v_N = kVC0;
  c.omega_BN_B = Eigen::Vector3d(0.1, 0.1, 0.1);
  if (with_gravity) c.gravity = std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth(with_J2));
  return c;
}

double earth_mu() { return CentralBodyGravity::earth().mu(); }

/// The orbital period of the c.o.m. orbit, 2π √(a³/μ) with a from vis-viva (a ≈ 1.0e7 m, e ≈ 0.01).
double orbit_period() {
  const double mu = earth_mu();
  const double a = 1.0 / (2.0 / kRC0.norm() - kVC0.squaredNorm() / mu);
  return 2.0 * std::numbers::pi * std::sqrt(a * a * a / mu);
}

/// Relative change of the invariants of vehicle 0 between x0 and x.
struct Drift {
  double orbital_energy, H_orb, H_orb_z, rotational_energy, H_rot;
};
Drift drift(const Model& model, const Eigen::VectorXd& x0, const Eigen::VectorXd& x, double T) {
  const VehicleDiagnostics d0 = vehicle_diagnostics(model, x0, 0.0, 0);
  const VehicleDiagnostics d = vehicle_diagnostics(model, x, T, 0);
  const double H0 = d0.H_orb_PntN_N.norm();
  return {std::abs(d.orbital_energy / d0.orbital_energy - 1.0), (d.H_orb_PntN_N - d0.H_orb_PntN_N).norm() / H0,
          std::abs(d.H_orb_PntN_N.z() - d0.H_orb_PntN_N.z()) / H0,
          std::abs(d.rotational_energy / d0.rotational_energy - 1.0),
          std::abs(d.H_rot_PntC_N.norm() / d0.H_rot_PntC_N.norm() - 1.0)};
}

// The conservation runs use RK4 at h = 0.1 s: ωh = 0.017 rad per step for |ω| = 0.17 rad/s, and
// the halving study below (ORBIT_CONSERVATION_drift_order) shows the largest drift, the rotational
// energy's, to be 1.1e-7 at h = 1 s and falling at order 5: ~1e-12 at 0.1 s, two decades inside
// the 1e-10 requirement. The orbit itself (n h = 6e-5 rad per step) is resolved far finer.
constexpr double kH = 0.1;

}  // namespace

BOOST_AUTO_TEST_SUITE(orbit_conservation)

BOOST_AUTO_TEST_CASE(ORBIT_CONSERVATION_kepler_reference) {
  // The reference itself: energy and angular momentum of kepler_propagate's states, and the return
  // to the start after one period. 1e-12 relative: the f and g functions at ΔE ≈ 2π cancel
  // terms of size 1 to leave O(1), losing at most a few digits of 1e-16.
  const double mu = earth_mu(), P = orbit_period();
  const double E0 = 0.5 * kVC0.squaredNorm() - mu / kRC0.norm();
  const Eigen::Vector3d h0 = kRC0.cross(kVC0);
  for (const double t : {0.1 * P, 0.37 * P, 0.5 * P, 0.93 * P}) {
    const samples::reference::KeplerState s = samples::reference::kepler_propagate(mu, kRC0, kVC0, t);
    BOOST_TEST(0.5 * s.v_N.squaredNorm() - mu / s.r_N.norm() == E0, tt::tolerance(1e-12));
    BOOST_TEST((s.r_N.cross(s.v_N) - h0).norm() / h0.norm() <= 1e-12);
  }
  const samples::reference::KeplerState s = samples::reference::kepler_propagate(mu, kRC0, kVC0, P);
  BOOST_TEST((s.r_N - kRC0).norm() / kRC0.norm() <= 1e-12);
  BOOST_TEST((s.v_N - kVC0).norm() / kVC0.norm() <= 1e-12);
}

BOOST_AUTO_TEST_CASE(ORBIT_CONSERVATION_point_mass_rk4) {
  const auto model = make_model(tumbling_case(true, false));
  const double T = orbit_period();
  const Eigen::VectorXd& x0 = model->initial_state();
  // The initial state was given at C: the model must have put B at C − [NB] c.
  const VehicleDiagnostics d0 = vehicle_diagnostics(*model, x0, 0.0, 0);
  BOOST_TEST((d0.r_CN_N - kRC0).norm() <= 1e-8);   // ulp of 1e7 m is 1.9e-9 m
  BOOST_TEST((d0.v_CN_N - kVC0).norm() <= 1e-11);  // ulp of 6.3e3 m/s is 9e-13 m/s

  const Eigen::VectorXd x = run(model, T, "rk4", kH);
  const Drift dr = drift(*model, x0, x, T);
  BOOST_TEST_MESSAGE("point mass, one orbit (" << T << " s), rk4 h = " << kH << ": relative drift of orbital energy "
                                               << dr.orbital_energy << ", H_orb " << dr.H_orb << ", rotational energy "
                                               << dr.rotational_energy << ", |H_rot| " << dr.H_rot);
  // Relative 1e-10 (the brief; docs/verification/README.md's conservation requirement).
  BOOST_TEST(dr.orbital_energy <= 1e-10);
  BOOST_TEST(dr.H_orb <= 1e-10);
  BOOST_TEST(dr.rotational_energy <= 1e-10);
  BOOST_TEST(dr.H_rot <= 1e-10);

  // No non-gravitational force: dv_CN_N' = [NB] rDDot_C − g_N is zero up to the rounding of g
  // (|g| = 4.0 m/s², ε|g| = 9e-16 m/s² per evaluation); over T = 9952 s that is 9e-12 m/s if every
  // rounding had the same sign. 1e-10 m/s allows ~10 roundings per evaluation.
  const VehicleDiagnostics d = vehicle_diagnostics(*model, x, T, 0);
  BOOST_TEST_MESSAGE("  |dv_CN_N| = " << d.dv_CN_N.norm() << " m/s");
  BOOST_TEST(d.dv_CN_N.norm() <= 1e-10);

  // The centre of mass follows Kepler. The bound is the run's own truncation error, estimated by
  // Richardson from the run at 2h: e(h) ≈ |x(2h) − x(h)| / (2⁴ − 1) for a 4th-order method (the
  // order is confirmed by ORBIT_CONSERVATION_drift_order); ×2 margin, plus 10× Brouwer's round-off
  // estimate √N ε |r| (√N ε |v|). A model whose c.o.m. does not obey r̈_C = g(r_C) converges to
  // the wrong orbit: its runs at h and 2h agree with each other but not with Kepler.
  const Eigen::VectorXd x2 = run(model, T, "rk4", 2.0 * kH);
  const VehicleDiagnostics d2 = vehicle_diagnostics(*model, x2, T, 0);
  const samples::reference::KeplerState k = samples::reference::kepler_propagate(earth_mu(), kRC0, kVC0, T);
  const double sqrtN = std::sqrt(T / kH);
  const double r_bound = 2.0 * (d2.r_CN_N - d.r_CN_N).norm() / 15.0 + 10.0 * sqrtN * kEps * kRC0.norm();
  const double v_bound = 2.0 * (d2.v_CN_N - d.v_CN_N).norm() / 15.0 + 10.0 * sqrtN * kEps * kVC0.norm();
  BOOST_TEST_MESSAGE("  |r_C - Kepler| = " << (d.r_CN_N - k.r_N).norm() << " m (bound " << r_bound
                                           << "), |v_C - Kepler| = " << (d.v_CN_N - k.v_N).norm() << " m/s (bound "
                                           << v_bound << ")");
  BOOST_TEST((d.r_CN_N - k.r_N).norm() <= r_bound);
  BOOST_TEST((d.v_CN_N - k.v_N).norm() <= v_bound);
  // And the bound is not vacuous: a millimetre after 6.3e7 m of flight.
  BOOST_TEST(r_bound <= 1e-3);
}

BOOST_AUTO_TEST_CASE(ORBIT_CONSERVATION_j2_rk4) {
  // J2 is axisymmetric about the N z axis and static: the orbital energy (with the J2 potential)
  // and the z component of the orbital angular momentum are first integrals; H_x, H_y are not.
  // J2 changes the acceleration by ~1e-3 of μ/r², so RK4's truncation error at h = 0.1 s is that of
  // the point-mass case to within a few per cent: the same relative 1e-10 applies.
  const auto model = make_model(tumbling_case(true, true));
  const double T = orbit_period();
  const Eigen::VectorXd x = run(model, T, "rk4", kH);
  const Drift dr = drift(*model, model->initial_state(), x, T);
  BOOST_TEST_MESSAGE("J2, one orbit, rk4 h = " << kH << ": relative drift of orbital energy " << dr.orbital_energy
                                               << ", H_orb_z " << dr.H_orb_z << " (|dH_orb| " << dr.H_orb
                                               << "), rotational energy " << dr.rotational_energy << ", |H_rot| "
                                               << dr.H_rot);
  BOOST_TEST(dr.orbital_energy <= 1e-10);
  BOOST_TEST(dr.H_orb_z <= 1e-10);
  // J2 acts: the node regresses, turning H_orb by ~2e-3 rad per orbit at this inclination. The
  // test fails if J2 were dropped from the acceleration (then |ΔH_orb| would be ≤ 1e-10).
  BOOST_TEST(dr.H_orb >= 1e-4);
  // The rotation does not see gravity (uniform field at C): its invariants hold as without J2.
  BOOST_TEST(dr.rotational_energy <= 1e-10);
  BOOST_TEST(dr.H_rot <= 1e-10);
}

BOOST_AUTO_TEST_CASE(ORBIT_CONSERVATION_drift_order) {
  // The drift of a conserved quantity is the integrator's error: under step halving it must shrink
  // at the integrator's order (×16 per halving for RK4); a drift that does not shrink is a
  // modelling error. Steps 4, 2, 1 s over one orbit.
  const auto model = make_model(tumbling_case(true, false));
  const System system(model);
  const double T = orbit_period();
  const Eigen::VectorXd& x0 = model->initial_state();
  const auto orbital = [&](const Eigen::VectorXd& x) { return drift(*model, x0, x, T).orbital_energy; };
  const auto rotational = [&](const Eigen::VectorXd& x) { return drift(*model, x0, x, T).rotational_energy; };
  const StepHalvingStudy so = step_halving_study(system, x0, 0.0, T, "rk4", 4.0, 3, orbital);
  const StepHalvingStudy sr = step_halving_study(system, x0, 0.0, T, "rk4", 4.0, 3, rotational);
  for (std::size_t k = 0; k < so.levels.size(); ++k)
    BOOST_TEST_MESSAGE("  h = " << so.levels[k].dt << ": orbital energy drift " << so.levels[k].error << " (order "
                                << so.levels[k].observed_order << "), rotational energy drift " << sr.levels[k].error
                                << " (order " << sr.levels[k].observed_order << ")");
  for (std::size_t k = 1; k < so.levels.size(); ++k) {
    // The orbital energy (it carries the tumble through r_C = r_B + [NB] c): RK4's window.
    BOOST_TEST(so.levels[k].observed_order >= 3.8);
    BOOST_TEST(so.levels[k].observed_order <= 4.25);
    // The rotational energy of the free tumble converges one order faster (measured 5.0): RK4's
    // local error in this quadratic invariant vanishes at h⁵, as for the linear oscillator, where
    // |R(iθ)|² = 1 − θ⁶/72. The requirement is only that it converges at least at RK4's order.
    BOOST_TEST(sr.levels[k].observed_order >= 3.8);
  }
  // The finest drift must be far above round-off: Brouwer's law, √N ε (|T| + |U|)/|E| = 3 √N ε
  // for a near-circular orbit, N = T/h steps.
  const double floor = 3.0 * std::sqrt(T / so.levels.back().dt) * kEps;
  BOOST_TEST(so.levels.back().error >= 100.0 * floor);
}

BOOST_AUTO_TEST_CASE(ORBIT_CONSERVATION_inertial_force) {
  // A constant inertial force F_N on the tumbling hub, applied at B (so it also torques the body
  // about C), no gravity. Newton: the c.o.m. accelerates at F_N/m whatever the attitude, so
  // dv_CN_N(T) = F_N T/m and r_C(T) = r_C0 + v_C0 T + ½ F_N/m T².
  RigidBodyCase c = tumbling_case(false, false);
  c.r_N = Eigen::Vector3d(100.0, -200.0, 50.0);
  c.v_N = Eigen::Vector3d(1.0, 2.0, -0.5);
  c.force_N = Eigen::Vector3d(20.0, -10.0, 5.0);  // [N]; the force is rotated into B with the current q
  const auto model = make_model(c);
  constexpr double T = 100.0;  // ~2.8 tumble periods
  const Eigen::Vector3d a_N = c.force_N / c.m;
  const Eigen::Vector3d r_ref = c.r_N + c.v_N * T + 0.5 * a_N * T * T;
  const Eigen::Vector3d v_ref = c.v_N + a_N * T;

  const Eigen::VectorXd x = run(model, T, "rk4", kH);
  const Eigen::VectorXd x2 = run(model, T, "rk4", 2.0 * kH);
  const VehicleDiagnostics d = vehicle_diagnostics(*model, x, T, 0);
  const VehicleDiagnostics d2 = vehicle_diagnostics(*model, x2, T, 0);
  // dv_CN_N' = [NB] rDDot_C = F_N/m at every evaluation up to rounding, so every scheme gives it
  // exactly: 1e-12 m/s is 1000 steps of round-off (ε · 3 m/s each, 6.7e-13 worst case) with margin.
  BOOST_TEST_MESSAGE("inertial force: |dv_CN_N - F T/m| = "
                     << (d.dv_CN_N - a_N * T).norm() << " m/s, |r_C - Newton| = " << (d.r_CN_N - r_ref).norm()
                     << " m, |v_C - Newton| = " << (d.v_CN_N - v_ref).norm() << " m/s");
  BOOST_TEST((d.dv_CN_N - a_N * T).norm() <= 1e-12);
  // r_C = r_B + [NB] c combines two integrated states (r_B carries the tumble of B about C), so it
  // has RK4's truncation error of the tumble: bounded by Richardson from the run at 2h (×2 margin),
  // as in the orbit case, plus 10× the round-off √N ε |r|.
  const double sqrtN = std::sqrt(T / kH);
  const double r_bound = 2.0 * (d2.r_CN_N - d.r_CN_N).norm() / 15.0 + 10.0 * sqrtN * kEps * r_ref.norm();
  const double v_bound = 2.0 * (d2.v_CN_N - d.v_CN_N).norm() / 15.0 + 10.0 * sqrtN * kEps * v_ref.norm();
  BOOST_TEST((d.r_CN_N - r_ref).norm() <= r_bound);
  BOOST_TEST((d.v_CN_N - v_ref).norm() <= v_bound);
  BOOST_TEST(r_bound <= 1e-6);
  // The force does turn the body (torque −c × F about C): the tumble is not the free one.
  BOOST_TEST((d.hub.omega_FN_F - c.omega_BN_B).norm() >= 1e-2);
}

BOOST_AUTO_TEST_SUITE_END()
