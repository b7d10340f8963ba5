// Continuous attitude control (docs/fsw/continuous_attitude_control.md): the effector in
// ramus::propagate against the Lyapunov identities of its laws (docs/fsw/mrp_feedback.md eq. (8),
// docs/fsw/quaternion_pd.md eq. (5)), the sampled attitude-control task converging to it at order
// 1 in the sample period, no allocation per evaluation, and the refused configurations.
#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "fsw/controller_cases.hpp"
#include "fsw/rigid_body.hpp"
#include "ramus/fsw/attitude_control_task.hpp"
#include "ramus/fsw/continuous_attitude_control.hpp"
#include "ramus/fsw/mrp_feedback.hpp"
#include "ramus/fsw/quaternion_pd.hpp"
#include "ramus/fsw/rate_damping_task.hpp"
#include "ramus/fsw/sun_pointing_task.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"

namespace {

using namespace ramus;
using namespace ramus::fsw;
using ramus::fsw::test::central_difference_tolerance;
using ramus::fsw::test::full_inertia;

/// A rigid hub (100 kg, inertia I about its centre of mass at B, so C = B and I is the vehicle's)
/// at rest at the origin with attitude q_BN and rate omega0, with the continuous effector `ctl`
/// (when given) and an ExternalForceTorque "torquer" (the sampled task's actuator).
std::shared_ptr<const Model> rigid_hub(const Eigen::Matrix3d& I, const Quaternion& q_BN, const Eigen::Vector3d& omega0,
                                       const std::shared_ptr<DynamicEffector>& ctl) {
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", ramus::test::hub_config(100.0, I, Eigen::Vector3d::Zero()));
  sc.set_initial_state(ramus::test::initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), q_BN, omega0));
  sc.add_dynamic_effector(std::make_shared<ExternalForceTorque>("torquer"));
  if (ctl) sc.add_dynamic_effector(ctl);
  model->finalize();
  return model;
}

struct Logged {
  double t;
  Quaternion q;
  Eigen::Vector3d w;
};

/// rk4 at the fixed step h from 0 to T (the task, if any, in the loop); every step logged.
std::vector<Logged> run(const std::shared_ptr<const Model>& model, double T, double h,
                        const std::shared_ptr<FlightSoftwareTask>& task = nullptr) {
  const System system(model);
  FlightSoftware fsw;
  if (task) fsw.add(task);
  const VehicleOffsets& o = model->vehicle(0).offsets();
  std::vector<Logged> log;
  const auto record = [&](const Eigen::VectorXd& x, double t) {
    const Quaternion q = x.segment<4>(o.q_BN);
    log.push_back({t, q / q.norm(), x.segment<3>(o.omega_BN_B)});
  };
  Eigen::VectorXd x = model->initial_state();
  record(x, 0.0);
  PropagationSettings s;
  s.stepper = "rk4";
  s.dt = h;
  if (task) s.flight_software = &fsw;
  s.step_observer = record;
  propagate(system, x, 0.0, T, s);
  return log;
}

/// A quintic slew by 90° about a skew axis in 40 s from t = 5 s.
EigenaxisSlewConfig slew_config() {
  EigenaxisSlewConfig c;
  c.sigma_AN = Eigen::Vector3d(0.05, -0.1, 0.02);
  c.sigma_DN = mrp_from_quat(
      quat_multiply(quat_from_mrp(c.sigma_AN),
                    quat_from_axis_angle(Eigen::Vector3d(1.0, -2.0, 2.0).normalized(), 0.5 * std::numbers::pi)));
  c.t_start = 5.0;
  c.duration = 40.0;
  return c;
}

/// Checks the central difference of V against V̇ along a trace: the pattern of
/// test/fsw/mrp_feedback_test.cpp. V must fall (by more than round-off nowhere rise) and converge.
void check_lyapunov(const std::vector<double>& V, const std::vector<double>& Vdot, double h) {
  const double V0 = V.front();
  // Each step may rise by round-off only (V a sum of O(V0) terms rounded to ~1e-16 relative;
  // 1e-13 V0 leaves a margin of ~100).
  double worst_rise = 0.0;
  for (std::size_t k = 1; k < V.size(); ++k) worst_rise = std::max(worst_rise, V[k] - V[k - 1]);
  BOOST_TEST(worst_rise <= 1e-13 * V0);
  BOOST_TEST(V.back() < 1e-2 * V0);  // and it converges
  // dV/dt by central differences: truncation (h²/6) max|V'''| estimated from the samples' third
  // differences, round-off 8 ε max V / h; twice that as margin. RK4's local error is far below.
  const double tol = 2.0 * central_difference_tolerance(V, h);
  double worst = 0.0, scale = 0.0;
  for (std::size_t k = 1; k + 1 < V.size(); ++k) {
    worst = std::max(worst, std::abs((V[k + 1] - V[k - 1]) / (2.0 * h) - Vdot[k]));
    scale = std::max(scale, std::abs(Vdot[k]));
  }
  BOOST_TEST_MESSAGE("max |dV/dt − V̇| = " << worst << " W, tolerance " << tol << " W, max |V̇| = " << scale << " W");
  BOOST_TEST(worst <= tol);
  BOOST_TEST(tol < 1e-3 * scale);  // the check is sharp
}

/// A Sun-pointing law: the array normal +y of B to a Sun direction in N's x–z plane.
SunPointingLaw sun_law() {
  SunPointingLaw l;
  l.hHat_B = Eigen::Vector3d::UnitY();
  l.sHat_N = Eigen::Vector3d(1.0, 0.0, 2.0).normalized();
  l.K = 0.5;
  l.P = Eigen::Vector3d(6.0, 5.0, 4.0).asDiagonal();
  return l;
}

ContinuousAttitudeControlConfig mrp_hold(const Eigen::Matrix3d& I, const Eigen::Vector3d& sigma_RN) {
  ContinuousAttitudeControlConfig c;
  c.law = AttitudeControlLaw::mrp_feedback;
  c.mrp_feedback.K = 1.5;
  c.mrp_feedback.P = Eigen::Vector3d(6.0, 5.0, 4.0).asDiagonal();
  c.mrp_feedback.I_PntC_B = I;
  c.guidance = AttitudeGuidance::inertial;
  c.sigma_RN = sigma_RN;
  return c;
}

/// The sampled law (the attitude-control task, ideal torque, zero-order hold at period T) against
/// the continuous effector of the same law (`cc`): the final attitude differences at T0, T0/2,
/// T0/4, T0/8 (each logged), after checking that the continuous run's integration error is far
/// below the smallest.
std::vector<double> sampled_against_continuous(
    const ContinuousAttitudeControlConfig& cc,
    const std::function<std::shared_ptr<FlightSoftwareTask>(double)>& make_task = nullptr,
    const Eigen::Vector3d& omega0 = Eigen::Vector3d(0.01, -0.005, 0.008)) {
  const Eigen::Matrix3d I = full_inertia();
  // Start 20° off the reference, tumbling slowly: both the transient and the tracking matter.
  const Quaternion q_BN = quat_multiply(quat_from_mrp(cc.slew.sigma_AN),
                                        quat_from_axis_angle(Eigen::Vector3d(2.0, 1.0, -1.0).normalized(), 0.35));
  const double T_end = 60.0, T0 = 0.2;
  const double h = T0 / 32.0;  // 4 RK4 steps per sample at T0/8: every sample time is a step

  const auto final_of = [&](const std::vector<Logged>& log) { return log.back(); };
  const Logged cont =
      final_of(run(rigid_hub(I, q_BN, omega0, std::make_shared<ContinuousAttitudeControl>("ctl", cc)), T_end, h));
  // The continuous run's own integration error: RK4 at h against h/2 (Richardson, 4th order: the
  // error at h is 16/15 of their difference).
  const Logged cont_half =
      final_of(run(rigid_hub(I, q_BN, omega0, std::make_shared<ContinuousAttitudeControl>("ctl", cc)), T_end, h / 2));
  const auto angle_between = [](const Quaternion& a, const Quaternion& b) {
    const Quaternion d = quat_multiply(quat_conjugate(a), b);
    return 2.0 * std::asin(std::min(1.0, d.tail<3>().norm()));
  };
  const double integration_error = 16.0 / 15.0 * angle_between(cont.q, cont_half.q);

  std::vector<double> diff;
  for (const double T : {T0, T0 / 2, T0 / 4, T0 / 8}) {
    if (make_task) {
      const Logged sampled = final_of(run(rigid_hub(I, q_BN, omega0, nullptr), T_end, h, make_task(T)));
      diff.push_back(angle_between(cont.q, sampled.q));
      BOOST_TEST_MESSAGE("T = " << T << " s: final attitude difference " << diff.back() << " rad");
      continue;
    }
    AttitudeControlTaskConfig tc;
    tc.vehicle = "sc";
    tc.timing = {T, 0.0, 0};
    tc.guidance = AttitudeGuidance::eigenaxis_slew;
    tc.slew = cc.slew;
    tc.law = cc.law;
    tc.control = cc.mrp_feedback;
    tc.quaternion_pd = cc.quaternion_pd;
    tc.actuator = AttitudeActuator::ideal_torque;
    const Logged sampled =
        final_of(run(rigid_hub(I, q_BN, omega0, nullptr), T_end, h, std::make_shared<AttitudeControlTask>("acs", tc)));
    diff.push_back(angle_between(cont.q, sampled.q));
    BOOST_TEST_MESSAGE("T = " << T << " s: final attitude difference " << diff.back() << " rad, rate difference "
                              << (cont.w - sampled.w).norm() << " rad/s");
  }
  BOOST_TEST_MESSAGE("continuous run's integration error " << integration_error << " rad");
  // The differences must be the hold's, not the integrator's: the smallest is far above RK4's error.
  BOOST_TEST(integration_error < 1e-3 * diff.back());
  return diff;
}

/// log₂ of successive ratios within 0.9–1.1. Order 1 with an O(T) relative correction,
/// e(T) = c₁T + c₂T², gives an observed order 1 + c₂T/(2 ln 2 c₁) to first order; with ω_n T ≤ 0.04
/// (ω_n ≈ 0.2 rad/s) that correction is a few per cent, so 0.9–1.1 holds with margin and fails an
/// order-2 (or order-0) difference.
void check_order_one(const std::vector<double>& diff) {
  for (std::size_t k = 0; k + 1 < diff.size(); ++k) {
    const double order = std::log2(diff[k] / diff[k + 1]);
    BOOST_TEST_MESSAGE("observed order " << order);
    BOOST_TEST(order > 0.9);
    BOOST_TEST(order < 1.1);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(continuous_attitude_control)

// docs/fsw/mrp_feedback.md eq. (8): along the closed loop of the continuous effector (the kernel's
// hub, ideal torques, an inertial hold, full feed-forward) V̇ = −δωᵀPδω, from a 150° error.
BOOST_AUTO_TEST_CASE(mrp_law_keeps_the_lyapunov_rate_on_an_inertial_hold) {
  const Eigen::Matrix3d I = full_inertia();
  const Eigen::Vector3d sigma_RN(0.1, -0.2, 0.15);
  const ContinuousAttitudeControlConfig c = mrp_hold(I, sigma_RN);
  const Quaternion q_RN = quat_from_mrp(sigma_RN);
  const Quaternion q_BN = quat_multiply(
      q_RN, quat_from_axis_angle(Eigen::Vector3d(1.0, 2.0, -1.0).normalized(), 150.0 * std::numbers::pi / 180.0));
  const double h = 0.02;
  const auto log = run(
      rigid_hub(I, q_BN, Eigen::Vector3d(0.02, -0.015, 0.01), std::make_shared<ContinuousAttitudeControl>("ctl", c)),
      200.0, h);
  std::vector<double> V, Vdot;
  for (const Logged& l : log) {
    // σ_BR by the kernel's quaternion algebra (q_BR = q_RN* ⊗ q_BN, short set); δω = ω (R at rest).
    const Eigen::Vector3d sigma = mrp_from_quat(quat_multiply(quat_conjugate(q_RN), l.q));
    V.push_back(mrp_lyapunov(c.mrp_feedback.K, I, sigma, l.w));
    Vdot.push_back(mrp_lyapunov_rate(c.mrp_feedback.P, l.w));
  }
  check_lyapunov(V, Vdot, h);
}

// docs/fsw/quaternion_pd.md eq. (5): the quaternion PD effector tracking a moving reference (the
// eigenaxis slew, ω_r and ω̇_r non-zero) with feed-forward keeps V̇ = −δωᵀK_dδω.
BOOST_AUTO_TEST_CASE(quaternion_pd_law_keeps_the_lyapunov_rate_along_a_slew) {
  const Eigen::Matrix3d I = full_inertia();
  ContinuousAttitudeControlConfig c;
  c.law = AttitudeControlLaw::quaternion_pd;
  c.quaternion_pd.k_p = 3.0;
  c.quaternion_pd.K_d = Eigen::Vector3d(6.0, 5.0, 4.0).asDiagonal();
  c.quaternion_pd.I_PntC_B = I;
  c.guidance = AttitudeGuidance::eigenaxis_slew;
  c.slew = slew_config();
  const EigenaxisSlew slew("ref", c.slew);  // the reference, for V
  const Quaternion q_BN = quat_multiply(quat_from_mrp(c.slew.sigma_AN),
                                        quat_from_axis_angle(Eigen::Vector3d(0.0, 1.0, 1.0).normalized(), 1.0));
  const double h = 0.02;
  const auto log =
      run(rigid_hub(I, q_BN, Eigen::Vector3d::Zero(), std::make_shared<ContinuousAttitudeControl>("ctl", c)), 120.0, h);
  std::vector<double> V, Vdot;
  for (const Logged& l : log) {
    const AttitudeReference r = slew.reference(l.t);
    const Eigen::Matrix3d dcm_BN = rotation_matrix(l.q).transpose();  // R(q_BN) = dcm_NB
    const Quaternion q_BR = quat_multiply(quat_conjugate(quat_from_mrp(r.sigma_RN)), l.q);
    const Eigen::Vector3d dw = l.w - dcm_BN * r.omega_RN_N;
    V.push_back(quaternion_pd_lyapunov(c.quaternion_pd.k_p, I, q_BR, dw));
    Vdot.push_back(quaternion_pd_lyapunov_rate(c.quaternion_pd.K_d, dw));
  }
  check_lyapunov(V, Vdot, h);
}

// The sampled law (the attitude-control task, ideal torque, zero-order hold at period T) converges
// to the continuous effector at order 1 in T: the held torque differs from the continuous one by
// O(T) on each interval (L(x(t_k)) − L(x(t)) = O(t − t_k)), so the trajectories differ by O(T)
// (docs/fsw/continuous_attitude_control.md eq. (4)). A 90° slew of a full inertia, MRP feedback.
BOOST_AUTO_TEST_CASE(sampled_law_converges_to_the_continuous_one_at_order_one) {
  ContinuousAttitudeControlConfig cc;
  cc.mrp_feedback.K = 2.0;  // ω_n = √(K/4I) ≈ 0.2 rad/s: ω_n T ≤ 0.04 at the largest period
  cc.mrp_feedback.P = 8.0 * Eigen::Matrix3d::Identity();
  cc.mrp_feedback.I_PntC_B = full_inertia();
  cc.guidance = AttitudeGuidance::eigenaxis_slew;
  cc.slew = slew_config();
  check_order_one(sampled_against_continuous(cc));
}

// The same with quaternion PD, sampled by the task (law = quaternion_pd) against the effector.
BOOST_AUTO_TEST_CASE(sampled_quaternion_pd_converges_to_the_continuous_one_at_order_one) {
  ContinuousAttitudeControlConfig cc;
  cc.law = AttitudeControlLaw::quaternion_pd;
  cc.quaternion_pd.k_p = 1.0;  // small errors: k_p δq_v ≈ (k_p/2) θ, the MRP law's K σ ≈ (K/4) θ at K = 2
  cc.quaternion_pd.K_d = 8.0 * Eigen::Matrix3d::Identity();
  cc.quaternion_pd.I_PntC_B = full_inertia();
  cc.guidance = AttitudeGuidance::eigenaxis_slew;
  cc.slew = slew_config();
  check_order_one(sampled_against_continuous(cc));
}

// docs/fsw/continuous_attitude_control.md eq. (5): the rate-damping law on a tumbling hub of a full
// inertia, unsaturated: the kinetic energy T = ½ωᵀIω falls at Ṫ = ωᵀL = −ωᵀPω, checked as the
// Lyapunov rate above (T is the Lyapunov function of rate damping).
BOOST_AUTO_TEST_CASE(rate_damping_law_removes_energy_at_omega_P_omega) {
  const Eigen::Matrix3d I = full_inertia();
  ContinuousAttitudeControlConfig c;
  c.law = AttitudeControlLaw::rate_damping;
  c.rate_damping.P = Eigen::Vector3d(6.0, 5.0, 4.0).asDiagonal();
  const double h = 0.02;
  const auto log =
      run(rigid_hub(I, quat_from_axis_angle(Eigen::Vector3d(1.0, 1.0, 0.0).normalized(), 0.4),
                    Eigen::Vector3d(0.3, -0.2, 0.25), std::make_shared<ContinuousAttitudeControl>("ctl", c)),
          20.0, h);
  std::vector<double> T, Tdot;
  for (const Logged& l : log) {
    T.push_back(0.5 * l.w.dot(I * l.w));
    Tdot.push_back(-l.w.dot(c.rate_damping.P * l.w));
  }
  check_lyapunov(T, Tdot, h);
}

// eq. (5) at one evaluation: the torque is −Pω; saturated, it keeps the direction of −Pω with its
// largest component at max_torque (docs/fsw/rate_damping_task.md eq. (2)), written independently.
BOOST_AUTO_TEST_CASE(rate_damping_law_saturates_keeping_the_direction) {
  ContinuousAttitudeControlConfig c;
  c.law = AttitudeControlLaw::rate_damping;
  c.rate_damping.P << 6.0, 0.5, 0.0, 0.5, 5.0, -0.3, 0.0, -0.3, 4.0;
  FrameKinematics frame;
  frame.omega_FN_F = Eigen::Vector3d(0.3, -0.2, 0.25);
  frame.dcm_FN = rotation_matrix(quat_from_axis_angle(Eigen::Vector3d(0.0, 1.0, 2.0).normalized(), 1.0));
  LoadContext at;
  at.t = 3.0;
  const ConstInputBlock no_inputs(nullptr, 0);
  const Eigen::Vector3d free = -(c.rate_damping.P * frame.omega_FN_F);
  const Wrench w = ContinuousAttitudeControl("ctl", c).wrench(frame, no_inputs, at);
  // One product of a 3×3 by a 3-vector, rounded alike: equal to a few ε of |L|.
  BOOST_TEST((w.torque_PntF_F - free).norm() <= 4e-16 * free.norm());
  BOOST_TEST(w.force_F.norm() == 0.0);
  c.rate_damping.max_torque = 0.5 * free.cwiseAbs().maxCoeff();
  const Eigen::Vector3d L = ContinuousAttitudeControl("ctl", c).wrench(frame, no_inputs, at).torque_PntF_F;
  // Scaled by one factor: the largest component at the limit to ε, the direction kept to ε.
  BOOST_TEST(std::abs(L.cwiseAbs().maxCoeff() - c.rate_damping.max_torque) <= 4e-16 * c.rate_damping.max_torque);
  BOOST_TEST(L.normalized().dot(free.normalized()) >= 1.0 - 4e-16);
}

// The rate_damping task (zero-order hold at period T) converges to the rate-damping law at order 1
// in T, as the attitude laws do (eq. (4)): a tumble of 0.1 rad/s damped with P = 1 N m s
// (damping time I/P ≈ 10 s, so T/τ ≤ 0.02), the final attitudes after 60 s.
BOOST_AUTO_TEST_CASE(sampled_rate_damping_converges_to_the_continuous_one_at_order_one) {
  ContinuousAttitudeControlConfig cc;
  cc.law = AttitudeControlLaw::rate_damping;
  cc.rate_damping.P = Eigen::Matrix3d::Identity();
  const auto task = [&](double T) {
    RateDampingTaskConfig tc;
    tc.vehicle = "sc";
    tc.timing = {T, 0.0, 0};
    tc.torquer = "torquer";
    tc.P = cc.rate_damping.P;
    return std::make_shared<RateDampingTask>("damper", tc);
  };
  check_order_one(sampled_against_continuous(cc, task, Eigen::Vector3d(0.1, -0.05, 0.08)));
}

// docs/fsw/continuous_attitude_control.md eq. (6), docs/fsw/sun_pointing_task.md eqs. (7)–(8): the
// Sun-pointing law unsaturated, from 120° off the Sun with a tumble, keeps
// V = ½ωᵀIω + K(1 − hHat_B·sHat_B) falling at V̇ = −ωᵀPω at every instant.
BOOST_AUTO_TEST_CASE(sun_pointing_law_keeps_its_lyapunov_rate) {
  const Eigen::Matrix3d I = full_inertia();
  ContinuousAttitudeControlConfig c;
  c.law = AttitudeControlLaw::sun_pointing;
  c.sun_pointing = sun_law();
  // q_BN turning hHat_B 120° away from the Sun: about the axis hHat_N × sHat_N (hHat_N = N's y).
  const Eigen::Vector3d axis = Eigen::Vector3d::UnitY().cross(c.sun_pointing.sHat_N).normalized();
  const Quaternion q_BN = quat_from_axis_angle(axis, -(120.0 - 90.0) * std::numbers::pi / 180.0);
  const double h = 0.02;
  const auto log = run(
      rigid_hub(I, q_BN, Eigen::Vector3d(0.02, -0.01, 0.015), std::make_shared<ContinuousAttitudeControl>("ctl", c)),
      150.0, h);
  std::vector<double> V, Vdot;
  for (const Logged& l : log) {
    const Eigen::Vector3d sHat_B = rotation_matrix(l.q).transpose() * c.sun_pointing.sHat_N;  // [BN] = R(q_BN)ᵀ
    V.push_back(0.5 * l.w.dot(I * l.w) + c.sun_pointing.K * (1.0 - c.sun_pointing.hHat_B.dot(sHat_B)));
    Vdot.push_back(-l.w.dot(c.sun_pointing.P * l.w));
  }
  const Eigen::Vector3d s0 = rotation_matrix(q_BN).transpose() * c.sun_pointing.sHat_N;
  BOOST_TEST(std::acos(c.sun_pointing.hHat_B.dot(s0)) > 1.9);  // the start is far off the Sun (> 109°)
  check_lyapunov(V, Vdot, h);
}

// The sun_pointing task converges to the Sun-pointing law at order 1 in its period (eq. (4)).
BOOST_AUTO_TEST_CASE(sampled_sun_pointing_converges_to_the_continuous_one_at_order_one) {
  ContinuousAttitudeControlConfig cc;
  cc.law = AttitudeControlLaw::sun_pointing;
  cc.sun_pointing = sun_law();
  cc.sun_pointing.K = 0.1;  // ω_n = √(K/I) ≈ 0.1 rad/s: ω_n T ≤ 0.02 at the largest period
  cc.sun_pointing.P = 2.0 * Eigen::Matrix3d::Identity();
  const auto task = [&](double T) {
    SunPointingTaskConfig tc;
    tc.vehicle = "sc";
    tc.timing = {T, 0.0, 0};
    tc.torquer = "torquer";
    tc.hHat_B = cc.sun_pointing.hHat_B;
    tc.sHat_N = cc.sun_pointing.sHat_N;
    tc.K = cc.sun_pointing.K;
    tc.P = cc.sun_pointing.P;
    return std::make_shared<SunPointingTask>("sun", tc);
  };
  check_order_one(sampled_against_continuous(cc, task));
}

// docs/architecture.md §D3: the effector's wrench allocates nothing at right-hand-side evaluations.
BOOST_AUTO_TEST_CASE(evaluations_do_not_allocate) {
  ContinuousAttitudeControlConfig c = mrp_hold(full_inertia(), Eigen::Vector3d(0.1, 0.0, 0.0));
  c.guidance = AttitudeGuidance::eigenaxis_slew;
  c.slew = slew_config();
  const auto model = rigid_hub(full_inertia(), Quaternion(1.0, 0.0, 0.0, 0.0), Eigen::Vector3d(0.01, 0.0, 0.0),
                               std::make_shared<ContinuousAttitudeControl>("ctl", c));
  const System system(model);
  ramus::test::check_rhs_does_not_allocate(system, model->initial_state());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(continuous_attitude_control_errors)

// The task's control() is the MRP law; a task that samples quaternion PD has none and says so,
// naming itself, while mrp_feedback() is null and quaternion_pd() is the law.
BOOST_AUTO_TEST_CASE(the_task_with_quaternion_pd_has_no_mrp_law) {
  AttitudeControlTaskConfig tc;
  tc.vehicle = "sc";
  tc.timing = {0.1, 0.0, 0};
  tc.law = AttitudeControlLaw::quaternion_pd;
  tc.quaternion_pd.k_p = 1.0;
  tc.quaternion_pd.K_d = Eigen::Matrix3d::Identity();
  tc.quaternion_pd.I_PntC_B = Eigen::Vector3d(30.0, 20.0, 10.0).asDiagonal();
  tc.actuator = AttitudeActuator::ideal_torque;
  const AttitudeControlTask task("acs", tc);
  BOOST_TEST(task.mrp_feedback() == nullptr);
  BOOST_TEST(task.quaternion_pd() != nullptr);
  BOOST_CHECK_EXCEPTION(task.control(), Error,
                        [](const Error& e) { return std::string(e.what()).find("'acs'") != std::string::npos; });
}

// Each refusal names the effector and the field: the integral gain (why: the state it needs), the
// laws' gains, the guidance built for it.
BOOST_AUTO_TEST_CASE(refusals_name_the_effector_and_the_field) {
  const ContinuousAttitudeControlConfig good = mrp_hold(full_inertia(), Eigen::Vector3d::Zero());
  const auto rejected = [&](const std::function<void(ContinuousAttitudeControlConfig&)>& change,
                            std::initializer_list<std::string> needles) {
    ContinuousAttitudeControlConfig c = good;
    change(c);
    ramus::test::check_rejected([&] { ContinuousAttitudeControl("ctl", c); }, needles);
  };
  rejected([](auto& c) { c.mrp_feedback.K_i = 1e-3; },
           {"continuous_attitude_control 'ctl'", "mrp_feedback.K_i", "0.001", "state"});
  rejected([](auto& c) { c.mrp_feedback.K_i = std::numeric_limits<double>::quiet_NaN(); },
           {"continuous_attitude_control 'ctl'", "mrp_feedback.K_i"});
  rejected([](auto& c) { c.mrp_feedback.K = 0.0; }, {"continuous_attitude_control 'ctl'", "mrp_feedback.K [N m]"});
  rejected([](auto& c) { c.mrp_feedback.P(1, 1) = -1.0; },
           {"continuous_attitude_control 'ctl'", "mrp_feedback.P [N m s]", "positive definite"});
  rejected([](auto& c) { c.mrp_feedback.I_PntC_B.setZero(); },
           {"continuous_attitude_control 'ctl'", "mrp_feedback.I_PntC_B"});
  const auto pd = [](ContinuousAttitudeControlConfig& c) {
    c.law = AttitudeControlLaw::quaternion_pd;
    c.quaternion_pd.k_p = 1.0;
    c.quaternion_pd.K_d = Eigen::Matrix3d::Identity();
    c.quaternion_pd.I_PntC_B = full_inertia();
  };
  rejected(
      [&](auto& c) {
        pd(c);
        c.quaternion_pd.k_p = -1.0;
      },
      {"continuous_attitude_control 'ctl'", "quaternion_pd.k_p [N m]"});
  rejected(
      [&](auto& c) {
        pd(c);
        c.quaternion_pd.K_d(0, 1) = 0.5;
      },
      {"continuous_attitude_control 'ctl'", "quaternion_pd.K_d [N m s]", "symmetric"});
  rejected(
      [](auto& c) {
        c.guidance = AttitudeGuidance::eigenaxis_slew;
        c.slew = slew_config();
        c.slew.duration = 0.0;
      },
      {"eigenaxis_slew 'ctl/guidance'", "duration"});
  rejected([](auto& c) { c.sigma_RN[0] = std::numeric_limits<double>::infinity(); },
           {"inertial_pointing 'ctl/guidance'", "sigma_RN"});
  const auto damping = [](ContinuousAttitudeControlConfig& c) {
    c.law = AttitudeControlLaw::rate_damping;
    c.rate_damping.P = Eigen::Matrix3d::Identity();
  };
  rejected(
      [&](auto& c) {
        damping(c);
        c.rate_damping.P(2, 2) = 0.0;
      },
      {"continuous_attitude_control 'ctl'", "rate_damping.P [N m s]", "positive definite"});
  rejected(
      [&](auto& c) {
        damping(c);
        c.rate_damping.max_torque = std::numeric_limits<double>::quiet_NaN();
      },
      {"continuous_attitude_control 'ctl'", "rate_damping.max_torque [N m]"});
  const auto sun = [](ContinuousAttitudeControlConfig& c) {
    c.law = AttitudeControlLaw::sun_pointing;
    c.sun_pointing = sun_law();
  };
  rejected(
      [&](auto& c) {
        sun(c);
        c.sun_pointing.hHat_B = Eigen::Vector3d(0.0, 2.0, 0.0);
      },
      {"continuous_attitude_control 'ctl'", "sun_pointing.hHat_B [1]"});
  rejected(
      [&](auto& c) {
        sun(c);
        c.sun_pointing.K = 0.0;
      },
      {"continuous_attitude_control 'ctl'", "sun_pointing.K [N m]"});
  // The attitude-control task refuses the law, naming its sampled form.
  AttitudeControlTaskConfig tc;
  tc.vehicle = "sc";
  tc.timing = {0.1, 0.0, 0};
  tc.law = AttitudeControlLaw::rate_damping;
  ramus::test::check_rejected([&] { AttitudeControlTask("acs", tc); }, {"'acs'", "law", "rate_damping task"});
  tc.law = AttitudeControlLaw::sun_pointing;
  ramus::test::check_rejected([&] { AttitudeControlTask("acs", tc); }, {"'acs'", "law", "sun_pointing task"});
  // The MRP law without feed-forward needs no inertia; the PD law is accepted with K_i set on the
  // unused MRP gains.
  ContinuousAttitudeControlConfig c = good;
  c.mrp_feedback.feed_forward = false;
  c.mrp_feedback.I_PntC_B.setZero();
  BOOST_CHECK_NO_THROW(ContinuousAttitudeControl("ctl", c));
  c = good;
  pd(c);
  c.mrp_feedback.K_i = 1.0;
  BOOST_CHECK_NO_THROW(ContinuousAttitudeControl("ctl", c));
}

// Hub only: attaching it to a segment is refused at finalize (can_attach_to_segment).
BOOST_AUTO_TEST_CASE(hub_only) {
  const ContinuousAttitudeControl e("ctl", mrp_hold(full_inertia(), Eigen::Vector3d::Zero()));
  BOOST_TEST(!e.can_attach_to_segment());
  BOOST_TEST(e.kind() == "continuous_attitude_control");
}

BOOST_AUTO_TEST_SUITE_END()
