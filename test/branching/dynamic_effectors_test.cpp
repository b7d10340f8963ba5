// Unit cases of the dynamic effectors used as children (`dynamic_effectors`, label unit):
// the pulsed torque's pattern against its definition; the thruster's thrust factor (instant and
// first-order ramp, closed forms), its wrench r × F, its force fixed in (so rotating with) the
// attach frame; the constraint's violation, rate and loads on hand-built frame kinematics; and the
// thruster on a hub and on a gimbal segment while firing, against the impulse of its thrust and of
// its moment about C.
#include <boost/test/unit_test.hpp>
#include <vector>

#include "branching/branching_support.hpp"
#include "support/inputs.hpp"

namespace {

using namespace ramus;
using namespace ramus::branching_test;

/// Simpson's rule over samples at spacing h (an even number of intervals).
template <class V>
V simpson(const std::vector<V>& f, double h) {
  V s = f.front() + f.back();
  for (std::size_t k = 1; k + 1 < f.size(); ++k) s += (k % 2 == 1 ? 4.0 : 2.0) * f[k];
  return s * (h / 3.0);
}

struct FiringErrors {
  double dV = 0.0, dH = 0.0;
  Vector3d dV_error = Vector3d::Zero();                        ///< [m/s] dv_CN_N − ∫F/m dt
  Vector3d a_on = Vector3d::Zero(), a_off = Vector3d::Zero();  ///< [m/s²] full thrust/m in N at the edges
};

/// A thruster (spec s) on the hub (segment == npos) or on segment `seg` of `p`'s parent, common
/// setup; 1 s of rk4 at step h; ΔV of C and ΔH about C against Simpson's integral of the thrust
/// (by hand) and of its moment about C over the per-step samples.
FiringErrors firing_balance(Parent p, std::size_t seg, const ThrusterSpec& s, double h) {
  BranchCase c = common_case(parent_spec(p));
  const bool on_hub = seg == Model::npos;
  auto thruster = make_thruster("thruster", s);
  if (on_hub)
    c.model->vehicle(0).add_dynamic_effector(thruster);
  else
    c.parent->add_dynamic_effector(thruster, seg);
  c.model->finalize();
  const System system(c.model);
  const std::vector<Sample> run = run_sampled(system, c.model->initial_state(), 1.0, h);
  const VehicleOffsets& o = c.model->vehicle(0).offsets();
  // The integrals piecewise between the firing edges (which are on the sample grid), each piece by
  // Simpson's rule with the load of that piece: an instant switch takes its piece's value at the
  // edge samples (left or right limit), a ramp is continuous there.
  std::vector<double> breaks = {0.0};
  for (double b : {s.on, s.off})
    if (b > 0.0 && b < 1.0) breaks.push_back(b);
  breaks.push_back(1.0);
  Vector3d impulse_V = Vector3d::Zero(), impulse_H = Vector3d::Zero();
  FiringErrors e;
  for (std::size_t piece = 0; piece + 1 < breaks.size(); ++piece) {
    const double a = breaks[piece], b = breaks[piece + 1], mid = 0.5 * (a + b);
    std::vector<Vector3d> accel, torque_C;
    for (const Sample& smp : run) {
      if (smp.t < a || smp.t > b) continue;
      const HandState hs = hand_state(*c.model, smp.x, c.hand);
      const HandFrame& f = on_hub ? hs.hub : hs.segments.at(seg);
      const double kappa = s.tau == 0.0 ? s.factor(mid) : s.factor(smp.t);
      const Vector3d F_N = f.dcm_FN.transpose() * (s.max_thrust * kappa * s.direction_F);
      // The force acts at the thruster; its arm about C from positions relative to B.
      const Vector3d r_TB_N = (on_hub ? Vector3d::Zero() : hs.r_SB_N.at(seg)) + f.dcm_FN.transpose() * s.r_TF_F;
      accel.push_back(F_N / hs.m);
      torque_C.push_back((r_TB_N - hs.r_CB_N).cross(F_N));
      const Vector3d a_full = f.dcm_FN.transpose() * (s.max_thrust * s.direction_F) / hs.m;
      if (smp.t == s.on) e.a_on = a_full;
      if (smp.t == s.off) e.a_off = a_full;
    }
    impulse_V += simpson(accel, h);
    impulse_H += simpson(torque_C, h);
  }
  const VectorXd& x0 = run.front().x;
  const VectorXd& x1 = run.back().x;
  e.dV_error = x1.segment<3>(o.dv_CN_N) - x0.segment<3>(o.dv_CN_N) - impulse_V;
  e.dV = e.dV_error.norm();
  const Vector3d H0 = vehicle_diagnostics(*c.model, x0, 0.0, 0).H_rot_PntC_N;
  const Vector3d H1 = vehicle_diagnostics(*c.model, x1, 1.0, 0).H_rot_PntC_N;
  e.dH = (H1 - H0 - impulse_H).norm();
  return e;
}

/// Frame kinematics of a hand-built rigid motion: r(t) = r0 + v0 t + ½ a t², dcm_NF(t) = exp([ω×] t)
/// dcm_NF0 with ω constant in N (so dcm_NF' = [ω×] dcm_NF).
struct Motion {
  Vector3d r0, v0, a;
  Matrix3d dcm_NF0;
  Vector3d omega_N;
  FrameKinematics at(double t) const {
    FrameKinematics k;
    k.r_FN_N = r0 + v0 * t + 0.5 * a * t * t;
    k.v_FN_N = v0 + a * t;
    const Matrix3d dcm_NF = frame_rotation(omega_N.normalized(), omega_N.norm() * t).transpose() * dcm_NF0;
    k.dcm_FN = dcm_NF.transpose();
    k.omega_FN_F = k.dcm_FN * omega_N;
    return k;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(dynamic_effectors)

BOOST_AUTO_TEST_CASE(pulsed_torque_pattern) {
  PulsedTorqueConfig c;
  c.torque_PntB_B = newton_meters(Vector3d(1.0, -2.0, 3.0));
  c.period = 0.125 * si::second;
  c.start = 0.25 * si::second;
  c.count_on = 2;
  c.count_off = 1;
  const PulsedTorque pulses("pulses", c);
  // Definition (pulsed_torque.md (1)): k = floor((t − 0.25)/0.125) mod 5; +τ for k ∈ {0, 1}, −τ for
  // k ∈ {2, 3}, 0 for k = 4; 0 before the start. Dyadic times: k is exact, boundaries included.
  const Vector3d tau(1.0, -2.0, 3.0);
  const std::vector<std::pair<double, double>> expected = {
      {0.0, 0.0},    {0.2, 0.0},   {0.25, 1.0}, {0.3125, 1.0}, {0.375, 1.0}, {0.4375, 1.0}, {0.5, -1.0},
      {0.625, -1.0}, {0.74, -1.0}, {0.75, 0.0}, {0.8125, 0.0}, {0.875, 1.0}, {1.0, 1.0},    {1.125, -1.0},
      {1.25, -1.0},  {1.375, 0.0}, {1.5, 1.0},  {10.25, 1.0},  {10.5, -1.0}, {10.75, 0.0}};  // counts 80 ≡ 0, 82 ≡ 2,
                                                                                             // 84 ≡ 4 (mod 5)
  FrameKinematics some_frame;
  some_frame.dcm_FN = frame_rotation(Vector3d(1.0, 2.0, 2.0) / 3.0, 0.7);
  some_frame.omega_FN_F = Vector3d(0.3, -0.1, 0.2);
  for (const auto& [t, sign] : expected) {
    BOOST_TEST_CONTEXT("t = " << t) {
      const Wrench w = test::wrench_at(pulses, some_frame, t);
      // Exact: the effector returns ±τ or 0, no arithmetic on it.
      BOOST_TEST((w.torque_PntF_F - sign * tau).norm() == 0.0);
      BOOST_TEST(w.force_F.norm() == 0.0);
      // Given about B in B: it does not depend on the kinematics handed in.
      BOOST_TEST((test::wrench_at(pulses, FrameKinematics{}, t).torque_PntF_F - w.torque_PntF_F).norm() == 0.0);
    }
  }
  // count_on = 1, count_off = 0: +τ, −τ, +τ, … one count each.
  c.count_on = 1;
  c.count_off = 0;
  const PulsedTorque alternating("alternating", c);
  for (int k = 0; k < 8; ++k) {
    const double t = 0.25 + 0.125 * k + 0.0625;
    BOOST_TEST((test::wrench_at(alternating, some_frame, t).torque_PntF_F - (k % 2 == 0 ? 1.0 : -1.0) * tau).norm() ==
               0.0);
  }
}

BOOST_AUTO_TEST_CASE(thruster_factor_instant) {
  ThrusterConfig c;
  c.max_thrust = 10.0 * si::newton;
  Thruster thr("thr", c);
  thr.add_firing(0.25 * si::second, 0.5 * si::second);
  thr.add_firing(1.0 * si::second, 0.5 * si::second);
  // On over [t_on, t_off), off elsewhere (thruster.md (1), τ = 0): exactly 0 or 1.
  const std::vector<std::pair<double, double>> expected = {{0.0, 0.0},    {0.2499, 0.0}, {0.25, 1.0}, {0.5, 1.0},
                                                           {0.7499, 1.0}, {0.75, 0.0},   {0.9, 0.0},  {1.0, 1.0},
                                                           {1.4999, 1.0}, {1.5, 0.0},    {3.0, 0.0}};
  for (const auto& [t, kappa] : expected) BOOST_TEST(thr.thrust_factor(t) == kappa, "t = " << t);
}

BOOST_AUTO_TEST_CASE(thruster_factor_ramp) {
  const double tau = 0.1;
  ThrusterConfig c;
  c.max_thrust = 10.0 * si::newton;
  c.ramp_time_constant = tau * si::second;
  Thruster thr("thr", c);
  thr.add_firing(0.25 * si::second, 0.5 * si::second);
  thr.add_firing(1.0 * si::second, 0.5 * si::second);
  // Closed form of κ' = (cmd − κ)/τ, κ(0) = 0, by hand: 1 − e^{−(t−t_on)/τ} during the first firing,
  // decay κ_off e^{−(t−t_off)/τ} after it, re-entry from the residual κ_on2 into the second.
  const double k_off1 = 1.0 - std::exp(-0.5 / tau);
  const double k_on2 = k_off1 * std::exp(-0.25 / tau);
  const double k_off2 = 1.0 - (1.0 - k_on2) * std::exp(-0.5 / tau);
  auto kappa = [&](double t) {
    if (t < 0.25) return 0.0;
    if (t < 0.75) return 1.0 - std::exp(-(t - 0.25) / tau);
    if (t < 1.0) return k_off1 * std::exp(-(t - 0.75) / tau);
    if (t < 1.5) return 1.0 - (1.0 - k_on2) * std::exp(-(t - 1.0) / tau);
    return k_off2 * std::exp(-(t - 1.5) / tau);
  };
  auto command = [](double t) { return (t >= 0.25 && t < 0.75) || (t >= 1.0 && t < 1.5) ? 1.0 : 0.0; };
  for (int i = 0; i < 200; ++i) {
    const double t = 0.0123 * i;
    BOOST_TEST_CONTEXT("t = " << t) {
      // κ ≤ 1 through a few exp and products: a few ulps; 1e-15 absolute.
      BOOST_TEST(std::abs(thr.thrust_factor(t) - kappa(t)) < 1e-15);
      // And it solves the ODE: a central difference with δ = 1e-5 s (truncation δ²/6 times
      // |κ'''| ≤ 1/τ³ gives ≤ 1.7e-8; round-off ε/δ ≈ 2e-11) against (cmd − κ)/τ, away from edges.
      const double d = 1e-5;
      if (command(t - d) == command(t + d)) {
        const double rate = (thr.thrust_factor(t + d) - thr.thrust_factor(t - d)) / (2.0 * d);
        BOOST_TEST(std::abs(rate - (command(t) - thr.thrust_factor(t)) / tau) < 1e-7);
      }
    }
  }
  // Continuous at the edges (what the ramp is for): the jump across an edge is ≤ |κ'| · 1e-12 s.
  for (double edge : {0.25, 0.75, 1.0, 1.5})
    BOOST_TEST(std::abs(thr.thrust_factor(edge) - thr.thrust_factor(edge - 1e-12)) < 1e-10, "edge " << edge);
}

BOOST_AUTO_TEST_CASE(thruster_wrench_and_frame) {
  ThrusterConfig c;
  c.r_TF_F = meters(Vector3d(0.2, -0.4, 1.1));
  c.force_direction_F = Vector3d(1.0, 2.0, 2.0) / 3.0;
  c.max_thrust = 10.0 * si::newton;
  Thruster thr("thr", c);
  thr.add_firing(0.0 * si::second, 1.0 * si::second);
  FrameKinematics a, b;
  b.dcm_FN = frame_rotation(Vector3d(0.0, 0.6, 0.8), 1.3);
  b.r_FN_N = Vector3d(7.0e6, -1.0e6, 3.0e5);
  b.v_FN_N = Vector3d(10.0, 7000.0, -3.0);
  b.omega_FN_F = Vector3d(1.0, -2.0, 0.5);
  const Wrench w = test::wrench_at(thr, a, 0.5);
  // F = F_max t̂ = (10/3)(1, 2, 2) N; r × F = (10/3)(−0.4·2 − 1.1·2, 1.1·1 − 0.2·2, 0.2·2 + 0.4·1)
  //                                       = (10/3)(−3.0, 0.7, 0.8) N m (by hand).
  BOOST_TEST((w.force_F - 10.0 / 3.0 * Vector3d(1.0, 2.0, 2.0)).norm() < 1e-14);  // a few ulps of 10 N
  BOOST_TEST((w.torque_PntF_F - 10.0 / 3.0 * Vector3d(-3.0, 0.7, 0.8)).norm() < 1e-14);
  // Fixed in the attach frame: the same F components whatever that frame's kinematics, so in N
  // the force is dcm_NF F and turns with the frame.
  const Wrench wb = test::wrench_at(thr, b, 0.5);
  BOOST_TEST((wb.force_F - w.force_F).norm() == 0.0);
  BOOST_TEST((wb.torque_PntF_F - w.torque_PntF_F).norm() == 0.0);
  BOOST_TEST((b.dcm_FN.transpose() * wb.force_F - a.dcm_FN.transpose() * w.force_F).norm() > 1.0);
  // Off after the firing: no load at all.
  BOOST_TEST(test::wrench_at(thr, b, 1.0).force_F.norm() == 0.0);
  BOOST_TEST(test::wrench_at(thr, b, 1.0).torque_PntF_F.norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(constraint_violation_rate_and_loads) {
  ConstraintConfig c;
  c.end1 = AttachPoint{"a", "", 0};
  c.end2 = AttachPoint{"b", "", 0};
  const Vector3d r_P1F1(0.4, -1.0, 0.3), r_P2F2(-0.7, 0.2, 0.9), r_ref(1.5, 0.5, -0.25);
  const double alpha = 100.0, beta = 20.0;
  c.r_P1F1_F1 = meters(r_P1F1);
  c.r_P2F2_F2 = meters(r_P2F2);
  c.r_P2P1_F1 = meters(r_ref);
  c.alpha = alpha * si::newton / si::meter;
  c.beta = beta * si::newton * si::second / si::meter;
  const Constraint k("k", c);
  const Motion m1{Vector3d(1.0, 2.0, -1.0), Vector3d(0.3, -0.2, 0.1), Vector3d(0.05, 0.0, -0.02),
                  frame_rotation(Vector3d(1.0, 2.0, 2.0) / 3.0, 0.8), Vector3d(0.2, -0.3, 0.4)};
  const Motion m2{Vector3d(2.2, 2.9, -0.5), Vector3d(-0.1, 0.4, 0.2), Vector3d(0.0, 0.03, 0.01),
                  frame_rotation(Vector3d(0.0, 0.6, 0.8), -1.1), Vector3d(-0.5, 0.1, 0.25)};
  // ψ(t) by hand (constraint.md (1)).
  auto psi_at = [&](double t) {
    const FrameKinematics f1 = m1.at(t), f2 = m2.at(t);
    const Matrix3d dcm_NF1 = f1.dcm_FN.transpose(), dcm_NF2 = f2.dcm_FN.transpose();
    return Vector3d(f2.r_FN_N + dcm_NF2 * r_P2F2 - f1.r_FN_N - dcm_NF1 * r_P1F1 - dcm_NF1 * r_ref);
  };
  for (const double t : {0.0, 0.7, 2.3}) {
    BOOST_TEST_CONTEXT("t = " << t) {
      const FrameKinematics f1 = m1.at(t), f2 = m2.at(t);
      const auto [psi, psiPrime] = k.violation(f1, f2);
      BOOST_TEST((psi - psi_at(t)).norm() < 1e-14);  // O(1) m values, a few roundings
      // ψ' is the rate of ψ as seen in F1: d/dt of ψ's F1 components, mapped to N. Central
      // differences at δ = 1e-3 s and δ/2, Richardson-combined: O(δ⁴) ≈ 1e-13, round-off ε/δ ≈ 4e-13.
      auto in_F1 = [&](double tt) { return Vector3d(m1.at(tt).dcm_FN * psi_at(tt)); };
      auto quotient = [&](double d) { return Vector3d((in_F1(t + d) - in_F1(t - d)) / (2.0 * d)); };
      const Vector3d rate_F1 = (4.0 * quotient(5e-4) - quotient(1e-3)) / 3.0;
      const Vector3d psiPrime_ref = f1.dcm_FN.transpose() * rate_F1;
      BOOST_TEST((psiPrime - psiPrime_ref).norm() < 1e-10);
      // Loads (3)–(4): F = αψ + βψ' on end 1, −F on end 2, both through P2.
      const auto [w1, w2] = k.wrenches(f1, f2, t);
      const Matrix3d dcm_NF1 = f1.dcm_FN.transpose(), dcm_NF2 = f2.dcm_FN.transpose();
      const Vector3d F1_N = dcm_NF1 * w1.force_F, F2_N = dcm_NF2 * w2.force_F;
      const Vector3d F_ref = alpha * psi_at(t) + beta * psiPrime_ref;
      BOOST_TEST((F1_N - F_ref).norm() < 1e-8);  // β × the ψ' reference's 1e-10, with margin
      // Equal and opposite (|F| ~ 100 N: 1e-12 N is ~50 ulps).
      BOOST_TEST((F1_N + F2_N).norm() < 1e-12);
      // On one line of action through P2: the torque on end 1 about F1 is r_P2/F1 × F, on end 2
      // about F2 is r_P2/F2 × (−F); so the net torque about any point Q is zero.
      const Vector3d r_P2N = f2.r_FN_N + dcm_NF2 * r_P2F2;
      BOOST_TEST((dcm_NF1 * w1.torque_PntF_F - (r_P2N - f1.r_FN_N).cross(F1_N)).norm() < 1e-11);
      BOOST_TEST((dcm_NF2 * w2.torque_PntF_F - (r_P2N - f2.r_FN_N).cross(F2_N)).norm() < 1e-11);
      for (const Vector3d& r_QN : {Vector3d(0.0, 0.0, 0.0), Vector3d(-3.0, 5.0, 11.0), Vector3d(100.0, -40.0, 7.0)}) {
        const Vector3d net = dcm_NF1 * w1.torque_PntF_F + (f1.r_FN_N - r_QN).cross(F1_N) + dcm_NF2 * w2.torque_PntF_F +
                             (f2.r_FN_N - r_QN).cross(F2_N);
        // |r_Q| ≤ 110 m, |F| ~ 100 N: terms of ~1e4 N m cancel to ~1e4 ε ≈ 2e-12 N m.
        BOOST_TEST(net.norm() < 1e-10);
      }
      BOOST_TEST(std::abs(k.potential_energy(f1, f2) - 0.5 * alpha * psi_at(t).squaredNorm()) < 1e-12);
    }
  }
}

// The thruster firing over the whole run (on at t = 0, off after the end), on the hub and on the
// gimbal's outer body (2-DOF spinning body, segment 1), common setup, rk4 at h = 2^-8 s: ΔV of C
// and ΔH about C against Simpson's integral of the thrust and of its moment about C (by hand from
// the samples). Simpson's and RK4's errors are O(h⁴).
BOOST_AUTO_TEST_CASE(thruster_while_firing_impulse_and_moment) {
  ThrusterSpec s;
  s.on = 0.0;
  s.off = 10.0;
  const double h = 1.0 / 256.0;
  const FiringErrors hub = firing_balance(Parent::hinged, Model::npos, s, h);
  const FiringErrors gimbal = firing_balance(Parent::spinning_2dof, 1, s, h);
  BOOST_TEST_MESSAGE("thruster while firing, h = 2^-8: hub dV error "
                     << hub.dV << " m/s, dH error " << hub.dH << " N m s; gimbal " << gimbal.dV << ", " << gimbal.dH);
  // ΔV ≈ 22 N / 800 kg × 1 s ≈ 2.7e-2 m/s: 1e-13 m/s is ~4e-12 relative.
  BOOST_TEST(hub.dV < 1e-13);
  BOOST_TEST(gimbal.dV < 1e-13);
  // ΔH ≈ |r × F| × 1 s ≈ 20 N m s; H itself ≈ 150 N m s (round-off ≈ 3e-14 N m s). 1e-10 N m s
  // (≈ 5e-12 relative) bounds Simpson's and RK4's O(h⁴) at this step.
  BOOST_TEST(hub.dH < 1e-10);
  BOOST_TEST(gimbal.dH < 1e-10);
}

BOOST_AUTO_TEST_SUITE_END()

// ---- a known defect ------------------------------------------------------------------------------
// An instantaneous thruster switch spoils RK4's order even with both firing edges on output times
// and step boundaries, as docs/models/thruster.md advises: the schedule is a right-continuous
// function of t, so the last stage (c = 1) of the step that ends at t_on is evaluated with the
// thrust on, and that of the step ending at t_off with it off. The ΔV of C then carries
// (h/6)(a(t_on) − a(t_off)), an O(h) error (order 1 under halving, not 4). This case fails until
// that is fixed (see BR_04.md, "Scope of evidence").
BOOST_AUTO_TEST_SUITE(dynamic_effectors_regressions)

BOOST_AUTO_TEST_CASE(thruster_instant_switch_held_over_steps) {
  ThrusterSpec s;  // instant, on over [0.25, 0.75) s: both edges on every grid h = 2^-k
  const std::array<double, 3> steps = {1.0 / 128.0, 1.0 / 256.0, 1.0 / 512.0};
  std::array<FiringErrors, 3> e;
  for (std::size_t i = 0; i < 3; ++i) {
    e[i] = firing_balance(Parent::hinged, Model::npos, s, steps[i]);
    const Vector3d predicted = steps[i] / 6.0 * (e[i].a_on - e[i].a_off);
    BOOST_TEST_MESSAGE("instant switch, h = " << steps[i] << ": |dV error| = " << e[i].dV
                                              << " m/s; the last-stage term (h/6)(a_on - a_off) = " << predicted.norm()
                                              << " m/s leaves " << (e[i].dV_error - predicted).norm() << " m/s");
  }
  for (std::size_t i = 0; i < 3; ++i) {
    // propagate() holds the on/off command over each step (docs/architecture.md §D7), so the thrust
    // is constant on
    // every step and RK4 integrates the ΔV of C, a linear functional of it, exactly: what remains
    // is round-off of ~1e3 steps of a 1e-2 m/s quantity. Without held inputs the last stage of the
    // step ending at t_on sees the thrust on, an error (h/6)|a_on − a_off| ≥ 6e-7 m/s (printed).
    BOOST_CHECK_SMALL(e[i].dV, 1e-12);
  }
}

BOOST_AUTO_TEST_SUITE_END()
