// Prescribed motion platform (docs/models/prescribed_platform.md): held at rest it is a rigid
// appendage; a slew about a common principal axis makes the hub counter-rotate in closed form with
// the actuator torque of eq. (8); momentum is conserved during any slew; the actuator's work is the
// change of rotational energy; the actuator wrench is the hub's reaction; a child on the platform
// frame obeys BR-03's impulse balance; the profile's derivatives are consistent; convergence.
#include "ramus/systems/prescribed_platform.hpp"

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <numbers>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/steppers/step_halving.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "support/models.hpp"
#include "systems/platform_support.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;

struct Slewing {
  std::shared_ptr<Model> model;
  std::shared_ptr<PrescribedPlatform> platform;
};

Slewing slewing(bool orbit, const Eigen::Vector3d& omega0) {
  Slewing s;
  s.platform = std::make_shared<PrescribedPlatform>(
      "platform",
      platform_config(kPlatI, Eigen::Vector3d(0.1, 0.05, -0.2), Eigen::Vector3d(0.5, 0.0, 1.0),
                      rot(Eigen::Vector3d(0, 1, 0), 0.4).transpose()),
      slew());
  s.model = one_vehicle_model(standard_hub(kHubC), orbit, omega0, {s.platform});
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(prescribed_platform)

BOOST_AUTO_TEST_CASE(profile_derivatives_are_consistent) {
  // The profile helper's r', r'', ω, ω' against central differences of its r and q (Richardson:
  // (4 D(δ/2) − D(δ))/3, O(δ⁴) ≈ 1e-12 at δ = 1e-3 s); ω from the quaternion rate
  // ω_PM_P = 2 vec(q* ⊗ q̇). Tolerance 1e-8 (the differences' round-off, ~ε/δ ≈ 2e-13, is far below).
  const PrescribedProfile p = slew();
  double worst = 0.0;
  for (double t = 0.3; t < 5.0; t += 0.173) {
    auto d = [&](auto f, double delta) { return ((f(t + delta) - f(t - delta)) / (2.0 * delta)).eval(); };
    auto rich = [&](auto f) { return ((4.0 * d(f, 5e-4) - d(f, 1e-3)) / 3.0).eval(); };
    const PrescribedPose x = p(t);
    const Eigen::Vector3d rp = rich([&](double s) { return p(s).r_PM_M; });
    const Eigen::Vector3d rpp = rich([&](double s) { return p(s).rPrime_PM_M; });
    const Eigen::Vector4d qd = rich([&](double s) { return p(s).q_PM; });
    const Eigen::Vector3d w = 2.0 * quat_multiply(quat_conjugate(x.q_PM), qd).tail<3>();
    const Eigen::Vector3d wp = rich([&](double s) { return p(s).omega_PM_P; });
    worst = std::max({worst, (rp - x.rPrime_PM_M).norm(), (rpp - x.rPrimePrime_PM_M).norm(), (w - x.omega_PM_P).norm(),
                      (wp - x.omegaPrime_PM_P).norm()});
  }
  BOOST_TEST_MESSAGE("profile derivatives vs finite differences: " << worst);
  BOOST_TEST(worst < 1e-8);
  // Ends: at rest at θ0 + Δθ and r0 + Δr.
  const PrescribedPose e = p(10.0);
  BOOST_TEST(attitude_error_angle(e.q_PM, quat(Eigen::Vector3d(1, 2, 2), 1.4)) < 1e-15);
  BOOST_TEST((e.r_PM_M - Eigen::Vector3d(0.4, 0.0, 0.3)).norm() < 1e-15);
  BOOST_TEST(e.omega_PM_P.norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(held_at_rest_equals_rigid_appendage) {
  // Held at a fixed pose, the platform is part of a rigid hub: the reference hub carries the
  // composite mass, c.o.m. and inertia (written here by parallel axes). In orbit, tumbling, 2 s at
  // 1e-3 s: two formulations of one ODE, round-off apart; tolerance 1e-11 relative.
  const Eigen::Vector3d r_MB(0.5, 0.0, 1.0), r_PM(0.3, -0.2, 0.5), r_PcP(0.1, 0.05, -0.2);
  const Eigen::Matrix3d dcm_MB = rot(Eigen::Vector3d(0, 1, 0), 0.4).transpose();
  const Quaternion q_PM = quat(Eigen::Vector3d(1, 1, 0), 0.7);
  const auto a =
      one_vehicle_model(standard_hub(kHubC), true, Eigen::Vector3d(0.1, -0.1, 0.1),
                        {std::make_shared<PrescribedPlatform>("platform", platform_config(kPlatI, r_PcP, r_MB, dcm_MB),
                                                              hold_profile(Length3{r_PM, si::meter}, q_PM))});
  const Eigen::Matrix3d dcm_BP = dcm_MB.transpose() * rot(Eigen::Vector3d(1, 1, 0), 0.7);
  const Eigen::Vector3d r_PcB = r_MB + dcm_MB.transpose() * r_PM + dcm_BP * r_PcP;
  const auto b = one_vehicle_model(composite_hub(r_PcB, dcm_BP), true, Eigen::Vector3d(0.1, -0.1, 0.1), {});
  const Eigen::VectorXd xa = run_logged(System(a), a->initial_state(), 2.0, 2000);
  const Eigen::VectorXd xb = run_logged(System(b), b->initial_state(), 2.0, 2000);
  const double e = hub_difference(xa, xb);
  BOOST_TEST_MESSAGE("held platform vs rigid hub: " << e);
  BOOST_TEST(e < 1e-11);
}

BOOST_AUTO_TEST_CASE(counter_rotation_closed_form) {
  // Hub (c.o.m. at B, principal axes) at rest in free space; the platform's c.o.m. at B, its
  // inertia diag(30, 25, c) (z principal), slewing by 1.2 rad about z = b3. Angular momentum about
  // z is zero and everything stays about z: (I_z + c) ω + c θ̇ = 0, so ω(t) = −c θ̇/(I_z + c), the hub
  // turns by −c (θ − θ0)/(I_z + c), and the actuator torque on the platform is
  // c (ω̇ + θ̈) = c θ̈ I_z/(I_z + c) (eq. 8), θ(t) from the profile. rk4 at 1e-3 s on a smooth
  // profile: ~1e-15; tolerances 1e-12 rad, 1e-13 rad/s and 1e-11 of the peak torque.
  const double Iz = 600.0, cz = 20.0;
  auto model = std::make_shared<Model>();
  auto& sc = model->add_vehicle("sc", standard_hub());
  sc.set_initial_state(at_rest_at_origin());
  const PrescribedProfile profile = bang_coast_bang_profile(
      Eigen::Vector3d::UnitZ(), 0.0 * si::radian, 1.2 * si::radian, Length3{Eigen::Vector3d::Zero(), si::meter},
      Length3{Eigen::Vector3d::Zero(), si::meter}, {0.5 * si::second, 1.0 * si::second, 2.0 * si::second});
  auto plat = std::make_shared<PrescribedPlatform>(
      "platform",
      platform_config(Eigen::Vector3d(30.0, 25.0, cz).asDiagonal(), Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(),
                      Eigen::Matrix3d::Identity()),
      profile);
  sc.add_state_effector(plat);
  model->finalize();
  const System system(model);
  double e_w = 0.0, e_phi = 0.0, e_L = 0.0, L_peak = 0.0;
  run_logged(system, model->initial_state(), 5.0, 5000, [&](const Eigen::VectorXd& x, double t) {
    const PrescribedPose p = profile(t);
    const double th = 2.0 * std::atan2(p.q_PM[3], p.q_PM[0]), thd = p.omega_PM_P.z(), thdd = p.omegaPrime_PM_P.z();
    const Eigen::Vector3d w = x.segment<3>(10);
    const Quaternion q_ref = quat(Eigen::Vector3d::UnitZ(), -cz * th / (Iz + cz));
    e_w = std::max({e_w, std::abs(w.z() + cz * thd / (Iz + cz)), w.head<2>().norm()});
    e_phi = std::max(e_phi, attitude_error_angle(x.segment<4>(6), q_ref));
    Eigen::VectorXd dxdt(x.size());
    system(x, dxdt, t);
    const Wrench& act = plat->actuator_wrench(platform_ws(system));
    const double L_ref = cz * thdd * Iz / (Iz + cz);
    L_peak = std::max(L_peak, std::abs(L_ref));
    e_L = std::max(
        {e_L, std::abs(act.torque_PntF_F.z() - L_ref), act.torque_PntF_F.head<2>().norm(), act.force_F.norm()});
  });
  BOOST_TEST_MESSAGE("counter-rotation: |d omega| " << e_w << ", attitude " << e_phi << ", actuator torque " << e_L
                                                    << " (peak " << L_peak << " N m)");
  BOOST_TEST(e_w < 1e-13);
  BOOST_TEST(e_phi < 1e-12);
  BOOST_TEST(e_L < 1e-11 * L_peak);
  BOOST_TEST(L_peak > 1.0);
}

BOOST_AUTO_TEST_CASE(actuator_wrench_is_the_hubs_reaction) {
  // Mid-slew in orbit, tumbling: the hub alone (750 kg, inertia about Bc) obeys Newton–Euler under
  // gravity and the reaction of the actuator, −F at P and −L about P (eq. 8), with the model's own
  // solved r̈_B, ω̇. Independent of the hub system's assembly; tolerance 1e-10 of the terms' size.
  const Slewing s = slewing(true, Eigen::Vector3d(0.3, -0.2, 0.25));
  const System system(s.model);
  const Eigen::VectorXd x = run_logged(system, s.model->initial_state(), 1.0, 1000);  // in the acceleration phase
  // P's pose from the test's geometry (not the published r_PN, whose 1e7 m carry 2e-9 m of round-off)
  const HubNewtonEuler r = hub_newton_euler(system, *s.platform, x, 1.0, Eigen::Vector3d(0.5, 0.0, 1.0),
                                            rot(Eigen::Vector3d(0, 1, 0), 0.4).transpose());
  BOOST_TEST_MESSAGE("hub Newton-Euler residuals: " << r.res_F.norm() << " N (|F| " << r.F_B.norm() << "), "
                                                    << r.res_L.norm() << " N m (|L| " << r.L_B.norm() << ")");
  BOOST_TEST(r.res_F.norm() < 1e-10 * (750.0 * r.g_B.norm()));
  BOOST_TEST(r.res_L.norm() < 1e-10 * std::max(1.0, r.L_B.norm()));
  BOOST_TEST(r.L_B.norm() > 0.1);  // mid-slew: the actuator works
}

BOOST_AUTO_TEST_CASE(child_on_the_platform_impulse_balance) {
  // A force/torque child on segment 0 (the platform frame): F = τ = (1, 1, 1) in P about its origin.
  // BR-03's balance: ΔH_rot,C = ∫ [NP](τ + r_PC × F) dt and ΔV_C = ∫ [NP]F/m dt, the platform frame
  // from the test's own geometry (the profile's pose, the mount, the hub state), integrals by the
  // trapezoid; residual ratios 0.2–0.3 per halving.
  const Eigen::Vector3d F(1.0, 1.0, 1.0), L(1.0, 1.0, 1.0);
  Slewing s;
  const Eigen::Vector3d r_MB(0.5, 0.0, 1.0), r_PcP(0.1, 0.05, -0.2);
  const Eigen::Matrix3d dcm_MB = rot(Eigen::Vector3d(0, 1, 0), 0.4).transpose();
  s.platform = std::make_shared<PrescribedPlatform>("platform", platform_config(kPlatI, r_PcP, r_MB, dcm_MB), slew());
  ExternalForceTorqueConfig fc;
  fc.force_F = Force3{F, si::newton};
  fc.torque_PntF_F = Torque3{L, newton_meter};
  s.platform->add_dynamic_effector(std::make_shared<ExternalForceTorque>("load", fc), 0);
  s.model = one_vehicle_model(standard_hub(kHubC), true, Eigen::Vector3d(0.3, -0.2, 0.25), {s.platform});
  const PrescribedProfile prof = slew();
  const double T = 5.0;
  // The torque about C and the force per mass at a logged sample.
  const auto load = [&](const Eigen::VectorXd&, double t, const VehicleDiagnostics& d) {
    const PrescribedPose p = prof(t);
    const Eigen::Matrix3d dcm_NB = d.hub.dcm_FN.transpose();
    const Eigen::Matrix3d dcm_BP = dcm_MB.transpose() * rotation_matrix(p.q_PM);
    const Eigen::Vector3d r_PB = r_MB + dcm_MB.transpose() * p.r_PM_M;
    const Eigen::Vector3d c_B = d.hub.dcm_FN * (d.r_CN_N - d.hub.r_FN_N);
    const Eigen::Vector3d F_N = dcm_NB * dcm_BP * F;
    const Eigen::Vector3d tq = dcm_NB * (dcm_BP * L + (r_PB - c_B).cross(dcm_BP * F));
    return std::pair<Eigen::Vector3d, Eigen::Vector3d>(tq, F_N / d.m);
  };
  check_impulse_balance(s.model, T, 500, "platform child impulse residuals", load);
}

BOOST_AUTO_TEST_CASE(rhs_does_not_allocate) {
  check_initial_rhs_does_not_allocate(slewing(true, Eigen::Vector3d(0.1, -0.1, 0.1)).model);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(prescribed_platform_conservation)

BOOST_AUTO_TEST_CASE(momentum_conserved_during_slew_in_orbit) {
  // The actuator's loads are internal: during the slew (and translation) H_rot,C, H_orb and the
  // orbital energy stay conserved and ΔV of C is zero, while T_rot changes (the actuator works).
  // rk4 at 1e-3 s for 5 s; bound 1e-10 relative, 1e-11 m/s on ΔV.
  const Slewing s = slewing(true, Eigen::Vector3d(0.1, -0.1, 0.1));
  check_slew_conserves_momentum(s.model, "slewing platform drift");
}

BOOST_AUTO_TEST_CASE(actuator_work_balance) {
  // ΔT_rot = ∫ (F·r'_PB + L·ω_PB) dt: the power of the actuator's wrench (F on the platform, L about
  // P) through the platform's motion relative to the hub, with r'_PB and ω_PB from the test's own
  // geometry (the profile and the mount). The trapezoid's error is O(h²): residual ratios 0.2–0.3.
  // The run stops mid-slew (1.25 s, in the acceleration phase): over the whole slew the power and
  // its slope vanish at both ends, the h² term of the trapezoid's error with them, and the residual
  // falls as h⁴ (measured ratios 0.062) into round-off.
  const Slewing s = slewing(true, Eigen::Vector3d(0.1, -0.1, 0.1));
  check_actuator_work_order(s.model, *s.platform, rot(Eigen::Vector3d(0, 1, 0), 0.4).transpose(),
                            "platform actuator work residuals");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(prescribed_platform_convergence)

BOOST_AUTO_TEST_CASE(slew_step_halving) {
  // The hub's attitude and rate after the slew in orbit, each level against the next finer one,
  // from dt = 0.1 s (the profile is smooth: its acceleration is continuous at the switches): rk4's
  // window 3.8–4.25; and the H_rot drift at the same steps.
  const Slewing s = slewing(true, Eigen::Vector3d(0.3, -0.2, 0.25));
  const System system(s.model);
  const StepHalvingStudy study = step_halving_study_self(
      0.1, 4,
      [&](double dt) {
        return run_logged(system, s.model->initial_state(), 5.0, static_cast<int>(std::lround(5.0 / dt)));
      },
      [&](const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
        return std::max(attitude_error_angle(a.segment<4>(6), b.segment<4>(6)),
                        (a.segment<3>(10) - b.segment<3>(10)).norm());
      });
  check_rk4_window(study, "platform slew", 1e-13);
  check_H_rot_drift_order(s.model, {50, 100, 200, 400}, "platform H_rot drift");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(family_errors)

BOOST_AUTO_TEST_CASE(prescribed_platform_rejected_fields) {
  const std::string o = "prescribed_platform 'platform': ";
  auto with = [&](const std::function<void(PrescribedPlatformConfig&)>& edit, PrescribedProfile p = slew()) {
    PrescribedPlatform(
        "platform",
        edited(platform_config(kPlatI, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity()),
               edit),
        std::move(p));
  };
  check_rejected([&] { with([](auto& c) { c.mass = 0.0 * si::kilogram; }); }, {o + "mass [kg] = 0: must be positive"});
  check_rejected([&] { with([](auto& c) { c.I_PntPc_P = InertiaTensor(-Eigen::Matrix3d::Identity(), kg_m2); }); },
                 {o + "I_PntPc_P [kg m^2]"});
  check_rejected([&] { with([&](auto& c) {
                         c.r_PcP_P = Length3{Eigen::Vector3d(kNaN, 0, 0), si::meter};
                       }); },
                 {o + "r_PcP_P [m]", "finite"});
  check_rejected([&] { with([](auto& c) { c.dcm_MB = 2.0 * Eigen::Matrix3d::Identity(); }); }, {o + "dcm_MB"});
  check_rejected([&] { with([](auto&) {}, PrescribedProfile{}); }, {o + "profile = empty: needs a profile of time"});
  // A profile whose quaternion is not unit: refused at finalize, naming the time.
  auto model = std::make_shared<Model>();
  model->add_vehicle("sc", standard_hub(kHubC));
  model->vehicle(0).add_state_effector(std::make_shared<PrescribedPlatform>(
      "platform",
      platform_config(kPlatI, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity()),
      [](double) {
        PrescribedPose p;
        p.q_PM = Quaternion(2.0, 0.0, 0.0, 0.0);
        return p;
      }));
  check_rejected([&] { model->finalize(); }, {o + "profile(tau0 = 0).q_PM"});
  // The helpers check their own arguments.
  check_rejected(
      [] {
        hold_profile(Length3{Eigen::Vector3d::Zero(), si::meter}, Quaternion(1.0, 1.0, 0.0, 0.0));
      },
      {"hold_profile: q_PM"});
  check_rejected(
      [] {
        bang_coast_bang_profile(Eigen::Vector3d::UnitZ(), 0.0 * si::radian, 1.0 * si::radian, Length3{}, Length3{},
                                {0.0 * si::second, 0.0 * si::second, 1.0 * si::second});
      },
      {"bang_coast_bang_profile: t_accel [s] = 0: must be positive"});
  // One segment: the platform frame; segment 1 does not exist.
  PrescribedPlatform p(
      "platform",
      platform_config(kPlatI, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity()), slew());
  check_rejected(
      [&] { p.add_dynamic_effector(std::make_shared<ExternalForceTorque>("push"), 1); },
      {"prescribed_platform 'platform'", "external_force_torque 'push'", "out of range (1 segments, 0-based)"});
}

BOOST_AUTO_TEST_SUITE_END()
