// Thruster state effector (docs/models/thruster_state_effector.md): the thrust factor's closed
// form under on/off/throttle commands, the impulse and angular-impulse balances on the hub,
// convergence, rejected inputs.
#include "ramus/systems/thruster_state_effector.hpp"

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "ramus/kernel/error.hpp"
#include "ramus/steppers/step_halving.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "support/models.hpp"
#include "systems/effector_cases.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;

ThrusterStateConfig thruster(const Eigen::Vector3d& r_TB_B, const Eigen::Vector3d& tHat_B, double F_max, double tau,
                             double kappa0, double command0) {
  ThrusterStateConfig c;
  c.r_TB_B = Length3{r_TB_B, si::meter};
  c.tHat_B = tHat_B;
  c.max_thrust = F_max * si::newton;
  c.time_constant = tau * si::second;
  c.kappa0 = kappa0;
  c.command0 = command0;
  return c;
}

/// A piecewise-constant command: value u from time t (the schedule the test applies between steps).
struct Command {
  double t, u;
};

/// Closed form of κ' = (u − κ)/τ under a piecewise-constant command (eq. 5): κ(T) and ∫_0^T κ dt.
std::pair<double, double> kappa_and_integral(double kappa0, double tau, const std::vector<Command>& commands,
                                             double T) {
  double kappa = kappa0, integral = 0.0;
  for (std::size_t k = 0; k < commands.size() && commands[k].t < T; ++k) {
    const double t0 = commands[k].t, t1 = k + 1 < commands.size() ? std::min(commands[k + 1].t, T) : T;
    const double u = commands[k].u, e = std::exp(-(t1 - t0) / tau);
    integral += u * (t1 - t0) + (kappa - u) * tau * (1.0 - e);
    kappa = u + (kappa - u) * e;
  }
  return {kappa, integral};
}

// The through-C case: hub 500 kg with its centre of mass at B, two thrusters whose lines of action
// pass through B (no torque), an attitude 40° about (1, 2, 2)/3, no gravity.
constexpr double hub_mass = 500.0;
const Eigen::Vector3d axis = Eigen::Vector3d(1.0, 2.0, 2.0) / 3.0;
constexpr double angle = 0.6981317007977318;  // 40°
const Eigen::Vector3d t0_B = Eigen::Vector3d(0.0, 0.6, 0.8), t1_B = Eigen::Vector3d(-1.0, 0.0, 0.0);
constexpr double F0 = 20.0, F1 = 5.0, tau0 = 0.4, tau1 = 0.15, kappa00 = 0.2;

struct ThroughC {
  std::shared_ptr<Model> model;
  std::shared_ptr<ThrusterStateEffector> thr;
  Eigen::Index kappa = 0;
};

ThroughC through_c(double command0) {
  ThroughC s;
  InitialState ic = at_rest_at_origin();
  ic.q_BN = Quaternion(std::cos(0.5 * angle), std::sin(0.5 * angle) * axis.x(), std::sin(0.5 * angle) * axis.y(),
                       std::sin(0.5 * angle) * axis.z());
  s.thr = std::make_shared<ThrusterStateEffector>(
      "thr", std::vector<ThrusterStateConfig>{thruster(0.7 * t0_B, t0_B, F0, tau0, kappa00, command0),
                                              thruster(-0.3 * t1_B, t1_B, F1, tau1, 0.0, 0.0)});
  s.model = one_vehicle_model(hub_config(hub_mass, Eigen::Vector3d(100.0, 200.0, 300.0), Eigen::Vector3d::Zero()), ic,
                              {s.thr});
  s.kappa = block_offset(*s.model, "sc/thr", "kappa");
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(thruster_state_effector)

BOOST_AUTO_TEST_CASE(kappa_closed_form_and_impulse_through_c) {
  // Commands changed between steps at the output times (docs/architecture.md §D7): thruster 0 on at
  // 0, off at
  // 1.5 s, throttled to 0.6 at 2.2 s; thruster 1 on from 0.5 s to 0.9 s. References: κ(T) and ∫κ dt
  // in closed form (eq. 5) and ΔV of C = dcm_NB t̂ F_max ∫κ dt / m (eq. 6; no torque about C, so
  // the attitude stays at q0, dcm_NB from Eigen's AngleAxis). The hub must not turn. rk4 on the
  // linear κ' at h/τ ≤ 6.7e-3: per-step error (h/τ)⁵/120 ≈ 1e-13, ≲ 1e-12 over the run; tolerance
  // 1e-11 on κ and 1e-11 m/s on ΔV (0.097 m/s), 1e-15 rad/s on ω.
  const ThroughC s = through_c(1.0);
  const std::vector<Command> c0 = {{0.0, 1.0}, {1.5, 0.0}, {2.2, 0.6}};
  const std::vector<Command> c1 = {{0.0, 0.0}, {0.5, 1.0}, {0.9, 0.0}};
  const std::vector<double> times = {0.0, 0.5, 0.9, 1.5, 2.2, 4.0};
  Eigen::VectorXd x = s.model->initial_state();
  PropagationSettings set;
  set.stepper = "rk4";
  set.dt = 1e-3;
  const System system(s.model);
  const Eigen::Index throttle = s.model->input_range(*s.thr).offset;  // thruster i: channel throttle + i
  propagate(system, x, times, set, [&](Eigen::VectorXd&, double t) {
    for (const Command& c : c0)
      if (c.t == t) system.inputs().set(throttle, c.u);
    for (const Command& c : c1)
      if (c.t == t) system.inputs().set(throttle + 1, c.u);
  });
  const double T = times.back();
  const auto [k0, i0] = kappa_and_integral(kappa00, tau0, c0, T);
  const auto [k1, i1] = kappa_and_integral(0.0, tau1, c1, T);
  const Eigen::Matrix3d dcm_NB = Eigen::AngleAxisd(angle, axis).toRotationMatrix();
  const Eigen::Vector3d dv_ref = dcm_NB * (F0 * i0 * t0_B + F1 * i1 * t1_B) / hub_mass;
  const VehicleDiagnostics d = vehicle_diagnostics(*s.model, x, T, 0);
  BOOST_TEST_MESSAGE("thruster state: dkappa "
                     << x[s.kappa] - k0 << ", " << x[s.kappa + 1] - k1 << "; |dv - ref| " << (d.dv_CN_N - dv_ref).norm()
                     << ", |v_C - ref| " << (d.v_CN_N - dv_ref).norm() << ", |omega| " << d.hub.omega_FN_F.norm());
  BOOST_CHECK_SMALL(x[s.kappa] - k0, 1e-11);
  BOOST_CHECK_SMALL(x[s.kappa + 1] - k1, 1e-11);
  BOOST_CHECK_SMALL((d.dv_CN_N - dv_ref).norm(), 1e-11);
  BOOST_CHECK_SMALL((d.v_CN_N - dv_ref).norm(), 1e-11);  // started at rest: v_C = ΔV
  BOOST_CHECK_SMALL(d.hub.omega_FN_F.norm(), 1e-15);
  BOOST_TEST(dv_ref.norm() > 0.05);  // the burn is real (0.097 m/s)
}

BOOST_AUTO_TEST_CASE(angular_impulse_about_principal_axis) {
  // One thruster at (0, 0.5, 0) m pushing along b3: torque about C = B is (0.5 F κ, 0, 0), along
  // the principal axis b1, so the hub turns about b1 = n1 and H_rot,C(T) = 0.5 F ∫κ dt n1, ω1 =
  // H/I1, T_rot = H²/(2 I1) (eq. 7). rk4 error as above (≲ 1e-12 relative); tolerance 1e-10
  // relative on H and T_rot, 1e-12 N m s off-axis.
  const auto model = one_vehicle_model(
      hub_config(hub_mass, Eigen::Vector3d(100.0, 200.0, 300.0), Eigen::Vector3d::Zero()), at_rest_at_origin(),
      {std::make_shared<ThrusterStateEffector>(
          "thr", std::vector<ThrusterStateConfig>{
                     thruster(Eigen::Vector3d(0.0, 0.5, 0.0), Eigen::Vector3d::UnitZ(), 10.0, 0.3, 0.0, 1.0)})});
  const double T = 3.0;
  const Eigen::VectorXd x = run_logged(System(model), model->initial_state(), T, 3000);
  const double H_ref = 0.5 * 10.0 * kappa_and_integral(0.0, 0.3, {{0.0, 1.0}}, T).second;
  const VehicleDiagnostics d = vehicle_diagnostics(*model, x, T, 0);
  BOOST_TEST_MESSAGE("angular impulse: H " << d.H_rot_PntC_N.transpose() << " ref " << H_ref << ", E_rot "
                                           << d.rotational_energy << " ref " << H_ref * H_ref / 200.0);
  BOOST_CHECK_SMALL(d.H_rot_PntC_N.x() / H_ref - 1.0, 1e-10);
  BOOST_CHECK_SMALL(d.H_rot_PntC_N.tail<2>().norm(), 1e-12);
  BOOST_CHECK_SMALL(d.hub.omega_FN_F.x() / (H_ref / 100.0) - 1.0, 1e-10);
  BOOST_CHECK_SMALL(d.rotational_energy / (H_ref * H_ref / 200.0) - 1.0, 1e-10);
}

BOOST_AUTO_TEST_CASE(rhs_does_not_allocate) {
  // docs/architecture.md §D3: no heap allocation in an evaluation.
  check_initial_rhs_does_not_allocate(through_c(1.0).model);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(thruster_state_effector_conservation)

BOOST_AUTO_TEST_CASE(impulse_balance_tumbling_hub_in_orbit) {
  // BR-03's balance for a hub-mounted thruster, in orbit, on a tumbling hub whose centre of mass is
  // offset from B: ΔH_rot,C = ∫ [NB] (r_TC × F_B) dt and ΔV_C = ∫ [NB] F_B / m dt, each integral by
  // the trapezoid rule on the logged samples (κ and the attitude from the state; r_TC = r_TB − c_B
  // with c_B = r_BcB_B: the thruster is massless). The trapezoid's error is O(h²): the residuals
  // must shrink 4× per halving (window 0.2–0.3); a wrong load (sign, arm, frame) leaves a residual
  // that does not shrink. Gravity is uniform at C: no torque about C, and ΔV excludes it.
  const Eigen::Vector3d r_BcB(0.05, -0.03, 0.1), r_TB(0.4, -0.2, 0.9), tHat = Eigen::Vector3d(1.0, -2.0, 2.0) / 3.0;
  const double F = 25.0, tau = 0.2;
  const auto model =
      one_vehicle_model(standard_hub(r_BcB), true, Eigen::Vector3d(0.3, -0.2, 0.25),
                        {std::make_shared<ThrusterStateEffector>(
                            "thr", std::vector<ThrusterStateConfig>{thruster(r_TB, tHat, F, tau, 0.0, 1.0)})});
  const Eigen::Index k = block_offset(*model, "sc/thr", "kappa");
  const double T = 2.0;
  // The torque about C and the force per mass at a logged sample.
  const auto load = [&](const Eigen::VectorXd& x, double, const VehicleDiagnostics& d) {
    const Eigen::Matrix3d dcm_NB = d.hub.dcm_FN.transpose();
    const Eigen::Vector3d F_B = F * x[k] * tHat;
    return std::pair<Eigen::Vector3d, Eigen::Vector3d>(dcm_NB * (r_TB - r_BcB).cross(F_B), dcm_NB * F_B / d.m);
  };
  check_impulse_balance(model, T, 100, "thruster state impulse residuals", load);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(thruster_state_effector_convergence)

BOOST_AUTO_TEST_CASE(closed_form_step_halving) {
  // Both thrusters on from t = 0 over 2 s, from dt = 0.1 s (h/τ1 = 0.67): κ and ΔV of C against
  // the closed forms (eqs. 5–6); rk4's window 3.8–4.25 (docs/verification/README.md), finest error
  // far above
  // round-off.
  const ThroughC s = through_c(1.0);
  const System system(s.model);  // its copies share this run's inputs
  system.inputs().set(s.model->input_range(*s.thr).offset + 1, 1.0);
  const double T = 2.0;
  const auto [k0, i0] = kappa_and_integral(kappa00, tau0, {{0.0, 1.0}}, T);
  const auto [k1, i1] = kappa_and_integral(0.0, tau1, {{0.0, 1.0}}, T);
  const Eigen::Matrix3d dcm_NB = Eigen::AngleAxisd(angle, axis).toRotationMatrix();
  const Eigen::Vector3d dv_ref = dcm_NB * (F0 * i0 * t0_B + F1 * i1 * t1_B) / hub_mass;
  const Eigen::Index dv = s.model->vehicle(0).offsets().dv_CN_N;
  const StepHalvingStudy study = step_halving_study(
      system, s.model->initial_state(), 0.0, T, "rk4", 0.1, 4,
      [&, k0 = k0, k1 = k1](const Eigen::VectorXd& x) {  // bindings captured by name (clang 14)
        return std::max({std::abs(x[s.kappa] - k0), std::abs(x[s.kappa + 1] - k1), (x.segment<3>(dv) - dv_ref).norm()});
      });
  check_rk4_window(study, "thruster state closed form", 1e-10);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(family_errors)

namespace {

void thrusters_with(const std::function<void(ThrusterStateConfig&)>& edit) {
  ThrusterStateEffector(
      "thr", {thruster(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitY(), 1.0, 0.1, 0.0, 0.0),
              edited(thruster(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitX(), 10.0, 0.1, 0.0, 0.0), edit)});
}

}  // namespace

BOOST_AUTO_TEST_CASE(thruster_state_effector_rejected_fields) {
  const std::string o = "thruster_state_effector 'thr' thruster 1: ";
  check_rejected([] { ThrusterStateEffector("thr", {}); },
                 {"thruster_state_effector 'thr': thrusters = 0: needs at least one thruster"});
  check_rejected([] { thrusters_with([](auto& c) {
                        c.r_TB_B = Length3{Eigen::Vector3d(kNaN, 0, 0), si::meter};
                      }); },
                 {o + "r_TB_B [m]", "finite"});
  check_rejected([] { thrusters_with([](auto& c) { c.tHat_B = Eigen::Vector3d(1.0, 1.0, 0.0); }); },
                 {o + "tHat_B", "unit vector"});
  check_rejected([] { thrusters_with([](auto& c) { c.tHat_B.setZero(); }); }, {o + "tHat_B", "zero length"});
  check_rejected([] { thrusters_with([](auto& c) { c.max_thrust = 0.0 * si::newton; }); },
                 {o + "max_thrust [N] = 0: must be positive"});
  check_rejected([] { thrusters_with([](auto& c) { c.time_constant = -0.5 * si::second; }); },
                 {o + "time_constant [s] = -0.5: must be positive"});
  check_rejected([] { thrusters_with([](auto& c) { c.time_constant = 0.0 * si::second; }); },
                 {o + "time_constant [s] = 0: must be positive"});
  check_rejected([] { thrusters_with([](auto& c) { c.kappa0 = 1.5; }); }, {o + "kappa0 [1] = 1.5: must lie in [0, 1]"});
  check_rejected([] { thrusters_with([](auto& c) { c.kappa0 = kNaN; }); }, {o + "kappa0 [1]", "finite"});
  check_rejected([] { thrusters_with([](auto& c) { c.command0 = -0.25; }); },
                 {o + "command0 [1] = -0.25: must lie in [0, 1]"});
  BOOST_CHECK_NO_THROW(thrusters_with([](auto& c) {
    c.kappa0 = 1.0;
    c.command0 = 0.5;
  }));
}

BOOST_AUTO_TEST_CASE(thruster_state_effector_rejected_inputs_and_child) {
  ThrusterStateEffector thr("thr", {thruster(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitX(), 1.0, 0.1, 0.0, 0.0)});
  check_rejected([&] { thr.set_command(0, 2.0); },
                 {"thruster_state_effector 'thr' thruster 0: command [1] = 2: must lie in [0, 1]"});
  check_rejected([&] { thr.set_command(1, 1.0); },
                 {"thruster_state_effector 'thr': thruster index (set_command) = 1", "out of range"});
  check_rejected([&] { thr.command(3); }, {"thruster index (command) = 3"});
  // No segment frame: no child (BR-01); the error names both effectors.
  check_hosts_no_child(thr, "thruster_state_effector 'thr'");
}

BOOST_AUTO_TEST_SUITE_END()
