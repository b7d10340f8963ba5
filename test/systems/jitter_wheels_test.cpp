// Reaction wheels with jitter: the simple model (docs/models/simple_jitter_reaction_wheels.md) and
// the fully coupled one (docs/models/fully_coupled_jitter_wheel.md). References: the balanced wheel
// when the imbalance is zero, the closed-form ΔV of a static imbalance through C, impulse balances
// by the trapezoid rule, Basilisk's closed-form wheel row, conservation and its convergence.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <numbers>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/fully_coupled_jitter_wheel.hpp"
#include "ramus/systems/simple_jitter_reaction_wheels.hpp"
#include "support/models.hpp"
#include "systems/effector_cases.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;

WheelImbalanceConfig imbalance(const Eigen::Vector3d& w2Hat0_B, double Us, double Ud, double theta0 = 0.0) {
  WheelImbalanceConfig c;
  c.w2Hat0_B = w2Hat0_B;
  c.Us = Us * si::kilogram * si::meter;
  c.Ud = Ud * kg_m2;
  c.theta0 = theta0 * si::radian;
  return c;
}

/// A unit vector ⊥ g (test-side construction).
Eigen::Vector3d perpendicular(const Eigen::Vector3d& g) {
  const Eigen::Vector3d a = std::abs(g.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY();
  return (a - a.dot(g) * g).normalized();
}

// Three wheels on non-orthogonal axes (as reaction_wheels_test.cpp), HR16-like, with Basilisk's
// scaled imbalances U_s = 0.048 kg m, U_d = 0.0154 kg m².
const Eigen::Vector3d g1 = Eigen::Vector3d(1.0, 1.0, 1.0).normalized(),
                      g2 = Eigen::Vector3d(1.0, -0.5, 0.0).normalized(),
                      g3 = Eigen::Vector3d(0.2, 0.3, -1.0).normalized();
std::vector<ReactionWheelConfig> three_wheels(double u = 0.0) {
  return {wheel(g1, Eigen::Vector3d(0.1, 0.0, 0.0), 12.0, 0.159, 0.086, 52.36, u),
          wheel(g2, Eigen::Vector3d(0.0, 0.2, -0.1), 9.0, 0.12, 0.07, -20.94, -0.5 * u),
          wheel(g3, Eigen::Vector3d(-0.1, 0.1, 0.3), 6.0, 0.08, 0.045, 15.71, 0.3 * u)};
}
std::vector<WheelImbalanceConfig> three_imbalances(double scale) {
  return {imbalance(perpendicular(g1), 0.048 * scale, 0.0154 * scale, 0.3),
          imbalance(perpendicular(g2), 0.03 * scale, -0.01 * scale, -1.0),
          imbalance(perpendicular(g3), 0.02 * scale, 0.005 * scale, 2.0)};
}

std::shared_ptr<Model> vehicle_with(const std::shared_ptr<StateEffector>& e, const InitialState& ic, bool gravity,
                                    const Eigen::Vector3d& r_BcB = Eigen::Vector3d(0.05, -0.1, 0.2)) {
  return one_vehicle_model(standard_hub(r_BcB), ic, {e}, gravity);
}

/// The fully coupled wheel with the parameters of a balanced wheel plus an imbalance (Jg = Jt).
JitterWheelConfig fc_config(const ReactionWheelConfig& w, const WheelImbalanceConfig& im, double Jg) {
  return {.gsHat_B = w.gsHat_B,
          .w2Hat0_B = im.w2Hat0_B,
          .r_WB_B = w.r_WcB_B,
          .mass = w.mass,
          .Js = w.Js,
          .Jt = w.Jt,
          .Jg = Jg * kg_m2,
          .Us = im.Us,
          .Ud = im.Ud,
          .Omega0 = w.Omega0,
          .theta0 = im.theta0,
          .motor_torque = w.motor_torque,
          .viscous_friction = {},
          .max_torque = {}};
}

/// The three fully coupled wheels "rw0" … "rw2" (one effector each) of three_wheels(u) with
/// three_imbalances(scale), Jg = Jt (× 1.2 when `jg_differs`).
std::vector<std::shared_ptr<StateEffector>> fc_wheels(double scale, double u, bool jg_differs) {
  const auto w = three_wheels(u);
  const auto im = three_imbalances(scale);
  std::vector<std::shared_ptr<StateEffector>> wheels;
  for (std::size_t i = 0; i < 3; ++i) {
    const double Jg = w[i].Jt.value() * (jg_differs ? 1.2 : 1.0);
    wheels.push_back(std::make_shared<FullyCoupledJitterWheel>("rw" + std::to_string(i), fc_config(w[i], im[i], Jg)));
  }
  return wheels;
}

/// Three fully coupled wheels (one effector each).
std::shared_ptr<Model> three_fc_wheels(double scale, const InitialState& ic, bool gravity, double u = 0.0,
                                       bool jg_differs = false) {
  return one_vehicle_model(standard_hub(Eigen::Vector3d(-0.0002, 0.0001, 0.1)), ic, fc_wheels(scale, u, jg_differs),
                           gravity);
}

double rel(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).lpNorm<Eigen::Infinity>() / std::max(b.lpNorm<Eigen::Infinity>(), 1e-300);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(jitter_wheels)

BOOST_AUTO_TEST_CASE(simple_zero_imbalance_equals_balanced_wheels) {
  // With U_s = U_d = 0 the simple model adds nothing to the balanced wheels it wraps: the same
  // arithmetic, the same run to the last bit (hub and wheel rates), with motor torques, in orbit.
  auto jit = std::make_shared<SimpleJitterReactionWheels>("rw", three_wheels(0.05), three_imbalances(0.0));
  auto bal = std::make_shared<ReactionWheels>("rw", three_wheels(0.05));
  const auto a = vehicle_with(jit, basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)), true);
  const auto b = vehicle_with(bal, basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)), true);
  const Eigen::VectorXd xa = run_logged(System(a), a->initial_state(), 2.0, 2000);
  const Eigen::VectorXd xb = run_logged(System(b), b->initial_state(), 2.0, 2000);
  const Eigen::Index oa = block_offset(*a, "sc/rw", "Omega"), ob = block_offset(*b, "sc/rw", "Omega");
  BOOST_TEST(xa.head(13) == xb.head(13));
  BOOST_TEST(xa.segment<3>(oa) == xb.segment<3>(ob));
  // θ is the integral of Ω: θ(T) − θ0 against the trapezoid of the logged Ω is checked in the
  // ΔV case below; here only that it moved by ~Ω T.
  const Eigen::Index ot = block_offset(*a, "sc/rw", "theta");
  BOOST_TEST(std::abs(xa[ot] - 0.3 - 52.36 * 2.0) < 1.0);
}

BOOST_AUTO_TEST_CASE(simple_static_imbalance_through_C_closed_form) {
  // One wheel at B on b3, hub c.o.m. at B, U_d = 0: the imbalance force U_s Ω² ŵ2 passes through
  // C = B, so nothing turns, Ω stays Ω0 (no motor), θ = θ0 + Ω0 t and (identity attitude)
  //   v_C(t) = (U_s Ω0 / m) [(sin θ − sin θ0) ŵ2,0 − (cos θ − cos θ0) ŵ3,0]     (eq. 5)
  // with m the vehicle mass. rk4 on the sinusoidal load at Ω0 h = 5e-3: per step ~(Ω0 h)⁵/120 ≈ 3e-14
  // of the amplitude, over 2e4 steps ≲ 6e-10 (measured 1.3e-10); tolerance 1e-9 relative on ΔV
  // (~3.5e-4 m/s); θ ≈ 100 rad summed over 2e4 steps carries ~2e4 ulp(100) ≈ 3e-10
  // rad of round-off: tolerance 1e-9 rad; ω stays 0 (1e-14 rad/s).
  const double Us = 0.01, Omega0 = 50.0, theta0 = 0.4, m_hub = 750.0, m_w = 5.0, T = 2.0;  // vehicle_with's hub
  const Eigen::Vector3d w20 = Eigen::Vector3d(1.0, 1.0, 0.0).normalized();
  const Eigen::Vector3d w30 = Eigen::Vector3d::UnitZ().cross(w20);
  auto jit = std::make_shared<SimpleJitterReactionWheels>(
      "rw", std::vector{wheel(Eigen::Vector3d::UnitZ(), Eigen::Vector3d::Zero(), m_w, 0.1, 0.06, Omega0)},
      std::vector{imbalance(w20, Us, 0.0, theta0)});
  const auto model = vehicle_with(jit, at_rest_at_origin(), false, Eigen::Vector3d::Zero());
  const Eigen::VectorXd x = run_logged(System(model), model->initial_state(), T, 20000);
  const VehicleDiagnostics d = vehicle_diagnostics(*model, x, T, 0);
  const double th = theta0 + Omega0 * T;
  const Eigen::Vector3d v_ref =
      Us * Omega0 / (m_hub + m_w) * ((std::sin(th) - std::sin(theta0)) * w20 - (std::cos(th) - std::cos(theta0)) * w30);
  const Eigen::Index ot = block_offset(*model, "sc/rw", "theta");
  BOOST_TEST_MESSAGE("simple jitter through C: |dv - ref| / |ref| " << (d.dv_CN_N - v_ref).norm() / v_ref.norm()
                                                                    << ", dtheta " << x[ot] - th << ", |omega| "
                                                                    << d.hub.omega_FN_F.norm());
  BOOST_TEST((d.dv_CN_N - v_ref).norm() / v_ref.norm() < 1e-9);
  BOOST_TEST((d.v_CN_N - v_ref).norm() / v_ref.norm() < 1e-9);
  BOOST_CHECK_SMALL(x[ot] - th, 1e-9);
  BOOST_CHECK_SMALL(d.hub.omega_FN_F.norm(), 1e-14);
  BOOST_TEST(v_ref.norm() > 1e-4);
}

BOOST_AUTO_TEST_CASE(simple_impulse_balance_tumbling_hub_in_orbit) {
  // The imbalance loads are external-like (eq. 3): ΔH_rot,C = ∫ [NB](r_WcC × F + U_d Ω² ŵ2) dt and
  // ΔV_C = ∫ [NB] F / m dt, with F = U_s Ω² ŵ2 computed here from the logged (Ω, θ) and the
  // parameters, integrals by the trapezoid rule (BR-03's balance). The residuals must shrink 4× per
  // halving (0.2–0.3); a wrong load (sign, arm, ŵ2 direction or phase) leaves one that does not.
  const auto wheels = three_wheels(0.05);
  const auto ims = three_imbalances(1.0);
  auto jit = std::make_shared<SimpleJitterReactionWheels>("rw", wheels, ims);
  const auto model = vehicle_with(jit, basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)), true);
  const Eigen::Index oO = block_offset(*model, "sc/rw", "Omega"), oT = block_offset(*model, "sc/rw", "theta");
  // The torque about C and the force per mass at a logged sample.
  const auto load = [&](const Eigen::VectorXd& x, double, const VehicleDiagnostics& d) {
    const Eigen::Matrix3d dcm_NB = d.hub.dcm_FN.transpose();
    // c_B from the diagnostics' C: r_CB_N = r_C − r_B (both ~1e7 m: ulp 2e-9 m, on arms of 0.1 m)
    const Eigen::Vector3d c_B = d.hub.dcm_FN * (d.r_CN_N - d.hub.r_FN_N);
    Eigen::Vector3d tq = Eigen::Vector3d::Zero(), f = Eigen::Vector3d::Zero();
    for (int i = 0; i < 3; ++i) {
      const ReactionWheelParameters& w = jit->balanced().wheel(static_cast<std::size_t>(i));
      const WheelImbalanceConfig& im = ims[static_cast<std::size_t>(i)];
      const Eigen::Vector3d w20 = im.w2Hat0_B, w30 = w.gsHat_B.cross(w20);
      const double Om = x[oO + i], th = x[oT + i];
      const Eigen::Vector3d w2 = std::cos(th) * w20 + std::sin(th) * w30;
      const Eigen::Vector3d F = im.Us.value() * Om * Om * w2;
      tq += dcm_NB * ((w.r_WcB_B - c_B).cross(F) + im.Ud.value() * Om * Om * w2);
      f += dcm_NB * F / d.m;
    }
    return std::pair{tq, f};
  };
  check_impulse_balance(model, 1.0, 1000, "simple jitter impulse residuals", load);
}

BOOST_AUTO_TEST_CASE(fully_coupled_zero_imbalance_equals_balanced_wheel) {
  // U_s = U_d = 0 and Jg = Jt: an axisymmetric rotor, the balanced wheel's physics (its own mass and
  // inertia booked, as ReactionWheels does). Two formulations of one ODE (the chain's recursion and
  // the closed forms of reaction_wheels.md): the runs differ by round-off only, ~1e-13 relative
  // after 2000 steps; tolerance 1e-11 (a wrong axis, mass or inertia mapping is O(1e-3) or more).
  const InitialState ic = basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1));
  const auto model_fc =
      one_vehicle_model(standard_hub(Eigen::Vector3d(0.05, -0.1, 0.2)), ic, fc_wheels(0.0, 0.05, false), true);
  const auto model_rw = vehicle_with(std::make_shared<ReactionWheels>("rw", three_wheels(0.05)), ic, true);
  const Eigen::VectorXd xa = run_logged(System(model_fc), model_fc->initial_state(), 2.0, 2000);
  const Eigen::VectorXd xb = run_logged(System(model_rw), model_rw->initial_state(), 2.0, 2000);
  const Eigen::Index ob = block_offset(*model_rw, "sc/rw", "Omega");
  Eigen::Vector3d Omega_fc;
  for (int i = 0; i < 3; ++i) Omega_fc[i] = xa[block_offset(*model_fc, "sc/rw" + std::to_string(i), "Omega")];
  const double e_hub =
      std::max({rel(xa.segment<3>(0), xb.segment<3>(0)), rel(xa.segment<3>(3), xb.segment<3>(3)),
                attitude_error_angle(xa.segment<4>(6), xb.segment<4>(6)), rel(xa.segment<3>(10), xb.segment<3>(10))});
  const double e_w = rel(Omega_fc, xb.segment<3>(ob));
  BOOST_TEST_MESSAGE("fully coupled, no imbalance, vs balanced: hub " << e_hub << ", wheels " << e_w);
  BOOST_TEST(e_hub < 1e-11);
  BOOST_TEST(e_w < 1e-11);
}

BOOST_AUTO_TEST_CASE(fully_coupled_row_matches_basilisk_closed_form) {
  // Basilisk's JitterFullyCoupled wheel row, written
  // here: Ω̇ = a_Ω·r̈_B + b_Ω·ω̇ + c_Ω with a_Ω = −m d ŵ3/(Js + m d²),
  // b_Ω = −((Js + m d²) ĝ + J13 ŵ3 + m d r_WB × ŵ3)/(Js + m d²), c_Ω = [−m d² ω2 ω3 − J13 ω2 ωs
  // − m d ŵ3·(ω × (ω × r_WB)) + u + ĝ·(d ŵ2 × m g)]/(Js + m d²), evaluated with the model's own
  // solved r̈_B, ω̇ (read from dxdt) at a general state in orbit. Both sides are O(1) sums of
  // products: tolerance 1e-12 relative to |Ω̇|.
  // With Jg = Jt the two agree. With Jg ≠ Jt they differ by exactly the rotor's Euler term
  // −(Jg − Jt) ω2 ω3/(Js + m d²) (the ĝ component of ω_W × I ω_W), which that c_Ω lacks: the row as
  // transcribed holds for Jg = Jt only. The model keeps the term; its energy and momentum with
  // Jg ≠ Jt are conserved at rk4's order (fully_coupled_drift_order, fully_coupled_motor_work_balance),
  // which the row without it would not be.
  for (const bool jg_differs : {false, true}) {
    const auto model = three_fc_wheels(1.0, basilisk_orbit(Eigen::Vector3d(0.3, -0.2, 0.25)), true, 0.2, jg_differs);
    const System system(model);
    const Eigen::VectorXd x = model->initial_state();
    Eigen::VectorXd dxdt(x.size());
    system(x, dxdt, 0.0);
    const VehicleDiagnostics d = vehicle_diagnostics(*model, x, 0.0, 0);
    const Eigen::Matrix3d dcm_BN = d.hub.dcm_FN;
    const Eigen::Vector3d omega = x.segment<3>(10), omegaDot = dxdt.segment<3>(10);
    const Eigen::Vector3d rDDot = dcm_BN * dxdt.segment<3>(3);
    const Eigen::Vector3d g_B = dcm_BN * model->gravity()->acceleration_N(d.r_CN_N, 0.0);
    const auto w = three_wheels(0.2);
    const auto im = three_imbalances(1.0);
    for (int i = 0; i < 3; ++i) {
      const auto& wi = w[static_cast<std::size_t>(i)];
      const auto& ii = im[static_cast<std::size_t>(i)];
      const Eigen::Index o = block_offset(*model, "sc/rw" + std::to_string(i), "theta");
      const double th = x[o], Om = x[o + 1];
      const Eigen::Vector3d g = wi.gsHat_B, w20 = ii.w2Hat0_B, w30 = g.cross(w20);
      const Eigen::Vector3d w2 = std::cos(th) * w20 + std::sin(th) * w30, w3 = g.cross(w2);
      const double m = wi.mass.value(), Js = wi.Js.value(), Us = ii.Us.value(), J13 = ii.Ud.value(), dd = Us / m;
      const double Jt = wi.Jt.value(), Jg = Jt * (jg_differs ? 1.2 : 1.0);  // as three_fc_wheels
      const Eigen::Vector3d r = wi.r_WcB_B.si();                            // the wheel frame origin W (r_WB_B)
      const double J = Js + m * dd * dd;
      const Eigen::Vector3d a = -m * dd / J * w3;
      const Eigen::Vector3d b = -(J * g + J13 * w3 + m * dd * r.cross(w3)) / J;
      const double ws = g.dot(omega), w2c = w2.dot(omega), w3c = w3.dot(omega);
      const double c = (-m * dd * dd * w2c * w3c - J13 * w2c * ws - m * dd * w3.dot(omega.cross(omega.cross(r))) +
                        wi.motor_torque.value() + g.dot((dd * w2).cross(m * g_B))) /
                       J;
      const double basilisk = a.dot(rDDot) + b.dot(omegaDot) + c;
      const double euler = -(Jg - Jt) * w2c * w3c / J;
      BOOST_TEST_MESSAGE("wheel " << i << (jg_differs ? " (Jg != Jt)" : " (Jg = Jt)") << ": OmegaDot " << dxdt[o + 1]
                                  << ", Basilisk's row " << basilisk << ", difference " << dxdt[o + 1] - basilisk
                                  << ", Euler term " << euler);
      BOOST_TEST(std::abs(dxdt[o + 1] - (basilisk + euler)) <= 1e-12 * std::max(1.0, std::abs(basilisk)));
      if (jg_differs) BOOST_TEST(std::abs(euler) > 1e-4);  // the term is not negligible here
      BOOST_TEST(dxdt[o] == Om);
    }
  }
}

BOOST_AUTO_TEST_CASE(rhs_does_not_allocate) {
  for (const auto& model :
       {vehicle_with(std::make_shared<SimpleJitterReactionWheels>("rw", three_wheels(0.05), three_imbalances(1.0)),
                     basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)), true),
        three_fc_wheels(1.0, basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)), true, 0.1)})
    check_initial_rhs_does_not_allocate(model);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(jitter_wheels_conservation)

BOOST_AUTO_TEST_CASE(fully_coupled_conserves_in_orbit) {
  // Basilisk's fully coupled case, with our three wheels: no motor, no friction, imbalances at
  // Basilisk's scaled values, in orbit; rk4 at 1e-4 s (Ω h ≤ 5e-3) for 1 s. Bound 1e-10 relative
  // (docs/verification/README.md, wheels). The imbalance loads must then be internal: the simple
  // model would
  // drift H_rot by ~1e-2 here.
  const auto model = three_fc_wheels(1.0, basilisk_orbit(Eigen::Vector3d(0.08, 0.01, 0.0)), true);
  check_invariants_held(max_relative_drift(model, model->initial_state(), 1.0, 10000), "fully coupled drift", 1e-10);
}

BOOST_AUTO_TEST_CASE(fully_coupled_motor_work_balance) {
  // ΔT_rot = Σ ∫ u_i Ω_i dt (motor torques 0.2, −0.1, 0.06 N m held, imbalances on, Jg ≠ Jt), the
  // work by the trapezoid on the logged samples: residual ratio 0.2–0.3 per halving.
  const auto model = three_fc_wheels(1.0, basilisk_orbit(Eigen::Vector3d(0.08, 0.01, 0.0)), true, 0.2, true);
  const System system(model);
  const double u[3] = {0.2, -0.1, 0.06}, T = 1.0;
  Eigen::Index o[3];
  for (int i = 0; i < 3; ++i) o[i] = block_offset(*model, "sc/rw" + std::to_string(i), "Omega");
  auto residual = [&](int n) {
    return rotational_work_residual(system, *model, T, n, [&](const Eigen::VectorXd& x, double) {
      return u[0] * x[o[0]] + u[1] * x[o[1]] + u[2] * x[o[2]];
    });
  };
  check_second_order_residuals(residual, 1000, "fully coupled motor work residuals");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(jitter_wheels_convergence)

BOOST_AUTO_TEST_CASE(fully_coupled_drift_order) {
  // The drift of the invariants at rk4's order under step halving: 1 s at 8e-3 … 5e-4 s (Ω h from
  // 0.4), Jg ≠ Jt. Windows (docs/verification/README.md): 3.8–4.25, E_rot to 5.25. The rotational
  // invariants on
  // every pair (finest drift 2.4e-13, ~50× round-off); the orbital ones on the first pair only: the
  // wheels barely touch the orbit, and from 2e-3 s their drift (5.7e-14, then 5e-15) is within 10×
  // of round-off.
  // The finest drifts used stay above round-off: E_rot and E_orb 1e-13.
  check_drift_study("fully coupled",
                    three_fc_wheels(1.0, basilisk_orbit(Eigen::Vector3d(0.3, -0.2, 0.25)), true, 0.0, true), 1.0,
                    {125, 250, 500, 1000, 2000}, {5.25, 1, 1}, {1e-13, 1e-13});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(family_errors)

BOOST_AUTO_TEST_CASE(simple_jitter_rejected_fields) {
  const std::string o = "simple_jitter_reaction_wheels 'rw'";
  const auto w = three_wheels();
  check_rejected([&] { SimpleJitterReactionWheels("rw", w, {three_imbalances(1.0)[0]}); },
                 {o + ": imbalances = 1: needs one per wheel (3 wheels)"});
  auto with = [&](const std::function<void(WheelImbalanceConfig&)>& edit) {
    auto im = three_imbalances(1.0);
    edit(im[1]);
    SimpleJitterReactionWheels("rw", w, im);
  };
  check_rejected([&] { with([](auto& c) { c.w2Hat0_B = Eigen::Vector3d(1.0, 1.0, 0.0); }); },
                 {o + " wheel 1: w2Hat0_B", "unit vector"});
  check_rejected([&] { with([&](auto& c) { c.w2Hat0_B = g2; }); }, {o + " wheel 1: w2Hat0_B", "perpendicular"});
  check_rejected([&] { with([](auto& c) { c.Us = -0.5 * si::kilogram * si::meter; }); },
                 {o + " wheel 1: Us [kg m] = -0.5: must not be negative"});
  check_rejected([&] { with([](auto& c) { c.Ud = std::numeric_limits<double>::quiet_NaN() * kg_m2; }); },
                 {o + " wheel 1: Ud [kg m^2]", "finite"});
  check_rejected([&] { with([](auto& c) { c.theta0 = std::numeric_limits<double>::infinity() * si::radian; }); },
                 {o + " wheel 1: theta0 [rad]", "finite"});
  SimpleJitterReactionWheels jit("rw", w, three_imbalances(1.0));
  check_hosts_no_child(jit, o);
  check_rejected([&] { jit.imbalance(3); }, {o + ": wheel index (imbalance) = 3", "out of range"});
}

BOOST_AUTO_TEST_CASE(fully_coupled_jitter_rejected_fields) {
  const std::string o = "fully_coupled_jitter_wheel 'rw': ";
  const JitterWheelConfig good = fc_config(three_wheels()[0], three_imbalances(1.0)[0], 0.086);
  auto with = [&](const std::function<void(JitterWheelConfig&)>& edit) {
    FullyCoupledJitterWheel("rw", edited(good, edit));
  };
  check_rejected([&] { with([](auto& c) { c.gsHat_B.setZero(); }); }, {o + "gsHat_B", "zero length"});
  check_rejected([&] { with([](auto& c) { c.w2Hat0_B = c.gsHat_B; }); }, {o + "w2Hat0_B", "perpendicular"});
  check_rejected([&] { with([](auto& c) {
                         c.r_WB_B = Length3{Eigen::Vector3d(kNaN, 0, 0), si::meter};
                       }); },
                 {o + "r_WB_B [m]", "finite"});
  check_rejected([&] { with([](auto& c) { c.mass = 0.0 * si::kilogram; }); }, {o + "mass [kg] = 0: must be positive"});
  check_rejected([&] { with([](auto& c) { c.Js = -0.25 * kg_m2; }); }, {o + "Js [kg m^2] = -0.25: must be positive"});
  check_rejected([&] { with([](auto& c) { c.Jt = 0.0 * kg_m2; }); }, {o + "Jt [kg m^2] = 0: must be positive"});
  check_rejected([&] { with([](auto& c) { c.Jg = 0.0 * kg_m2; }); }, {o + "Jg [kg m^2] = 0: must be positive"});
  check_rejected([&] { with([](auto& c) { c.Us = -1.0 * si::kilogram * si::meter; }); },
                 {o + "Us [kg m] = -1: must not be negative"});
  // U_d² ≥ Js Jg: no rigid body has that inertia
  check_rejected([&] { with([](auto& c) { c.Ud = 0.2 * kg_m2; }); }, {o + "[Js 0 Ud; 0 Jt 0; Ud 0 Jg] [kg m^2]"});
  check_rejected([&] { with([](auto& c) { c.Omega0 = kNaN * si::radian_per_second; }); },
                 {o + "Omega0 [rad/s]", "finite"});
  check_rejected(
      [&] { with([](auto& c) { c.viscous_friction = -1.0 * si::newton * si::meter * si::second / si::radian; }); },
      {o + "viscous_friction [N m s/rad] = -1: must not be negative"});
  FullyCoupledJitterWheel fc("rw", good);
  check_hosts_no_child(fc, "fully_coupled_jitter_wheel 'rw'");
}

BOOST_AUTO_TEST_SUITE_END()

// ---- max_torque of the fully coupled wheel (docs/models/fully_coupled_jitter_wheel.md (3)) ------
BOOST_AUTO_TEST_SUITE(fully_coupled_max_torque)

namespace {

/// The three fully coupled wheels of fc_wheels(scale, 0, false) with motor commands u[i] and, when
/// u_max > 0, max_torque = u_max on every wheel.
std::vector<std::shared_ptr<StateEffector>> fc_wheels_commanded(double scale, const Eigen::Vector3d& u, double u_max) {
  const auto w = three_wheels(0.0);
  const auto im = three_imbalances(scale);
  std::vector<std::shared_ptr<StateEffector>> wheels;
  for (std::size_t i = 0; i < 3; ++i) {
    JitterWheelConfig c = fc_config(w[i], im[i], w[i].Jt.value());
    c.motor_torque = u[static_cast<Eigen::Index>(i)] * newton_meter;
    if (u_max > 0.0) c.max_torque = u_max * newton_meter;
    wheels.push_back(std::make_shared<FullyCoupledJitterWheel>("rw" + std::to_string(i), c));
  }
  return wheels;
}

Eigen::VectorXd run_fc(double scale, const Eigen::Vector3d& u, double u_max) {
  const auto model =
      one_vehicle_model(standard_hub(Eigen::Vector3d(0.05, -0.1, 0.2)), basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)),
                        fc_wheels_commanded(scale, u, u_max), true);
  return run_logged(System(model), model->initial_state(), 2.0, 2000);
}

}  // namespace

BOOST_AUTO_TEST_CASE(command_beyond_the_limit_is_applied_at_the_limit) {
  // Commands (1, −0.5, 0.3) N m with max_torque 0.05 N m on imbalanced wheels are applied as
  // (0.05, −0.05, 0.05) (eq. 3, an input limit as ReactionWheels' (4)): the run equals the run
  // commanded (0.05, −0.05, 0.05) without a limit. The clamp yields the very same doubles, so the
  // trajectories agree to the last bit; 1e-15 relative allows nothing but that.
  const Eigen::VectorXd sat = run_fc(1.0, Eigen::Vector3d(1.0, -0.5, 0.3), 0.05);
  const Eigen::VectorXd ref = run_fc(1.0, Eigen::Vector3d(0.05, -0.05, 0.05), 0.0);
  const Eigen::VectorXd raw = run_fc(1.0, Eigen::Vector3d(1.0, -0.5, 0.3), 0.0);
  BOOST_TEST_MESSAGE("fully coupled, saturated vs commanded at the limit: " << rel(sat, ref) << "; vs unsaturated "
                                                                            << rel(sat, raw));
  BOOST_TEST(rel(sat, ref) <= 1e-15);
  BOOST_TEST(rel(sat, raw) >= 1e-6);  // the limit changed the run
  // Commands inside the limit are untouched.
  BOOST_TEST(rel(run_fc(1.0, Eigen::Vector3d(0.04, -0.02, 0.01), 0.05),
                 run_fc(1.0, Eigen::Vector3d(0.04, -0.02, 0.01), 0.0)) <= 1e-15);
}

BOOST_AUTO_TEST_CASE(saturates_as_reaction_wheels_do) {
  // Zero imbalance: the fully coupled wheel is the balanced wheel (fully_coupled_zero_imbalance_
  // equals_balanced_wheel); both with max_torque 0.05 N m and commands (0.5, −0.25, 0.15) N m, beyond
  // it. Same semantics, two formulations: round-off apart (~1e-13 relative), tolerance 1e-11.
  const InitialState ic = basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1));
  const auto model_fc = one_vehicle_model(standard_hub(Eigen::Vector3d(0.05, -0.1, 0.2)), ic,
                                          fc_wheels_commanded(0.0, Eigen::Vector3d(0.5, -0.25, 0.15), 0.05), true);
  std::vector<ReactionWheelConfig> w = three_wheels(0.5);
  for (ReactionWheelConfig& c : w) c.max_torque = 0.05 * newton_meter;
  const auto model_rw = vehicle_with(std::make_shared<ReactionWheels>("rw", w), ic, true);
  const Eigen::VectorXd xa = run_logged(System(model_fc), model_fc->initial_state(), 2.0, 2000);
  const Eigen::VectorXd xb = run_logged(System(model_rw), model_rw->initial_state(), 2.0, 2000);
  const Eigen::Index ob = block_offset(*model_rw, "sc/rw", "Omega");
  Eigen::Vector3d Omega_fc;
  for (int i = 0; i < 3; ++i) Omega_fc[i] = xa[block_offset(*model_fc, "sc/rw" + std::to_string(i), "Omega")];
  const double e_hub = std::max(rel(xa.segment<3>(3), xb.segment<3>(3)), rel(xa.segment<3>(10), xb.segment<3>(10)));
  const double e_w = rel(Omega_fc, xb.segment<3>(ob));
  BOOST_TEST_MESSAGE("fully coupled vs reaction wheels, both saturated: hub " << e_hub << ", wheels " << e_w);
  BOOST_TEST(e_hub < 1e-11);
  BOOST_TEST(e_w < 1e-11);
  // Wheel 0 gained about u T/Js = 0.05 · 2/0.159 = 0.63 rad/s (the limit; 6.3 rad/s with the command),
  // less ĝ·Δω of the hub, which the wheels' gyroscopic torque (|ω × h|/I ≲ 2.4e-3 rad/s²) keeps
  // below 5e-3 rad/s over 2 s: window 0.55–0.70 rad/s.
  BOOST_TEST(Omega_fc[0] - 52.36 >= 0.55);
  BOOST_TEST(Omega_fc[0] - 52.36 <= 0.70);
}

BOOST_AUTO_TEST_CASE(max_torque_rejected) {
  const std::string o = "fully_coupled_jitter_wheel 'rw': ";
  const JitterWheelConfig good = fc_config(three_wheels()[0], three_imbalances(1.0)[0], 0.086);
  auto with = [&](double u_max) {
    FullyCoupledJitterWheel("rw", edited(good, [&](JitterWheelConfig& c) { c.max_torque = u_max * newton_meter; }));
  };
  check_rejected([&] { with(0.0); }, {o + "max_torque [N m] = 0: must be positive"});
  check_rejected([&] { with(-1.0); }, {o + "max_torque [N m] = -1: must be positive"});
  check_rejected([&] { with(std::numeric_limits<double>::infinity()); }, {o + "max_torque [N m]", "finite"});
}

BOOST_AUTO_TEST_SUITE_END()
