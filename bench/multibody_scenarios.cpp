#include "multibody_scenarios.hpp"

#include <array>
#include <cmath>
#include <memory>
#include <numbers>
#include <vector>

#include "ramus/kernel/system.hpp"
#include "ramus/systems/constraint.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/n_hinged_rigid_body.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/thruster.hpp"
#include "ramus/systems/vscmg.hpp"
#include "reference_run.hpp"

namespace ramus::bench {
namespace {

namespace si = units::si;

constexpr double kDeg = std::numbers::pi / 180.0;

// ---- the shared hub ------------------------------------------------------------------------

HubConfig spacecraft_hub() {
  HubConfig hub;
  hub.mass = 750.0 * si::kilogram;
  hub.I_PntBc_B = units::InertiaTensor::diagonal(900.0 * units::kg_m2, 800.0 * units::kg_m2, 600.0 * units::kg_m2);
  hub.r_BcB_B = units::Length3(Eigen::Vector3d(0.0, 0.0, 1.0), si::meter);
  return hub;
}

const Eigen::Vector3d kOmega0_BN_B(0.1, -0.1, 0.1);  // [rad/s]

/// The vehicle's centre of mass C at rest at the origin of N (zero gravity: C stays there, and
/// B circles it at |r_CB| ≈ 1 m, so the relative position and velocity errors are well scaled).
InitialState at_rest_at_C() {
  InitialState initial;
  initial.point = ReferencePoint::C;
  initial.omega_BN_B = units::AngularVelocity3(kOmega0_BN_B, si::radian_per_second);
  return initial;
}

/// Finalizes `model`, fills the scenario's model, state, span and steps, and makes a converged
/// run its reference.
Scenario converged_scenario(const std::shared_ptr<Model>& model, double t1, double dt0, double dt0_euler,
                            const std::string& setup, std::vector<double> output_times = {}, Observer inputs = {}) {
  model->finalize();
  Scenario s;
  s.x0 = model->initial_state();
  s.model = model;
  s.t1 = t1;
  s.dt0 = dt0;
  s.dt0_euler = dt0_euler;
  s.output_times = std::move(output_times);
  s.inputs = std::move(inputs);
  s.reference = setup + "; " + use_converged_reference(s);
  return s;
}

// ---- hinged panels -------------------------------------------------------------------------

/// Basilisk's hinged-body test: panel 1 at (0.5, 0, 1) with dcm_HB = diag(−1, −1, 1), panel 2 at
/// (−0.5, 0, 1) with the identity, so that both c.o.m. are 1.5 m outboard, at (±2, 0, 1).
HingedRigidBodyConfig basilisk_panel(int which) {
  HingedRigidBodyConfig p;
  p.mass = 100.0 * si::kilogram;
  p.I_PntSc_S = units::InertiaTensor::diagonal(100.0 * units::kg_m2, 50.0 * units::kg_m2, 50.0 * units::kg_m2);
  p.d = 1.5 * si::meter;
  p.r_HB_B = units::Length3(Eigen::Vector3d(which == 1 ? 0.5 : -0.5, 0.0, 1.0), si::meter);
  p.dcm_HB = which == 1 ? Eigen::Vector3d(-1.0, -1.0, 1.0).asDiagonal().toDenseMatrix() : Eigen::Matrix3d::Identity();
  p.k = 100.0 * si::newton * si::meter / si::radian;
  p.c = 0.0 * si::newton * si::meter * si::second / si::radian;
  p.theta0 = 5.0 * kDeg * si::radian;
  return p;
}

// ---- reaction wheels -----------------------------------------------------------------------

/// 9 kg, Js = 0.159, Jt = 0.08 kg m², 500 rad/s, no motor torque or friction, c.o.m. 0.3 m from B
/// along the spin axis.
ReactionWheelConfig wheel(const Eigen::Vector3d& gsHat_B) {
  ReactionWheelConfig w;
  w.gsHat_B = gsHat_B;
  w.r_WcB_B = units::Length3(0.3 * gsHat_B, si::meter);
  w.mass = 9.0 * si::kilogram;
  w.Js = 0.159 * units::kg_m2;
  w.Jt = 0.08 * units::kg_m2;
  w.Omega0 = 500.0 * si::radian_per_second;
  return w;
}

Scenario wheels_scenario(const std::vector<Eigen::Vector3d>& axes, const std::string& setup) {
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", spacecraft_hub());
  sc.set_initial_state(at_rest_at_C());
  std::vector<ReactionWheelConfig> wheels;
  for (const Eigen::Vector3d& g : axes) wheels.push_back(wheel(g));
  sc.add_state_effector(std::make_shared<ReactionWheels>("wheels", wheels));
  // Wheel momentum ≈ 80 N m s per wheel against a hub inertia ≈ 800 kg m²; fastest mode
  // (eigenvalues of the Jacobian, sampled along the run) 0.22 rad/s (3 wheels), 0.25 rad/s (4):
  // rk4 at 0.5 s has ω·dt ≤ 0.13, Euler starts at ω·dt ≤ 0.006.
  Scenario s = converged_scenario(model, 30.0, 0.5, 0.025, setup);
  s.conserves = {true, true};  // no motor torque, no friction
  return s;
}

// ---- chains --------------------------------------------------------------------------------

/// [s] span of chainN: 5 s up to 4 links, then halved with each doubling of n up to 32 links
/// (an evaluation costs ≈ 1 µs + 0.3 µs n), so that the large chains cost about the same;
/// chain64 keeps chain32's 0.625 s (12.5 rk4 steps at dt0).
double chain_span(std::size_t n) {
  double t1 = 5.0;
  for (std::size_t m = 4; m < n && m < 32; m *= 2) t1 *= 0.5;
  return t1;
}

// ---- gimbal and thruster -------------------------------------------------------------------

struct Firing {
  double on, off;  ///< [s]
};
constexpr std::array<Firing, 2> kFirings{{{1.0, 3.0}, {5.0, 6.0}}};
constexpr double kGimbalSpan = 8.0;  // [s]
constexpr const char* kGimbalSetup =
    "gimbal: ring 1 kg about b1 at B, engine 20 kg about s2, c.o.m. 0.3 m below the pivot, k = 100 N m/rad, "
    "c = 10 N m s/rad, theta0 = (2, -1) deg; thruster 20 N on the engine (segment 1), 5 cm off its axis, on "
    "[1, 3) and [5, 6) s";

/// 0, the firing edges, the end.
std::vector<double> gimbal_times() {
  std::vector<double> times{0.0};
  for (const Firing& f : kFirings) times.insert(times.end(), {f.on, f.off});
  times.push_back(kGimbalSpan);
  return times;
}

struct GimbalVehicle {
  std::shared_ptr<Model> model;  ///< not finalized
  std::shared_ptr<Thruster> thruster;
};

GimbalVehicle gimbal_vehicle() {
  // Inner gimbal frame: 1 kg ring about b1 at B (1 m below the hub's c.o.m.); outer body: a 20 kg
  // engine about the ring's s2, its c.o.m. 0.3 m below the pivot; springs 100 N m/rad and dampers
  // 10 N m s/rad on both axes (ζ ≈ 0.3, ω ≈ 6 rad/s).
  SpinningAxisConfig ring;
  ring.mass = 1.0 * si::kilogram;
  ring.I_PntSc_S = units::InertiaTensor::diagonal(0.02 * units::kg_m2, 0.02 * units::kg_m2, 0.04 * units::kg_m2);
  ring.sHat_S = Eigen::Vector3d::UnitX();
  ring.k = 100.0 * si::newton * si::meter / si::radian;
  ring.c = 10.0 * si::newton * si::meter * si::second / si::radian;
  ring.theta0 = 2.0 * kDeg * si::radian;
  SpinningAxisConfig engine;
  engine.mass = 20.0 * si::kilogram;
  engine.I_PntSc_S = units::InertiaTensor::diagonal(0.8 * units::kg_m2, 0.8 * units::kg_m2, 0.4 * units::kg_m2);
  engine.r_ScS_S = units::Length3(Eigen::Vector3d(0.0, 0.0, -0.3), si::meter);
  engine.sHat_S = Eigen::Vector3d::UnitY();
  engine.k = ring.k;
  engine.c = ring.c;
  engine.theta0 = -1.0 * kDeg * si::radian;
  auto gimbal = std::make_shared<SpinningBodyTwoDOF>("gimbal", ring, engine);
  // The nozzle 0.5 m below the pivot and 5 cm off the s3 axis: 20 N along +s3 exerts −1 N m
  // about the engine's axis, so each firing edge is a jump in the gimbal's accelerations.
  ThrusterConfig tc;
  tc.r_TF_F = units::Length3(Eigen::Vector3d(0.05, 0.0, -0.5), si::meter);
  tc.force_direction_F = Eigen::Vector3d::UnitZ();
  tc.max_thrust = 20.0 * si::newton;
  GimbalVehicle g{std::make_shared<Model>(), std::make_shared<Thruster>("thruster", tc)};
  gimbal->add_dynamic_effector(g.thruster, 1);
  Vehicle& sc = g.model->add_vehicle("sc", spacecraft_hub());
  sc.set_initial_state(at_rest_at_C());
  sc.add_state_effector(gimbal);
  return g;
}

}  // namespace

Scenario make_panels2() {
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", spacecraft_hub());
  sc.set_initial_state(at_rest_at_C());
  sc.add_state_effector(std::make_shared<HingedRigidBody>("panel1", basilisk_panel(1)));
  sc.add_state_effector(std::make_shared<HingedRigidBody>("panel2", basilisk_panel(2)));
  // Fastest mode 0.88 rad/s (eigenvalues of the Jacobian at x0): rk4 at 0.2 s has ω·dt ≈ 0.18;
  // Euler starts at 0.01 s, ω·dt ≈ 0.009.
  Scenario s = converged_scenario(model, 20.0, 0.2, 0.01,
                                  "panels 100 kg, I_c = diag(100, 50, 50) kg m2, d = 1.5 m, hinges (+-0.5, 0, 1) m, "
                                  "k = 100 N m/rad, c = 0, theta0 = 5 deg; C at rest at N, omega0 = (0.1, -0.1, 0.1) "
                                  "rad/s");
  s.conserves = {true, true};  // undamped springs
  return s;
}

Scenario make_wheels3() {
  return wheels_scenario({Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitZ()},
                         "wheels on b1, b2, b3, 9 kg, Js = 0.159, Jt = 0.08 kg m2, Omega0 = 500 rad/s, c.o.m. "
                         "0.3 m from B along the axis");
}

Scenario make_wheels4() {
  constexpr double elevation = 50.0 * kDeg;
  std::vector<Eigen::Vector3d> axes;
  for (const double azimuth_deg : {45.0, 135.0, 225.0, 315.0}) {
    const double az = azimuth_deg * kDeg;
    axes.emplace_back(std::cos(elevation) * std::cos(az), std::cos(elevation) * std::sin(az), std::sin(elevation));
  }
  return wheels_scenario(axes,
                         "pyramid: axes at elevation 50 deg above the b1-b2 plane, azimuths 45, 135, 225, "
                         "315 deg; 9 kg, Js = 0.159, Jt = 0.08 kg m2, Omega0 = 500 rad/s, c.o.m. 0.3 m "
                         "from B along the axis");
}

Scenario make_chain_of(std::size_t n) {
  const std::array<Eigen::Vector3d, 3> cycle{Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitY(),
                                             Eigen::Vector3d::UnitX()};
  std::vector<SpinningAxisConfig> axes(n);
  for (std::size_t i = 0; i < n; ++i) {
    SpinningAxisConfig& a = axes[i];
    a.mass = 20.0 * si::kilogram;
    a.I_PntSc_S = units::InertiaTensor::diagonal(2.0 * units::kg_m2, 3.0 * units::kg_m2, 4.0 * units::kg_m2);
    a.r_ScS_S = units::Length3(Eigen::Vector3d(0.3, 0.0, 0.0), si::meter);
    // The first joint at panel 1's hinge point, every next one 0.6 m along the previous link's s1.
    a.r_SP_P = units::Length3(i == 0 ? Eigen::Vector3d(0.5, 0.0, 1.0) : Eigen::Vector3d(0.6, 0.0, 0.0), si::meter);
    a.sHat_S = cycle[i % 3];
    a.k = 50.0 * si::newton * si::meter / si::radian;
    a.theta0 = (i % 2 == 0 ? 5.0 : -5.0) * kDeg * si::radian;
    a.thetaDot0 = 0.02 * si::radian_per_second;
  }
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", spacecraft_hub());
  sc.set_initial_state(at_rest_at_C());
  sc.add_state_effector(std::make_shared<SpinningBodyNDOF>("chain", axes));
  // Fastest mode (eigenvalues of the Jacobian, sampled along the run): 3.0 rad/s for 1 link to
  // 5.7 rad/s for 32: rk4 at 0.05 s has ω·dt ≤ 0.29, Euler at 0.05/32 s ≤ 0.009. The 64-link
  // zig-zag whips the hub (|r_BC| reaches 12 m) and its fastest mode reaches 18 rad/s near
  // t = 0.25 s, so chain64's steps are halved: ω·dt ≤ 0.45 (rk4), ≤ 0.014 (Euler).
  const double dt0 = n >= 64 ? 0.025 : 0.05;
  Scenario s =
      converged_scenario(model, chain_span(n), dt0, dt0 / 32.0,
                         std::to_string(n) +
                             " links of 20 kg, I_c = diag(2, 3, 4) kg m2, 0.6 m (c.o.m. at "
                             "0.3 m), first joint at (0.5, 0, 1) m, axes z, y, x, ..., k = 50 N m/rad, theta0 = "
                             "+-5 deg alternating, thetaDot0 = 0.02 rad/s");
  s.chain_links = n;
  s.conserves = {true, true};  // undamped springs
  return s;
}

Scenario make_array8() {
  // Eight panels folded in series from panel 1's hinge of panels2, each its own: masses 24 … 10 kg
  // (2 kg less each), widths shrinking, every other hinge twisted 5 deg about the panel's normal
  // s3 so that the hinge axes are not parallel; k = 60 N m/rad, no damping.
  std::vector<HingedPanelConfig> panels(8);
  for (std::size_t i = 0; i < panels.size(); ++i) {
    HingedPanelConfig& p = panels[i];
    const double m = 24.0 - 2.0 * static_cast<double>(i);  // [kg]
    const double w = 1.2 - 0.05 * static_cast<double>(i);  // [m] panel width along s2
    const double L = 1.0;                                  // [m] hinge to hinge along −s1
    const double t = 0.05;                                 // [m] thickness along s3
    p.mass = m * si::kilogram;
    // A plate L × w × t (s1 × s2 × s3): its c.o.m. inertia, strictly inside the triangle
    // inequality (MuJoCo refuses a thin plate's A + B = C at round-off).
    p.I_PntSc_S = units::InertiaTensor::diagonal(m * (w * w + t * t) / 12.0 * units::kg_m2,
                                                 m * (L * L + t * t) / 12.0 * units::kg_m2,
                                                 m * (L * L + w * w) / 12.0 * units::kg_m2);
    p.d = 0.5 * L * si::meter;
    p.length = L * si::meter;
    const double twist = (i % 2 == 1 ? 5.0 : 0.0) * kDeg;
    const Eigen::Matrix3d R_s3 = Eigen::AngleAxisd(twist, Eigen::Vector3d::UnitZ()).toRotationMatrix().transpose();
    // Panel 1 points along +b1 from the hub (dcm_HB = diag(−1, −1, 1), as panels2's panel 1).
    p.dcm_HP = i == 0 ? Eigen::Vector3d(-1.0, -1.0, 1.0).asDiagonal().toDenseMatrix() : R_s3;
    p.k = 60.0 * si::newton * si::meter / si::radian;
    p.c = 0.0 * si::newton * si::meter * si::second / si::radian;
    p.theta0 = (i % 2 == 0 ? 4.0 : -3.0) * kDeg * si::radian;
    p.thetaDot0 = 0.0 * si::radian_per_second;
  }
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", spacecraft_hub());
  sc.set_initial_state(at_rest_at_C());
  sc.add_state_effector(
      std::make_shared<NHingedRigidBody>("array", units::Length3(Eigen::Vector3d(0.5, 0.0, 1.0), si::meter), panels));
  // rk4 from 0.0125 s is in its asymptotic range (observed order 3.2 from 0.05 s, 3.7 from
  // 0.025 s, 3.9 from 0.0125 s); Euler starts at 0.0125/32 s.
  Scenario s =
      converged_scenario(model, 5.0, 0.0125, 0.0125 / 32.0,
                         "8 panels in series, 24 ... 10 kg, 1 m hinge to hinge, c.o.m. at 0.5 m, every other "
                         "hinge twisted 5 deg, k = 60 N m/rad, theta0 = +4/-3 deg alternating; C at rest at N, "
                         "omega0 = (0.1, -0.1, 0.1) rad/s");
  s.conserves = {true, true};  // undamped springs
  return s;
}

Scenario make_vscmg4() {
  // Four VSCMGs in a pyramid: gimbal axes tilted 54.74 deg from b3 (the classic skew angle),
  // azimuths 0, 90, 180, 270 deg; wheels 9 kg, Js = 0.159, Jt = 0.08 kg m2 at 100 rad/s; gimbal
  // frames 2 kg with 0.5 kg m2 about every axis; no motor torques: a conservative gyroscopic
  // system. (Free gimbals with light frames and 500 rad/s wheels have modes near h/I_g ≈ 800 rad/s.)
  constexpr double skew = 54.74 * kDeg;
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", spacecraft_hub());
  sc.set_initial_state(at_rest_at_C());
  for (int k = 0; k < 4; ++k) {
    const double az = 90.0 * kDeg * k;
    const Eigen::Vector3d radial(std::cos(az), std::sin(az), 0.0);
    const Eigen::Vector3d gg = std::cos(skew) * Eigen::Vector3d::UnitZ() + std::sin(skew) * radial;
    const Eigen::Vector3d gs = Eigen::Vector3d(-std::sin(az), std::cos(az), 0.0);  // tangential: ⊥ gg
    VscmgConfig c;
    c.gsHat0_B = gs;
    c.gtHat0_B = gg.cross(gs);
    c.ggHat_B = gg;
    c.r_GB_B = units::Length3(0.4 * radial, si::meter);
    c.massG = 2.0 * si::kilogram;
    c.IG_PntGc_G = units::InertiaTensor::diagonal(0.5 * units::kg_m2, 0.5 * units::kg_m2, 0.5 * units::kg_m2);
    c.r_GcG_G = units::Length3(Eigen::Vector3d::Zero(), si::meter);
    c.r_WG_G = units::Length3(Eigen::Vector3d::Zero(), si::meter);
    c.massW = 9.0 * si::kilogram;
    c.IW1 = 0.159 * units::kg_m2;
    c.IW2 = 0.08 * units::kg_m2;
    c.IW3 = 0.08 * units::kg_m2;
    c.Us = 0.0 * si::kilogram * si::meter;
    c.Ud = 0.0 * units::kg_m2;
    c.gamma0 = (k % 2 == 0 ? 10.0 : -10.0) * kDeg * si::radian;
    c.gammaDot0 = 0.05 * si::radian_per_second;
    c.theta0 = 0.0 * si::radian;
    c.Omega0 = 100.0 * si::radian_per_second;
    c.gimbal_torque = 0.0 * units::newton_meter;
    c.wheel_torque = 0.0 * units::newton_meter;
    sc.add_state_effector(std::make_shared<Vscmg>("cmg" + std::to_string(k + 1), c));
  }
  Scenario s =
      converged_scenario(model, 10.0, 0.02, 0.02 / 32.0,
                         "pyramid of 4 VSCMGs, gimbal axes 54.74 deg from b3 at azimuths 0, 90, 180, 270 deg, "
                         "wheels 9 kg, Js = 0.159, Jt = 0.08 kg m2 at 100 rad/s, gimbals 2 kg, 0.5 kg m2 at 0.4 m, "
                         "gamma0 = +-10 deg, gammaDot0 = 0.05 rad/s, no torques");
  s.conserves = {true, true};
  return s;
}

Scenario make_gimbal_thruster() {
  const GimbalVehicle g = gimbal_vehicle();
  // The command is an input set between steps (docs/architecture.md §D7): at each output time the
  // observer fires
  // the thruster for the interval that follows, or not; the firing it adds outlasts the interval,
  // so every stage of the interval, the last included, sees the same command.
  const std::shared_ptr<Thruster> thruster = g.thruster;
  Observer inputs = [thruster](Eigen::VectorXd&, double t) {
    thruster->clear_firings();
    for (const Firing& f : kFirings)
      if (t >= f.on && t < f.off) thruster->add_firing(t * si::second, (kGimbalSpan + 1.0 - t) * si::second);
  };
  // rk4 at 0.05 s: ω·dt ≈ 0.3 on the gimbal modes (≈ 6.4 rad/s); Euler starts at 0.05/32 s, ω·dt ≈ 0.01.
  return converged_scenario(g.model, kGimbalSpan, 0.05, 0.05 / 32.0,
                            std::string(kGimbalSetup) + ", commanded between steps at the output times", gimbal_times(),
                            inputs);
}

Scenario make_gimbal_thruster_schedule() {
  // The same motion with the firings given to the thruster as its own schedule (add_firing) and
  // output times on the edges, as docs/models/thruster.md recommends. The reference is
  // gimbal_thruster's: the schedule variant's own converged run is not converged (its stages at
  // c = 1 see the value after the edge).
  Scenario commanded = make_gimbal_thruster();
  const GimbalVehicle g = gimbal_vehicle();
  for (const Firing& f : kFirings) g.thruster->add_firing(f.on * si::second, (f.off - f.on) * si::second);
  g.model->finalize();
  Scenario s = commanded;
  s.model = g.model;
  s.x0 = g.model->initial_state();
  s.inputs = {};
  s.reference = std::string(kGimbalSetup) +
                ", as the thruster's schedule (add_firing), output times on the edges; "
                "reference: gimbal_thruster's (the same motion, commanded between steps), " +
                commanded.reference.substr(commanded.reference.find("rk_f78"));
  return s;
}

Scenario make_two_vehicles() {
  const HingedRigidBodyConfig panel = basilisk_panel(1);  // c.o.m. at (2, 0, 1), tip at 3 m from the hinge
  HubConfig hub2;
  hub2.mass = 300.0 * si::kilogram;
  hub2.I_PntBc_B = units::InertiaTensor::diagonal(120.0 * units::kg_m2, 100.0 * units::kg_m2, 80.0 * units::kg_m2);
  const Eigen::Vector3d r_P1F1_F1(-3.0, 0.0, 0.0);  // [m] the panel's tip, 2 d outboard of the hinge
  const Eigen::Vector3d r_P2F2_F2(-1.0, 0.0, 0.0);  // [m] a point 1 m from B2 on vehicle 2
  const Eigen::Vector3d gap_N(0.2, 0.0, 0.0);       // [m] P2 relative to P1 at t0

  // The panel frame at t0, from vehicle 1 alone (the same initial state).
  FrameKinematics f1;
  {
    auto alone = std::make_shared<Model>();
    Vehicle& sc1 = alone->add_vehicle("sc1", spacecraft_hub());
    sc1.set_initial_state(at_rest_at_C());
    auto p = std::make_shared<HingedRigidBody>("panel", panel);
    sc1.add_state_effector(p);
    alone->finalize();
    const System system(alone);
    Eigen::VectorXd dxdt(alone->initial_state().size());
    system(alone->initial_state(), dxdt, 0.0);
    f1 = p->segment(0, *system.workspace().vehicles[0].effectors[0]);
  }
  // Vehicle 2 with vehicle 1's attitude (the identity) and the panel's angular velocity, so that
  // P2 moves as a point fixed in the panel frame: ψ = 0 and ψ' = 0 at t0.
  const Eigen::Matrix3d dcm_NF1 = f1.dcm_FN.transpose();
  const Eigen::Vector3d omega_N = dcm_NF1 * f1.omega_FN_F;
  const Eigen::Vector3d r_P1N_N = f1.r_FN_N + dcm_NF1 * r_P1F1_F1;
  const Eigen::Vector3d v_P1N_N = f1.v_FN_N + omega_N.cross(dcm_NF1 * r_P1F1_F1);
  const Eigen::Vector3d r_P2N_N = r_P1N_N + gap_N;
  const Eigen::Vector3d v_P2N_N = v_P1N_N + omega_N.cross(gap_N);
  const Eigen::Vector3d r_B2P2_N = -r_P2F2_F2;  // dcm_NB2 = identity
  InitialState initial2;
  initial2.point = ReferencePoint::B;
  initial2.r_N = units::Length3(r_P2N_N + r_B2P2_N, si::meter);
  initial2.v_N = units::Velocity3(v_P2N_N + omega_N.cross(r_B2P2_N), si::meter_per_second);
  initial2.omega_BN_B = units::AngularVelocity3(omega_N, si::radian_per_second);

  auto model = std::make_shared<Model>();
  Vehicle& sc1 = model->add_vehicle("sc1", spacecraft_hub());
  sc1.set_initial_state(at_rest_at_C());
  sc1.add_state_effector(std::make_shared<HingedRigidBody>("panel", panel));
  Vehicle& sc2 = model->add_vehicle("sc2", hub2);
  sc2.set_initial_state(initial2);
  ConstraintConfig cc;
  cc.end1 = {"sc1", "panel", 0};
  cc.end2 = {"sc2", "", 0};
  cc.r_P1F1_F1 = units::Length3(r_P1F1_F1, si::meter);
  cc.r_P2F2_F2 = units::Length3(r_P2F2_F2, si::meter);
  cc.r_P2P1_F1 = units::Length3(f1.dcm_FN * gap_N, si::meter);
  // α = 1e3 N/m on the ≈ 30 kg effective mass of the panel tip (275 kg m² about the hinge at 3 m)
  // against 300 kg: ≈ 6 rad/s, β = 1e2 N s/m: ζ ≈ 0.3; fastest mode 7.2 rad/s (Jacobian at x0),
  // the gimbal's step regime: rk4 at 0.05 s has ω·dt ≈ 0.36, Euler at 0.05/32 s ≈ 0.011. Stiffer
  // gains (1e5 N/m) would move the fastest mode to ≈ 60 rad/s and every fixed step 10× down.
  cc.alpha = 1e3 * si::newton / si::meter;
  cc.beta = 1e2 * si::newton * si::second / si::meter;
  model->add_two_point_effector(std::make_shared<Constraint>("dock", cc));
  Scenario s = converged_scenario(model, 10.0, 0.05, 0.05 / 32.0,
                                  "vehicle 1: the hub with panel 1; vehicle 2: 300 kg, I = diag(120, 100, 80) kg m2; "
                                  "constraint from the panel tip (3 m outboard of the hinge) to a point 1 m from B2, "
                                  "reference offset = their offset at t0 (0.2 m along n1), alpha = 1e3 N/m, beta = "
                                  "1e2 N s/m; vehicle 2 starts moving with the panel frame");
  s.conserves = {false, true};  // the damper dissipates; the constraint's forces are internal
  return s;
}

}  // namespace ramus::bench
