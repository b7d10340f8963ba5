// Spinning bodies (systems/src/spinning_body.cpp on the serial-chain engine): the N-DOF body with
// N = 1 and 2 against the 1- and 2-DOF models, the 1-DOF model against Basilisk's closed form,
// lock equivalences with rigid composites built by hand, conservation in orbit, motor work
// balances, and the convergence of the conservation drift.
#include <boost/test/unit_test.hpp>
#include <cmath>

#include "systems/chain_support.hpp"

namespace {

using namespace ramus;
using namespace ramus::chain_test;
namespace tt = boost::test_tools;

std::shared_ptr<SerialChain> one_dof() { return std::make_shared<SpinningBodyOneDOF>("spinner", spinning_axis_1dof()); }
std::shared_ptr<SerialChain> two_dof() {
  const auto a = spinning_axes_2dof();
  return std::make_shared<SpinningBodyTwoDOF>("gimbal", a[0], a[1]);
}
std::shared_ptr<SerialChain> four_dof() { return std::make_shared<SpinningBodyNDOF>("arm", spinning_axes_4dof()); }
/// The 4-DOF body with joint rates in rad/s rather than °/s and springs 100× stiffer: Basilisk's
/// set is nearly rigid, its drift at dt = 0.05 s is already at round-off, too small for an order
/// study.
std::shared_ptr<SerialChain> four_dof_lively() {
  auto axes = spinning_axes_4dof();
  for (SpinningAxisConfig& a : axes) {
    a.thetaDot0 = a.thetaDot0.value() / kDeg * si::radian_per_second;
    a.k = 100.0 * a.k;
  }
  return std::make_shared<SpinningBodyNDOF>("arm", axes);
}

// ---- Basilisk's spinningBodyOneDOF closed form -----------------------------------------------------
// Coded from the note, independently of the engine. The child's force and torque are in S
// components, the torque about the joint origin S.
OneDofTerms basilisk_spinning(const SpinningAxisConfig& cfg, double theta, double thetaDot, double u,
                              const Eigen::Vector3d& omega, const Eigen::Vector3d& g_B, const Wrench& child_S) {
  const double m = cfg.mass.value(), k = cfg.k.value(), c = cfg.c.value();
  // [BS] = [S0B]ᵀ [S0S], [S0S] the rotation by θ about ŝ (S turned by +θ from S0).
  const Eigen::Matrix3d dcm_BS = cfg.dcm_S0P.transpose() * rotation_matrix(quat_from_axis_angle(cfg.sHat_S, theta));
  const Eigen::Vector3d s = dcm_BS * cfg.sHat_S;
  const Eigen::Vector3d r_SB = cfg.r_SP_P.si();
  const Eigen::Vector3d r_ScS = dcm_BS * cfg.r_ScS_S.si();
  const Eigen::Vector3d r_ScB = r_SB + r_ScS;
  const Eigen::Matrix3d I_Sc = dcm_BS * cfg.I_PntSc_S.si() * dcm_BS.transpose();
  const Eigen::Matrix3d I_S = I_Sc - m * tilde(r_ScS) * tilde(r_ScS);
  const Eigen::Vector3d omega_SB = thetaDot * s, omega_SN = omega + omega_SB;
  const Eigen::Vector3d rPrime_ScS = omega_SB.cross(r_ScS), rPrime_ScB = rPrime_ScS;
  const Eigen::Vector3d F_ext = dcm_BS * child_S.force_F, tau_ext = dcm_BS * child_S.torque_PntF_F;
  const double m_theta = s.dot(I_S * s);
  OneDofTerms r;
  r.a = m / m_theta * r_ScS.cross(s);
  r.b = -(I_S * s - m * r_SB.cross(r_ScS.cross(s))) / m_theta;
  r.c = (u - k * (theta - cfg.thetaRef.value()) - c * (thetaDot - cfg.thetaDotRef.value()) +
         s.dot(r_ScS.cross(m * g_B) - omega_SN.cross(I_S * omega_SN) - I_S * omega.cross(omega_SB) + tau_ext -
               m * r_ScS.cross(omega.cross(omega.cross(r_SB))))) /
        m_theta;
  const Eigen::Vector3d uu = -m * r_ScS.cross(s);
  const Eigen::Vector3d w = I_Sc * s - m * r_ScB.cross(r_ScS.cross(s));
  r.A = uu * r.a.transpose();
  r.B = uu * r.b.transpose();
  r.vecTrans = -m * omega_SB.cross(rPrime_ScS) - uu * r.c + F_ext;
  r.C = w * r.a.transpose();
  r.D = w * r.b.transpose();
  r.vecRot = -omega_SN.cross(I_Sc * omega_SB) - m * omega.cross(r_ScB.cross(rPrime_ScB)) -
             m * r_ScB.cross(omega_SB.cross(rPrime_ScS)) - w * r.c + tau_ext + r_SB.cross(F_ext);
  return r;
}

/// dcm_S2S1 of the 2-DOF body's second axis at θ2: [S2 S20][S20 S1], [S20 S2] the rotation by θ2.
Eigen::Matrix3d dcm_S2S1(const SpinningAxisConfig& a2, double theta2) {
  return rotation_matrix(quat_from_axis_angle(a2.sHat_S, theta2)).transpose() * a2.dcm_S0P;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(spinning_body)

BOOST_AUTO_TEST_CASE(ndof_with_one_axis_equals_one_dof_over_a_run) {
  // Same engine, same parameters: identical to round-off (they run the same arithmetic; bound
  // 1e-14 relative, a few eps).
  const ChainModel a = orbit_model({one_dof()});
  const ChainModel b = orbit_model({std::make_shared<SpinningBodyNDOF>("arm", std::vector{spinning_axis_1dof()})});
  const double d = run_difference(a, b);
  BOOST_TEST_MESSAGE("NDOF(1) vs 1-DOF: " << d);
  BOOST_TEST(d <= 1e-14);
}

BOOST_AUTO_TEST_CASE(ndof_with_two_axes_equals_two_dof_over_a_run) {
  const ChainModel a = orbit_model({two_dof()});
  const ChainModel b = orbit_model({std::make_shared<SpinningBodyNDOF>("arm", spinning_axes_2dof())});
  const double d = run_difference(a, b);
  BOOST_TEST_MESSAGE("NDOF(2) vs 2-DOF: " << d);
  BOOST_TEST(d <= 1e-14);
}

BOOST_AUTO_TEST_CASE(one_dof_matches_basilisk_closed_form_at_a_state) {
  // Full inertia (Basilisk's 1-DOF uses the full tensor), tumbling hub, uniform gravity, motor,
  // spring and damper off their references, a child wrench on the body. 1e-12 of the scale: both
  // sides are a few dozen O(1)-conditioned operations (the note's prototype agreed to 4e-14).
  SpinningAxisConfig cfg = spinning_axis_1dof();
  cfg.c = 5.0 * si::newton * si::meter * si::second / si::radian;
  cfg.thetaRef = -0.3 * si::radian;
  cfg.thetaDotRef = 0.2 * si::radian_per_second;
  cfg.motor_torque = -2.0 * newton_meter;
  cfg.theta0 = 1.1 * si::radian;
  cfg.thetaDot0 = -0.6 * si::radian_per_second;
  const Eigen::Vector3d omega(-0.2, 0.35, 0.15), g_N(-2.0, 1.0, 3.0);
  const ChainModel m =
      make_model(basilisk_hub(),
                 hub_state_at_B(Eigen::Vector3d(1, 2, 3), Eigen::Vector3d::Zero(),
                                quat_from_axis_angle(Eigen::Vector3d(0.0, 0.6, 0.8), 2.1), omega),
                 {std::make_shared<SpinningBodyOneDOF>("spinner", cfg)}, std::make_shared<UniformGravity>(g_N));
  Wrench child;
  child.force_F = Eigen::Vector3d(-3.0, 5.0, 1.0);
  child.torque_PntF_F = Eigen::Vector3d(2.0, -1.5, 4.0);
  const EngineTerms e = engine_terms(m, m.model->initial_state(), {child});
  const OneDofErrors err = compare_one_dof(e, basilisk_spinning(cfg, 1.1, -0.6, -2.0, omega, e.g_B, child));
  check_one_dof_errors(err, "1-DOF spinning", 1e-12);
}

BOOST_AUTO_TEST_CASE(two_dof_with_outer_axis_locked_equals_one_dof_composite) {
  // Axis 2 locked at θ2 = 5°: bodies 1 and 2 are one rigid body turning about axis 1. Its mass,
  // c.o.m. and inertia in S1 are built here by hand; the two runs differ only by summation order,
  // so round-off growing over 2 000 steps: bound 1e-12 relative (measured far below).
  auto axes = spinning_axes_2dof();
  axes[1].thetaDot0 = 0.0 * si::radian_per_second;
  axes[1].locked = true;
  const double theta2 = axes[1].theta0.value();
  const Eigen::Matrix3d dcm_S1S2 = dcm_S2S1(axes[1], theta2).transpose();
  const RigidPart body = composite({{axes[0].mass.value(), axes[0].r_ScS_S.si(), axes[0].I_PntSc_S.si()},
                                    {axes[1].mass.value(), axes[1].r_SP_P.si() + dcm_S1S2 * axes[1].r_ScS_S.si(),
                                     dcm_S1S2 * axes[1].I_PntSc_S.si() * dcm_S1S2.transpose()}});
  SpinningAxisConfig one = axes[0];
  one.mass = body.m * si::kilogram;
  one.r_ScS_S = meters(body.r_c);
  one.I_PntSc_S = inertia(body.I_c);
  const ChainModel a = orbit_model({std::make_shared<SpinningBodyTwoDOF>("gimbal", axes[0], axes[1])});
  const ChainModel b = orbit_model({std::make_shared<SpinningBodyOneDOF>("spinner", one)});
  const auto [xa, xb, d] = run_both(a, b);
  const Eigen::Index oa = a.model->vehicle(0).offsets().state_effectors[0];
  const Eigen::Index ob = b.model->vehicle(0).offsets().state_effectors[0];
  BOOST_TEST_MESSAGE("2-DOF (axis 2 locked) vs 1-DOF composite: hub " << d << ", theta1 " << xa[oa] - xb[ob]);
  BOOST_TEST(d <= 1e-12);
  BOOST_TEST(xa[oa] == xb[ob], tt::tolerance(1e-12));            // θ1
  BOOST_TEST(xa[oa + 2] == xb[ob + 1], tt::tolerance(1e-12));    // θ̇1
  BOOST_TEST(xa[oa + 1] == theta2);                              // θ2 frozen, exactly
  BOOST_TEST(std::abs(xa[oa] - axes[0].theta0.value()) > 1e-3);  // axis 1 does move
}

BOOST_AUTO_TEST_CASE(two_dof_with_inner_axis_locked_equals_composite_hub_with_one_dof) {
  // Axis 1 locked at θ1 = 0.4 rad: body 1 is rigidly part of the hub, body 2 a 1-DOF body on it at
  // r_S2B_B = r_S1B_B + [BS1] r_S2S1_S1 with dcm_S20B = dcm_S20S1 [S1B]. The composite hub (hub +
  // body 1) is built by hand. Same bound and reasoning as above.
  auto axes = spinning_axes_2dof();
  axes[0].theta0 = 0.4 * si::radian;
  axes[0].thetaDot0 = 0.0 * si::radian_per_second;
  axes[0].locked = true;
  const Eigen::Matrix3d dcm_BS1 =
      axes[0].dcm_S0P.transpose() * rotation_matrix(quat_from_axis_angle(axes[0].sHat_S, 0.4));
  const samples::reference::DenseHub hub0 = basilisk_hub();
  const RigidPart h = composite({{hub0.m, hub0.r_BcB_B, hub0.I_PntBc_B},
                                 {axes[0].mass.value(), axes[0].r_SP_P.si() + dcm_BS1 * axes[0].r_ScS_S.si(),
                                  dcm_BS1 * axes[0].I_PntSc_S.si() * dcm_BS1.transpose()}});
  samples::reference::DenseHub hub{h.m, h.I_c, h.r_c};
  SpinningAxisConfig two = axes[1];
  two.r_SP_P = meters(axes[0].r_SP_P.si() + dcm_BS1 * axes[1].r_SP_P.si());
  two.dcm_S0P = axes[1].dcm_S0P * dcm_BS1.transpose();
  const InitialState ic = basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1));
  const ChainModel a =
      make_model(basilisk_hub(), ic, {std::make_shared<SpinningBodyTwoDOF>("gimbal", axes[0], axes[1])}, earth());
  const ChainModel b = make_model(hub, ic, {std::make_shared<SpinningBodyOneDOF>("spinner", two)}, earth());
  const auto [xa, xb, d] = run_both(a, b);
  const Eigen::Index oa = a.model->vehicle(0).offsets().state_effectors[0];
  const Eigen::Index ob = b.model->vehicle(0).offsets().state_effectors[0];
  BOOST_TEST_MESSAGE("2-DOF (axis 1 locked) vs composite hub + 1-DOF: hub " << d << ", theta2 " << xa[oa + 1] - xb[ob]);
  BOOST_TEST(d <= 1e-12);
  BOOST_TEST(xa[oa + 1] == xb[ob], tt::tolerance(1e-12));      // θ2
  BOOST_TEST(xa[oa + 3] == xb[ob + 1], tt::tolerance(1e-12));  // θ̇2
  BOOST_TEST(xa[oa] == 0.4);                                   // θ1 frozen, exactly
}

BOOST_AUTO_TEST_CASE(locked_body_moves_as_rigid_hub_with_its_mass) {
  // Every axis of the 4-DOF body locked: the vehicle is one rigid body. A hub without effectors
  // carrying the composite mass, c.o.m. and inertia (built here by hand from the joint poses)
  // must move identically, in orbit, tumbling: bound 1e-12 relative (summation-order round-off
  // over 2 000 steps).
  auto axes = spinning_axes_4dof();
  std::vector<RigidPart> parts;
  const samples::reference::DenseHub hub0 = basilisk_hub();
  parts.push_back({hub0.m, hub0.r_BcB_B, hub0.I_PntBc_B});
  Eigen::Matrix3d dcm_BP = Eigen::Matrix3d::Identity();
  Eigen::Vector3d r_PB = Eigen::Vector3d::Zero();
  for (SpinningAxisConfig& a : axes) {
    a.thetaDot0 = 0.0 * si::radian_per_second;
    a.locked = true;
    const Eigen::Matrix3d dcm_BS =
        dcm_BP * a.dcm_S0P.transpose() * rotation_matrix(quat_from_axis_angle(a.sHat_S, a.theta0.value()));
    const Eigen::Vector3d r_SB = r_PB + dcm_BP * a.r_SP_P.si();
    parts.push_back({a.mass.value(), r_SB + dcm_BS * a.r_ScS_S.si(), dcm_BS * a.I_PntSc_S.si() * dcm_BS.transpose()});
    dcm_BP = dcm_BS;
    r_PB = r_SB;
  }
  const ChainModel a = orbit_model({std::make_shared<SpinningBodyNDOF>("arm", axes)});
  check_moves_as_rigid_composite(a, parts, "locked 4-DOF", 1e-12);
  // Not vacuous: the same hub without the locked body moves differently.
  BOOST_TEST(run_difference(a, orbit_model({})) > 1e-6);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chain_conservation)

// docs/verification/README.md: relative drift ≤ 1e-13 for spinning bodies; rk4's truncation at 1e-3
// s is
// ~(1e-3/0.05)⁴ of the coarse-step drifts measured in chain_convergence, so both bounds are
// round-off bounds here (our own equals VERIFICATION's).
BOOST_AUTO_TEST_CASE(spinning_body_1dof_conserves_energy_and_momenta_in_orbit) {
  check_conservation(one_dof, 1e-13, 1e-13);
}
BOOST_AUTO_TEST_CASE(spinning_body_2dof_conserves_energy_and_momenta_in_orbit) {
  check_conservation(two_dof, 1e-13, 1e-13);
}
BOOST_AUTO_TEST_CASE(spinning_body_4dof_conserves_energy_and_momenta_in_orbit) {
  check_conservation(four_dof, 1e-13, 1e-13);
}

BOOST_AUTO_TEST_CASE(spinning_body_1dof_motor_work_balance) { check_work_balance(one_dof, 20.0); }
BOOST_AUTO_TEST_CASE(spinning_body_2dof_motor_work_balance) { check_work_balance(two_dof, 50.0); }
BOOST_AUTO_TEST_CASE(spinning_body_4dof_motor_work_balance) { check_work_balance(four_dof, 5.0); }

BOOST_AUTO_TEST_CASE(spinning_bodies_momenta_conserved_with_motors_and_dampers) {
  check_momenta_with_motor_and_damper(
      [] { return std::make_shared<SpinningBodyOneDOF>("spinner", damped(spinning_axis_1dof(), 50.0)); }, 20.0, 1e-13);
  check_momenta_with_motor_and_damper(
      [] {
        const auto a = spinning_axes_2dof();
        return std::make_shared<SpinningBodyTwoDOF>("gimbal", damped(a[0], 500.0), damped(a[1], 200.0));
      },
      50.0, 1e-13);
  check_momenta_with_motor_and_damper(
      [] {
        auto a = spinning_axes_4dof();
        for (auto& x : a) x = damped(x, 3.0);
        return std::make_shared<SpinningBodyNDOF>("arm", a);
      },
      5.0, 1e-13);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chain_convergence)

BOOST_AUTO_TEST_CASE(spinning_body_1dof_drift_converges_at_rk4_order) { check_drift_convergence(one_dof, 40); }
BOOST_AUTO_TEST_CASE(spinning_body_2dof_drift_converges_at_rk4_order) { check_drift_convergence(two_dof, 40); }
BOOST_AUTO_TEST_CASE(spinning_body_4dof_drift_converges_at_rk4_order) { check_drift_convergence(four_dof_lively, 40); }

BOOST_AUTO_TEST_SUITE_END()
