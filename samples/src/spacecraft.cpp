// The sample spacecraft (spacecraft.hpp).
#include "ramus/samples/spacecraft.hpp"

#include <array>
#include <cmath>
#include <numbers>

#include "ramus/flex/beam.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/systems/constraint.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/flexible_body.hpp"
#include "ramus/systems/fuel_tank.hpp"
#include "ramus/systems/fully_coupled_jitter_wheel.hpp"
#include "ramus/systems/linear_spring_mass_damper.hpp"
#include "ramus/systems/n_hinged_rigid_body.hpp"
#include "ramus/systems/prescribed_platform.hpp"
#include "ramus/systems/simple_jitter_reaction_wheels.hpp"
#include "ramus/systems/spherical_pendulum.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/thruster_state_effector.hpp"
#include "ramus/systems/translating_body.hpp"
#include "ramus/systems/vscmg.hpp"

namespace ramus::samples {
namespace {

namespace si = units::si;

constexpr double kDeg = std::numbers::pi / 180.0;

/// A model with one vehicle "sc": the sample hub, tumbling at rest.
std::shared_ptr<Model> one_vehicle(Vehicle*& sc) {
  auto model = std::make_shared<Model>();
  sc = &model->add_vehicle("sc", hub());
  sc->set_initial_state(tumbling_at_rest());
  return model;
}

/// Link i of chain(n): 20 kg, I_c = diag(2, 3, 4) kg m², 0.6 m (c.o.m. at 0.3 m), the first joint
/// at panel 1's hinge point (0.5, 0, 1) m, every next one 0.6 m along the previous link's s1; axes
/// z, y, x, …; k = 50 N m/rad; θ0 = ±5° alternating, θ̇0 = 0.02 rad/s.
SpinningAxisConfig chain_link(std::size_t i) {
  const std::array<Eigen::Vector3d, 3> cycle{Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitY(),
                                             Eigen::Vector3d::UnitX()};
  SpinningAxisConfig a;
  a.mass = 20.0 * si::kilogram;
  a.I_PntSc_S = units::InertiaTensor::diagonal(2.0 * units::kg_m2, 3.0 * units::kg_m2, 4.0 * units::kg_m2);
  a.r_ScS_S = units::Length3(Eigen::Vector3d(0.3, 0.0, 0.0), si::meter);
  a.r_SP_P = units::Length3(i == 0 ? Eigen::Vector3d(0.5, 0.0, 1.0) : Eigen::Vector3d(0.6, 0.0, 0.0), si::meter);
  a.sHat_S = cycle[i % 3];
  a.k = 50.0 * si::newton * si::meter / si::radian;
  a.theta0 = (i % 2 == 0 ? 5.0 : -5.0) * kDeg * si::radian;
  a.thetaDot0 = 0.02 * si::radian_per_second;
  return a;
}

/// A 10 kg stage sliding along fHat_P from r_F0P_P: k = 200 N/m, ρ0 = 5 cm, ρ̇0 = 1 cm/s.
TranslatingAxisConfig stage(const Eigen::Vector3d& fHat_P, const Eigen::Vector3d& r_F0P_P) {
  TranslatingAxisConfig a;
  a.mass = 10.0 * si::kilogram;
  a.I_PntFc_F = units::InertiaTensor::diagonal(0.5 * units::kg_m2, 0.4 * units::kg_m2, 0.3 * units::kg_m2);
  a.r_FcF_F = units::Length3(Eigen::Vector3d(0.1, 0.0, 0.0), si::meter);
  a.r_F0P_P = units::Length3(r_F0P_P, si::meter);
  a.fHat_P = fHat_P;
  a.k = 200.0 * si::newton / si::meter;
  a.rho0 = 0.05 * si::meter;
  a.rhoDot0 = 0.01 * si::meter_per_second;
  return a;
}

}  // namespace

HubConfig hub(const Eigen::Vector3d& r_BcB_B) {
  HubConfig hub;
  hub.mass = kHubMass * si::kilogram;
  hub.I_PntBc_B = units::InertiaTensor(Eigen::Matrix3d(hub_inertia().asDiagonal()), units::kg_m2);
  hub.r_BcB_B = units::Length3(r_BcB_B, si::meter);
  return hub;
}

Eigen::Vector3d omega0_BN_B() { return {0.1, -0.1, 0.1}; }

InitialState tumbling_at_rest() {
  InitialState initial;
  initial.point = ReferencePoint::C;
  initial.omega_BN_B = units::AngularVelocity3(omega0_BN_B(), si::radian_per_second);
  return initial;
}

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

std::shared_ptr<Model> panels2() {
  Vehicle* sc = nullptr;
  auto model = one_vehicle(sc);
  sc->add_state_effector(std::make_shared<HingedRigidBody>("panel1", basilisk_panel(1)));
  sc->add_state_effector(std::make_shared<HingedRigidBody>("panel2", basilisk_panel(2)));
  return model;
}

std::shared_ptr<Model> wheels(const std::vector<Eigen::Vector3d>& axes) {
  Vehicle* sc = nullptr;
  auto model = one_vehicle(sc);
  std::vector<ReactionWheelConfig> configs;
  for (const Eigen::Vector3d& g : axes) configs.push_back(wheel(g));
  sc->add_state_effector(std::make_shared<ReactionWheels>("wheels", configs));
  return model;
}

std::shared_ptr<Model> wheels3() {
  return wheels({Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitZ()});
}

std::shared_ptr<Model> wheels4() {
  constexpr double elevation = 50.0 * kDeg;
  std::vector<Eigen::Vector3d> axes;
  for (const double azimuth_deg : {45.0, 135.0, 225.0, 315.0}) {
    const double az = azimuth_deg * kDeg;
    axes.emplace_back(std::cos(elevation) * std::cos(az), std::cos(elevation) * std::sin(az), std::sin(elevation));
  }
  return wheels(axes);
}

std::shared_ptr<Model> chain(std::size_t n) {
  std::vector<SpinningAxisConfig> axes(n);
  for (std::size_t i = 0; i < n; ++i) axes[i] = chain_link(i);
  Vehicle* sc = nullptr;
  auto model = one_vehicle(sc);
  sc->add_state_effector(std::make_shared<SpinningBodyNDOF>("chain", axes));
  return model;
}

std::shared_ptr<Model> array8() {
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
  Vehicle* sc = nullptr;
  auto model = one_vehicle(sc);
  sc->add_state_effector(
      std::make_shared<NHingedRigidBody>("array", units::Length3(Eigen::Vector3d(0.5, 0.0, 1.0), si::meter), panels));
  return model;
}

namespace {

/// flex2's array on `elements` elements keeping `modes` modes, at side ±1 (±b1).
FlexibleBodyConfig flexible_array(int modes, int elements, int side, bool stiffening) {
  flex::BeamConfig b;
  b.length = 5.0;
  b.rhoA = 4.0;
  b.EI_y = 2000.0;  // bending along the section's z (b3): flapwise
  b.EI_z = 2e4;
  b.GJ = 1000.0;
  b.rhoJ = 0.2;
  b.EA = 1e6;
  b.elements = elements;
  b.modes = modes;
  FlexibleBodyConfig c;
  c.modes = flex::clamped_beam(b);
  c.r_FB_B = units::Length3(Eigen::Vector3d(0.5 * side, 0.0, 1.0), si::meter);
  // F's x along ±b1; for the −b1 array F is B turned half a turn about b3.
  c.dcm_FB = Eigen::Vector3d(side, side, 1.0).asDiagonal();
  c.eta0 = Eigen::VectorXd::Zero(modes);
  const std::array<double, 3> deflection{0.05, -0.03, 0.02};
  for (int k = 0; k < std::min(modes, 3); ++k) c.eta0[k] = deflection[static_cast<std::size_t>(k)];
  c.geometric_stiffening = stiffening;
  return c;
}

}  // namespace

std::shared_ptr<Model> flex2(int modes) {
  Vehicle* sc = nullptr;
  auto model = one_vehicle(sc);
  for (int side : {1, -1})
    sc->add_state_effector(
        std::make_shared<FlexibleBody>(side > 0 ? "array1" : "array2", flexible_array(modes, 10, side, true)));
  return model;
}

std::shared_ptr<Model> flex1(int modes, int elements, bool stiffening) {
  Vehicle* sc = nullptr;
  auto model = one_vehicle(sc);
  sc->add_state_effector(std::make_shared<FlexibleBody>("array1", flexible_array(modes, elements, 1, stiffening)));
  return model;
}

std::shared_ptr<Model> hub_only() {
  Vehicle* sc = nullptr;
  return one_vehicle(sc);
}

std::shared_ptr<Model> hinged_arrays2(std::size_t panels) {
  // A uniform clamped-free chain of N rigid panels of length h = L/N with joint springs k: its
  // first frequency approaches the beam's as k = EI/h (the joint's bending compliance of a length h).
  const double L = 5.0, mass = 20.0, EI = 2000.0;
  const double h = L / static_cast<double>(panels), m = mass / static_cast<double>(panels);
  Vehicle* sc = nullptr;
  auto model = one_vehicle(sc);
  for (int side : {1, -1}) {
    std::vector<HingedPanelConfig> chain(panels);
    for (HingedPanelConfig& p : chain) {
      p.mass = m * si::kilogram;
      // A 1 m wide, 2 cm thick plate of length h (s1 × s2 × s3 = h × 1 × 0.02 m).
      p.I_PntSc_S = units::InertiaTensor::diagonal(m * (1.0 + 4e-4) / 12.0 * units::kg_m2,
                                                   m * (h * h + 4e-4) / 12.0 * units::kg_m2,
                                                   m * (h * h + 1.0) / 12.0 * units::kg_m2);
      p.d = 0.5 * h * si::meter;
      p.length = h * si::meter;
      p.dcm_HP = Eigen::Matrix3d::Identity();
      p.k = EI / h * si::newton * si::meter / si::radian;
      p.c = 0.0 * si::newton * si::meter * si::second / si::radian;
      p.theta0 = 2.0 * kDeg * si::radian;
      p.thetaDot0 = 0.0 * si::radian_per_second;
    }
    // The first panel along ±b1 (dcm_HB = diag(−1, −1, 1) turns the panel's −s1 to +b1).
    chain.front().dcm_HP = Eigen::Vector3d(-side, -side, 1.0).asDiagonal();
    sc->add_state_effector(std::make_shared<NHingedRigidBody>(
        side > 0 ? "array1" : "array2", units::Length3(Eigen::Vector3d(0.5 * side, 0.0, 1.0), si::meter), chain));
  }
  return model;
}

std::shared_ptr<Model> vscmg4() {
  // Four VSCMGs in a pyramid: gimbal axes tilted 54.74 deg from b3 (the classic skew angle),
  // azimuths 0, 90, 180, 270 deg; wheels 9 kg, Js = 0.159, Jt = 0.08 kg m2 at 100 rad/s; gimbal
  // frames 2 kg with 0.5 kg m2 about every axis; no motor torques: a conservative gyroscopic
  // system. (Free gimbals with light frames and 500 rad/s wheels have modes near h/I_g ≈ 800 rad/s.)
  constexpr double skew = 54.74 * kDeg;
  Vehicle* sc = nullptr;
  auto model = one_vehicle(sc);
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
    sc->add_state_effector(std::make_shared<Vscmg>("cmg" + std::to_string(k + 1), c));
  }
  return model;
}

GimbalThruster gimbal_thruster() {
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
  GimbalThruster g{std::make_shared<Model>(), std::make_shared<Thruster>("thruster", tc)};
  gimbal->add_dynamic_effector(g.thruster, 1);
  Vehicle& sc = g.model->add_vehicle("sc", hub());
  sc.set_initial_state(tumbling_at_rest());
  sc.add_state_effector(gimbal);
  return g;
}

std::shared_ptr<Model> with_effector(std::shared_ptr<StateEffector> effector) {
  Vehicle* sc = nullptr;
  auto model = one_vehicle(sc);
  sc->add_state_effector(std::move(effector));
  return model;
}

std::shared_ptr<Model> spinning_body_1dof() {
  return with_effector(std::make_shared<SpinningBodyOneDOF>("arm", chain_link(0)));
}

std::shared_ptr<Model> translating_body_1dof() {
  return with_effector(
      std::make_shared<TranslatingBodyOneDOF>("boom", stage(Eigen::Vector3d::UnitX(), Eigen::Vector3d(0.5, 0.0, 1.0))));
}

std::shared_ptr<Model> translating_body_ndof() {
  return with_effector(std::make_shared<TranslatingBodyNDOF>(
      "telescope",
      std::vector<TranslatingAxisConfig>{stage(Eigen::Vector3d::UnitX(), Eigen::Vector3d(0.5, 0.0, 1.0)),
                                         stage(Eigen::Vector3d::UnitY(), Eigen::Vector3d(0.4, 0.0, 0.0))}));
}

std::shared_ptr<Model> linear_spring_mass_damper() {
  LinearSpringMassDamperConfig c;
  c.mass = 20.0 * si::kilogram;
  c.pHat_B = Eigen::Vector3d::UnitZ();
  c.r_PB_B = units::Length3(Eigen::Vector3d(0.5, 0.0, 1.0), si::meter);
  c.k = 500.0 * si::newton / si::meter;
  c.c = 0.0 * si::newton * si::second / si::meter;
  c.rho0 = 0.05 * si::meter;
  c.rhoDot0 = 0.0 * si::meter_per_second;
  return with_effector(std::make_shared<LinearSpringMassDamper>("slosh", c));
}

std::shared_ptr<Model> spherical_pendulum() {
  SphericalPendulumConfig c;
  c.mass = 20.0 * si::kilogram;
  c.length = 0.3 * si::meter;
  c.r_TB_B = units::Length3(Eigen::Vector3d(0.0, 0.0, 1.5), si::meter);
  c.phi0 = 0.1 * si::radian;
  c.theta0 = 0.2 * si::radian;
  c.phiDot0 = 0.05 * si::radian_per_second;
  c.thetaDot0 = 0.0 * si::radian_per_second;
  return with_effector(std::make_shared<SphericalPendulum>("slosh", c));
}

std::shared_ptr<Model> fully_coupled_jitter_wheel() {
  JitterWheelConfig c;
  c.gsHat_B = Eigen::Vector3d::UnitZ();
  c.w2Hat0_B = Eigen::Vector3d::UnitX();
  c.r_WB_B = units::Length3(Eigen::Vector3d(0.3, 0.0, 0.0), si::meter);
  c.mass = 9.0 * si::kilogram;
  c.Js = 0.159 * units::kg_m2;
  c.Jt = 0.08 * units::kg_m2;
  c.Jg = 0.08 * units::kg_m2;
  c.Us = 1e-4 * si::kilogram * si::meter;
  c.Ud = 1e-5 * units::kg_m2;
  c.Omega0 = 100.0 * si::radian_per_second;
  return with_effector(std::make_shared<FullyCoupledJitterWheel>("jitter", c));
}

std::shared_ptr<Model> simple_jitter_reaction_wheels() {
  std::vector<ReactionWheelConfig> wheels;
  std::vector<WheelImbalanceConfig> imbalances;
  for (const Eigen::Vector3d g : {Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitZ()}) {
    wheels.push_back(wheel(g));
    WheelImbalanceConfig i;
    i.w2Hat0_B = g.unitOrthogonal();
    i.Us = 1e-4 * si::kilogram * si::meter;
    i.Ud = 1e-5 * units::kg_m2;
    imbalances.push_back(i);
  }
  return with_effector(std::make_shared<SimpleJitterReactionWheels>("wheels", wheels, imbalances));
}

std::shared_ptr<Model> thruster_state_effector() {
  ThrusterStateConfig c;
  c.r_TB_B = units::Length3(Eigen::Vector3d(0.0, 0.0, 2.0), si::meter);
  c.tHat_B = Eigen::Vector3d::UnitZ();
  c.max_thrust = 1.0 * si::newton;
  c.time_constant = 0.5 * si::second;
  c.kappa0 = 0.5;
  return with_effector(std::make_shared<ThrusterStateEffector>("rcs", std::vector<ThrusterStateConfig>{c}));
}

std::shared_ptr<Model> fuel_tank() {
  FuelTankConfig c;
  c.model = TankModel::constant_volume;
  c.r_TB_B = units::Length3(Eigen::Vector3d(0.3, 0.0, 0.5), si::meter);
  c.radius = 0.4 * si::meter;
  c.propellant_mass = 50.0 * si::kilogram;
  FuelTankThrusterConfig t;
  t.r_EB_B = units::Length3(Eigen::Vector3d(0.0, 0.0, -0.5), si::meter);
  t.tHat_B = Eigen::Vector3d::UnitZ();
  t.max_thrust = 10.0 * si::newton;
  t.isp = 220.0 * si::second;
  c.thrusters.push_back(t);
  return with_effector(std::make_shared<FuelTank>("tank", c));
}

std::shared_ptr<Model> prescribed_platform() {
  PrescribedPlatformConfig c;
  c.mass = 30.0 * si::kilogram;
  c.I_PntPc_P = units::InertiaTensor::diagonal(2.0 * units::kg_m2, 2.5 * units::kg_m2, 3.0 * units::kg_m2);
  c.r_PcP_P = units::Length3(Eigen::Vector3d(0.0, 0.0, 0.2), si::meter);
  c.r_MB_B = units::Length3(Eigen::Vector3d(0.0, 0.5, 1.0), si::meter);
  const BangCoastBang timing{0.5 * si::second, 1.5 * si::second, 1.0 * si::second};
  PrescribedProfile slew = bang_coast_bang_profile(Eigen::Vector3d::UnitZ(), 0.0 * si::radian, 30.0 * kDeg * si::radian,
                                                   units::Length3(Eigen::Vector3d::Zero(), si::meter),
                                                   units::Length3(Eigen::Vector3d::Zero(), si::meter), timing);
  SpinningAxisConfig rotor = chain_link(0);
  rotor.r_SP_P = units::Length3(Eigen::Vector3d::Zero(), si::meter);
  std::vector<std::shared_ptr<StateEffector>> children{std::make_shared<SpinningBodyOneDOF>("rotor", rotor)};
  return with_effector(std::make_shared<PrescribedPlatform>("platform", c, std::move(slew), std::move(children)));
}

Burn burn() {
  const auto nozzle = [](const Eigen::Vector3d& r_EB_B, const Eigen::Vector3d& tHat_B, double F, double isp) {
    FuelTankThrusterConfig c;
    c.r_EB_B = units::Length3(r_EB_B, si::meter);
    c.tHat_B = tHat_B;
    c.max_thrust = F * si::newton;
    c.isp = isp * si::second;
    c.command0 = 1.0;
    return c;
  };
  FuelTankConfig tank;
  tank.model = TankModel::emptying;
  tank.r_TB_B = units::Length3(Eigen::Vector3d(0.0, 0.0, 0.5), si::meter);
  tank.kHat_B = -Eigen::Vector3d::UnitZ();  // the outlet at the bottom, towards the engine
  tank.radius = 0.5 * si::meter;
  tank.density = 1000.0;
  tank.propellant_mass = 0.6 * 1000.0 * 4.0 / 3.0 * std::numbers::pi * 0.125 * si::kilogram;
  tank.thrusters = {nozzle(Eigen::Vector3d(0.0, 0.0, -1.0), Eigen::Vector3d::UnitZ(), 500.0, 230.0),
                    nozzle(Eigen::Vector3d(0.8, 0.0, 0.5), Eigen::Vector3d::UnitY(), 20.0, 220.0)};
  Burn b;
  b.tank = std::make_shared<FuelTank>("tank", tank);
  b.model = with_effector(b.tank);
  return b;
}

std::shared_ptr<Model> hub_and_panel(double k, double c, double theta0) {
  auto model = std::make_shared<Model>();
  HubConfig hub;
  hub.mass = 500.0 * si::kilogram;
  hub.I_PntBc_B = units::InertiaTensor::diagonal(400.0 * units::kg_m2, 350.0 * units::kg_m2, 300.0 * units::kg_m2);
  Vehicle& v = model->add_vehicle("sc", hub);
  InitialState initial;
  initial.omega_BN_B = units::AngularVelocity3(Eigen::Vector3d(0.01, -0.02, 0.05), si::radian_per_second);
  v.set_initial_state(initial);
  HingedRigidBodyConfig p;
  p.mass = 40.0 * si::kilogram;
  p.dcm_HB << -1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0;  // h2 = b3, the panel along +b1
  p.I_PntSc_S = units::InertiaTensor::diagonal(5.0 * units::kg_m2, 12.0 * units::kg_m2, 9.0 * units::kg_m2);
  p.d = 1.8 * si::meter;
  p.r_HB_B = units::Length3(Eigen::Vector3d(1.2, 0.0, 0.0), si::meter);
  p.k = k * si::newton * si::meter / si::radian;
  p.c = c * si::newton * si::meter * si::second / si::radian;
  p.theta0 = theta0 * si::radian;
  v.add_state_effector(std::make_shared<HingedRigidBody>("panel", p));
  auto torque = std::make_shared<ExternalForceTorque>("torquer");
  torque->set_torque_PntF_F_profile(
      [](double t) { return Eigen::Vector3d(1.0, 0.0, 10.0 * std::sin(2.0 * std::numbers::pi * t / 20.0)); });
  v.add_dynamic_effector(torque);
  model->finalize();
  return model;
}

std::shared_ptr<Model> two_vehicles() {
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
    Vehicle& sc1 = alone->add_vehicle("sc1", hub());
    sc1.set_initial_state(tumbling_at_rest());
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
  Vehicle& sc1 = model->add_vehicle("sc1", hub());
  sc1.set_initial_state(tumbling_at_rest());
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
  return model;
}

}  // namespace ramus::samples
