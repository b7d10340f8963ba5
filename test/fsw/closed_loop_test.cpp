// Closed-loop verification of the attitude-control task (docs/fsw/attitude_control_task.md) in
// ramus::propagate: FSW-LINEAR-RESPONSE, FSW-LYAPUNOV, FSW-MOMENTUM (docs/verification/), no
// allocation per step and bit-identical reruns. Every reference is independent of the task: a
// closed form, the exact sampled-data recursion of the linearized loop, the Lyapunov function's
// own derivative by finite differences, the conserved angular momentum.
#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <span>
#include <string>
#include <vector>

#include "ramus/fsw/attitude_control_task.hpp"
#include "ramus/fsw/mrp_feedback.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/samples/spacecraft.hpp"
#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "support/allocation_counter.hpp"
#include "support/bit_identical.hpp"
#include "support/hubs.hpp"

namespace {

using namespace ramus;
using ramus::test::bit_identical;
using namespace ramus::fsw;
namespace si = boost::units::si;

constexpr double kEps = std::numeric_limits<double>::epsilon();

// ---- the vehicles ---------------------------------------------------------------------------

/// The wheels of the closed-loop cases: samples::wheel on b1, b2, b3 (9 kg, Js = 0.159,
/// Jt = 0.08 kg m²), here with their centres of mass at B, so that C stays at B and the vehicle's
/// inertia is the hub's plus the wheels' own (no parallel-axis terms), and at rest.
constexpr double kJs = 0.159, kJt = 0.08;
std::vector<ReactionWheelConfig> wheels_at_B() {
  std::vector<ReactionWheelConfig> w;
  for (int i = 0; i < 3; ++i) {
    ReactionWheelConfig c = samples::wheel(Eigen::Vector3d::Unit(i));
    c.r_WcB_B = units::Length3(Eigen::Vector3d::Zero(), si::meter);
    c.Omega0 = 0.0 * si::radian_per_second;
    w.push_back(c);
  }
  return w;
}

/// The sample hub (750 kg, diag(900, 800, 600) kg m²) with its centre of mass at B and three
/// orthogonal wheels at B, at rest at the origin with attitude q_BN.
std::shared_ptr<const Model> rigid_hub_with_wheels(const Quaternion& q_BN,
                                                   const Eigen::Vector3d& r_N = Eigen::Vector3d::Zero(),
                                                   const Eigen::Vector3d& v_N = Eigen::Vector3d::Zero()) {
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", test::hub_config(750.0, samples::hub_inertia(), Eigen::Vector3d::Zero()));
  sc.set_initial_state(test::initial_state(r_N, v_N, q_BN, Eigen::Vector3d::Zero()));
  sc.add_state_effector(std::make_shared<ReactionWheels>("wheels", wheels_at_B()));
  model->finalize();
  return model;
}

/// I_RW of the law with these wheels: the vehicle inertia about C less Σ Js ĝĝᵀ, i.e. the hub's
/// plus the two transverse Jt of the other wheels about each axis.
Eigen::Matrix3d inertia_without_spin_axes() {
  return Eigen::Vector3d(samples::hub_inertia().array() + 2.0 * kJt).asDiagonal();
}

/// The sample hub with its centre of mass at B and an ExternalForceTorque "torquer", tumbling
/// slowly at omega0 [rad/s] from the identity attitude.
std::shared_ptr<const Model> rigid_hub_with_torquer(const Eigen::Vector3d& omega0) {
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", test::hub_config(750.0, samples::hub_inertia(), Eigen::Vector3d::Zero()));
  sc.set_initial_state(
      test::initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Quaternion(1.0, 0.0, 0.0, 0.0), omega0));
  sc.add_dynamic_effector(std::make_shared<ExternalForceTorque>("torquer"));
  model->finalize();
  return model;
}

/// The panels-and-wheels spacecraft: samples::panels2() (the sample hub with Basilisk's two
/// undamped hinged panels at θ0 = 5°, tumbling at ω0 = (0.1, −0.1, 0.1) rad/s) with a
/// ReactionWheels "wheels" of samples::wheel on b1, b2, b3 (0.3 m out along each axis,
/// Ω0 = 500 rad/s).
std::shared_ptr<const Model> panels_and_wheels() {
  std::shared_ptr<Model> model = samples::panels2();
  std::vector<ReactionWheelConfig> w;
  for (int i = 0; i < 3; ++i) w.push_back(samples::wheel(Eigen::Vector3d::Unit(i)));
  model->vehicle(0).add_state_effector(std::make_shared<ReactionWheels>("wheels", w));
  model->finalize();
  return model;
}

// ---- the task's configurations --------------------------------------------------------------

/// Three orthogonal wheels, no limits.
RwTorqueMappingConfig orthogonal_mapping() {
  RwTorqueMappingConfig m;
  m.Gs_B = Eigen::Matrix3d::Identity();
  m.u_max = Eigen::VectorXd::Constant(3, std::numeric_limits<double>::infinity());
  m.Omega_max = Eigen::VectorXd::Constant(3, std::numeric_limits<double>::infinity());
  return m;
}

AttitudeControlTaskConfig wheel_task(double period, double K, double P, const Eigen::Matrix3d& I) {
  AttitudeControlTaskConfig c;
  c.vehicle = "sc";
  c.timing = {period, 0.0, 0};
  c.control.K = K;
  c.control.P = P * Eigen::Matrix3d::Identity();
  c.control.I_PntC_B = I;
  c.actuator = AttitudeActuator::reaction_wheels;
  c.mapping = orthogonal_mapping();
  c.J_s = Eigen::VectorXd::Constant(3, kJs);
  return c;
}

/// wheel_task at `period` with K = 10, P = 100 and the gyro-and-star-tracker navigation: the gyro
/// sampled with the task, with white rate noise, the tracker every `tracker_period`.
AttitudeControlTaskConfig sensed_wheel_task(double period, double tracker_period) {
  AttitudeControlTaskConfig c = wheel_task(period, 10.0, 100.0, inertia_without_spin_axes());
  c.navigation = AttitudeNavigation::gyro_and_star_tracker;
  c.gyro.period = period;
  c.gyro.angle_random_walk = 1e-5;
  c.star_tracker.period = tracker_period;
  c.star_tracker.sigma_cross = 1e-5;
  c.star_tracker.sigma_boresight = 1e-4;
  return c;
}

/// One logged state.
struct Logged {
  double t;
  Eigen::VectorXd x;
};

/// rk4 at the fixed step dt from 0 to T with the task in the loop; every accepted step logged
/// (and the initial state).
std::vector<Logged> run_closed_loop(const std::shared_ptr<const Model>& model,
                                    const std::shared_ptr<FlightSoftwareTask>& task, double T, double dt,
                                    Eigen::VectorXd* final_state = nullptr) {
  const System system(model);
  FlightSoftware fsw;
  fsw.add(task);
  std::vector<Logged> log;
  log.reserve(static_cast<std::size_t>(std::llround(T / dt)) + 2);
  Eigen::VectorXd x = model->initial_state();
  log.push_back({0.0, x});
  PropagationSettings s;
  s.stepper = "rk4";
  s.dt = dt;
  s.flight_software = &fsw;
  s.step_observer = [&](const Eigen::VectorXd& xs, double t) { log.push_back({t, xs}); };
  propagate(system, x, 0.0, T, s);
  if (final_state) *final_state = x;
  return log;
}

Quaternion q_of(const Model& model, const Eigen::VectorXd& x) {
  const Quaternion q = x.segment<4>(model.vehicle(0).offsets().q_BN);
  return q / q.norm();
}
Eigen::Vector3d omega_of(const Model& model, const Eigen::VectorXd& x) {
  return x.segment<3>(model.vehicle(0).offsets().omega_BN_B);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(closed_loop)

// docs/verification/FSW_LINEAR_RESPONSE.md
BOOST_AUTO_TEST_CASE(FSW_LINEAR_RESPONSE) {
  // A 1 mrad error about b1, at rest; MRP feedback with K, P (no integral) at 100 Hz.
  const double theta0 = 1e-3, Ts = 0.01, T = 120.0;
  const double K = 36.0, P = 126.0;
  const Eigen::Matrix3d I_RW = inertia_without_spin_axes();
  const double I = I_RW(0, 0);  // 900.16 kg m²: the wheel on b1 spins freely, its Js is not in I
  const auto model = rigid_hub_with_wheels(quat_from_axis_angle(Eigen::Vector3d::UnitX(), theta0));
  auto task = std::make_shared<AttitudeControlTask>("acs", wheel_task(Ts, K, P, I_RW));
  const std::vector<Logged> log = run_closed_loop(model, task, T, Ts);

  // The closed form of eq. (12) of docs/fsw/mrp_feedback.md.
  const double wn = std::sqrt(K / (4.0 * I)), zeta = P / std::sqrt(K * I);
  const double wd = wn * std::sqrt(1.0 - zeta * zeta), a = zeta * wn;
  const auto theta_cf = [&](double t) {
    return theta0 * std::exp(-a * t) * (std::cos(wd * t) + a / wd * std::sin(wd * t));
  };
  const auto thetaDot_cf = [&](double t) { return -theta0 * wn * wn / wd * std::exp(-a * t) * std::sin(wd * t); };
  const auto thetaDDot_cf = [&](double t) {
    return -theta0 * wn * wn / wd * std::exp(-a * t) * (wd * std::cos(wd * t) - a * std::sin(wd * t));
  };
  BOOST_TEST_MESSAGE("FSW-LINEAR-RESPONSE: I = " << I << " kg m2, omega_n = " << wn << " rad/s, zeta = " << zeta
                                                 << ", omega_n Ts = " << wn * Ts);

  // The exact sampled-data recursion of the linearized loop: between samples the plant is the
  // double integrator I θ̈ = u_k (held), so θ_{k+1} = θ_k + Ts θ̇_k + Ts² u_k/(2I),
  // θ̇_{k+1} = θ̇_k + Ts u_k/I, with u_k = −(K/4) θ_k − P θ̇_k.
  std::vector<double> theta_zoh{theta0};
  {
    double th = theta0, thd = 0.0;
    for (std::size_t k = 1; k < log.size(); ++k) {
      const double u = -0.25 * K * th - P * thd;
      th += Ts * thd + 0.5 * Ts * Ts * u / I;
      thd += Ts * u / I;
      theta_zoh.push_back(th);
    }
  }

  double err_cf = 0.0, err_zoh = 0.0, off_axis = 0.0, max_udot = 0.0;
  for (std::size_t k = 0; k < log.size(); ++k) {
    const Quaternion q = q_of(*model, log[k].x);
    BOOST_REQUIRE(std::abs(log[k].t - static_cast<double>(k) * Ts) < 1e-9);  // one step per sample
    const double theta = 2.0 * std::atan2(q[1], q[0]);
    err_cf = std::max(err_cf, std::abs(theta - theta_cf(log[k].t)));
    err_zoh = std::max(err_zoh, std::abs(theta - theta_zoh[k]));
    off_axis = std::max(off_axis, q.tail<2>().norm() + omega_of(*model, log[k].x).tail<2>().norm());
    max_udot = std::max(max_udot, std::abs(0.25 * K * thetaDot_cf(log[k].t) + P * thetaDDot_cf(log[k].t)));
  }
  // Tolerances (docs/verification/FSW_LINEAR_RESPONSE.md): the difference e obeys the linear loop
  // forced by d(t), |e| ≤ sup|d| ∫|g| with ∫₀^∞|g| ≤ 1/(I ω_d ζ ω_n) (g the loop's impulse
  // response). Small-angle remainder: K (tan(θ/4) − θ/4) ≤ K θ0³/190. ZOH: the held torque lags the
  // continuous law by at most Ts max|u̇|, u̇ from the closed form (1 % margin for the trajectory's
  // own difference, which is 3e-3 of it). RK4 is exact on the double integrator between samples;
  // the quaternion's stage error is (h ω)⁵ ≈ 1e-30, round-off ~1e4 steps × ε θ0 ≈ 2e-15 rad.
  const double gain_bound = 1.0 / (I * wd * a);
  const double nonlinear = K * theta0 * theta0 * theta0 / 190.0 * gain_bound;
  const double zoh = 1.01 * Ts * max_udot * gain_bound;
  const double roundoff = 1e4 * kEps * theta0;
  BOOST_TEST_MESSAGE("  |theta - closed form| max " << err_cf << " rad, bound " << zoh + nonlinear + roundoff
                                                    << " (ZOH " << zoh << ", nonlinear " << nonlinear << ")");
  BOOST_TEST_MESSAGE("  |theta - sampled-data recursion| max " << err_zoh << " rad, bound " << nonlinear + roundoff);
  BOOST_TEST_MESSAGE("  off-axis |q2, q3| + |w2, w3| max " << off_axis);
  BOOST_TEST(err_cf <= zoh + nonlinear + roundoff);
  BOOST_TEST(err_zoh <= nonlinear + roundoff);
  // The run covers the whole response: θ decays from θ0 (e^{−ζω_n T} = 2e-4).
  BOOST_TEST(std::abs(theta_cf(T)) < 1e-3 * theta0);
  // Nothing drives the other axes (single-axis motion: ω × Iω and ω × Gs h_s vanish): round-off.
  BOOST_TEST(off_axis < 1e-15);

  // The recorded values at the last sample (t = T − Ts is the last sample the run takes before T
  // is reached; the driver runs the task at T as well when T is a sample time).
  const double t_last = task->last_time();
  const auto at = std::find_if(log.begin(), log.end(), [&](const Logged& l) { return l.t == t_last; });
  BOOST_REQUIRE(at != log.end());
  const Quaternion q = q_of(*model, at->x);
  const Eigen::Vector3d sigma = mrp_from_quat(q), w = omega_of(*model, at->x);
  BOOST_TEST((task->sigma_BR() - sigma).norm() <= 1e-15);
  BOOST_TEST((task->omega_BR_B() - w).norm() <= 0.0);
  const Eigen::Vector3d L = -K * sigma - P * w;  // feed-forward terms vanish on one axis
  BOOST_TEST((task->L_r_B() - L).norm() <= 1e-12 * (L.norm() + 1e-30) + 1e-20);
  BOOST_TEST((task->wheel_torque_command() + task->L_r_B()).norm() <= 1e-16);  // u = −L_r (Gs = 1)
  BOOST_TEST(!task->any_saturated());
}

// docs/verification/FSW_LYAPUNOV.md
namespace {

struct LyapunovRun {
  std::vector<double> t, V, Vdot;  ///< per logged step
  double Ts = 0.0, h = 0.0;
};

LyapunovRun lyapunov_run(double Ts, double h, double T) {
  const double K = 8.0, P = 70.0;
  const Eigen::Matrix3d I = Eigen::Vector3d(samples::hub_inertia()).asDiagonal();
  const Eigen::Vector3d axis = Eigen::Vector3d(1.0, 1.0, 1.0).normalized();
  const Quaternion q_RN = quat_from_axis_angle(axis, 120.0 * std::numbers::pi / 180.0);
  const auto model = rigid_hub_with_torquer(Eigen::Vector3d(0.01, -0.01, 0.005));
  AttitudeControlTaskConfig c;
  c.vehicle = "sc";
  c.timing = {Ts, 0.0, 0};
  c.guidance = AttitudeGuidance::inertial;
  c.sigma_RN = mrp_from_quat(q_RN);
  c.control.K = K;
  c.control.P = P * Eigen::Matrix3d::Identity();
  c.control.I_PntC_B = I;
  c.actuator = AttitudeActuator::ideal_torque;
  auto task = std::make_shared<AttitudeControlTask>("acs", c);
  const std::vector<Logged> log = run_closed_loop(model, task, T, h);
  LyapunovRun r;
  r.Ts = Ts;
  r.h = h;
  for (const Logged& l : log) {
    // σ_BR by the kernel's quaternion algebra (q_BR = q_RN* ⊗ q_BN, short set), δω = ω (R at rest).
    const Eigen::Vector3d sigma = mrp_from_quat(quat_multiply(quat_conjugate(q_RN), q_of(*model, l.x)));
    const Eigen::Vector3d w = omega_of(*model, l.x);
    r.t.push_back(l.t);
    r.V.push_back(mrp_lyapunov(K, I, sigma, w));
    r.Vdot.push_back(mrp_lyapunov_rate(c.control.P, w));
  }
  return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(FSW_LYAPUNOV) {
  // A 120° slew about (1, 1, 1)/√3 from a slow tumble, ideal torques, samples at 10 Hz, RK4 at
  // 0.0125 s (8 steps per sample; also a whole number of steps per sample at Ts/2 and Ts/4).
  const double Ts = 0.1, h = 0.0125, T = 200.0;
  const LyapunovRun r = lyapunov_run(Ts, h, T);
  const auto n_per = static_cast<std::size_t>(std::llround(Ts / h));
  BOOST_REQUIRE(r.t.size() == static_cast<std::size_t>(std::llround(T / h)) + 1);

  // (1) The exact form: at each sample t_k the held torque equals the law at the state there, so
  // the right derivative V̇(t_k⁺) = −δωᵀPδω (docs/fsw/mrp_feedback.md eq. (8)). Its one-sided
  // estimate (−3V₀ + 4V₁ − V₂)/(2h) from the steps inside the held interval has truncation
  // (h²/3) |V'''|, |V'''| bounded by the third differences V₀…V₃ (all inside the interval) with
  // a factor 2 margin; round-off 8 ε max V / h.
  double worst = 0.0, worst_ratio = 0.0, Vdot_max = 0.0, Vmax = 0.0;
  for (const double v : r.V) Vmax = std::max(Vmax, v);
  for (std::size_t k = 0; k + n_per < r.t.size(); k += n_per) {
    const double* V = &r.V[k];
    const double D = (-3.0 * V[0] + 4.0 * V[1] - V[2]) / (2.0 * h);
    const double V3 = std::abs(V[3] - 3.0 * V[2] + 3.0 * V[1] - V[0]) / (h * h * h);
    const double tol = 2.0 * h * h / 3.0 * V3 + 8.0 * kEps * Vmax / h + 1e-15;
    const double diff = std::abs(D - r.Vdot[k]);
    worst = std::max(worst, diff);
    worst_ratio = std::max(worst_ratio, diff / tol);
    Vdot_max = std::max(Vdot_max, std::abs(r.Vdot[k]));
  }
  BOOST_TEST_MESSAGE("FSW-LYAPUNOV: V(0) = " << r.V.front() << " J, V(T) = " << r.V.back() << " J, max |Vdot| "
                                             << Vdot_max << " W; right derivative at the samples vs eq. (8): max "
                                             << worst << " W, max ratio to its tolerance " << worst_ratio);
  BOOST_TEST(worst_ratio <= 1.0);
  BOOST_TEST(r.V.back() < 1e-6 * r.V.front());  // the slew completes

  // (2) V decreases from sample to sample (the ZOH's extra work δωᵀ(L_k − L_r(t)) is O(Ts) of
  // −δωᵀPδω, never enough to turn it); round-off allowance 4 ε V.
  double max_increase = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k + n_per < r.t.size(); k += n_per)
    max_increase = std::max(max_increase, r.V[k + n_per] - r.V[k] - 4.0 * kEps * r.V[k]);
  BOOST_TEST_MESSAGE("  largest V(t_k+1) - V(t_k) (less 4 eps V): " << max_increase << " J");
  BOOST_TEST(max_increase < 0.0);

  // (3) The integral form: ΔV − ∫V̇_eq8 dt (trapezoid over the steps) is the ZOH's work plus the
  // trapezoid's O(h²): halving the sample period at the same step halves it (first order in Ts)
  // — ∫V̇ dt = ΔV holds in the limit of fast sampling. Window 1.8–2.2: first order, with the
  // O(Ts ω) second-order part (ω ≲ 0.1 rad/s, Ts ≤ 0.1 s: ≤ 1 %) and the trapezoid's part, which
  // does not change with Ts, both inside.
  const auto residual = [&](const LyapunovRun& run) {
    double integral = 0.0;
    for (std::size_t k = 1; k < run.t.size(); ++k)
      integral += 0.5 * (run.t[k] - run.t[k - 1]) * (run.Vdot[k - 1] + run.Vdot[k]);
    return (run.V.back() - run.V.front()) - integral;
  };
  const double R1 = residual(r), R2 = residual(lyapunov_run(Ts / 2.0, h, T));
  const double R4 = residual(lyapunov_run(Ts / 4.0, h, T));
  BOOST_TEST_MESSAGE("  Delta V = " << r.V.back() - r.V.front() << " J; Delta V - trapezoid of eq. (8): " << R1
                                    << " (Ts = 0.1 s), " << R2 << " (0.05 s), " << R4 << " (0.025 s) J; ratios "
                                    << R1 / R2 << ", " << R2 / R4);
  BOOST_TEST(R1 / R2 >= 1.8);
  BOOST_TEST(R1 / R2 <= 2.2);
  BOOST_TEST(R2 / R4 >= 1.8);
  BOOST_TEST(R2 / R4 <= 2.2);
}

// docs/verification/FSW_MOMENTUM.md
BOOST_AUTO_TEST_CASE(FSW_MOMENTUM) {
  const auto model = panels_and_wheels();
  const double Ts = 0.2, T = 40.0;
  std::vector<double> drift;
  Eigen::Vector3d H0 = Eigen::Vector3d::Zero();
  double rate_end = 0.0;
  for (const double dt : {0.2, 0.1, 0.05, 0.025}) {
    AttitudeControlTaskConfig c;
    c.vehicle = "sc";
    c.timing = {Ts, 0.0, 0};
    c.control.K = 80.0;  // ω_n ≈ 0.13 rad/s, ζ ≈ 1 on the ~1100 kg m² vehicle
    c.control.P = 300.0 * Eigen::Matrix3d::Identity();
    c.control.feed_forward = false;
    c.mapping = orthogonal_mapping();
    auto task = std::make_shared<AttitudeControlTask>("acs", c);
    const std::vector<Logged> log = run_closed_loop(model, task, T, dt);
    H0 = vehicle_diagnostics(*model, log.front().x, 0.0, 0).H_rot_PntC_N;
    double d = 0.0;
    for (const Logged& l : log)
      d = std::max(d, (vehicle_diagnostics(*model, l.x, l.t, 0).H_rot_PntC_N - H0).norm() / H0.norm());
    drift.push_back(d);
    rate_end = omega_of(*model, log.back().x).norm();
    BOOST_TEST_MESSAGE("FSW-MOMENTUM dt = " << dt << " s: max |H(t) - H(0)|/|H(0)| = " << d
                                            << "; |omega(T)| = " << rate_end << " rad/s, |L_r| at the last sample "
                                            << task->L_r_B().norm() << " N m");
  }
  BOOST_TEST_MESSAGE("  |H(0)| = " << H0.norm() << " N m s");
  for (std::size_t k = 1; k < drift.size(); ++k) {
    const double p = std::log2(drift[k - 1] / drift[k]);
    BOOST_TEST_MESSAGE("  observed order " << p);
    BOOST_TEST(p >= 3.8);
    BOOST_TEST(p <= 4.25);
  }
  // The finest drift stays far above round-off, so that the orders measure truncation: the
  // momentum's parts (wheels ~80 N m s each, hub and panels ~1e2 N m s) sum to about |H| with
  // relative rounding ~ε per evaluation, a random walk over 1600 steps: √1600 ε ≈ 1e-14.
  BOOST_TEST(drift.back() > 100.0 * 1e-14);
  // The controller did work: the hub's tumble (|ω0| = 0.17 rad/s) was taken up by the wheels, to
  // within the hub's share of the undamped panels' ringing (which it does not control).
  BOOST_TEST(rate_end < 0.1 * samples::omega0_BN_B().norm());
}

// No allocation per step (docs/architecture.md §D3) with the task in the loop, in both actuator
// modes and with the sensors' navigation.
BOOST_AUTO_TEST_CASE(closed_loop_does_not_allocate_per_step) {
  BOOST_TEST(ramus::test::counter_sees_allocations());  // the checks below can fail

  const auto check = [](const std::shared_ptr<const Model>& model, const std::shared_ptr<FlightSoftwareTask>& task,
                        const char* what) {
    const System system(model);
    FlightSoftware fsw;
    fsw.add(task);
    constexpr std::size_t kSteps = 400;
    std::vector<test::Allocations> at(kSteps + 8);
    std::size_t n = 0;
    PropagationSettings s;
    s.stepper = "rk4";
    s.dt = 0.01;
    s.flight_software = &fsw;
    s.step_observer = [&](const Eigen::VectorXd&, double) {
      if (n < at.size()) at[n++] = test::allocations_so_far();
    };
    Eigen::VectorXd x = model->initial_state();
    propagate(system, x, 0.0, 0.01 * kSteps, s);
    BOOST_REQUIRE(n >= kSteps);
    // From the second step on (the first may size the stepper's buffers) to the last.
    const long news = at[n - 1].news - at[1].news, mallocs = at[n - 1].mallocs - at[1].mallocs;
    BOOST_TEST(news == 0, what << ": " << news << " operator new calls over " << n - 2 << " steps");
    if (test::counts_malloc()) BOOST_TEST(mallocs == 0, what << ": " << mallocs << " malloc calls");
    BOOST_TEST(std::isfinite(x.norm()));
  };

  {  // wheels, rate gyro and star tracker, eigenaxis slew; the task runs at every step
    AttitudeControlTaskConfig c = sensed_wheel_task(0.01, 0.1);
    c.gyro.rate_random_walk = 1e-7;
    c.seed = {7, 3};
    c.guidance = AttitudeGuidance::eigenaxis_slew;
    c.slew.sigma_DN = Eigen::Vector3d(0.1, 0.0, 0.0);
    c.slew.duration = 3.0;
    c.mapping.u_max = Eigen::VectorXd::Constant(3, 0.05);  // saturates: the flagged branch runs too
    auto task = std::make_shared<AttitudeControlTask>("acs", c);
    check(rigid_hub_with_wheels(Quaternion(1.0, 0.0, 0.0, 0.0)), task, "wheels, gyro and star tracker, slew");
    BOOST_TEST(task->samples() >= 400);
    BOOST_TEST(task->navigation_valid());
  }
  {  // ideal torques, Hill pointing on a (straight-line) trajectory with r × v ≠ 0
    AttitudeControlTaskConfig c;
    c.vehicle = "sc";
    c.timing = {0.02, 0.0, 1};
    c.guidance = AttitudeGuidance::hill;
    c.control.K = 8.0;
    c.control.P = 70.0 * Eigen::Matrix3d::Identity();
    c.control.I_PntC_B = Eigen::Vector3d(samples::hub_inertia()).asDiagonal();
    c.control.K_i = 1e-4;
    c.actuator = AttitudeActuator::ideal_torque;
    auto task = std::make_shared<AttitudeControlTask>("acs", c);
    auto model = std::make_shared<Model>();
    Vehicle& sc = model->add_vehicle("sc", test::hub_config(750.0, samples::hub_inertia(), Eigen::Vector3d::Zero()));
    sc.set_initial_state(test::initial_state(Eigen::Vector3d(7.0e6, 0.0, 0.0), Eigen::Vector3d(0.0, 7.5e3, 0.0),
                                             Quaternion(1.0, 0.0, 0.0, 0.0), Eigen::Vector3d(0.01, 0.0, 0.0)));
    sc.add_dynamic_effector(std::make_shared<ExternalForceTorque>("torquer"));
    model->finalize();
    check(model, task, "ideal torques, Hill pointing, integral term, one sample of delay");
  }
}

// Two runs with the same seed are bit-identical; another run index changes the noise (so the
// comparison can fail); bind() restarts a task, so rerunning the same object repeats the run.
BOOST_AUTO_TEST_CASE(reruns_are_bit_identical) {
  const auto model = rigid_hub_with_wheels(quat_from_axis_angle(Eigen::Vector3d::UnitZ(), 0.2));
  const auto config = [](std::uint64_t run) {
    AttitudeControlTaskConfig c = sensed_wheel_task(0.05, 0.2);
    c.gyro.bias_sigma = 1e-5;
    c.seed = {2024, run};
    return c;
  };
  const auto final_of = [&](const std::shared_ptr<AttitudeControlTask>& task) {
    Eigen::VectorXd x;
    run_closed_loop(model, task, 10.0, 0.05, &x);
    return x;
  };
  auto task = std::make_shared<AttitudeControlTask>("acs", config(1));
  const Eigen::VectorXd a = final_of(task);
  const Eigen::VectorXd b = final_of(std::make_shared<AttitudeControlTask>("acs", config(1)));
  const Eigen::VectorXd again = final_of(task);  // the same object, bound again
  const Eigen::VectorXd other = final_of(std::make_shared<AttitudeControlTask>("acs", config(2)));
  BOOST_TEST(bit_identical(a, b));
  BOOST_TEST(bit_identical(a, again));
  BOOST_TEST(!bit_identical(a, other));
  BOOST_TEST((a - other).norm() > 0.0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(closed_loop_errors)

namespace {

/// The message of the ConfigurationError f throws (empty: none thrown).
template <class F>
std::string configuration_error(F&& f) {
  try {
    f();
  } catch (const ConfigurationError& e) {
    return e.what();
  }
  return {};
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(bad_configuration_names_the_task_and_the_field) {
  const AttitudeControlTaskConfig good = wheel_task(0.1, 10.0, 100.0, inertia_without_spin_axes());
  BOOST_TEST(configuration_error([&] { AttitudeControlTask("acs", good); }).empty());

  std::string m = configuration_error([&] {
    AttitudeControlTaskConfig c = good;
    c.control.K = -1.0;
    AttitudeControlTask("acs", c);
  });
  BOOST_TEST(contains(m, "'acs/control'"), m);
  BOOST_TEST(contains(m, "K [N m]"), m);

  m = configuration_error([&] {
    AttitudeControlTaskConfig c = good;
    c.J_s = Eigen::VectorXd::Constant(2, kJs);
    AttitudeControlTask("acs", c);
  });
  BOOST_TEST(contains(m, "flight-software task 'acs'"), m);
  BOOST_TEST(contains(m, "J_s"), m);

  m = configuration_error([&] {
    AttitudeControlTaskConfig c = good;
    c.vehicle.clear();
    AttitudeControlTask("acs", c);
  });
  BOOST_TEST(contains(m, "flight-software task 'acs'"), m);
  BOOST_TEST(contains(m, "vehicle"), m);

  m = configuration_error([&] {
    AttitudeControlTaskConfig c = good;
    c.mapping.Gs_B.col(2) = Eigen::Vector3d::UnitX();  // rank 2
    AttitudeControlTask("acs", c);
  });
  BOOST_TEST(contains(m, "'acs/mapping'"), m);
  BOOST_TEST(contains(m, "Gs_B"), m);

  m = configuration_error([&] {
    AttitudeControlTaskConfig c = good;
    c.guidance = AttitudeGuidance::eigenaxis_slew;  // duration 0
    AttitudeControlTask("acs", c);
  });
  BOOST_TEST(contains(m, "'acs/guidance'"), m);
  BOOST_TEST(contains(m, "duration"), m);

  m = configuration_error([&] {
    AttitudeControlTaskConfig c = good;
    c.timing.period = 0.0;
    AttitudeControlTask("acs", c);
  });
  BOOST_TEST(contains(m, "flight-software task 'acs'"), m);
  BOOST_TEST(contains(m, "period"), m);

  // At bind(): a wheel block of another size, a missing wheel block, a missing torquer.
  const auto model = rigid_hub_with_wheels(Quaternion(1.0, 0.0, 0.0, 0.0));
  const auto bind = [&](const AttitudeControlTaskConfig& c) {
    return configuration_error([&] {
      const System system(model);
      FlightSoftware fsw;
      fsw.add(std::make_shared<AttitudeControlTask>("acs", c));
      fsw.bind(system, 0.0);
    });
  };
  BOOST_TEST(bind(good).empty());
  {
    AttitudeControlTaskConfig c = good;
    c.mapping.Gs_B = Eigen::Matrix3Xd(3, 4);
    c.mapping.Gs_B << Eigen::Matrix3d::Identity(), Eigen::Vector3d(1.0, 1.0, 1.0).normalized();
    c.mapping.u_max = Eigen::VectorXd::Constant(4, 1.0);
    c.mapping.Omega_max = Eigen::VectorXd::Constant(4, 1.0);
    c.J_s.resize(0);
    m = bind(c);  // outputs() names motor_torque[3], which the 3-wheel effector does not have
    BOOST_TEST(contains(m, "flight-software task 'acs'"), m);
    BOOST_TEST(contains(m, "motor_torque[3]"), m);
  }
  {
    AttitudeControlTaskConfig c = good;
    c.vehicle = "other";
    m = bind(c);
    BOOST_TEST(contains(m, "flight-software task 'acs'"), m);
    BOOST_TEST(contains(m, "vehicle"), m);
  }
  {
    AttitudeControlTaskConfig c = good;
    c.actuator = AttitudeActuator::ideal_torque;
    m = bind(c);
    BOOST_TEST(contains(m, "flight-software task 'acs'"), m);
    BOOST_TEST(contains(m, "torquer.torque_PntF_F[0]"), m);
  }
  {
    // The task's own bind() with a wheel block of another size (the driver's channel check
    // passes when the channels exist: 2 of the 3 wheels' channels, a 2-wheel mapping).
    AttitudeControlTaskConfig c = good;
    c.mapping.Gs_B = Eigen::Matrix3Xd(3, 2);
    c.mapping.Gs_B << Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY();
    c.mapping.u_max = Eigen::VectorXd::Constant(2, 1.0);
    c.mapping.Omega_max = Eigen::VectorXd::Constant(2, 1.0);
    c.mapping.control_axes_B = Eigen::Matrix3Xd(3, 2);
    c.mapping.control_axes_B << Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY();
    c.J_s.resize(0);
    m = bind(c);
    BOOST_TEST(contains(m, "flight-software task 'acs'"), m);
    BOOST_TEST(contains(m, "wheels"), m);
    BOOST_TEST(contains(m, "2 spin axes"), m);
  }
}

BOOST_AUTO_TEST_SUITE_END()
