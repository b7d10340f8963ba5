// MRP feedback (docs/fsw/mrp_feedback.md): the Lyapunov rate along closed-loop slews against the
// numerical derivative of V, the small-error response against the closed form of its linearization,
// the integral term against a constant unmodelled torque, the shadow-set switch and the per-run
// state of the discrete integral.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "fsw/controller_cases.hpp"
#include "fsw/rigid_body.hpp"
#include "ramus/fsw/attitude_guidance.hpp"
#include "ramus/fsw/mrp_feedback.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using namespace ramus::fsw;
using namespace ramus::fsw::test;  // the rigid body, central differences, the full inertia

// The gains of the large-slew cases, with the full inertia.
MrpFeedbackConfig slew_gains() {
  return {.K = 1.5, .P = Eigen::Vector3d(6.0, 5.0, 4.0).asDiagonal(), .I_PntC_B = full_inertia()};
}

// The gains of the errors suite: unit K and P, a diagonal inertia.
MrpFeedbackConfig unit_gains() {
  return {.K = 1.0, .P = Eigen::Matrix3d::Identity(), .I_PntC_B = Eigen::Vector3d(10.0, 8.0, 6.0).asDiagonal()};
}

// A quintic slew from A to D, 80 s from t = 10 s: a reference with ω_RN and ω̇_RN both non-zero.
EigenaxisSlew moving_reference() {
  EigenaxisSlewConfig c;
  c.sigma_AN = Eigen::Vector3d(0.1, -0.2, 0.15);
  c.sigma_DN = Eigen::Vector3d(-0.3, 0.25, 0.1);
  c.t_start = 10.0;
  c.duration = 80.0;
  return EigenaxisSlew("slew", c);
}

// The body 150° from A about a skew axis, tumbling slowly.
Eigen::VectorXd large_error_state(const EigenaxisSlew& slew, int extra) {
  const Quaternion q_AN = quat_from_mrp(slew.config().sigma_AN);
  const Quaternion q_BN = quat_multiply(
      q_AN, quat_from_axis_angle(Eigen::Vector3d(1.0, 2.0, -1.0).normalized(), 150.0 * std::numbers::pi / 180.0));
  return rigid_body_state(q_BN, Eigen::Vector3d(0.02, -0.015, 0.01), extra);
}

struct Trace {
  std::vector<double> V, Vdot;
};

// Checks that V falls monotonically and that its central difference equals the analytic rate.
// `monotone` false: a law whose V̇ may be positive (only the rate is checked).
void check_lyapunov_trace(const Trace& tr, double h, bool monotone = true) {
  const double V0 = tr.V.front();
  // Monotone: each step may rise by round-off only (V is a sum of O(V0) terms, each rounded to
  // ~1e-16 relative; 1e-13 V0 leaves a margin of ~100).
  double worst_rise = 0.0;
  for (std::size_t k = 1; k < tr.V.size(); ++k) worst_rise = std::max(worst_rise, tr.V[k] - tr.V[k - 1]);
  if (monotone) {
    BOOST_TEST(worst_rise <= 1e-13 * V0);
    BOOST_TEST(tr.V.back() < 1e-2 * V0);  // and it converges (the loop is not merely stable)
  }
  // dV/dt by central differences: truncation (h²/6) max|V'''| (third differences of the samples),
  // round-off 8 ε max V / h; twice that. RK4's local error (~(|ω| h)⁵ V ≈ 1e-14 V per step, over h
  // ~1e-12 V/s) is far below it.
  const double tol = 2.0 * central_difference_tolerance(tr.V, h);
  double worst = 0.0, scale = 0.0;
  for (std::size_t k = 1; k + 1 < tr.V.size(); ++k) {
    const double numerical = (tr.V[k + 1] - tr.V[k - 1]) / (2.0 * h);
    worst = std::max(worst, std::abs(numerical - tr.Vdot[k]));
    scale = std::max(scale, std::abs(tr.Vdot[k]));
  }
  BOOST_TEST_MESSAGE("max |dV/dt − V̇| = " << worst << " W, tolerance " << tol << " W, max |V̇| = " << scale << " W");
  BOOST_TEST(worst <= tol);
  BOOST_TEST(tol < 1e-4 * scale);  // the check is sharp: the tolerance is far below the rate itself
}

/// The law's closed loop along the large slew of moving_reference() from large_error_state: rk4 at
/// h for `steps`, and V with V̇ of (8) at each logged state, plus `extra_power(e, ω)` [W] in V̇.
template <class ExtraPower>
Trace slew_trace(const MrpFeedback& law, double h, int steps, const ExtraPower& extra_power) {
  const EigenaxisSlew slew = moving_reference();
  const MrpFeedbackConfig& c = law.config();
  RigidBody body{
      c.I_PntC_B,
      [&](double t, const Quaternion& q, const Eigen::Vector3d& w, const Eigen::VectorXd&, Eigen::VectorXd&) {
        return law.torque(attitude_tracking_error(mrp_from_quat(q), w, slew.reference(t)), Eigen::Vector3d::Zero());
      }};
  const auto xs = body.run(large_error_state(slew, 0), 0.0, h, steps);
  Trace tr;
  for (std::size_t k = 0; k < xs.size(); ++k) {
    const Eigen::Vector3d w = xs[k].segment<3>(4);
    const AttitudeError e = attitude_tracking_error(mrp_from_quat(xs[k].head<4>().normalized()), w,
                                                    slew.reference(static_cast<double>(k) * h));
    tr.V.push_back(mrp_lyapunov(c.K, c.I_PntC_B, e.sigma_BR, e.omega_BR_B));
    tr.Vdot.push_back(mrp_lyapunov_rate(c.P, e.omega_BR_B) + extra_power(e, w));
  }
  return tr;
}

Trace slew_trace(const MrpFeedback& law, double h, int steps) {
  return slew_trace(law, h, steps, [](const AttitudeError&, const Eigen::Vector3d&) { return 0.0; });
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mrp_feedback)

BOOST_AUTO_TEST_CASE(lyapunov_rate_along_a_large_slew_with_feed_forward) {
  const MrpFeedbackConfig c = slew_gains();
  const MrpFeedback law("att", c);
  const double h = 0.01;
  const Trace tr = slew_trace(law, h, 12000);
  // No shadow switch on the way (|σ_BR| < 1 throughout): V0 < 2 K ln 2 bounds 2 K ln(1 + σ²).
  BOOST_TEST(tr.V.front() < 2.0 * c.K * std::log(2.0));
  check_lyapunov_trace(tr, h);
}

// For a fixed reference the law without feed-forward has the same V̇: the gyroscopic torque does no
// work, δωᵀ(ω × Iω) = 0 when δω = ω (docs/fsw/mrp_feedback.md eq. (8)).
BOOST_AUTO_TEST_CASE(lyapunov_rate_without_feed_forward_for_a_fixed_reference) {
  const InertialPointing pointing("hold", Eigen::Vector3d(0.2, -0.1, 0.3));
  MrpFeedbackConfig c = slew_gains();
  c.feed_forward = false;
  const MrpFeedback law("att", c);
  RigidBody body{
      c.I_PntC_B, [&](double, const Quaternion& q, const Eigen::Vector3d& w, const Eigen::VectorXd&, Eigen::VectorXd&) {
        return law.torque(attitude_tracking_error(mrp_from_quat(q), w, pointing.reference()), Eigen::Vector3d::Zero());
      }};
  const double h = 0.01;
  const Quaternion q0 = quat_multiply(quat_from_mrp(pointing.reference().sigma_RN),
                                      quat_from_axis_angle(Eigen::Vector3d(0.0, 1.0, 1.0).normalized(), 2.4));
  const auto xs = body.run(rigid_body_state(q0, Eigen::Vector3d(0.05, 0.04, -0.06)), 0.0, h, 10000);
  Trace tr;
  for (const Eigen::VectorXd& x : xs) {
    const AttitudeError e =
        attitude_tracking_error(mrp_from_quat(x.head<4>().normalized()), x.segment<3>(4), pointing.reference());
    tr.V.push_back(mrp_lyapunov(c.K, c.I_PntC_B, e.sigma_BR, e.omega_BR_B));
    tr.Vdot.push_back(mrp_lyapunov_rate(c.P, e.omega_BR_B));
  }
  BOOST_TEST(tr.V.front() < 2.0 * c.K * std::log(2.0));
  check_lyapunov_trace(tr, h);
}

// The integral law's V_I = V + ½ K_i zᵀz with V̇_I = −(δω + K_i z)ᵀ P (δω + K_i z) (eqs. (9)–(10)),
// with ∫σ dt integrated as a state of the closed loop (the continuous law).
BOOST_AUTO_TEST_CASE(integral_lyapunov_rate_along_a_large_slew) {
  const EigenaxisSlew slew = moving_reference();
  MrpFeedbackConfig c = slew_gains();
  c.K_i = 0.02;
  const MrpFeedback law("att", c);
  const Eigen::VectorXd x0 = large_error_state(slew, 3);
  const Eigen::Vector3d dw0 =
      attitude_tracking_error(mrp_from_quat(x0.head<4>()), x0.segment<3>(4), slew.reference(0.0)).omega_BR_B;
  auto z_of = [&](const AttitudeError& e, const Eigen::VectorXd& S) -> Eigen::Vector3d {
    return c.K * S + c.I_PntC_B * (e.omega_BR_B - dw0);  // eq. (4)
  };
  RigidBody body{c.I_PntC_B, [&](double t, const Quaternion& q, const Eigen::Vector3d& w, const Eigen::VectorXd& S,
                                 Eigen::VectorXd& SDot) {
                   const AttitudeError e = attitude_tracking_error(mrp_from_quat(q), w, slew.reference(t));
                   SDot = mrp_short(e.sigma_BR);
                   return law.torque(e, z_of(e, S));
                 }};
  const double h = 0.01;
  const auto xs = body.run(x0, 0.0, h, 12000);
  Trace tr;
  for (std::size_t k = 0; k < xs.size(); ++k) {
    const AttitudeError e = attitude_tracking_error(mrp_from_quat(xs[k].head<4>().normalized()), xs[k].segment<3>(4),
                                                    slew.reference(static_cast<double>(k) * h));
    const Eigen::Vector3d z = z_of(e, xs[k].tail<3>());
    tr.V.push_back(mrp_integral_lyapunov(c.K, c.I_PntC_B, c.K_i, e.sigma_BR, e.omega_BR_B, z));
    tr.Vdot.push_back(mrp_integral_lyapunov_rate(c.P, c.K_i, e.omega_BR_B, z));
  }
  BOOST_TEST(tr.V.front() < 2.0 * c.K * std::log(2.0));
  check_lyapunov_trace(tr, h);
}

// Small errors about a principal axis: σ = tan(θ/4) ê exactly, so I θ̈ + P θ̇ + K tan(θ/4) = 0, whose
// linearization I θ̈ + P θ̇ + (K/4) θ = 0 has ω_n = √(K/4I), ζ = P/√(K I) (eq. (12)). The nonlinear
// remainder g = −K (tan(θ/4) − θ/4) drives the difference e = θ − θ_lin from rest, so
// |e| ≤ max|g| ∫|h_imp| dt with h_imp the impulse response of the linear system; |θ| ≤ θ0 because V
// falls (2K ln(1 + σ²) ≤ V(0)), so max|g| ≤ K (tan(θ0/4) − θ0/4).
BOOST_AUTO_TEST_CASE(small_error_response_is_the_linear_second_order_system) {
  const Eigen::Vector3d moments(10.0, 8.0, 6.0);
  MrpFeedbackConfig c{.K = 2.0, .I_PntC_B = moments.asDiagonal()};
  const double zeta = 0.5, Ix = moments.x();
  const double p = zeta * std::sqrt(c.K * Ix);  // ζ = P/√(K I)
  c.P = p * Eigen::Matrix3d::Identity();
  const MrpFeedback law("att", c);
  const InertialPointing pointing("hold", Eigen::Vector3d::Zero());
  RigidBody body{
      c.I_PntC_B, [&](double, const Quaternion& q, const Eigen::Vector3d& w, const Eigen::VectorXd&, Eigen::VectorXd&) {
        return law.torque(attitude_tracking_error(mrp_from_quat(q), w, pointing.reference()), Eigen::Vector3d::Zero());
      }};
  const double theta0 = 0.2, h = 0.01;
  const auto xs = body.run(
      rigid_body_state(quat_from_axis_angle(Eigen::Vector3d::UnitX(), theta0), Eigen::Vector3d::Zero()), 0.0, h, 6000);
  const DampedOscillator linear{theta0, zeta, std::sqrt(c.K / (4.0 * Ix))};
  // ∫|h_imp| dt, h_imp = e^{−ζωn t} sin(ωd t) / (I ωd), by the trapezoid rule to e^{−40} (1% margin
  // for the rule's error at the kinks of |sin|).
  const double l1 = linear.impulse_response_l1(Ix);
  const double bound = 1.01 * c.K * (std::tan(theta0 / 4.0) - theta0 / 4.0) * l1;
  double worst = 0.0, off_axis = 0.0;
  for (std::size_t k = 0; k < xs.size(); ++k) {
    const Eigen::Vector3d sigma = mrp_from_quat(xs[k].head<4>());
    worst = std::max(worst, std::abs(4.0 * std::atan(sigma.x()) - linear.theta(static_cast<double>(k) * h)));
    off_axis = std::max(off_axis, sigma.tail<2>().norm());
  }
  BOOST_TEST_MESSAGE("max |θ − θ_lin| = " << worst << " rad, bound " << bound << " rad (θ0 = " << theta0 << ")");
  BOOST_TEST(worst <= bound);
  BOOST_TEST(bound < 2e-3 * theta0);  // a sharp check: a 1% error in ω_n or ζ would exceed it
  BOOST_TEST(off_axis < 1e-14);       // a principal-axis rotation stays one
}

// A constant torque ΔL the law does not know: without the integral term the body settles where
// K σ = ΔL (eq. (5) at rest); with it σ → 0. Diagonal inertia, so each axis's linearization is the
// third-order system of eq. (13), whose slowest pole bounds the residual at the end.
BOOST_AUTO_TEST_CASE(integral_term_removes_the_steady_error_of_a_constant_torque) {
  const Eigen::Vector3d moments(10.0, 8.0, 6.0), dL(0.01, -0.02, 0.015);
  MrpFeedbackConfig c;
  c.K = 1.0;
  c.P = 5.0 * Eigen::Matrix3d::Identity();
  c.I_PntC_B = moments.asDiagonal();
  const InertialPointing pointing("hold", Eigen::Vector3d::Zero());
  const double h = 0.05, t_end = 600.0;
  const int n = static_cast<int>(std::lround(t_end / h));
  auto final_sigma = [&](double K_i) {
    c.K_i = K_i;
    const MrpFeedback law("att", c);
    const Eigen::VectorXd x0 = rigid_body_state(Quaternion(1.0, 0.0, 0.0, 0.0), Eigen::Vector3d::Zero(), 3);
    RigidBody body{c.I_PntC_B, [&](double, const Quaternion& q, const Eigen::Vector3d& w, const Eigen::VectorXd& S,
                                   Eigen::VectorXd& SDot) {
                     const AttitudeError e = attitude_tracking_error(mrp_from_quat(q), w, pointing.reference());
                     SDot = mrp_short(e.sigma_BR);
                     const Eigen::Vector3d z = c.K * S + c.I_PntC_B * e.omega_BR_B;  // δω(0) = 0
                     return Eigen::Vector3d(law.torque(e, z) + dL);
                   }};
    return Eigen::Vector3d(mrp_from_quat(body.run(x0, 0.0, h, n).back().head<4>()));
  };
  const Eigen::Vector3d without = final_sigma(0.0), with = final_sigma(0.01);
  // Without: K σ = ΔL exactly at rest (the feed-forward ω × Iω vanishes); the transient has decayed
  // by e^{−λ t_end} with λ ≥ 0.1 /s here, so the 1e-9 relative tolerance is round-off dominated.
  BOOST_TEST((without - dL / c.K).norm() <= 1e-9 * dL.norm() / c.K);
  // With: the slowest root of 4I s³ + (4P + 4 P K_i I) s² + K s + P K_i K over the axes.
  double slowest = std::numeric_limits<double>::infinity();
  for (int j = 0; j < 3; ++j) {
    const double I = moments[j], P = 5.0, Ki = 0.01;
    Eigen::Matrix3d A;
    A << 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, -P * Ki * c.K / (4.0 * I), -c.K / (4.0 * I), -(P + P * Ki * I) / I;
    const Eigen::Vector3cd roots = A.eigenvalues();
    for (int r = 0; r < 3; ++r) slowest = std::min(slowest, -roots[r].real());
  }
  BOOST_TEST_MESSAGE("slowest pole " << slowest << " /s; |σ| without " << without.norm() << ", with " << with.norm());
  BOOST_TEST(slowest > 0.0);
  // The residual decays as e^{−λ t}; 10 × |σ_ss| covers the transient's amplitude (its peak is below
  // |σ_ss| for this overdamped loop).
  BOOST_TEST(with.norm() <= 10.0 * std::exp(-slowest * t_end) * dL.norm() / c.K + 1e-12);
  BOOST_TEST(with.norm() < 1e-3 * without.norm());
}

// |σ| > 1 is switched to the shadow set: the same attitude gives the same torque, the short way.
BOOST_AUTO_TEST_CASE(shadow_set_is_switched) {
  MrpFeedbackConfig c;
  c.K = 2.0;
  c.P = Eigen::Matrix3d::Identity();
  c.I_PntC_B = full_inertia();
  const MrpFeedback law("att", c);
  AttitudeError e;
  e.sigma_BR = Eigen::Vector3d(2.0, 0.0, 0.0);  // 4 atan 2 = 253.7° about +x, i.e. 106.3° about −x
  const Eigen::Vector3d u = law.torque(e, Eigen::Vector3d::Zero());
  // At rest the torque is −K σ_short = −K (−σ/|σ|²) = (K/2, 0, 0): towards +x, the short way back.
  BOOST_TEST((u - Eigen::Vector3d(0.5 * c.K, 0.0, 0.0)).norm() <= 1e-15 * c.K);
  AttitudeError shadow = e;
  shadow.sigma_BR = mrp_shadow(e.sigma_BR);
  shadow.omega_BR_B = e.omega_BR_B = Eigen::Vector3d(0.01, -0.02, 0.03);
  BOOST_TEST((law.torque(e, Eigen::Vector3d::Zero()) - law.torque(shadow, Eigen::Vector3d::Zero())).norm() <= 1e-15);
}

// The law's terms one by one against eqs. (3)–(5) written out here.
BOOST_AUTO_TEST_CASE(feed_forward_terms) {
  MrpFeedbackConfig c;
  c.K = 0.7;
  c.P = Eigen::Vector3d(3.0, 2.0, 1.0).asDiagonal();
  c.I_PntC_B = full_inertia();
  c.K_i = 0.05;
  const MrpFeedback law("att", c);
  AttitudeError e;
  e.sigma_BR = Eigen::Vector3d(0.1, -0.2, 0.3);
  e.omega_BR_B = Eigen::Vector3d(0.01, 0.02, -0.03);
  e.omega_RN_B = Eigen::Vector3d(-0.05, 0.04, 0.02);
  e.omegaDot_RN_B = Eigen::Vector3d(1e-3, -2e-3, 3e-3);
  const Eigen::Vector3d z(0.3, -0.1, 0.2), L(1e-3, 2e-3, -1e-3);
  const Eigen::Vector3d w = e.omega_BR_B + e.omega_RN_B;
  const Eigen::Matrix3d& I = c.I_PntC_B;
  const Eigen::Vector3d expected = -c.K * e.sigma_BR - c.P * e.omega_BR_B - c.K_i * c.P * z +
                                   I * (e.omegaDot_RN_B - tilde(w) * e.omega_RN_B) + tilde(w) * I * w - L;
  BOOST_TEST((law.torque(e, z, L) - expected).norm() <= 1e-15 * expected.norm() * 10.0);
}

// The discrete integral of eq. (11): the first sample only latches δω(0); the limit clamps and says so.
BOOST_AUTO_TEST_CASE(discrete_integral_and_its_limit) {
  MrpFeedbackConfig c;
  c.K = 2.0;
  c.P = Eigen::Matrix3d::Identity();
  c.I_PntC_B = full_inertia();
  c.K_i = 0.1;
  c.integral_limit = 0.35;
  MrpFeedback law("att", c);
  AttitudeError e;
  e.sigma_BR = Eigen::Vector3d(0.1, -0.05, 0.0);
  e.omega_BR_B = Eigen::Vector3d(0.01, 0.0, 0.0);
  law.update(e, 123.0);  // the first dt is ignored
  BOOST_TEST(law.sigma_integral().norm() == 0.0);
  BOOST_TEST(law.z_B().norm() == 0.0);
  const double dt = 0.5;
  for (int k = 0; k < 4; ++k) law.update(e, dt);
  // Σ σ dt = 4 · 0.5 · σ = 2σ = (0.2, −0.1, 0): below the limit.
  BOOST_TEST((law.sigma_integral() - 2.0 * e.sigma_BR).norm() <= 1e-15);
  BOOST_TEST(!law.integral_limited());
  BOOST_TEST((law.z_B() - c.K * 2.0 * e.sigma_BR).norm() <= 1e-15);  // δω unchanged: z = K ∫σ
  for (int k = 0; k < 4; ++k) law.update(e, dt);                     // x would reach 0.4 > 0.35
  BOOST_TEST(law.integral_limited());
  BOOST_TEST(law.sigma_integral().x() == 0.35);
  BOOST_TEST(std::abs(law.sigma_integral().y() + 0.2) <= 1e-15);
  law.reset();
  BOOST_TEST(law.sigma_integral().norm() == 0.0);
  BOOST_TEST(!law.integral_limited());
}

// The law (14) with K_i = 0 differs from (3) by −δω × Iω, which does no work against δω: V̇ of (8)
// along the same large slew as the first case (docs/fsw/mrp_feedback.md, "The gyroscopic term").
BOOST_AUTO_TEST_CASE(reference_rate_law_keeps_the_lyapunov_rate) {
  MrpFeedbackConfig c = slew_gains();
  c.gyroscopic = MrpGyroscopic::reference_rate;
  const double h = 0.01;
  check_lyapunov_trace(slew_trace(MrpFeedback("att", c), h, 12000), h);
}

// The law (15) without the gyroscopic term: V̇ = −δωᵀPδω − δωᵀ(ω × Iω), which a moving reference
// makes nonzero; the trace checks that rate, not (8).
BOOST_AUTO_TEST_CASE(law_without_gyroscopic_term_has_its_extra_power) {
  MrpFeedbackConfig c = slew_gains();
  c.gyroscopic = MrpGyroscopic::none;
  const double h = 0.01;
  double extra = 0.0;
  const Trace tr = slew_trace(MrpFeedback("att", c), h, 6000, [&](const AttitudeError& e, const Eigen::Vector3d& w) {
    const double gyro_power = -e.omega_BR_B.dot(w.cross(c.I_PntC_B * w));
    extra = std::max(extra, std::abs(gyro_power));
    return gyro_power;
  });
  const double tol = 2.0 * central_difference_tolerance(tr.V, h);  // the trace's own tolerance
  BOOST_TEST_MESSAGE("largest |δωᵀ(ω × Iω)|: " << extra << " W, the trace's tolerance " << tol << " W");
  check_lyapunov_trace(tr, h, /*monotone=*/false);
  // The term is seen: it exceeds twice the trace's tolerance (measured 1.2e-5 W against 4.4e-6 W,
  // δωᵀ(ω_r × Iω) with the slew's slow ω_r), so the law with the gyroscopic term would fail it.
  BOOST_TEST(extra > 2.0 * tol);
}

// The wheels' momentum H_w enters each law's gyroscopic term as eqs. (3), (14), (15) say, and only
// with feed-forward.
BOOST_AUTO_TEST_CASE(wheel_momentum_in_the_gyroscopic_term) {
  AttitudeError e;
  e.sigma_BR = Eigen::Vector3d(0.1, -0.2, 0.05);
  e.omega_BR_B = Eigen::Vector3d(0.01, 0.02, -0.03);
  e.omega_RN_B = Eigen::Vector3d(-0.004, 0.003, 0.006);
  e.omegaDot_RN_B = Eigen::Vector3d(1e-4, -2e-4, 3e-4);
  const Eigen::Vector3d z(0.3, -0.1, 0.2), H_w(2.0, -1.0, 4.0), omega = e.omega_BR_B + e.omega_RN_B;
  MrpFeedbackConfig c = slew_gains();
  c.K_i = 0.05;
  const auto added = [&](MrpGyroscopic g, bool feed_forward) {
    c.gyroscopic = g;
    c.feed_forward = feed_forward;
    const MrpFeedback law("att", c);
    return Eigen::Vector3d(law.torque(e, z, Eigen::Vector3d::Zero(), H_w) - law.torque(e, z));
  };
  // The products are of order 0.1 N m, rounded at ε of the law's other terms (~1 N m).
  const double tol = 1e-14;
  BOOST_TEST((added(MrpGyroscopic::body_rate, true) - omega.cross(H_w)).norm() <= tol);
  BOOST_TEST((added(MrpGyroscopic::reference_rate, true) - (e.omega_RN_B + c.K_i * z).cross(H_w)).norm() <= tol);
  BOOST_TEST(added(MrpGyroscopic::none, true).norm() == 0.0);
  BOOST_TEST(added(MrpGyroscopic::body_rate, false).norm() == 0.0);
}

// integral_limit = 0 turns the integral action off: z stays 0 and the sampled law is the law of
// K_i = 0 whatever the rate error (Basilisk's limit of 0 would leave K_i P I δω).
BOOST_AUTO_TEST_CASE(zero_integral_limit_means_no_integral_action) {
  MrpFeedbackConfig c = slew_gains();
  c.K_i = 0.05;
  c.integral_limit = 0.0;
  MrpFeedback off("att", c);
  c.K_i = 0.0;
  c.integral_limit = std::numeric_limits<double>::infinity();
  MrpFeedback none("att", c);
  AttitudeError e;
  for (int k = 0; k < 20; ++k) {
    e.sigma_BR = Eigen::Vector3d(0.3 - 0.01 * k, 0.1, -0.2);
    e.omega_BR_B = Eigen::Vector3d(0.01 * k, -0.02, 0.005 * k);  // δω changing: z would grow by I(δω − δω(0))
    const Eigen::Vector3d a = off.update(e, 0.5), b = none.update(e, 0.5);
    BOOST_TEST((a - b).norm() == 0.0);
    BOOST_TEST(off.z_B().norm() == 0.0);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(mrp_feedback_errors)

BOOST_AUTO_TEST_CASE(each_bad_field_is_named_with_its_unit_and_value) {
  const fsw::test::RejectedChanges<MrpFeedback, MrpFeedbackConfig> rejected("att", unit_gains());
  rejected([](auto& c) { c.K = 0.0; }, {"mrp_feedback 'att'", "K [N m]", "= 0", "positive"});
  rejected([](auto& c) { c.K = std::numeric_limits<double>::quiet_NaN(); },
           {"mrp_feedback 'att'", "K [N m]", "nan", "finite"});
  rejected([](auto& c) { c.P(1, 1) = -1.0; }, {"mrp_feedback 'att'", "P [N m s]", "-1", "positive definite"});
  rejected([](auto& c) { c.P(0, 2) = 0.5; }, {"mrp_feedback 'att'", "P [N m s]", "0.5", "symmetric"});
  rejected([](auto& c) { c.P(2, 2) = std::numeric_limits<double>::infinity(); },
           {"mrp_feedback 'att'", "P [N m s]", "inf", "finite"});
  rejected([](auto& c) { c.K_i = -0.1; },
           {"mrp_feedback 'att'", "K_i [1/(kg m²)]", "-0.10000000000000001", "negative"});
  rejected([](auto& c) { c.integral_limit = -1.0; },
           {"mrp_feedback 'att'", "integral_limit [s]", "-1", "non-negative"});
  rejected([](auto& c) { c.integral_limit = std::numeric_limits<double>::quiet_NaN(); },
           {"mrp_feedback 'att'", "integral_limit [s]", "nan", "non-negative"});
  rejected([](auto& c) { c.I_PntC_B = Eigen::Vector3d(10.0, 1.0, 1.0).asDiagonal(); },  // 10 > 1 + 1: no rigid body
           {"mrp_feedback 'att'", "I_PntC_B [kg m²]", "10", "triangle"});
  rejected([](auto& c) { c.I_PntC_B.setZero(); }, {"mrp_feedback 'att'", "I_PntC_B [kg m²]", "positive definite"});
  // Without feed-forward and integral the inertia is not used, so not required.
  MrpFeedbackConfig c = unit_gains();
  c.I_PntC_B.setZero();
  c.feed_forward = false;
  BOOST_CHECK_NO_THROW(MrpFeedback("att", c));
}

BOOST_AUTO_TEST_CASE(bad_sample_interval_is_refused) {
  MrpFeedback law("att", unit_gains());
  law.update(AttitudeError{}, 0.1);
  BOOST_CHECK_EXCEPTION(law.update(AttitudeError{}, -0.1), ramus::Error,
                        ramus::test::message_has_all({"mrp_feedback 'att'", "dt [s]", "-0.1"}));
}

BOOST_AUTO_TEST_SUITE_END()
