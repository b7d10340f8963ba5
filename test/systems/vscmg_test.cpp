// VSCMG (docs/models/vscmg.md): a locked gimbal equals a reaction wheel (with the gimbal frame as
// part of a rigid hub), the balanced gimbal and wheel rows against Basilisk's closed forms,
// conservation and motor work in orbit with jitter, convergence, rejected inputs.
#include "ramus/systems/vscmg.hpp"

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>

#include "ramus/kernel/attitude.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "support/models.hpp"
#include "systems/effector_cases.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;

/// dcm of a rotation by `angle` about `axis` (Eigen, test-side): columns are the rotated basis.
Eigen::Matrix3d rot(const Eigen::Vector3d& axis, double angle) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

struct Device {
  Eigen::Matrix3d R;  ///< columns ĝs0, ĝt0, ĝg in B
  Eigen::Vector3d r_GB, r_GcG, r_WG;
  double mG, mW, IW1, IW2, IW3, Us, Ud, gamma0, gammaDot0, theta0, Omega0, ug, us;
  Eigen::Matrix3d IG;
  bool locked = false;
};

VscmgConfig config_of(const Device& d) {
  VscmgConfig c;
  c.gsHat0_B = d.R.col(0);
  c.gtHat0_B = d.R.col(1);
  c.ggHat_B = d.R.col(2);
  c.r_GB_B = Length3{d.r_GB, si::meter};
  c.massG = d.mG * si::kilogram;
  c.IG_PntGc_G = InertiaTensor(d.IG, kg_m2);
  c.r_GcG_G = Length3{d.r_GcG, si::meter};
  c.r_WG_G = Length3{d.r_WG, si::meter};
  c.massW = d.mW * si::kilogram;
  c.IW1 = d.IW1 * kg_m2;
  c.IW2 = d.IW2 * kg_m2;
  c.IW3 = d.IW3 * kg_m2;
  c.Us = d.Us * si::kilogram * si::meter;
  c.Ud = d.Ud * kg_m2;
  c.gamma0 = d.gamma0 * si::radian;
  c.gammaDot0 = d.gammaDot0 * si::radian_per_second;
  c.theta0 = d.theta0 * si::radian;
  c.Omega0 = d.Omega0 * si::radian_per_second;
  c.gimbal_torque = d.ug * newton_meter;
  c.wheel_torque = d.us * newton_meter;
  c.gimbal_locked = d.locked;
  return c;
}

Eigen::Matrix3d full(const Eigen::Vector3d& diag, double p) {
  Eigen::Matrix3d I = diag.asDiagonal();
  I(0, 1) = I(1, 0) = p;
  I(1, 2) = I(2, 1) = -0.5 * p;
  return I;
}

/// Basilisk's three devices (Ω0 = 2000, 350, −900 rpm,
/// γ̇0 = 0.06, 0.011, −0.003 rad/s, massW = massG = 6 kg, IW1 = 100/Ω_max), placed and oriented
/// differently, gimbal frames with full tensors and offset c.o.m., imbalanced wheels (× `jitter`).
std::vector<Device> three_devices(double jitter, bool torques, double omega_scale = 1.0, double torque_scale = 1.0) {
  const double rpm = 2.0 * std::numbers::pi / 60.0, IW1 = 100.0 / (6000.0 * rpm);
  std::vector<Device> d(3);
  const Eigen::Vector3d axes[3] = {Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0, 1, 1), Eigen::Vector3d(-1, 2, 0.5)};
  const double angles[3] = {0.3, -0.8, 1.9};
  const double Om[3] = {2000.0 * rpm, 350.0 * rpm, -900.0 * rpm}, gd[3] = {0.06, 0.011, -0.003};
  const double g0[3] = {0.0, 0.2, -0.5}, ug[3] = {0.008, -0.0015, -0.006}, us[3] = {0.001, 0.005, -0.009};
  for (int i = 0; i < 3; ++i) {
    Device& x = d[static_cast<std::size_t>(i)];
    x.R = rot(axes[i], angles[i]);
    x.r_GB = Eigen::Vector3d(0.1 * (i + 1), -0.05 * i, 0.2 - 0.1 * i);
    x.r_GcG = Eigen::Vector3d(0.01, 0.0, -0.02);
    x.r_WG = Eigen::Vector3d(0.02, 0.0, 0.0);
    x.mG = 6.0;
    x.IG = full(Eigen::Vector3d(0.1, 0.12, 0.08), 0.01);
    x.mW = 6.0;
    x.IW1 = IW1;
    x.IW2 = IW1 / 2.0;
    x.IW3 = IW1 / 2.0 * (1.0 + 0.1 * jitter);
    x.Us = 0.01 * jitter;
    x.Ud = 0.004 * jitter;
    x.gamma0 = g0[i];
    x.gammaDot0 = gd[i];
    x.theta0 = 0.5 * i;
    x.Omega0 = omega_scale * Om[i];
    x.ug = torques ? torque_scale * ug[i] : 0.0;
    x.us = torques ? torque_scale * us[i] : 0.0;
  }
  return d;
}

std::shared_ptr<Model> vehicle_with(const std::vector<Device>& devices, const InitialState& ic, bool gravity) {
  std::vector<std::shared_ptr<StateEffector>> cmgs;
  for (std::size_t i = 0; i < devices.size(); ++i)
    cmgs.push_back(std::make_shared<Vscmg>("cmg" + std::to_string(i), config_of(devices[i])));
  return one_vehicle_model(standard_hub(Eigen::Vector3d(0.05, -0.1, 0.2)), ic, cmgs, gravity);
}

double rel(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).lpNorm<Eigen::Infinity>() / std::max(b.lpNorm<Eigen::Infinity>(), 1e-300);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(vscmg)

BOOST_AUTO_TEST_CASE(locked_gimbal_equals_reaction_wheel) {
  // A gimbal locked at γ0 = 0.3 rad is a rigid part of the hub, and its balanced wheel a reaction
  // wheel on the fixed axis ĝs(γ0) = cos γ0 ĝs0 + sin γ0 ĝt0. Reference: a hub whose mass, c.o.m.
  // and inertia are the hub's and the gimbal frame's composite (written here by parallel axes), with
  // a ReactionWheels wheel (Js = IW1, Jt = IW2 = IW3, its mass at r_GB + [BG] r_WG). Both in orbit,
  // tumbling, wheel motor 0.05 N m, 2 s at 1e-3 s: the same ODE in two formulations, round-off apart
  // (~1e-14); tolerance 1e-11 (a wrong axis, frame or mass mapping is ≥ 1e-4).
  Device d = three_devices(0.0, false)[1];
  d.gamma0 = 0.3;
  d.gammaDot0 = 0.0;
  d.locked = true;
  d.us = 0.05;
  const auto a = vehicle_with({d}, basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)), true);
  // the reference vehicle
  const Eigen::Matrix3d dcm_BG = d.R * rot(Eigen::Vector3d::UnitZ(), d.gamma0);  // columns ĝs, ĝt, ĝg at γ0
  const Eigen::Vector3d r_BcB(0.05, -0.1, 0.2), r_GcB = d.r_GB + dcm_BG * d.r_GcG;
  const double m = 750.0 + d.mG;
  const Eigen::Vector3d c = (750.0 * r_BcB + d.mG * r_GcB) / m;
  auto pa = [](double mm, const Eigen::Vector3d& r) {
    return Eigen::Matrix3d(mm * (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose()));
  };
  const Eigen::Matrix3d I_c = Eigen::Vector3d(900.0, 800.0, 600.0).asDiagonal().toDenseMatrix() + pa(750.0, r_BcB - c) +
                              dcm_BG * d.IG * dcm_BG.transpose() + pa(d.mG, r_GcB - c);
  HubConfig h;
  h.mass = m * si::kilogram;
  h.I_PntBc_B = InertiaTensor(I_c, kg_m2);
  h.r_BcB_B = Length3{c, si::meter};
  auto b = std::make_shared<Model>();
  auto& sc = b->add_vehicle("sc", h);
  sc.set_initial_state(basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)));
  set_earth_gravity(*b);
  ReactionWheelConfig w;
  w.gsHat_B = dcm_BG.col(0);
  w.r_WcB_B = Length3{d.r_GB + dcm_BG * d.r_WG, si::meter};
  w.mass = d.mW * si::kilogram;
  w.Js = d.IW1 * kg_m2;
  w.Jt = d.IW2 * kg_m2;
  w.Omega0 = d.Omega0 * si::radian_per_second;
  w.motor_torque = d.us * newton_meter;
  sc.add_state_effector(std::make_shared<ReactionWheels>("rw", std::vector{w}));
  b->finalize();
  const Eigen::VectorXd xa = run_logged(System(a), a->initial_state(), 2.0, 2000);
  const Eigen::VectorXd xb = run_logged(System(b), b->initial_state(), 2.0, 2000);
  const Eigen::Index oa = block_offset(*a, "sc/cmg0", "rate"), ob = block_offset(*b, "sc/rw", "Omega");
  const double e_hub =
      std::max({rel(xa.segment<3>(0), xb.segment<3>(0)), rel(xa.segment<3>(3), xb.segment<3>(3)),
                attitude_error_angle(xa.segment<4>(6), xb.segment<4>(6)), rel(xa.segment<3>(10), xb.segment<3>(10))});
  BOOST_TEST_MESSAGE("locked gimbal vs reaction wheel: hub "
                     << e_hub << ", wheel rate " << std::abs(xa[oa + 1] - xb[ob]) / std::abs(xb[ob]) << ", gimbal rate "
                     << xa[oa]);
  BOOST_TEST(e_hub < 1e-11);
  BOOST_TEST(std::abs(xa[oa + 1] - xb[ob]) / std::abs(xb[ob]) < 1e-11);
  BOOST_TEST(xa[oa] == 0.0);                      // a locked joint's rate stays exactly zero
  BOOST_TEST(std::abs(xb[ob] - d.Omega0) > 0.5);  // the wheel did spin up (by u T/Js ≈ 0.63 rad/s)
}

BOOST_AUTO_TEST_CASE(balanced_rows_match_basilisk_closed_form) {
  // Basilisk's balanced VSCMG rows (reference §9), written here from Euler's equations of the
  // gimbal + wheel about ĝg and of the wheel about ĝs, valid when both centres of mass sit at G and
  // the inertias are principal in G with an axisymmetric wheel:
  //   γ̈ = (u_g + (IV1 − IV2) ω_s ω_t + IW1 Ω ω_t)/IV3 − ĝg·ω̇,   Ω̇ = u_s/IW1 − ĝs·ω̇ − ω_t γ̇,
  // IV = IG + IW, ω_s, ω_t the hub rate's components on the current ĝs, ĝt; evaluated with the
  // model's solved ω̇ (from dxdt) at a general state. Tolerance 1e-12 relative.
  Device d = three_devices(0.0, true)[2];
  d.r_GcG.setZero();
  d.r_WG.setZero();
  d.IG = Eigen::Vector3d(0.1, 0.12, 0.08).asDiagonal();
  d.gamma0 = 0.4;
  d.gammaDot0 = 0.2;
  d.Omega0 = 100.0;
  d.ug = 0.01;
  d.us = 0.02;
  InitialState ic = at_rest_at_origin(Eigen::Vector3d(0.3, -0.2, 0.25));
  const auto model = vehicle_with({d}, ic, false);
  const System system(model);
  const Eigen::VectorXd x = model->initial_state();
  Eigen::VectorXd dxdt(x.size());
  system(x, dxdt, 0.0);
  const Eigen::Vector3d omega = x.segment<3>(10), omegaDot = dxdt.segment<3>(10);
  const Eigen::Index o = block_offset(*model, "sc/cmg0", "rate");
  const Eigen::Matrix3d G = d.R * rot(Eigen::Vector3d::UnitZ(), d.gamma0);
  const Eigen::Vector3d gs = G.col(0), gt = G.col(1), gg = G.col(2);
  const double ws = gs.dot(omega), wt = gt.dot(omega);
  const double IV1 = d.IG(0, 0) + d.IW1, IV2 = d.IG(1, 1) + d.IW2, IV3 = d.IG(2, 2) + d.IW3;
  const double gammaDDot = (d.ug + (IV1 - IV2) * ws * wt + d.IW1 * d.Omega0 * wt) / IV3 - gg.dot(omegaDot);
  const double OmegaDot = d.us / d.IW1 - gs.dot(omegaDot) - wt * d.gammaDot0;
  BOOST_TEST_MESSAGE("balanced rows: gammaDDot " << dxdt[o] << " vs " << gammaDDot << ", OmegaDot " << dxdt[o + 1]
                                                 << " vs " << OmegaDot);
  BOOST_TEST(std::abs(dxdt[o] - gammaDDot) <= 1e-12 * std::max(1.0, std::abs(gammaDDot)));
  BOOST_TEST(std::abs(dxdt[o + 1] - OmegaDot) <= 1e-12 * std::max(1.0, std::abs(OmegaDot)));
  BOOST_TEST(std::abs(d.IW1 * d.Omega0 * wt / IV3) > 1.0);  // the gyroscopic term is exercised
}

BOOST_AUTO_TEST_CASE(rhs_does_not_allocate) {
  check_initial_rhs_does_not_allocate(
      vehicle_with(three_devices(1.0, true), basilisk_orbit(Eigen::Vector3d(0.08, 0.01, 0.0)), true));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(vscmg_conservation)

BOOST_AUTO_TEST_CASE(conserves_in_orbit_with_jitter) {
  // Three imbalanced VSCMGs, no torque, in orbit; rk4 at 5e-5 s (Ω h ≤ 0.011) for 0.5 s. Bound
  // 1e-10 relative (docs/verification/README.md, wheels).
  const auto model = vehicle_with(three_devices(1.0, false), basilisk_orbit(Eigen::Vector3d(0.08, 0.01, 0.0)), true);
  check_invariants_held(max_relative_drift(model, model->initial_state(), 0.5, 10000), "vscmg drift", 1e-10);
}

BOOST_AUTO_TEST_CASE(motor_work_balance) {
  // Basilisk's torque pattern ×20 (wheel 0.02, 0.1, −0.18; gimbal 0.16, −0.03, −0.12 N m) held, with
  // jitter, on wheels at 1/20 of Basilisk's speeds (≤ 10.5 rad/s): ΔT_rot = Σ ∫ (u_g γ̇ + u_s Ω) dt,
  // the work by the trapezoid on the logged samples; residual ratio 0.2–0.3 per halving. (At
  // Basilisk's 2000 rpm the wheels' kinetic energy, ~3.5e3 J, makes rk4's energy error, not the
  // trapezoid's, the residual at every affordable step.) Momenta stay conserved (internal
  // torques): 1e-10.
  const auto dev = three_devices(1.0, true, 0.05, 20.0);
  const auto model = vehicle_with(dev, basilisk_orbit(Eigen::Vector3d(0.08, 0.01, 0.0)), true);
  const System system(model);
  Eigen::Index o[3];
  for (int i = 0; i < 3; ++i) o[i] = block_offset(*model, "sc/cmg" + std::to_string(i), "rate");
  const double T = 2.0;
  auto residual = [&](int n) {
    return rotational_work_residual(system, *model, T, n, [&](const Eigen::VectorXd& x, double) {
      double P = 0.0;
      for (int i = 0; i < 3; ++i)
        P += dev[static_cast<std::size_t>(i)].ug * x[o[i]] + dev[static_cast<std::size_t>(i)].us * x[o[i] + 1];
      return P;
    });
  };
  check_second_order_residuals(residual, 500, "vscmg motor work residuals");
  const Drift d = max_relative_drift(model, model->initial_state(), T, 2000);
  BOOST_TEST_MESSAGE("vscmg with torques: H_orb " << d.H_orb << ", H_rot " << d.H_rot << ", E_rot change "
                                                  << d.rotational_energy);
  BOOST_CHECK_SMALL(d.H_orb, 1e-10);
  BOOST_CHECK_SMALL(d.H_rot, 1e-10);
  BOOST_TEST(d.rotational_energy > 1e-3);  // the motors do work
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(vscmg_convergence)

BOOST_AUTO_TEST_CASE(drift_order) {
  // The rotational invariants' drift at rk4's order under step halving, with jitter, 0.5 s from
  // h = 1e-3 s (Ω h = 0.21) to 1.25e-4 s; windows as check_drift_orders (E_rot to 5.25). The orbital
  // drift is round-off here (the devices barely touch the orbit in 0.5 s) and is not used.
  // The finest rotational drifts stay above round-off: E_rot and H_rot 1e-13.
  const std::vector<Drift> d = check_drift_study(
      "vscmg", vehicle_with(three_devices(1.0, false), basilisk_orbit(Eigen::Vector3d(0.3, -0.2, 0.25)), true), 0.5,
      {500, 1000, 2000, 4000}, {5.25, 1, 0}, {1e-13});
  BOOST_TEST(d.back().H_rot > 1e-13);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(family_errors)

BOOST_AUTO_TEST_CASE(vscmg_rejected_fields) {
  const std::string o = "vscmg 'cmg': ";
  const Device good = three_devices(1.0, false)[0];
  auto with = [&](const std::function<void(VscmgConfig&)>& edit) { Vscmg("cmg", edited(config_of(good), edit)); };
  check_rejected([&] { with([](auto& c) { c.ggHat_B.setZero(); }); }, {o + "ggHat_B", "zero length"});
  check_rejected([&] { with([](auto& c) { c.gtHat0_B = c.gsHat0_B; }); }, {o + "[gsHat0_B gtHat0_B ggHat_B]"});
  check_rejected([&] { with([](auto& c) { c.ggHat_B = -c.ggHat_B; }); }, {o + "[gsHat0_B gtHat0_B ggHat_B]"});
  check_rejected([&] { with([&](auto& c) {
                         c.r_GB_B = Length3{Eigen::Vector3d(kNaN, 0, 0), si::meter};
                       }); },
                 {o + "r_GB_B [m]", "finite"});
  check_rejected([&] { with([](auto& c) { c.massG = -1.0 * si::kilogram; }); },
                 {o + "massG [kg] = -1: must not be negative"});
  check_rejected([&] { with([](auto& c) { c.IG_PntGc_G = InertiaTensor(-Eigen::Matrix3d::Identity(), kg_m2); }); },
                 {o + "IG_PntGc_G [kg m^2]"});
  check_rejected([&] { with([](auto& c) { c.massW = 0.0 * si::kilogram; }); },
                 {o + "massW [kg] = 0: must be positive"});
  check_rejected([&] { with([](auto& c) { c.IW1 = 0.0 * kg_m2; }); }, {o + "IW1 [kg m^2] = 0: must be positive"});
  check_rejected([&] { with([](auto& c) { c.Us = -0.5 * si::kilogram * si::meter; }); },
                 {o + "Us [kg m] = -0.5: must not be negative"});
  check_rejected([&] { with([](auto& c) { c.Ud = 1.0 * kg_m2; }); }, {o + "[IW1 0 Ud; 0 IW2 0; Ud 0 IW3] [kg m^2]"});
  check_rejected([&] { with([&](auto& c) { c.Omega0 = kNaN * si::radian_per_second; }); },
                 {o + "Omega0 [rad/s]", "finite"});
  check_rejected(
      [&] {
        with([](auto& c) {
          c.gimbal_locked = true;
          c.gammaDot0 = 0.25 * si::radian_per_second;
        });
      },
      {o + "gammaDot0 [rad/s] (gimbal locked) = 0.25: a locked gimbal must start at rest"});
  Vscmg v("cmg", config_of(good));
  check_hosts_no_child(v, "vscmg 'cmg'");
}

BOOST_AUTO_TEST_SUITE_END()

// ---- simple jitter (docs/models/vscmg.md (4)) ---------------------------------------------------
BOOST_AUTO_TEST_SUITE(vscmg_simple_jitter)

BOOST_AUTO_TEST_CASE(locked_gimbal_equals_simple_jitter_reaction_wheel) {
  // With the gimbal locked at γ0 = 0.3 rad, a simple-jitter VSCMG is a SimpleJitterReactionWheels
  // wheel on ĝs(γ0) with ŵ2,0 = ĝt(γ0) (so ŵ3,0 = ĝs × ĝt = ĝg), the same U_s, U_d and θ0, on the
  // composite hub of locked_gimbal_equals_reaction_wheel: the same loads
  // (simple_jitter_reaction_wheels.md (2)) through two implementations. The wheel is axisymmetric (IW3 = IW2), as a
  // reaction wheel must be. Orbit, tumbling hub, wheel motor 0.05 N m, U_s Ω² ≈ 13 N, 2 s at 1e-3
  // s: round-off apart (~1e-14 relative); tolerance 1e-11 (a wrong ŵ2, sign or lever arm is ≥ 1e-4).
  Device d = three_devices(1.0, false)[1];
  d.IW3 = d.IW2;
  d.gamma0 = 0.3;
  d.gammaDot0 = 0.0;
  d.locked = true;
  d.us = 0.05;
  const InitialState ic = basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1));
  VscmgConfig cfg = config_of(d);
  cfg.simple_jitter = true;
  const auto a = one_vehicle_model(standard_hub(Eigen::Vector3d(0.05, -0.1, 0.2)), ic,
                                   {std::make_shared<Vscmg>("cmg0", cfg)}, true);
  // the reference vehicle: composite hub (hub + locked gimbal frame, by parallel axes) + simple jitter wheel
  const Eigen::Matrix3d dcm_BG = d.R * rot(Eigen::Vector3d::UnitZ(), d.gamma0);  // columns ĝs, ĝt, ĝg at γ0
  const Eigen::Vector3d r_BcB(0.05, -0.1, 0.2), r_GcB = d.r_GB + dcm_BG * d.r_GcG;
  const double m = 750.0 + d.mG;
  const Eigen::Vector3d c = (750.0 * r_BcB + d.mG * r_GcB) / m;
  auto pa = [](double mm, const Eigen::Vector3d& r) {
    return Eigen::Matrix3d(mm * (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose()));
  };
  const Eigen::Matrix3d I_c = Eigen::Vector3d(900.0, 800.0, 600.0).asDiagonal().toDenseMatrix() + pa(750.0, r_BcB - c) +
                              dcm_BG * d.IG * dcm_BG.transpose() + pa(d.mG, r_GcB - c);
  HubConfig h;
  h.mass = m * si::kilogram;
  h.I_PntBc_B = InertiaTensor(I_c, kg_m2);
  h.r_BcB_B = Length3{c, si::meter};
  auto b = std::make_shared<Model>();
  auto& sc = b->add_vehicle("sc", h);
  sc.set_initial_state(ic);
  set_earth_gravity(*b);
  ReactionWheelConfig w;
  w.gsHat_B = dcm_BG.col(0);
  w.r_WcB_B = Length3{d.r_GB + dcm_BG * d.r_WG, si::meter};
  w.mass = d.mW * si::kilogram;
  w.Js = d.IW1 * kg_m2;
  w.Jt = d.IW2 * kg_m2;
  w.Omega0 = d.Omega0 * si::radian_per_second;
  w.motor_torque = d.us * newton_meter;
  WheelImbalanceConfig im;
  im.w2Hat0_B = dcm_BG.col(1);
  im.Us = d.Us * si::kilogram * si::meter;
  im.Ud = d.Ud * kg_m2;
  im.theta0 = d.theta0 * si::radian;
  sc.add_state_effector(std::make_shared<SimpleJitterReactionWheels>("rw", std::vector{w}, std::vector{im}));
  b->finalize();
  const Eigen::VectorXd xa = run_logged(System(a), a->initial_state(), 2.0, 2000);
  const Eigen::VectorXd xb = run_logged(System(b), b->initial_state(), 2.0, 2000);
  const Eigen::Index oa = block_offset(*a, "sc/cmg0", "rate"), ob = block_offset(*b, "sc/rw", "Omega");
  const Eigen::Index aa = block_offset(*a, "sc/cmg0", "angle"), ab = block_offset(*b, "sc/rw", "theta");
  const double e_hub =
      std::max({rel(xa.segment<3>(0), xb.segment<3>(0)), rel(xa.segment<3>(3), xb.segment<3>(3)),
                attitude_error_angle(xa.segment<4>(6), xb.segment<4>(6)), rel(xa.segment<3>(10), xb.segment<3>(10))});
  const double e_w = std::max(std::abs(xa[oa + 1] - xb[ob]) / std::abs(xb[ob]), std::abs(xa[aa + 1] - xb[ab]));
  // The jitter moved the run: the same device balanced (U = 0) differs from it by O(1e-4) or more.
  Device bal = d;
  bal.Us = 0.0;
  bal.Ud = 0.0;
  const auto c0 = vehicle_with({bal}, ic, true);
  const Eigen::VectorXd x0 = run_logged(System(c0), c0->initial_state(), 2.0, 2000);
  BOOST_TEST_MESSAGE("simple-jitter VSCMG, gimbal locked, vs simple-jitter wheel: hub "
                     << e_hub << ", wheel " << e_w << "; vs the balanced device "
                     << rel(xa.segment<3>(3), x0.segment<3>(3)) << " (velocity), "
                     << rel(xa.segment<3>(10), x0.segment<3>(10)) << " (rate)");
  BOOST_TEST(e_hub < 1e-11);
  BOOST_TEST(e_w < 1e-11);
  BOOST_TEST(rel(xa.segment<3>(10), x0.segment<3>(10)) > 1e-4);
}

BOOST_AUTO_TEST_CASE(load_at_a_state_matches_simple_jitter_formula) {
  // eq. (4) at a general state (free gimbal at γ = −0.7, θ = 2.1, Ω = 40 rad/s), against
  // simple_jitter_reaction_wheels.md (2) written here with the frames built by Eigen rotations:
  // ĝs, ĝt, ĝg = columns of R rot(ĝg0, γ), ŵ2 = rot(ĝs, θ) ĝt, r = r_GB + [BG] r_WG. The same
  // formula from the same numbers: 1e-13 relative of |F| ≈ 16 N (a swapped sin/cos is O(1)).
  Device d = three_devices(1.0, false)[2];
  VscmgConfig cfg = config_of(d);
  cfg.simple_jitter = true;
  const Vscmg v("cmg", cfg);
  const double gamma = -0.7, theta = 2.1, Omega = 40.0;
  const Eigen::Matrix3d dcm_BG = d.R * rot(Eigen::Vector3d::UnitZ(), gamma);
  const Eigen::Vector3d w2 = rot(dcm_BG.col(0), theta) * dcm_BG.col(1);
  const Eigen::Vector3d F = d.Us * Omega * Omega * w2;
  const Eigen::Vector3d L = (d.r_GB + dcm_BG * d.r_WG).cross(F) + d.Ud * Omega * Omega * w2;
  const Wrench wr = v.simple_jitter_load_B(gamma, theta, Omega);
  BOOST_TEST_MESSAGE("simple jitter load: |dF| " << (wr.force_F - F).norm() << ", |dL| "
                                                 << (wr.torque_PntF_F - L).norm());
  BOOST_TEST((wr.force_F - F).norm() <= 1e-13 * F.norm());
  BOOST_TEST((wr.torque_PntF_F - L).norm() <= 1e-13 * F.norm());
  // Without the option the load is zero, and the imbalance is in the mass distribution instead.
  const Vscmg fc("cmg", config_of(d));
  BOOST_TEST(fc.simple_jitter_load_B(gamma, theta, Omega).force_F.norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(simple_jitter_impulse_balance_free_gimbals) {
  // Free gimbals (γ̇0 = 0.06, 0.011, −0.003 rad/s, gimbal and wheel motors on), the three devices
  // with simple jitter (U_s = 0.01 kg m, U_d = 0.004 kg m²), wheels at 1/20 of Basilisk's speeds
  // (Ω h ≤ 0.011 at the coarsest step), in orbit. The loads are imposed (eq. 4), so, as for the
  // simple-jitter wheels: ΔH_rot,C = ∫ [NB](r_WC × F + U_d Ω² ŵ2) dt and ΔV_C = ∫ [NB] F/m dt, with
  // F = U_s Ω² ŵ2 computed here from the logged (γ, θ, Ω) through frames built by Eigen rotations,
  // integrals by the trapezoid rule. The residuals shrink 4× per halving (0.2–0.3); a wrong load
  // (sign, lever arm, the gimbal's turn of ŵ2 or of r_WB) leaves one that does not.
  const std::vector<Device> devices = three_devices(1.0, true, 0.05);
  std::vector<std::shared_ptr<StateEffector>> cmgs;
  for (std::size_t i = 0; i < devices.size(); ++i) {
    VscmgConfig c = config_of(devices[i]);
    c.simple_jitter = true;
    cmgs.push_back(std::make_shared<Vscmg>("cmg" + std::to_string(i), c));
  }
  const auto model = one_vehicle_model(standard_hub(Eigen::Vector3d(0.05, -0.1, 0.2)),
                                       basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)), cmgs, true);
  Eigen::Index oA[3], oR[3];
  for (int i = 0; i < 3; ++i) {
    oA[i] = block_offset(*model, "sc/cmg" + std::to_string(i), "angle");
    oR[i] = block_offset(*model, "sc/cmg" + std::to_string(i), "rate");
  }
  const auto load = [&](const Eigen::VectorXd& x, double, const VehicleDiagnostics& d) {
    const Eigen::Matrix3d dcm_NB = d.hub.dcm_FN.transpose();
    const Eigen::Vector3d c_B = d.hub.dcm_FN * (d.r_CN_N - d.hub.r_FN_N);
    Eigen::Vector3d tq = Eigen::Vector3d::Zero(), f = Eigen::Vector3d::Zero();
    for (int i = 0; i < 3; ++i) {
      const Device& dv = devices[static_cast<std::size_t>(i)];
      const double gamma = x[oA[i]], theta = x[oA[i] + 1], Om = x[oR[i] + 1];
      const Eigen::Matrix3d dcm_BG = dv.R * rot(Eigen::Vector3d::UnitZ(), gamma);  // columns ĝs, ĝt, ĝg
      const Eigen::Vector3d w2 = rot(dcm_BG.col(0), theta) * dcm_BG.col(1);
      const Eigen::Vector3d F = dv.Us * Om * Om * w2;
      tq += dcm_NB * ((dv.r_GB + dcm_BG * dv.r_WG - c_B).cross(F) + dv.Ud * Om * Om * w2);
      f += dcm_NB * F / d.m;
    }
    return std::pair{tq, f};
  };
  check_impulse_balance(model, 1.0, 1000, "vscmg simple jitter impulse residuals", load);
}

BOOST_AUTO_TEST_CASE(simple_jitter_rhs_does_not_allocate) {
  std::vector<std::shared_ptr<StateEffector>> cmgs;
  for (const Device& d : three_devices(1.0, true)) {
    VscmgConfig c = config_of(d);
    c.simple_jitter = true;
    cmgs.push_back(std::make_shared<Vscmg>("cmg" + std::to_string(cmgs.size()), c));
  }
  check_initial_rhs_does_not_allocate(one_vehicle_model(standard_hub(Eigen::Vector3d(0.05, -0.1, 0.2)),
                                                        basilisk_orbit(Eigen::Vector3d(0.08, 0.01, 0.0)), cmgs, true));
}

BOOST_AUTO_TEST_CASE(simple_jitter_fields) {
  // U_d is a load under simple jitter, not a product of inertia: the tensor check that refuses
  // U_d = 1 kg m² for the fully coupled wheel (vscmg_rejected_fields) does not apply, as for
  // SimpleJitterReactionWheels. U_s < 0 and a non-finite U_d are still refused by name.
  const std::string o = "vscmg 'cmg': ";
  VscmgConfig cfg = config_of(three_devices(1.0, false)[0]);
  cfg.simple_jitter = true;
  BOOST_CHECK_NO_THROW(Vscmg("cmg", edited(cfg, [](auto& c) { c.Ud = 1.0 * kg_m2; })));
  check_rejected([&] { Vscmg("cmg", edited(cfg, [](auto& c) { c.Us = -0.5 * si::kilogram * si::meter; })); },
                 {o + "Us [kg m] = -0.5: must not be negative"});
  check_rejected([&] { Vscmg("cmg", edited(cfg, [](auto& c) { c.Ud = kNaN * kg_m2; })); },
                 {o + "Ud [kg m^2]", "finite"});
}

BOOST_AUTO_TEST_SUITE_END()
