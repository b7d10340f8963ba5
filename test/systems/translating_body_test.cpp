// Translating bodies (systems/src/translating_body.cpp on the serial-chain engine): the N-DOF body
// with N = 1 against the 1-DOF model, the 1-DOF model against Basilisk's closed form, a locked
// body against a rigid composite hub, conservation in orbit, motor work balances, and the
// convergence of the conservation drift.
#include <boost/test/unit_test.hpp>
#include <cmath>

#include "systems/chain_support.hpp"

namespace {

using namespace ramus;
using namespace ramus::chain_test;
namespace tt = boost::test_tools;

std::shared_ptr<SerialChain> one_dof() {
  return std::make_shared<TranslatingBodyOneDOF>("slider", translating_axis_1dof());
}
std::shared_ptr<SerialChain> three_dof() {
  return std::make_shared<TranslatingBodyNDOF>("telescope", translating_axes_3dof());
}

// ---- Basilisk's linearTranslationOneDOF closed form ------------------------------------------------
// Coded from the note, independently of the engine. F does not rotate relative to B; the child's
// force and torque are in F components, the torque about the F origin r_F0B + ρ f̂.
OneDofTerms basilisk_translating(const TranslatingAxisConfig& cfg, double rho, double rhoDot, double F_m,
                                 const Eigen::Vector3d& omega, const Eigen::Vector3d& g_B, const Wrench& child_F) {
  const double m = cfg.mass.value(), k = cfg.k.value(), c = cfg.c.value();
  const Eigen::Matrix3d dcm_FB = cfg.dcm_FP;
  const Eigen::Vector3d f = cfg.fHat_P;  // in B
  const Eigen::Vector3d r_F0B = cfg.r_F0P_P.si();
  const Eigen::Vector3d r = r_F0B + dcm_FB.transpose() * cfg.r_FcF_F.si() + rho * f;  // r_FcB
  const Eigen::Vector3d rPrime = rhoDot * f;
  const Eigen::Vector3d F_ext = dcm_FB.transpose() * child_F.force_F,
                        tau_ext = dcm_FB.transpose() * child_F.torque_PntF_F;
  OneDofTerms t;
  t.a = -f;
  t.b = f.cross(r);
  t.c = (F_m - k * (rho - cfg.rhoRef.value()) - c * (rhoDot - cfg.rhoDotRef.value()) +
         f.dot(m * g_B + F_ext - m * (2.0 * omega.cross(rPrime) + omega.cross(omega.cross(r))))) /
        m;
  t.A = m * f * t.a.transpose();
  t.B = m * f * t.b.transpose();
  t.C = m * r.cross(f) * t.a.transpose();
  t.D = m * r.cross(f) * t.b.transpose();
  t.vecTrans = -m * t.c * f + F_ext;
  t.vecRot = -m * omega.cross(r.cross(rPrime)) - m * t.c * r.cross(f) + tau_ext + (r_F0B + rho * f).cross(F_ext);
  return t;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(translating_body)

BOOST_AUTO_TEST_CASE(ndof_with_one_axis_equals_one_dof_over_a_run) {
  // Same engine, same parameters: identical to round-off (bound 1e-14 relative, a few eps).
  const ChainModel a = orbit_model({one_dof()});
  const ChainModel b =
      orbit_model({std::make_shared<TranslatingBodyNDOF>("telescope", std::vector{translating_axis_1dof()})});
  const double d = run_difference(a, b);
  BOOST_TEST_MESSAGE("translating NDOF(1) vs 1-DOF: " << d);
  BOOST_TEST(d <= 1e-14);
}

BOOST_AUTO_TEST_CASE(one_dof_matches_basilisk_closed_form_at_a_state) {
  // Full inertia, tumbling hub, uniform gravity, motor force, spring and damper off their
  // references, a child wrench. 1e-12 of the scale, as for the spinning body.
  TranslatingAxisConfig cfg = translating_axis_1dof();
  cfg.c = 30.0 * si::newton * si::second / si::meter;
  cfg.rhoRef = 0.5 * si::meter;
  cfg.rhoDotRef = -0.1 * si::meter_per_second;
  cfg.motor_force = 4.0 * si::newton;
  cfg.rho0 = 0.7 * si::meter;
  cfg.rhoDot0 = 0.3 * si::meter_per_second;
  const Eigen::Vector3d omega(0.3, 0.1, -0.25), g_N(0.5, -3.0, 2.0);
  const ChainModel m =
      make_model(basilisk_hub(),
                 hub_state_at_B(Eigen::Vector3d(-1, 0, 2), Eigen::Vector3d(0, 1, 0),
                                quat_from_axis_angle(Eigen::Vector3d(0.8, 0.0, 0.6), -1.3), omega),
                 {std::make_shared<TranslatingBodyOneDOF>("slider", cfg)}, std::make_shared<UniformGravity>(g_N));
  Wrench child;
  child.force_F = Eigen::Vector3d(2.0, 1.0, -4.0);
  child.torque_PntF_F = Eigen::Vector3d(0.5, -2.0, 1.0);
  const EngineTerms e = engine_terms(m, m.model->initial_state(), {child});
  const OneDofErrors err = compare_one_dof(e, basilisk_translating(cfg, 0.7, 0.3, 4.0, omega, e.g_B, child));
  check_one_dof_errors(err, "1-DOF translating", 1e-12);
}

BOOST_AUTO_TEST_CASE(locked_body_moves_as_rigid_hub_with_its_mass) {
  // All three axes locked: a hub without effectors carrying the composite mass properties (built
  // here by hand from the frame offsets) must move identically; bound 1e-12 relative
  // (summation-order round-off over 2 000 steps).
  auto axes = translating_axes_3dof();
  const samples::reference::DenseHub hub0 = basilisk_hub();
  std::vector<RigidPart> parts{{hub0.m, hub0.r_BcB_B, hub0.I_PntBc_B}};
  Eigen::Matrix3d dcm_BP = Eigen::Matrix3d::Identity();
  Eigen::Vector3d r_PB = Eigen::Vector3d::Zero();
  for (TranslatingAxisConfig& a : axes) {
    a.rhoDot0 = 0.0 * si::meter_per_second;
    a.locked = true;
    const Eigen::Vector3d r_FB = r_PB + dcm_BP * (a.r_F0P_P.si() + a.rho0.value() * a.fHat_P);
    const Eigen::Matrix3d dcm_BF = dcm_BP * a.dcm_FP.transpose();
    parts.push_back({a.mass.value(), r_FB + dcm_BF * a.r_FcF_F.si(), dcm_BF * a.I_PntFc_F.si() * dcm_BF.transpose()});
    dcm_BP = dcm_BF;
    r_PB = r_FB;
  }
  check_moves_as_rigid_composite(orbit_model({std::make_shared<TranslatingBodyNDOF>("telescope", axes)}), parts,
                                 "locked 3-DOF translating", 1e-12);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chain_conservation)

// docs/verification/README.md asks ≤ 1e-13 at 1e-3 s for translating bodies. With Basilisk's
// translating body
// (k = 100 N/m on 20 kg, c.o.m. 6 m off B, hub at 0.17 rad/s) that step does not reach it: the
// drift there is rk4's truncation, not round-off. chain_convergence measures H_rot 3.3e-9 at
// dt = 0.0125 s falling as h⁴, which extrapolates to 3.3e-9 · (0.08)⁴ = 1.4e-13 at 1e-3 s, and
// E_rot (h⁴–h⁵) to 0.7–2e-13: the measured 1e-3 s drifts are 1.3e-13 and 1.9e-13. So at 1e-3 s we
// assert 5e-13 (the extrapolated truncation with a 2.5× margin), and VERIFICATION's 1e-13 at
// Basilisk's own step for this body, 1e-4 s (its test's dt), where truncation is 1e-4 smaller
// and round-off over 20 000 steps (~1e-14) is what is left.
BOOST_AUTO_TEST_CASE(translating_body_1dof_conserves_energy_and_momenta_in_orbit) {
  check_conservation(one_dof, 5e-13, 5e-13);
  check_conservation(one_dof, 1e-13, 1e-13, 20000);
}
BOOST_AUTO_TEST_CASE(translating_body_3dof_conserves_energy_and_momenta_in_orbit) {
  check_conservation(three_dof, 5e-13, 5e-13);
  check_conservation(three_dof, 1e-13, 1e-13, 20000);
}

BOOST_AUTO_TEST_CASE(translating_body_1dof_motor_work_balance) { check_work_balance(one_dof, 20.0); }
BOOST_AUTO_TEST_CASE(translating_body_3dof_motor_work_balance) { check_work_balance(three_dof, 10.0); }

BOOST_AUTO_TEST_CASE(translating_bodies_momenta_conserved_with_motors_and_dampers) {
  // At 1e-4 s, for the reason given above (at 1e-3 s rk4's truncation of H_rot is ~2e-13 here).
  check_momenta_with_motor_and_damper(
      [] { return std::make_shared<TranslatingBodyOneDOF>("slider", damped(translating_axis_1dof(), 30.0)); }, 20.0,
      1e-13, 20000);
  check_momenta_with_motor_and_damper(
      [] {
        auto a = translating_axes_3dof();
        for (auto& x : a) x = damped(x, 10.0);
        return std::make_shared<TranslatingBodyNDOF>("telescope", a);
      },
      10.0, 1e-13, 20000);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chain_convergence)

BOOST_AUTO_TEST_CASE(translating_body_1dof_drift_converges_at_rk4_order) { check_drift_convergence(one_dof, 40); }
BOOST_AUTO_TEST_CASE(translating_body_3dof_drift_converges_at_rk4_order) { check_drift_convergence(three_dof, 40); }

BOOST_AUTO_TEST_SUITE_END()
