// Fast rotors on the serial-chain engine (docs/models/serial_chain.md eqs. K1a, K2a, K3a;
// docs/verification/FAST_ROTORS.md): wheels spinning at 500–1000 rad/s modelled as spinning bodies
// (1-DOF chains) and as VSCMGs (gimbal + wheel chains), placed 0.3–1 m from B, torque-free and
// without gravity, must hold the vehicle's linear and angular momentum about N as well as the same
// wheels modelled as ReactionWheels: drift within 10× the reaction-wheel model's, in every
// description of the vehicle (B moved and turned). The reference is the conserved momentum and the
// level the reaction-wheel model reaches (its momentum is exact up to round-off); nothing here is
// compared with numbers the engine printed.
#include <array>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <numbers>

#include "ramus/kernel/attitude.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/vscmg.hpp"
#include "support/models.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;

constexpr double kEps = std::numeric_limits<double>::epsilon();
// Floor of the comparison: 4 ulps of |p| or |H|. Either model's drift is a sum of roundings of
// terms of the size of the totals, so a reaction-wheel drift that happens to sit at a few ulps
// (or at 0 on a lucky sample) must not make the 10× bound tighter than one rounding of the total.
constexpr double kFloor = 4.0 * kEps;
// The bound: the chain's drift within 10× the reaction-wheel model's (measured ratios ≤ 1.74).
constexpr double kRatio = 10.0;

constexpr std::array<const char*, 4> kNames = {"w1", "w2", "w3", "w4"};

/// One wheel of the physical vehicle, in a reference frame R fixed in the hub: spin axis, centre of
/// mass (on the axis: a balanced wheel), mass [kg], axial and transverse inertia about the centre
/// [kg m²] and spin relative to the hub [rad/s].
struct Wheel {
  Eigen::Vector3d axis_R, r_R;
  double m, Js, Jt, Omega;
};

/// Where B is put in the vehicle: its origin relative to R's, in R, and dcm_BR.
struct BFrame {
  Eigen::Vector3d r_BR_R = Eigen::Vector3d::Zero();
  Eigen::Matrix3d dcm_BR = Eigen::Matrix3d::Identity();
};

/// Three HR16-sized wheels (5, 4, 3 kg; Js 0.05–0.03 kg m²) on non-orthogonal axes, their
/// centres at distance d from R's origin, spinning at Ω, −0.8 Ω and 0.6 Ω.
std::vector<Wheel> three_wheels(double Omega, double d) {
  return {{Eigen::Vector3d(1.0, 1.0, 1.0).normalized(), d * Eigen::Vector3d(1.0, 0.3, -0.2).normalized(), 5.0, 0.05,
           0.03, Omega},
          {Eigen::Vector3d(1.0, -0.5, 0.0).normalized(), d * Eigen::Vector3d(-0.2, 1.0, 0.4).normalized(), 4.0, 0.04,
           0.025, -0.8 * Omega},
          {Eigen::Vector3d(0.2, 0.3, -1.0).normalized(), d * Eigen::Vector3d(0.3, -0.5, 1.0).normalized(), 3.0, 0.03,
           0.02, 0.6 * Omega}};
}

/// A right-handed frame whose first axis is s (rows: s, t, s × t), as a dcm from the parent.
Eigen::Matrix3d frame_with_first_axis(const Eigen::Vector3d& s) {
  const Eigen::Vector3d t = s.unitOrthogonal();
  Eigen::Matrix3d d;
  d.row(0) = s.transpose();
  d.row(1) = t.transpose();
  d.row(2) = s.cross(t).transpose();
  return d;
}

/// The hub (750 kg, diag(900, 800, 600) kg m² about its centre at (0.05, −0.1, 0.2) m in R),
/// described in B of `p`; C at (1, 2, 3) m moving at (0.3, −0.2, 0.1) m/s, hub turning at
/// (0.1, −0.1, 0.1) rad/s in R; R = N at t = 0. No gravity, no loads.
Vehicle& add_hub(Model& model, const BFrame& p) {
  const Eigen::Matrix3d& R = p.dcm_BR;
  const Eigen::Matrix3d I_R = Eigen::Vector3d(900.0, 800.0, 600.0).asDiagonal();
  const Eigen::Vector3d r_BcR_R(0.05, -0.1, 0.2);
  Vehicle& sc = model.add_vehicle(
      "sc", hub_config(750.0, Eigen::Matrix3d(R * I_R * R.transpose()), Eigen::Vector3d(R * (r_BcR_R - p.r_BR_R))));
  sc.set_initial_state(initial_state(Eigen::Vector3d(1.0, 2.0, 3.0), Eigen::Vector3d(0.3, -0.2, 0.1),
                                     quat_from_rotation_matrix(R.transpose()), R * Eigen::Vector3d(0.1, -0.1, 0.1),
                                     ReferencePoint::C));
  return sc;
}

/// The vehicle with its wheels as spinning bodies (one 1-DOF chain each) or as ReactionWheels.
std::shared_ptr<Model> wheel_vehicle(bool spinning_bodies, const std::vector<Wheel>& wheels, const BFrame& p = {}) {
  auto model = std::make_shared<Model>();
  Vehicle& sc = add_hub(*model, p);
  const Eigen::Matrix3d& R = p.dcm_BR;
  if (spinning_bodies) {
    for (std::size_t i = 0; i < wheels.size(); ++i) {
      const Wheel& w = wheels[i];
      SpinningAxisConfig a;
      a.mass = w.m * si::kilogram;
      a.I_PntSc_S = InertiaTensor(Eigen::Matrix3d(Eigen::Vector3d(w.Js, w.Jt, w.Jt).asDiagonal()), kg_m2);
      a.dcm_S0P = frame_with_first_axis(R * w.axis_R);
      a.r_SP_P = Length3(Eigen::Vector3d(R * (w.r_R - p.r_BR_R)), si::meter);
      a.sHat_S = Eigen::Vector3d::UnitX();
      a.thetaDot0 = w.Omega * si::radian_per_second;
      sc.add_state_effector(std::make_shared<SpinningBodyOneDOF>(kNames.at(i), a));
    }
  } else {
    std::vector<ReactionWheelConfig> configs;
    for (const Wheel& w : wheels)
      configs.push_back(wheel(R * w.axis_R, R * (w.r_R - p.r_BR_R), w.m, w.Js, w.Jt, w.Omega));
    sc.add_state_effector(std::make_shared<ReactionWheels>("rw", configs));
  }
  model->finalize();
  return model;
}

// ---- a VSCMG pyramid ----------------------------------------------------------------------------
// Four VSCMGs at the corners of a square 0.5 m from the hub's axis and 0.3 m below R's origin
// (|r| = 0.58 m), gimbal axes on a pyramid of skew angle β = 54.74°, wheels (5 kg, Js 0.05, Jt 0.03
// kg m²) on the gimbal axes' normals at Ω = 1000, −800, 600, −900 rad/s; gimbal frames 1.5 kg with
// small inertia, free (no torque) and turning at 0.02 rad/s.
constexpr double kBeta = 0.9553166181245093;  // acos(1/√3) [rad]
constexpr std::array<double, 4> kPyramidOmega = {1000.0, -800.0, 600.0, -900.0};

struct PyramidUnit {
  Eigen::Vector3d g, s, t, r;  // gimbal axis, wheel axis at γ = 0, ĝt = ĝg × ĝs, gimbal origin (in R)
};

PyramidUnit pyramid_unit(std::size_t i) {
  const double phi = std::numbers::pi / 2.0 * static_cast<double>(i);
  PyramidUnit u;
  u.g = Eigen::Vector3d(std::sin(kBeta) * std::cos(phi), std::sin(kBeta) * std::sin(phi), std::cos(kBeta));
  u.s = Eigen::Vector3d(-std::sin(phi), std::cos(phi), 0.0);
  u.t = u.g.cross(u.s);
  u.r = Eigen::Vector3d(0.5 * std::cos(phi), 0.5 * std::sin(phi), -0.3);
  return u;
}

std::shared_ptr<Model> pyramid_vehicle(bool vscmg, const BFrame& p = {}) {
  auto model = std::make_shared<Model>();
  Vehicle& sc = add_hub(*model, p);
  const Eigen::Matrix3d& R = p.dcm_BR;
  std::vector<ReactionWheelConfig> wheels;
  for (std::size_t i = 0; i < 4; ++i) {
    const PyramidUnit u = pyramid_unit(i);
    if (vscmg) {
      VscmgConfig c;
      c.gsHat0_B = R * u.s;
      c.gtHat0_B = R * u.t;
      c.ggHat_B = R * u.g;
      c.r_GB_B = Length3(Eigen::Vector3d(R * (u.r - p.r_BR_R)), si::meter);
      c.massG = 1.5 * si::kilogram;
      c.IG_PntGc_G = InertiaTensor(Eigen::Matrix3d(Eigen::Vector3d(0.01, 0.012, 0.008).asDiagonal()), kg_m2);
      c.massW = 5.0 * si::kilogram;
      c.IW1 = 0.05 * kg_m2;
      c.IW2 = 0.03 * kg_m2;
      c.IW3 = 0.03 * kg_m2;
      c.gammaDot0 = 0.02 * si::radian_per_second;
      c.Omega0 = kPyramidOmega.at(i) * si::radian_per_second;
      sc.add_state_effector(std::make_shared<Vscmg>(kNames.at(i), c));
    } else {
      // The reaction-wheel reference: the same wheels, where the VSCMGs' start, gimbals fixed.
      wheels.push_back(wheel(R * u.s, R * (u.r - p.r_BR_R), 5.0, 0.05, 0.03, kPyramidOmega.at(i)));
    }
  }
  if (!vscmg) sc.add_state_effector(std::make_shared<ReactionWheels>("rw", wheels));
  model->finalize();
  return model;
}

// ---- the drift ------------------------------------------------------------------------------------
struct MomentumDrift {
  double p = 0.0, H = 0.0;  ///< max over the run of |p(t) − p(0)| / |p(0)| and |H_N(t) − H_N(0)| / |H_N(0)|
  Eigen::Vector3d p0, H0;   ///< [N s], [N m s] the vehicle's linear momentum and angular momentum about N at t = 0
};

/// rk4 over 10 s in `steps` steps (1e-3 s by default), the momenta logged at every step.
MomentumDrift momentum_drift(const std::shared_ptr<Model>& model, int steps = 10000) {
  const System system(model);
  const Eigen::VectorXd x0 = model->initial_state();
  const VehicleDiagnostics d0 = vehicle_diagnostics(*model, x0, 0.0, 0);
  MomentumDrift out;
  out.p0 = d0.p_N;
  out.H0 = d0.H_PntN_N;
  run_logged(system, x0, 10.0, steps, [&](const Eigen::VectorXd& x, double t) {
    const VehicleDiagnostics d = vehicle_diagnostics(*model, x, t, 0);
    out.p = std::max(out.p, (d.p_N - d0.p_N).norm() / d0.p_N.norm());
    out.H = std::max(out.H, (d.H_PntN_N - d0.H_PntN_N).norm() / d0.H_PntN_N.norm());
  });
  return out;
}

void check_within_reaction_wheels(const MomentumDrift& chain, const MomentumDrift& rw) {
  BOOST_TEST(chain.p <= kRatio * rw.p + kFloor);
  BOOST_TEST(chain.H <= kRatio * rw.H + kFloor);
}

/// B 1.8 m from R's origin (the wheels 1.4–2.6 m from B) and turned by 0.9 rad about (1, −2, 0.5).
BFrame far_turned_B() {
  BFrame p;
  p.r_BR_R = Eigen::Vector3d(1.2, -0.9, 1.0);
  p.dcm_BR = rotation_matrix(quat_from_axis_angle(Eigen::Vector3d(1.0, -2.0, 0.5).normalized(), 0.9)).transpose();
  return p;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(fast_rotors)

BOOST_AUTO_TEST_CASE(spinning_bodies_hold_momentum_like_reaction_wheels) {
  // Ω = 500 and 1000 rad/s, wheels 0.3 and 1 m from B. Before eqs. (K1a)–(K3a) the chain lost
  // m Ω² d ε per unit time (drift 8.3e-13 … 1.4e-11, 80–1000× the wheels'); now ≤ 1.74×.
  for (const double Omega : {500.0, 1000.0})
    for (const double d : {0.3, 1.0}) {
      const std::vector<Wheel> wheels = three_wheels(Omega, d);
      const MomentumDrift rw = momentum_drift(wheel_vehicle(false, wheels));
      const MomentumDrift sb = momentum_drift(wheel_vehicle(true, wheels));
      BOOST_TEST_MESSAGE("Omega " << Omega << " rad/s, d " << d << " m: reaction wheels p " << rw.p << ", H " << rw.H
                                  << "; spinning bodies p " << sb.p << ", H " << sb.H);
      // The two models are the same vehicle: the same momenta at t = 0 (the wheels' spin
      // momentum, the hub's and the wheels' transport), to a few roundings of the totals.
      BOOST_TEST((sb.p0 - rw.p0).norm() <= 64.0 * kEps * rw.p0.norm());
      BOOST_TEST((sb.H0 - rw.H0).norm() <= 64.0 * kEps * rw.H0.norm());
      check_within_reaction_wheels(sb, rw);
    }
}

BOOST_AUTO_TEST_CASE(spinning_bodies_conservation_does_not_depend_on_where_B_is) {
  // The same physical vehicle (wheels at 1 m from R's origin, Ω = 1000 rad/s) described with B at
  // R and with B moved 1.8 m and turned: the same momenta at t = 0, and in each description the
  // drift within 10× the reaction wheels' of the reference description.
  const std::vector<Wheel> wheels = three_wheels(1000.0, 1.0);
  const MomentumDrift rw = momentum_drift(wheel_vehicle(false, wheels));
  const MomentumDrift sb = momentum_drift(wheel_vehicle(true, wheels));
  const MomentumDrift rw_moved = momentum_drift(wheel_vehicle(false, wheels, far_turned_B()));
  const MomentumDrift sb_moved = momentum_drift(wheel_vehicle(true, wheels, far_turned_B()));
  BOOST_TEST_MESSAGE("B at R: reaction wheels p " << rw.p << ", H " << rw.H << "; spinning bodies p " << sb.p << ", H "
                                                  << sb.H);
  BOOST_TEST_MESSAGE("B moved and turned: reaction wheels p " << rw_moved.p << ", H " << rw_moved.H
                                                              << "; spinning bodies p " << sb_moved.p << ", H "
                                                              << sb_moved.H);
  // N = R at t = 0 in both descriptions, so the momenta in N are the same vectors: a few roundings
  // of the transformed inputs (64 ε of the totals).
  BOOST_TEST((sb_moved.p0 - sb.p0).norm() <= 64.0 * kEps * sb.p0.norm());
  BOOST_TEST((sb_moved.H0 - sb.H0).norm() <= 64.0 * kEps * sb.H0.norm());
  check_within_reaction_wheels(sb, rw);
  check_within_reaction_wheels(sb_moved, rw);
  check_within_reaction_wheels(sb_moved, rw_moved);
}

BOOST_AUTO_TEST_CASE(vscmg_pyramid_holds_momentum_like_reaction_wheels) {
  // Four free VSCMGs (2-link chains, the wheel the outer link) against four reaction wheels where
  // the VSCMGs' wheels start; both with B at R and with B moved and turned. The free gimbals nutate
  // at about J_s Ω / (I_g + J_t) ≈ 10³ rad/s, so at 1e-3 s the momentum drift is rk4's truncation
  // (2.5e-10, 1.7e-11, 1.1e-12, 8.3e-14 at 5000 … 40000 steps: ×16 per halving); 160 000 steps
  // (6.25e-5 s) put it ~100× below round-off, which is what is compared.
  constexpr int steps = 160000;
  for (const bool moved : {false, true}) {
    const BFrame p = moved ? far_turned_B() : BFrame{};
    const MomentumDrift rw = momentum_drift(pyramid_vehicle(false, p), steps);
    const MomentumDrift cmg = momentum_drift(pyramid_vehicle(true, p), steps);
    BOOST_TEST_MESSAGE("pyramid, B " << (moved ? "moved and turned" : "at R") << ": reaction wheels p " << rw.p
                                     << ", H " << rw.H << "; VSCMGs p " << cmg.p << ", H " << cmg.H);
    check_within_reaction_wheels(cmg, rw);
  }
}

BOOST_AUTO_TEST_SUITE_END()
