// steppers/flight_software.hpp driven by propagate(): the zero-order hold and the one-sample delay
// against the exactly discretized double integrator (docs/verification/FSW_ZOH.md,
// docs/verification/FSW_DELAY.md); two tasks at their own rates; reruns; the per-step observer and
// step boundaries on samples; saturation of a commanded wheel.
#include "ramus/steppers/flight_software.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <memory>
#include <numbers>
#include <span>
#include <string>
#include <vector>

#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/steppers/stepper_list.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "support/hubs.hpp"
#include "support/models.hpp"
#include "support/task_run.hpp"

#if __has_include(<unsupported/Eigen/MatrixFunctions>)
#include <unsupported/Eigen/MatrixFunctions>
#define RAMUS_TEST_HAS_MATRIX_EXP 1
#endif

using namespace ramus;

namespace {

// ---- the case of FSW_ZOH.md and FSW_DELAY.md --------------------------------------------------
constexpr double kI1 = 100.0;    // [kg m²] principal inertia about b1 (I = diag(100, 200, 300))
constexpr double kK = 25.0;      // [N m/rad] ω_n = √(K/I1) = 0.5 rad/s
constexpr double kP = 70.0;      // [N m s/rad] ζ = P/(2 √(K I1)) = 0.7
constexpr double kTheta0 = 2.0;  // [rad] initial rotation about b1, at rest
constexpr double kTs = 1.0;      // [s] sample period
constexpr double kT = 20.0;      // [s] span: 20 samples after t0
constexpr const char* kTorque0 = "sc/torquer.torque_PntF_F[0]";

/// The rigid hub of FSW_ZOH.md: mass 10 kg, I = diag(I1, 200, 300) kg m² about B = Bc, no gravity,
/// at rest, rotated θ0 about b1; an ExternalForceTorque "torquer" whose initial torque about b1 is
/// L0 [N m].
std::shared_ptr<const Model> pd_hub(double theta0, double L0 = 0.0) {
  auto model = std::make_shared<Model>();
  Vehicle& v = model->add_vehicle(
      "sc", test::hub_config(10.0, Eigen::Matrix3d(Eigen::Vector3d(kI1, 200.0, 300.0).asDiagonal())));
  v.set_initial_state(test::initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(),
                                          quat_from_axis_angle(Eigen::Vector3d::UnitX(), theta0),
                                          Eigen::Vector3d::Zero()));
  ExternalForceTorqueConfig c;
  c.torque_PntF_F = {Eigen::Vector3d(L0, 0.0, 0.0), units::newton_meter};
  v.add_dynamic_effector(std::make_shared<ExternalForceTorque>("torquer", c));
  model->finalize();
  return model;
}

/// FSW_ZOH.md (4): u = −K θ − P ω about b1, θ = 2 atan2(q1, q0) read from the (raw) quaternion,
/// ω = ω1. Logs every call into storage reserved before the run (update() does not allocate).
class PdTask final : public FlightSoftwareTask {
 public:
  struct Call {
    double t, theta, omega, u;
  };
  PdTask(TaskTiming timing, std::size_t capacity) : FlightSoftwareTask("pd", "sc", timing) { calls.reserve(capacity); }
  std::vector<std::string> outputs() const override { return {kTorque0}; }
  void bind(const Model& model) override {
    const VehicleOffsets& o = model.vehicle(model.vehicle_index(vehicle())).offsets();
    q_ = o.q_BN;
    w_ = o.omega_BN_B;
  }
  void update(const TaskInput& in, std::span<double> commands) override {
    const double theta = 2.0 * std::atan2(in.x[q_ + 1], in.x[q_]);
    const double omega = in.x[w_];
    commands[0] = -kK * theta - kP * omega;
    calls.push_back({in.t, theta, omega, commands[0]});
  }
  std::vector<Call> calls;

 private:
  Eigen::Index q_ = 0, w_ = 0;
};

/// A task writing law(k) to one channel at its k-th call; it logs, at every call, the channel's
/// command, applied value and saturation flag as it finds them (what its previous call left).
class OpenLoopTask final : public FlightSoftwareTask {
 public:
  struct Call {
    double t;
    double command_before, applied_before;
    bool saturated_before;
    double written;
  };
  OpenLoopTask(std::string name, std::string vehicle, TaskTiming timing, std::string channel,
               std::function<double(std::size_t)> law, std::size_t capacity)
      : FlightSoftwareTask(std::move(name), std::move(vehicle), timing),
        channel_(std::move(channel)),
        law_(std::move(law)) {
    calls.reserve(capacity);
  }
  std::vector<std::string> outputs() const override { return {channel_}; }
  void bind(const Model& model) override { c_ = model.input_layout().find(channel_); }
  void update(const TaskInput& in, std::span<double> commands) override {
    commands[0] = law_(calls.size());
    calls.push_back({in.t, in.inputs.command()[c_], in.inputs.applied()[c_],
                     in.inputs.saturated()[static_cast<std::size_t>(c_)] != 0, commands[0]});
  }
  Eigen::Index channel() const { return c_; }
  std::vector<Call> calls;

 private:
  std::string channel_;
  std::function<double(std::size_t)> law_;
  Eigen::Index c_ = 0;
};

// ---- the references (no ramus) -----------------------------------------------------------------

/// FSW_ZOH.md (2): Φ = [[1, Ts], [0, 1]], Γ = [Ts²/(2 I1), Ts/I1].
struct Zoh {
  Eigen::Matrix2d Phi;
  Eigen::Vector2d Gamma;
};
Zoh zoh(double Ts, double I) {
  Zoh d;
  d.Phi << 1.0, Ts, 0.0, 1.0;
  d.Gamma << Ts * Ts / (2.0 * I), Ts / I;
  return d;
}

/// FSW_ZOH.md (5): x_{k+1} = (Φ − Γ [K P]) x_k from x_0 = (θ0, 0); n + 1 samples.
std::vector<Eigen::Vector2d> zoh_closed_loop(const Zoh& d, const Eigen::Vector2d& x0, std::size_t n) {
  std::vector<Eigen::Vector2d> x{x0};
  for (std::size_t k = 0; k < n; ++k) {
    const double u = -kK * x.back()[0] - kP * x.back()[1];
    x.push_back(d.Phi * x.back() + d.Gamma * u);
  }
  return x;
}

/// FSW_DELAY.md (2): z_{k+1} = A_d z_k, z = (θ, ω, v), v the command applied over [t_k, t_{k+1});
/// v_0 = L0, the channel's initial command. n + 1 samples.
std::vector<Eigen::Vector3d> delayed_closed_loop(const Zoh& d, const Eigen::Vector3d& z0, std::size_t n) {
  Eigen::Matrix3d A = Eigen::Matrix3d::Zero();
  A.topLeftCorner<2, 2>() = d.Phi;
  A.topRightCorner<2, 1>() = d.Gamma;
  A(2, 0) = -kK;
  A(2, 1) = -kP;
  std::vector<Eigen::Vector3d> z{z0};
  for (std::size_t k = 0; k < n; ++k) z.push_back(A * z.back());
  return z;
}

/// θ = 2 atan2(q1, q0) is the rotation angle only within (−π, π): the references must stay there
/// (a margin of 0.5 rad, far above any integration error).
template <class Ref>
void require_unwrapped(const std::vector<Ref>& ref) {
  double m = 0.0;
  for (const Ref& r : ref) m = std::max(m, std::abs(r[0]));
  BOOST_TEST_MESSAGE("reference: max |theta| = " << m << " rad");
  BOOST_REQUIRE(m < std::numbers::pi - 0.5);
}

/// Largest error over the samples, max_k max(|Δθ_k|, Ts |Δω_k|) [rad] (FSW_ZOH.md (6)).
template <class Ref>
double sample_error(const std::vector<PdTask::Call>& calls, const std::vector<Ref>& ref, double Ts) {
  BOOST_REQUIRE_EQUAL(calls.size(), ref.size());
  double e = 0.0;
  for (std::size_t k = 0; k < calls.size(); ++k)
    e = std::max({e, std::abs(calls[k].theta - ref[k][0]), Ts * std::abs(calls[k].omega - ref[k][1])});
  return e;
}

struct PdRun {
  std::vector<PdTask::Call> calls;
  Eigen::VectorXd x;
  PropagationStats stats;
};

/// One run of the PD task over [t0, t0 + T] with fresh flight software and a fresh System.
PdRun run_pd(const std::shared_ptr<const Model>& model, const std::string& stepper, double dt, TaskTiming timing,
             double t0 = 0.0, double T = kT) {
  auto task = std::make_shared<PdTask>(timing, 1000);
  test::TaskRun run({task}, dt, stepper);
  FlightSoftware& fsw = run.fsw;
  PropagationSettings& s = run.settings;
  Eigen::VectorXd x = model->initial_state();
  const PropagationStats stats = propagate(System(model), x, t0, t0 + T, s);
  BOOST_TEST(fsw.calls() == task->calls.size());
  return {task->calls, x, stats};
}

/// The sample times t0 + offset + k·period ≤ t_end, computed as the driver's documentation states
/// (by multiplication from the start).
std::vector<double> sample_times(double t0, const TaskTiming& tm, double t_end) {
  std::vector<double> t;
  for (std::size_t k = 0;; ++k) {
    const double s = t0 + tm.offset + static_cast<double>(k) * tm.period;
    if (s > t_end) return t;
    t.push_back(s);
  }
}

double order(double coarse, double fine) { return std::log2(coarse / fine); }

}  // namespace

BOOST_AUTO_TEST_SUITE(flight_software)

BOOST_AUTO_TEST_CASE(FSW_ZOH_discretization_is_the_matrix_exponential) {
  // FSW_ZOH.md (3): exp(M Ts), M = [[0, 1, 0], [0, 0, 1/I1], [0, 0, 0]], is [[Φ, Γ], [0, 1]].
  const Zoh d = zoh(kTs, kI1);
  Eigen::Matrix3d M = Eigen::Matrix3d::Zero();
  M(0, 1) = 1.0;
  M(1, 2) = 1.0 / kI1;
  // M is nilpotent (M³ = 0): the series stops, exp(M Ts) = 1 + M Ts + M² Ts²/2 exactly.
  const Eigen::Matrix3d series = Eigen::Matrix3d::Identity() + M * kTs + 0.5 * (M * M) * kTs * kTs;
  BOOST_TEST(((M * M * M).array() == 0.0).all());
  BOOST_TEST((series.topLeftCorner<2, 2>() == d.Phi));
  BOOST_TEST((series.topRightCorner<2, 1>() == d.Gamma));
#ifdef RAMUS_TEST_HAS_MATRIX_EXP
  // Eigen's Padé approximant with scaling and squaring on a matrix of norm ≤ 1: a few ulps of the
  // unit entries; 1e-15 allows ~5 ulp.
  const Eigen::Matrix3d E = (M * kTs).exp();
  BOOST_TEST_MESSAGE("FSW-ZOH: |exp(M Ts) - [[Phi, Gamma], [0, 1]]| = "
                     << (E.topLeftCorner<2, 2>() - d.Phi).cwiseAbs().maxCoeff() << ", "
                     << (E.topRightCorner<2, 1>() - d.Gamma).cwiseAbs().maxCoeff());
  BOOST_CHECK_SMALL((E.topLeftCorner<2, 2>() - d.Phi).cwiseAbs().maxCoeff(), 1e-15);
  BOOST_CHECK_SMALL((E.topRightCorner<2, 1>() - d.Gamma).cwiseAbs().maxCoeff(), 1e-15);
  BOOST_CHECK_SMALL((E.bottomRows<1>() - Eigen::RowVector3d(0.0, 0.0, 1.0)).cwiseAbs().maxCoeff(), 1e-15);
#else
  BOOST_TEST_MESSAGE("FSW-ZOH: <unsupported/Eigen/MatrixFunctions> not available: exp() check skipped");
#endif
}

BOOST_AUTO_TEST_CASE(FSW_ZOH_rk4_matches_the_discrete_recursion_at_order_4) {
  // FSW_ZOH.md: the states the task sees at t_k = k Ts against the recursion (5), under halving of
  // the rk4 step with Ts fixed (4, 8, 16, 32 steps per sample). ω is linear in t within a step and
  // rk4 integrates it exactly; the quaternion kinematics is what rk4 gets wrong, at O(h⁴).
  const auto model = pd_hub(kTheta0);
  const auto n_samples = static_cast<std::size_t>(kT / kTs);
  const std::vector<Eigen::Vector2d> ref = zoh_closed_loop(zoh(kTs, kI1), Eigen::Vector2d(kTheta0, 0.0), n_samples);
  // A wrong hold for the negative control: Γ without its Ts²/(2 I1) (the torque's effect on θ
  // within the sample, an Euler discretization).
  Zoh euler = zoh(kTs, kI1);
  euler.Gamma[0] = 0.0;
  const std::vector<Eigen::Vector2d> wrong = zoh_closed_loop(euler, Eigen::Vector2d(kTheta0, 0.0), n_samples);

  require_unwrapped(ref);
  // The recursion's first sample by hand (FSW_ZOH.md, "Configuration"): u_0 = −K θ0 = −50 N m,
  // θ_1 = θ0 + Ts² u_0/(2 I1) = 1.75 rad, ω_1 = Ts u_0/I1 = −0.5 rad/s, exact in doubles.
  BOOST_TEST(ref[1][0] == 1.75);
  BOOST_TEST(ref[1][1] == -0.5);
  std::vector<double> e;
  double e_wrong = 0.0;
  for (const int n : {4, 8, 16, 32}) {
    const PdRun r = run_pd(model, "rk4", kTs / n, TaskTiming{kTs, 0.0, 0});
    BOOST_REQUIRE_EQUAL(r.calls.size(), n_samples + 1);  // t = 0, 1, …, 20 (the end is a sample)
    for (std::size_t k = 0; k < r.calls.size(); ++k) BOOST_TEST(r.calls[k].t == static_cast<double>(k) * kTs);
    BOOST_TEST(r.stats.steps == n_samples * static_cast<std::size_t>(n));
    e.push_back(sample_error(r.calls, ref, kTs));
    e_wrong = sample_error(r.calls, wrong, kTs);
    BOOST_TEST_MESSAGE("FSW-ZOH rk4, " << n << " steps per sample: error " << e.back() << " rad"
                                       << (e.size() > 1 ? ", order " : "")
                                       << (e.size() > 1 ? std::to_string(order(e[e.size() - 2], e.back())) : ""));
  }
  // docs/verification/README.md: rk4 3.8–4.25 on pairs well above round-off.
  for (std::size_t i = 1; i < e.size(); ++i) {
    BOOST_TEST(order(e[i - 1], e[i]) >= 3.8);
    BOOST_TEST(order(e[i - 1], e[i]) <= 4.25);
  }
  // The finest level stays ≥ 100× above the round-off of 640 steps on O(1) values (640 ε ≈ 1.4e-13),
  // so its order is the integrator's, not round-off's (FSW_ZOH.md, "Expected values and tolerances").
  BOOST_TEST(e.back() >= 100.0 * 640.0 * 2.2e-16);
  // Negative control: against the wrong hold the error does not converge (it is the difference
  // between two discrete systems, 0.29 rad, whatever the step).
  BOOST_TEST_MESSAGE("FSW-ZOH: against Gamma = [0, Ts/I1] at 32 steps per sample: " << e_wrong << " rad");
  BOOST_TEST(e_wrong > 1e4 * e.back());
}

BOOST_AUTO_TEST_CASE(FSW_ZOH_dopri5_lands_on_every_sample) {
  // rk_dopri5 from t0 = 0.7 s, sampled at Ts = 0.3 s (neither is a binary fraction): the task is
  // called at exactly t0 + k Ts as the double product and sum (the driver computes each sample time
  // from the start by multiplication and clips the step that reaches it to end there, t = t1, so
  // no step accumulates), and matches the recursion (5) at that Ts to the stepper's tolerance.
  const double t0 = 0.7, Ts = 0.3, T = 15.0;
  const auto model = pd_hub(kTheta0);
  const PdRun r = run_pd(model, "rk_dopri5", 0.01, TaskTiming{Ts, 0.0, 0}, t0, T);
  const std::vector<double> expected = sample_times(t0, TaskTiming{Ts, 0.0, 0}, t0 + T);
  BOOST_REQUIRE_EQUAL(r.calls.size(), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) BOOST_TEST(r.calls[k].t == t0 + static_cast<double>(k) * Ts);
  const std::vector<Eigen::Vector2d> ref =
      zoh_closed_loop(zoh(Ts, kI1), Eigen::Vector2d(kTheta0, 0.0), expected.size() - 1);
  const double e = sample_error(r.calls, ref, Ts);
  BOOST_TEST_MESSAGE("FSW-ZOH rk_dopri5 (abs = rel = 1e-10), Ts = 0.3 s from t0 = 0.7 s: error "
                     << e << " rad over " << expected.size() << " samples, " << r.stats.steps << " steps, "
                     << r.stats.rejected << " rejected");
  // ADAPTIVE_TOLERANCE.md's heuristic bound, 10 tol · scale with scale = 1 + max|x0| ≤ 2, doubled
  // because θ = 2 atan2(q1, q0) doubles the quaternion's error: 4e-9 rad.
  BOOST_TEST(e <= 40.0 * 1e-10);
}

BOOST_AUTO_TEST_CASE(FSW_DELAY_rk4_matches_the_augmented_recursion_at_order_4) {
  // FSW_DELAY.md: delay 1, the command computed at t_k applied over [t_{k+1}, t_{k+2}); over
  // [t0, t1) the channel's initial command L0 = 2 N m. Against the augmented recursion (2).
  const double L0 = 2.0;
  const auto model = pd_hub(kTheta0, L0);
  const auto n_samples = static_cast<std::size_t>(kT / kTs);
  const std::vector<Eigen::Vector3d> ref =
      delayed_closed_loop(zoh(kTs, kI1), Eigen::Vector3d(kTheta0, 0.0, L0), n_samples);
  // Negative control: the same loop without the delay (the recursion (5) of FSW_ZOH.md).
  const std::vector<Eigen::Vector2d> no_delay =
      zoh_closed_loop(zoh(kTs, kI1), Eigen::Vector2d(kTheta0, 0.0), n_samples);
  require_unwrapped(ref);
  // The first sample by hand (FSW_DELAY.md, "Configuration"): v_0 = L0 = 2 N m applied over
  // [0, 1): θ_1 = θ0 + Ts² L0/(2 I1) = 2.01 rad, ω_1 = Ts L0/I1 = 0.02 rad/s, v_1 = −K θ0 = −50 N m
  // (to an ulp: 0.01 and 0.02 are not binary fractions).
  BOOST_CHECK_SMALL(ref[1][0] - 2.01, 1e-15);
  BOOST_CHECK_SMALL(ref[1][1] - 0.02, 1e-17);
  BOOST_TEST(ref[1][2] == -50.0);
  std::vector<double> e;
  double e_no_delay = 0.0;
  for (const int n : {4, 8, 16, 32}) {
    const PdRun r = run_pd(model, "rk4", kTs / n, TaskTiming{kTs, 0.0, 1});
    BOOST_REQUIRE_EQUAL(r.calls.size(), n_samples + 1);
    e.push_back(sample_error(r.calls, ref, kTs));
    e_no_delay = sample_error(r.calls, no_delay, kTs);
    // The command computed at t_k is v_{k+1} of (2), computed from the simulated state: equal to
    // −K θ_k − P ω_k of that state (the task's own arithmetic, exact) and near the reference's.
    for (std::size_t k = 0; k + 1 < r.calls.size(); ++k)
      BOOST_TEST(r.calls[k].u == -kK * r.calls[k].theta - kP * r.calls[k].omega);
    BOOST_TEST_MESSAGE("FSW-DELAY rk4, " << n << " steps per sample: error " << e.back() << " rad"
                                         << (e.size() > 1 ? ", order " : "")
                                         << (e.size() > 1 ? std::to_string(order(e[e.size() - 2], e.back())) : ""));
  }
  for (std::size_t i = 1; i < e.size(); ++i) {  // docs/verification/README.md's rk4 window
    BOOST_TEST(order(e[i - 1], e[i]) >= 3.8);
    BOOST_TEST(order(e[i - 1], e[i]) <= 4.25);
  }
  BOOST_TEST(e.back() >= 100.0 * 640.0 * 2.2e-16);  // above round-off, as in FSW_ZOH
  BOOST_TEST_MESSAGE("FSW-DELAY: against the undelayed recursion at 32 steps per sample: " << e_no_delay << " rad");
  BOOST_TEST(e_no_delay > 1e4 * e.back());

  // rk_dopri5 on the same case: to its tolerance, as in FSW_ZOH_dopri5_lands_on_every_sample.
  const PdRun r = run_pd(model, "rk_dopri5", 0.01, TaskTiming{kTs, 0.0, 1});
  const double e5 = sample_error(r.calls, ref, kTs);
  BOOST_TEST_MESSAGE("FSW-DELAY rk_dopri5 (abs = rel = 1e-10): error " << e5 << " rad");
  BOOST_TEST(e5 <= 40.0 * 1e-10);
}

BOOST_AUTO_TEST_CASE(two_tasks_at_their_own_rates) {
  // A 10 Hz task commands the torque about b1, a 1 Hz task the force along b1 (B = Bc, so no torque
  // from it), each an open-loop sequence of its call index; every stepper of the list. The hub
  // turns about b1 only, so b1 = n1 throughout and ω1 = Σ a_k Δt_k / I1, v1 = Σ b_j Δs_j / m
  // exactly (both piecewise linear in t, which every stepper integrates exactly when no step
  // straddles a change): each command held over its task's own sample interval. 30 × 0.1 is
  // 3.0000000000000004 in doubles, one ulp after the slow task's 3: one instant (docs/architecture.md
  // §D7), so both run at t = 3, the fast task first (added first).
  const auto a = [](std::size_t k) { return 0.5 * std::sin(0.7 * static_cast<double>(k)) + 0.2; };  // [N m]
  const auto b = [](std::size_t j) { return 3.0 * std::cos(static_cast<double>(j)) + 1.0; };        // [N]
  const TaskTiming fast{0.1, 0.0, 0}, slow{1.0, 0.0, 0};
  const double T = 3.05;
  std::vector<double> tf = sample_times(0.0, fast, T);
  const std::vector<double> tg = sample_times(0.0, slow, T);
  for (double& t : tf)  // a fast sample within a few ulps of a slow one is that instant
    for (const double u : tg)
      if (std::abs(t - u) <= 8.0 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(u))) t = u;
  // The closed form, from the sample times as doubles (the last command held until T).
  double omega = 0.0, v = 0.0;
  for (std::size_t k = 0; k < tf.size(); ++k) omega += a(k) * ((k + 1 < tf.size() ? tf[k + 1] : T) - tf[k]) / kI1;
  for (std::size_t j = 0; j < tg.size(); ++j) v += b(j) * ((j + 1 < tg.size() ? tg[j + 1] : T) - tg[j]) / 10.0;
  BOOST_TEST(tf.size() == 31u);  // t = 0, 0.1, …, 2.9000000000000004, 3
  BOOST_TEST(tf.back() == 3.0);
  BOOST_TEST(tg.size() == 4u);  // t = 0, 1, 2, 3
  for (const StepperInfo& info : stepper_list()) {
    BOOST_TEST_CONTEXT("stepper " << info.name) {
      const auto model = pd_hub(0.0);
      const System system(model);
      auto f = std::make_shared<OpenLoopTask>("fast", "sc", fast, kTorque0, a, 100);
      auto g = std::make_shared<OpenLoopTask>("slow", "sc", slow, "sc/torquer.force_F[0]", b, 100);
      // dt = 0.03 does not divide 0.1: fixed steps shortened within each sample interval
      test::TaskRun run({f, g}, 0.03, std::string(info.name));
      FlightSoftware& fsw = run.fsw;
      PropagationSettings& s = run.settings;
      // At every step: the applied commands are the last each task wrote (held between its calls).
      std::size_t steps = 0, held = 0;
      s.step_observer = [&](const Eigen::VectorXd&, double) {
        ++steps;
        const bool ok = system.inputs().applied()[f->channel()] == f->calls.back().written &&
                        system.inputs().applied()[g->channel()] == g->calls.back().written;
        held += ok ? 1 : 0;
      };
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(system, x, 0.0, T, s);
      BOOST_TEST_MESSAGE("two tasks, " << info.name << ": " << f->calls.size() << " calls at 10 Hz, " << g->calls.size()
                                       << " at 1 Hz, " << stats.steps << " steps");
      BOOST_REQUIRE_EQUAL(f->calls.size(), tf.size());
      BOOST_REQUIRE_EQUAL(g->calls.size(), tg.size());
      BOOST_TEST(fsw.calls() == tf.size() + tg.size());
      for (std::size_t k = 0; k < tf.size(); ++k) BOOST_TEST(f->calls[k].t == tf[k]);
      for (std::size_t j = 0; j < tg.size(); ++j) BOOST_TEST(g->calls[j].t == tg[j]);
      BOOST_TEST(steps == stats.steps);
      BOOST_TEST(held == steps);
      // At each call the task finds its previous command still applied.
      for (std::size_t k = 1; k < tf.size(); ++k) BOOST_TEST(f->calls[k].applied_before == f->calls[k - 1].written);
      for (std::size_t j = 1; j < tg.size(); ++j) BOOST_TEST(g->calls[j].applied_before == g->calls[j - 1].written);

      const VehicleOffsets& o = model->vehicle(0).offsets();
      // Round-off of ≲ 200 steps on values ≲ 1: 1e-13. A command held over a wrong interval of δ
      // shifts ω1 by a_k δ/I1 and v1 by b_j δ/m: ~1e-4 rad/s and ~1e-1 m/s for δ = 0.1 s.
      BOOST_CHECK_SMALL(x[o.omega_BN_B] - omega, 1e-13);
      BOOST_CHECK_SMALL(x[o.v_N] - v, 1e-13);
      BOOST_CHECK_SMALL(x.segment<2>(o.omega_BN_B + 1).norm(), 1e-15);  // no torque about b2, b3
    }
  }
  BOOST_TEST_MESSAGE("two tasks: closed form omega1 " << omega << " rad/s, v1 " << v << " m/s");
}

BOOST_AUTO_TEST_CASE(reruns_are_bit_identical) {
  // The same run twice, fresh tasks and flight software each time, once each for a fixed and an
  // adaptive stepper, with a zero-delay and a delayed task: bit-identical final states and command
  // sequences (a task or driver keeping run data across runs would differ).
  const auto model = pd_hub(kTheta0, 2.0);
  for (const char* stepper : {"rk4", "rk_dopri5"})
    for (const int delay : {0, 1}) {
      BOOST_TEST_CONTEXT(stepper << ", delay " << delay) {
        const PdRun r1 = run_pd(model, stepper, 0.1, TaskTiming{0.3, 0.05, delay});
        const PdRun r2 = run_pd(model, stepper, 0.1, TaskTiming{0.3, 0.05, delay});
        BOOST_TEST((r1.x.array() == r2.x.array()).all());
        BOOST_TEST(r1.stats.steps == r2.stats.steps);
        BOOST_REQUIRE_EQUAL(r1.calls.size(), r2.calls.size());
        for (std::size_t k = 0; k < r1.calls.size(); ++k) {
          BOOST_TEST(r1.calls[k].t == r2.calls[k].t);
          BOOST_TEST(r1.calls[k].u == r2.calls[k].u);
        }
        BOOST_TEST((r1.x.array() != model->initial_state().array()).any());  // the run did move
      }
    }
}

BOOST_AUTO_TEST_CASE(step_observer_sees_every_step_and_no_step_straddles_a_sample) {
  // Two tasks, at 0.3 s and at 0.7 s from an offset of 0.05 s, output times that are not samples;
  // every stepper of the list. Each step [t_a, t_b] lies within one sample interval (no sample
  // time s with t_a < s < t_b), every sample is the end of a step, and the step observer is called
  // once per accepted step (for a fixed stepper: evaluations = stages × calls).
  const std::vector<double> times{0.0, 0.35, 1.0, 2.7};
  const TaskTiming t1{0.3, 0.0, 0}, t2{0.7, 0.05, 1};
  std::vector<double> samples = sample_times(0.0, t1, times.back());
  const std::vector<double> s2 = sample_times(0.0, t2, times.back());
  samples.insert(samples.end(), s2.begin(), s2.end());
  std::sort(samples.begin(), samples.end());
  for (const StepperInfo& info : stepper_list()) {
    BOOST_TEST_CONTEXT("stepper " << info.name) {
      const auto model = pd_hub(kTheta0);
      const System system(model);
      const auto law = [](std::size_t k) { return k % 2 == 0 ? 1.0 : -1.0; };
      auto a = std::make_shared<OpenLoopTask>("a", "sc", t1, kTorque0, law, 100);
      auto b = std::make_shared<OpenLoopTask>("b", "sc", t2, "sc/torquer.torque_PntF_F[1]", law, 100);
      test::TaskRun run({a, b}, 0.13, std::string(info.name));
      PropagationSettings& s = run.settings;
      std::vector<double> ends;
      Eigen::VectorXd last;
      run.record_steps(ends, last);
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(system, x, times, s);
      BOOST_REQUIRE_EQUAL(ends.size(), stats.steps);
      // euler, rk2 and rk4 have as many stages as their order (propagate_test.cpp,
      // evaluations_per_step): one evaluation per stage of each step the observer saw
      // (implicit_euler's count depends on its Jacobian and Newton iterations).
      if (!info.adaptive && info.name != "implicit_euler")
        BOOST_TEST(stats.evaluations == static_cast<std::uint64_t>(info.order) * ends.size());
      BOOST_TEST((last.array() == x.array()).all());  // the last call saw the returned state
      BOOST_TEST(ends.back() == times.back());
      std::size_t straddled = 0;
      for (std::size_t i = 0; i < ends.size(); ++i) {
        const double ta = i == 0 ? times.front() : ends[i - 1];
        BOOST_TEST(ends[i] > ta);
        for (const double ts : samples)
          if (ta < ts && ts < ends[i]) {
            ++straddled;
            BOOST_TEST_MESSAGE("step [" << ta << ", " << ends[i] << "] straddles the sample " << ts);
          }
      }
      BOOST_TEST(straddled == 0u);
      for (const double ts : samples)
        BOOST_TEST((ts == 0.0 || std::find(ends.begin(), ends.end(), ts) != ends.end()), "no step ends on " << ts);
      BOOST_TEST(a->calls.size() + b->calls.size() == samples.size());
      for (std::size_t k = 0; k < a->calls.size(); ++k) BOOST_TEST(a->calls[k].t == static_cast<double>(k) * 0.3);
      for (std::size_t k = 0; k < b->calls.size(); ++k)
        BOOST_TEST(b->calls[k].t == 0.05 + static_cast<double>(k) * 0.7);
    }
  }
}

BOOST_AUTO_TEST_CASE(saturation_is_flagged_and_followed) {
  // RW-01's hub and wheel (RW_01.md: system inertia with the wheel locked Ix = 100 kg m², wheel
  // axis b1, Js = 0.1 kg m²), with max_torque = 0.1 N m, at rest; a task commands the cycle 0.3,
  // −0.05, −0.4, 0.08 N m every 0.5 s. Applied: the command clamped to ±0.1 N m, flagged when
  // clamped. About b1 (RW_01.md): (Ix − Js) ω̇ = −u, Ω̇ = u/Js − ω̇, so with the applied torque
  // u_k held over each sample, Ω(T) = Σ u_k Δt_k (1/Js + 1/(Ix − Js)), ω(T) = −Σ u_k Δt_k/(Ix − Js).
  const double Ix = 100.0, Js = 0.1, Jt = 0.05, u_max = 0.1, Ts = 0.5, T = 10.0;
  auto model = std::make_shared<Model>();
  auto& sc = model->add_vehicle(
      "sc", test::hub_config(50.0, Eigen::Vector3d(Ix - Js, 200.0 - Jt, 299.9 - Jt), Eigen::Vector3d::Zero()));
  sc.set_initial_state(test::at_rest_at_origin());
  ReactionWheelConfig w = test::wheel(Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 2.0, Js, Jt, 0.0);
  w.max_torque = u_max * units::newton_meter;
  sc.add_state_effector(std::make_shared<ReactionWheels>("rw", std::vector<ReactionWheelConfig>{w}));
  model->finalize();

  const double cycle[4] = {0.3, -0.05, -0.4, 0.08};
  const auto law = [&cycle](std::size_t k) { return cycle[k % 4]; };
  const auto applied_of = [&](double c) { return std::clamp(c, -u_max, u_max); };
  auto task = std::make_shared<OpenLoopTask>("rw_cmd", "sc", TaskTiming{Ts, 0.0, 0}, "sc/rw.motor_torque", law, 100);
  test::TaskRun run({task}, 0.1);
  PropagationSettings& s = run.settings;
  const System system(model);
  std::size_t steps = 0, consistent = 0;
  s.step_observer = [&](const Eigen::VectorXd&, double) {
    ++steps;
    const Eigen::Index c = task->channel();
    const double cmd = task->calls.back().written;
    const bool ok = system.inputs().command()[c] == cmd && system.inputs().applied()[c] == applied_of(cmd) &&
                    (system.inputs().saturated()[static_cast<std::size_t>(c)] != 0) == (std::abs(cmd) > u_max);
    consistent += ok ? 1 : 0;
  };
  Eigen::VectorXd x = model->initial_state();
  propagate(system, x, 0.0, T, s);
  BOOST_TEST(steps > 0u);
  BOOST_TEST(consistent == steps);
  // What each call finds of the previous call's command: the command as written, the applied value
  // clamped, the flag set exactly when clamped.
  BOOST_REQUIRE_EQUAL(task->calls.size(), 21u);  // t = 0, 0.5, …, 10
  std::size_t flagged = 0;
  for (std::size_t k = 1; k < task->calls.size(); ++k) {
    const OpenLoopTask::Call& c = task->calls[k];
    const double prev = task->calls[k - 1].written;
    BOOST_TEST(c.command_before == prev);
    BOOST_TEST(c.applied_before == applied_of(prev));
    BOOST_TEST(c.saturated_before == (std::abs(prev) > u_max));
    flagged += c.saturated_before ? 1 : 0;
  }
  BOOST_TEST(flagged == 10u);  // 0.3 and −0.4: half of the 20 commands before the last call

  double impulse = 0.0;  // [N m s] Σ u_k Δt_k of the applied torque; the last call's holds over nothing
  for (std::size_t k = 0; k + 1 < task->calls.size(); ++k) impulse += applied_of(task->calls[k].written) * Ts;
  const double Omega = impulse * (1.0 / Js + 1.0 / (Ix - Js)), omega = -impulse / (Ix - Js);
  const Eigen::Index o = test::block_offset(*model, "sc/rw", "Omega");
  const VehicleOffsets& off = model->vehicle(0).offsets();
  BOOST_TEST_MESSAGE("saturation: Omega " << x[o] << " rad/s (closed form " << Omega << "), omega1 "
                                          << x[off.omega_BN_B] << " (" << omega << ")");
  // ω and Ω are piecewise linear in t: rk4 is exact up to round-off, 100 steps on values ≲ 1:
  // 1e-13 (the unsaturated commands would give Ω(T) larger by 2.5 rad/s).
  BOOST_CHECK_SMALL(x[o] - Omega, 1e-13);
  BOOST_CHECK_SMALL(x[off.omega_BN_B] - omega, 1e-13);
  // Momentum balance about b1: Ix ω + Js Ω = 0 (from rest, no external torque).
  BOOST_CHECK_SMALL(Ix * x[off.omega_BN_B] + Js * x[o], 1e-13);
}

BOOST_AUTO_TEST_SUITE_END()
