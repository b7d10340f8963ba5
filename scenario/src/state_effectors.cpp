// State effectors of a scenario: hinged_rigid_body, spinning_body_1dof/2dof/ndof,
// translating_body_1dof/ndof, reaction_wheels, linear_spring_mass_damper, n_hinged_rigid_body,
// spherical_pendulum, vscmg, fully_coupled_jitter_wheel, simple_jitter_reaction_wheels,
// thruster_state_effector, fuel_tank, prescribed_platform (docs/scenario.md §3).
#include <functional>
#include <map>
#include <tuple>
#include <type_traits>

#include "effector_builders.hpp"
#include "field_list.hpp"
#include "ramus/systems/fuel_tank.hpp"
#include "ramus/systems/fully_coupled_jitter_wheel.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/linear_spring_mass_damper.hpp"
#include "ramus/systems/n_hinged_rigid_body.hpp"
#include "ramus/systems/prescribed_platform.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/simple_jitter_reaction_wheels.hpp"
#include "ramus/systems/spherical_pendulum.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/thruster_state_effector.hpp"
#include "ramus/systems/translating_body.hpp"
#include "ramus/systems/vscmg.hpp"
#include "registry_table.hpp"

namespace ramus::scenario {
namespace {

/// A field the builder reads itself (an alternative form): described, read by nobody here.
template <class Config>
void builder_reads(const Node&, Config&) {}

// ---- the fields of each configuration, listed once ------------------------------------------

/// The torsional spring and damper, initial angle and rate, references and motor torque of a
/// revolute joint: the same members in every hinged and spinning configuration.
template <class C>
std::function<void(FieldList<C>&)> revolute_drive(std::string angle, std::string motor) {
  return [angle = std::move(angle), motor = std::move(motor)](FieldList<C>& l) {
    l.add("k", &C::k, "torsional spring", non_negative())
        .add("c", &C::c, "torsional damper", non_negative())
        .add("theta0", &C::theta0, angle)
        .add("thetaDot0", &C::thetaDot0, "initial rate")
        .add("thetaRef", &C::thetaRef, "spring reference")
        .add("thetaDotRef", &C::thetaDotRef, "damper reference")
        .add("motor_torque", &C::motor_torque, motor);
  };
}

const FieldList<HingedRigidBodyConfig>& hinged_rigid_body_fields() {
  using C = HingedRigidBodyConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("mass", &C::mass, "panel mass", positive())
        .add("I_PntSc_S", &C::I_PntSc_S, "inertia about the panel's centre of mass Sc, in the panel frame S")
        .add("d", &C::d, "hinge H to the centre of mass Sc, along -s1", non_negative())
        .add("r_HB_B", &C::r_HB_B, "hinge point H relative to B")
        .add("dcm_HB", &C::dcm_HB, "B to the hinge frame H (S = H at theta = 0)")
        .custom(described("direction", "hinge_axis_B", "",
                          "instead of dcm_HB: the hinge axis in B (with panel_direction_B)", "none"),
                builder_reads<C>)
        .custom(described("direction", "panel_direction_B", "",
                          "instead of dcm_HB: hinge to centre of mass at theta = 0, in B (with hinge_axis_B)", "none"),
                builder_reads<C>)
        .with(revolute_drive<C>("initial angle", "initial motor torque about h2"))
        .add("motor_K", &C::motor_K, "PD motor: proportional gain K (u_m = -K (theta - motor_thetaRef) - ...)",
             non_negative())
        .add("motor_P", &C::motor_P, "PD motor: derivative gain P (... - P (thetaDot - motor_thetaDotRef))",
             non_negative())
        .add("motor_thetaRef", &C::motor_thetaRef, "PD motor: angle reference")
        .add("motor_thetaDotRef", &C::motor_thetaDotRef, "PD motor: rate reference")
        .add("motor_max_torque", &C::motor_max_torque, "PD motor: saturation |u_m| <= motor_max_torque", positive());
  });
}

const FieldList<SpinningAxisConfig>& spinning_axis_fields() {
  using C = SpinningAxisConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("mass", &C::mass, "body mass (0 for a massless gimbal frame)", non_negative())
        .add("I_PntSc_S", &C::I_PntSc_S, "inertia about the body's centre of mass Sc, in S")
        .add("r_ScS_S", &C::r_ScS_S, "centre of mass relative to the joint origin S, in S")
        .add("dcm_S0P", &C::dcm_S0P, "parent frame P to S at theta = 0")
        .add("r_SP_P", &C::r_SP_P, "joint origin relative to the parent's origin, in P")
        .add("sHat_S", &C::sHat_S, "unit spin axis in S")
        .with(revolute_drive<C>("initial angle", "initial motor torque about sHat"))
        .add("locked", &C::locked, "start locked (thetaDot0 must be 0)");
  });
}

const FieldList<TranslatingAxisConfig>& translating_axis_fields() {
  using C = TranslatingAxisConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("mass", &C::mass, "body mass", positive())
        .add("I_PntFc_F", &C::I_PntFc_F, "inertia about the body's centre of mass Fc, in F")
        .add("r_FcF_F", &C::r_FcF_F, "centre of mass relative to the frame origin F, in F")
        .add("dcm_FP", &C::dcm_FP, "parent frame P to F")
        .add("r_F0P_P", &C::r_F0P_P, "origin of F at rho = 0 relative to the parent's origin, in P")
        .add("fHat_P", &C::fHat_P, "unit translation axis in P")
        .add("k", &C::k, "linear spring", non_negative())
        .add("c", &C::c, "linear damper", non_negative())
        .add("rho0", &C::rho0, "initial displacement")
        .add("rhoDot0", &C::rhoDot0, "initial rate")
        .add("rhoRef", &C::rhoRef, "spring reference")
        .add("rhoDotRef", &C::rhoDotRef, "damper reference")
        .add("motor_force", &C::motor_force, "initial motor force along fHat")
        .add("locked", &C::locked, "start locked (rhoDot0 must be 0)");
  });
}

/// The fields of one wheel; `angle`: its "theta0" too (a reaction_wheels wheel, whose angle may
/// be a state; a simple jitter wheel's angle is its imbalance's theta0).
FieldList<ReactionWheelConfig> wheel_fields(bool angle) {
  using C = ReactionWheelConfig;
  FieldList<C> l;
  l.add("gsHat_B", &C::gsHat_B, "unit spin axis, fixed in B")
      .add("r_WcB_B", &C::r_WcB_B, "wheel centre of mass Wc relative to B")
      .add("mass", &C::mass, "rotor mass", non_negative())
      .add("Js", &C::Js, "axial inertia about Wc", positive())
      .add("Jt", &C::Jt, "transverse inertia about Wc (if > 0, Js <= 2 Jt)", non_negative())
      .add("Omega0", &C::Omega0, "initial spin rate relative to B")
      .custom(
          described("quantity", "h0", "N m s", "or the initial spin momentum h0 = Js Omega0 (not with Omega0)", "none"),
          [](const Node& n, C& w) {
            if (!n.has("h0")) return;  // docs/models/reaction_wheels.md, "Given by its momentum"
            if (n.has("Omega0")) n.at("h0").fail("give the initial spin as Omega0 or as h0 = Js Omega0, not both");
            units::AngularMomentum h0;
            n.read("h0", h0);
            w.h0 = h0;
          });
  if (angle) l.add("theta0", &C::theta0, "initial wheel angle (a state only with angle_states)");
  l.add("motor_torque", &C::motor_torque, "initial motor torque command")
      .add("max_torque", &C::max_torque, "saturation |u| <= max_torque of the applied motor torque", positive())
      .add("viscous_friction", &C::viscous_friction, "b: friction -b Omega", non_negative())
      .add("coulomb_friction", &C::coulomb_friction, "tau_c: friction -tau_c tanh(Omega/omega_s)", non_negative())
      .add("coulomb_smoothing_speed", &C::coulomb_smoothing_speed, "omega_s (> 0 when tau_c > 0)", non_negative())
      .add("static_friction", &C::static_friction,
           "tau_s >= tau_c: the Coulomb level rises to tau_s at low speed (Stribeck)", non_negative())
      .add("stribeck_speed", &C::stribeck_speed, "omega_st: the Stribeck decay speed (> 0 with static_friction)",
           non_negative());
  return l;
}
const FieldList<ReactionWheelConfig>& reaction_wheel_fields() {
  static const FieldList<ReactionWheelConfig> f = wheel_fields(true);
  return f;
}
const FieldList<ReactionWheelConfig>& jitter_wheel_rotor_fields() {
  static const FieldList<ReactionWheelConfig> f = wheel_fields(false);
  return f;
}

const FieldList<LinearSpringMassDamperConfig>& linear_spring_mass_damper_fields() {
  using C = LinearSpringMassDamperConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("mass", &C::mass, "particle mass", positive())
        .add("pHat_B", &C::pHat_B, "unit direction of motion, fixed in B")
        .add("r_PB_B", &C::r_PB_B, "equilibrium point P (rho = 0) relative to B")
        .add("k", &C::k, "spring", non_negative())
        .add("c", &C::c, "damper", non_negative())
        .add("rho0", &C::rho0, "initial displacement from P along pHat_B")
        .add("rhoDot0", &C::rhoDot0, "initial rate");
  });
}

const FieldList<HingedPanelConfig>& hinged_panel_fields() {
  using C = HingedPanelConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("mass", &C::mass, "panel mass", positive())
        .add("I_PntSc_S", &C::I_PntSc_S, "inertia about the panel's centre of mass Sc, in S")
        .add("d", &C::d, "hinge to the centre of mass Sc, along -s1", positive())
        .add("length", &C::length, "hinge to the next panel's hinge, along -s1 (> 0 when a panel follows)",
             non_negative())
        .add("dcm_HP", &C::dcm_HP, "parent frame P to the hinge frame H (S = H at theta = 0)")
        .with(revolute_drive<C>("initial angle relative to the parent",
                                "initial motor torque about h2 (the parent takes -u)"));
  });
}

const FieldList<SphericalPendulumConfig>& spherical_pendulum_fields() {
  using C = SphericalPendulumConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("mass", &C::mass, "pendulum mass m", positive())
        .add("length", &C::length, "rod length l", positive())
        .add("r_TB_B", &C::r_TB_B, "pivot T relative to B")
        .add("dcm_P0B", &C::dcm_P0B, "B to P0 components (rows p1, p2, p3 in B)")
        .custom(described("matrix", "D_P0", "N s/m", "damping matrix in P0, symmetric, >= 0", "zero"),
                [](const Node& n, C& c) {
                  if (const auto D = n.find("D_P0")) c.D_P0 = D->matrix3(Dimension::linear_damping);
                })
        .add("phi0", &C::phi0, "initial phi")
        .add("theta0", &C::theta0, "initial theta (any finite value; +-pi/2: the rod along -+p3)")
        .add("phiDot0", &C::phiDot0, "initial phi rate")
        .add("thetaDot0", &C::thetaDot0, "initial theta rate");
  });
}

const FieldList<VscmgConfig>& vscmg_fields() {
  using C = VscmgConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("gsHat0_B", &C::gsHat0_B, "wheel spin axis gs at gamma = 0")
        .add("gtHat0_B", &C::gtHat0_B, "gt at gamma = 0 (gs, gt, gg right-handed orthonormal)")
        .add("ggHat_B", &C::ggHat_B, "gimbal axis gg, fixed in B")
        .add("r_GB_B", &C::r_GB_B, "gimbal frame origin G (on the gimbal axis) relative to B")
        .add("massG", &C::massG, "gimbal frame mass", non_negative())
        .add("IG_PntGc_G", &C::IG_PntGc_G, "gimbal frame inertia about its centre of mass, in G")
        .add("r_GcG_G", &C::r_GcG_G, "gimbal centre of mass relative to G, in G")
        .add("r_WG_G", &C::r_WG_G, "wheel frame origin W (on the spin axis) relative to G, in G")
        .add("massW", &C::massW, "wheel mass", positive())
        .add("IW1", &C::IW1, "wheel inertia about gs through Wc", positive())
        .add("IW2", &C::IW2, "wheel inertia about w2", positive())
        .add("IW3", &C::IW3, "wheel inertia about w3", positive())
        .add("Us", &C::Us, "wheel static imbalance (along w2 = gt at theta = 0)", non_negative())
        .add("Ud", &C::Ud, "wheel dynamic imbalance IW13")
        .add("gamma0", &C::gamma0, "initial gimbal angle")
        .add("gammaDot0", &C::gammaDot0, "initial gimbal rate")
        .add("theta0", &C::theta0, "initial wheel angle")
        .add("Omega0", &C::Omega0, "initial wheel rate relative to the gimbal")
        .add("gimbal_torque", &C::gimbal_torque, "initial gimbal motor torque about gg")
        .add("wheel_torque", &C::wheel_torque, "initial wheel motor torque about gs")
        .add("gimbal_locked", &C::gimbal_locked, "start with the gimbal locked (gammaDot0 must be 0)")
        .add("simple_jitter", &C::simple_jitter,
             "the imbalance Us, Ud as imposed loads on the hub (Basilisk's jitter simple), not fully coupled");
  });
}

const FieldList<JitterWheelConfig>& jitter_wheel_fields() {
  using C = JitterWheelConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("gsHat_B", &C::gsHat_B, "unit spin axis, fixed in B")
        .add("w2Hat0_B", &C::w2Hat0_B, "w2 at theta = 0 (towards the imbalance mass), normal to gs")
        .add("r_WB_B", &C::r_WB_B, "wheel frame origin W (on the spin axis) relative to B")
        .add("mass", &C::mass, "rotor mass m", positive())
        .add("Js", &C::Js, "spin-axis inertia about Wc", positive())
        .add("Jt", &C::Jt, "inertia about w2 through Wc", positive())
        .add("Jg", &C::Jg, "inertia about w3 through Wc", positive())
        .add("Us", &C::Us, "static imbalance U_s = m d", non_negative())
        .add("Ud", &C::Ud, "dynamic imbalance U_d = J13")
        .add("Omega0", &C::Omega0, "initial spin rate relative to B")
        .add("theta0", &C::theta0, "initial wheel angle")
        .add("motor_torque", &C::motor_torque, "initial motor torque about gs")
        .add("viscous_friction", &C::viscous_friction, "b: friction -b Omega", non_negative())
        .add("max_torque", &C::max_torque, "saturation |u| <= max_torque of the applied motor torque", positive());
  });
}

const FieldList<WheelImbalanceConfig>& wheel_imbalance_fields() {
  using C = WheelImbalanceConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("w2Hat0_B", &C::w2Hat0_B, "w2 at theta = 0: towards the imbalance mass, normal to gs")
        .add("Us", &C::Us, "static imbalance U_s = m d", non_negative())
        .add("Ud", &C::Ud, "dynamic imbalance U_d")
        .add("theta0", &C::theta0, "initial wheel angle");
  });
}

const FieldList<ThrusterStateConfig>& state_thruster_fields() {
  using C = ThrusterStateConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("r_TB_B", &C::r_TB_B, "thruster location T relative to B")
        .add("tHat_B", &C::tHat_B, "unit direction of the force on the hub, in B")
        .add("max_thrust", &C::max_thrust, "thrust at kappa = 1", positive())
        .add("time_constant", &C::time_constant, "tau of kappa' = (u - kappa)/tau", positive())
        .add("kappa0", &C::kappa0, "initial thrust factor", between(0.0, 1.0))
        .add("command0", &C::command0, "initial command u", between(0.0, 1.0));
  });
}

const FieldList<FuelTankThrusterConfig>& tank_thruster_fields() {
  using C = FuelTankThrusterConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("r_EB_B", &C::r_EB_B, "nozzle exit E relative to B")
        .add("tHat_B", &C::tHat_B, "unit direction of the thrust on the hub, in B")
        .add("max_thrust", &C::max_thrust, "thrust at command 1", positive())
        .add("isp", &C::isp, "specific impulse: exhaust speed Isp g0", positive())
        .add("command0", &C::command0, "initial command u", between(0.0, 1.0))
        .add("time_constant", &C::time_constant, "first-order thrust: tau of kappa' = (u - kappa)/tau; none: kappa = u",
             positive())
        .add("kappa0", &C::kappa0, "initial thrust factor (with a time_constant)", between(0.0, 1.0))
        .with([](FieldList<C>& f) {
          for (const auto& [key, member, doc] :
               {std::tuple{"thrust_pressure_coefficients", &C::thrust_pressure_coefficients,
                           "blow-down: F = max_thrust (c0 + c1 p/p0 + c2 (p/p0)^2 + ...), ascending powers"},
                std::tuple{"isp_pressure_coefficients", &C::isp_pressure_coefficients,
                           "blow-down: Isp = isp (c0 + c1 p/p0 + ...), ascending powers"}}) {
            const auto m = member;
            const std::string k = key;
            f.custom(described("numbers", k, "", doc, "[1]"), [m, k](const Node& n, C& c) {
              if (const auto e = n.find(k)) {
                (c.*m).clear();
                for (const Node& v : e->elements(1)) (c.*m).push_back(v.number());
              }
            });
          }
        });
  });
}

const FieldList<FuelTankBlowDownConfig>& tank_blow_down_fields() {
  using C = FuelTankBlowDownConfig;
  return fields_once<C>([](FieldList<C>& l) {
    const auto quantity = [&l](std::string key, double C::*member, Dimension d, std::string unit, std::string doc,
                               std::string dflt, Bounds b) {
      l.custom(described("quantity", key, unit, std::move(doc), std::move(dflt), b),
               [key, member, d](const Node& n, C& c) {
                 if (const auto v = n.find(key)) c.*member = v->si(d);
               });
    };
    quantity("pressure0", &C::pressure0, Dimension::pressure, "N/m^2", "ullage pressure at the initial propellant mass",
             "", positive());
    quantity("propellant_density", &C::propellant_density, Dimension::density, "kg/m^3",
             "the propellant's density: the volume a leaving mass frees", "", positive());
    l.custom(described("number", "ullage_volume0", "m^3", "gas volume at the initial propellant mass (m^3, SI)", "",
                       positive()),
             [](const Node& n, C& c) {
               if (const auto v = n.find("ullage_volume0")) c.ullage_volume0 = v->number();
             })
        .add("polytropic_exponent", &C::polytropic_exponent, "gamma of p V^gamma = const: 1 isothermal, 5/3 adiabatic",
             between(1.0, 5.0 / 3.0));
  });
}

const FieldList<FuelTankConfig>& fuel_tank_fields() {
  using C = FuelTankConfig;
  static const FieldList<C> f = [] {
    std::vector<std::pair<std::string, TankModel>> models;
    for (const TankModel t : {TankModel::constant_volume, TankModel::constant_density, TankModel::emptying,
                              TankModel::uniform_burn, TankModel::centrifugal_burn})
      models.emplace_back(std::string(to_string(t)), t);
    std::vector<std::pair<std::string, TankDepletion>> depletions;
    for (const TankDepletion d : {TankDepletion::full, TankDepletion::mass_properties_only})
      depletions.emplace_back(std::string(to_string(d)), d);
    FieldList<C> l;
    l.choice("model", &C::model, models, "how the propellant's mass properties follow its mass", "tank model")
        .add("r_TB_B", &C::r_TB_B, "tank centre T relative to B")
        .add("kHat_B", &C::kHat_B,
             "unit axis in B (emptying: towards the outlet; uniform_burn, centrifugal_burn: the cylinder's)")
        .add("radius", &C::radius, "constant_volume, emptying, uniform_burn", positive())
        .add("length", &C::length, "uniform_burn, centrifugal_burn: cylinder length", positive())
        .custom(described("quantity", "density", "kg/m^3",
                          "propellant density: constant_density, emptying, centrifugal_burn", "0"),
                [](const Node& n, C& c) {
                  if (const auto d = n.find("density")) c.density = d->si(Dimension::density);
                })
        .add("propellant_mass", &C::propellant_mass, "initial propellant mass", non_negative())
        .objects("thrusters", &C::thrusters, tank_thruster_fields(), "tank_thruster",
                 "the thrusters it feeds (may be empty: a passive tank)", 0)
        .choice("depletion", &C::depletion, depletions,
                "full: every mass-flow term; mass_properties_only: mass and inertia follow, only the thrust acts",
                "depletion option");
    FieldInfo b = described("object", "blow_down", "",
                            "pressure-fed blow-down: thrust and Isp follow the ullage pressure", "none");
    b.part = "tank_blow_down";
    l.custom(b, [](const Node& n, C& c) {
      if (const auto node = n.find("blow_down")) c.blow_down = tank_blow_down_fields().read(*node);
    });
    return l;
  }();
  return f;
}

// ---- the prescribed platform's profiles (parts with a "type") --------------------------------

struct HoldProfileSpec {
  std::string type;
  units::Length3 r_PM_M;
  Eigen::Vector4d q_PM{1.0, 0.0, 0.0, 0.0};
};
struct BangCoastBangSpec {
  std::string type;
  Eigen::Vector3d axis_M = Eigen::Vector3d::Zero();
  units::Angle theta0, dtheta;
  units::Length3 r0_PM_M, dr_M;
  units::Time t_start, t_accel, t_coast;
};

const FieldList<HoldProfileSpec>& hold_profile_fields() {
  using C = HoldProfileSpec;
  return fields_once<C>([](FieldList<C>& l) {
    l.custom(variant_type("hold", "the profile"), builder_reads<C>)
        .add("r_PM_M", &C::r_PM_M, "platform origin P relative to the mount frame M, in M")
        .custom(described("quaternion", "q_PM", "", "attitude of P relative to M (scalar first)", "[1, 0, 0, 0]"),
                [](const Node& n, C& c) {
                  if (const auto q = n.find("q_PM")) c.q_PM = q->vector4();
                });
  });
}

const FieldList<BangCoastBangSpec>& bang_coast_bang_fields() {
  using C = BangCoastBangSpec;
  return fields_once<C>([](FieldList<C>& l) {
    l.custom(variant_type("bang_coast_bang", "the profile"), builder_reads<C>)
        .required("axis_M", &C::axis_M, "unit slew axis, fixed in M and P")
        .add("theta0", &C::theta0, "initial angle about axis_M")
        .add("dtheta", &C::dtheta, "slew angle")
        .add("r0_PM_M", &C::r0_PM_M, "initial position of P relative to M, in M")
        .add("dr_M", &C::dr_M, "translation, in M")
        .add("t_start", &C::t_start, "start of the manoeuvre")
        .required("t_accel", &C::t_accel, "duration of each acceleration phase", positive())
        .add("t_coast", &C::t_coast, "duration of the coast", non_negative());
  });
}

/// The profile of a prescribed platform: {"type": "hold", …} or {"type": "bang_coast_bang", …}.
PrescribedProfile prescribed_profile(const Node& n) {
  const Node type = n.at("type");
  const std::string kind = type.string();
  if (kind == "hold") {
    const HoldProfileSpec s = hold_profile_fields().read(n);
    return hold_profile(s.r_PM_M, s.q_PM);
  }
  if (kind == "bang_coast_bang") {
    const BangCoastBangSpec s = bang_coast_bang_fields().read(n);
    const BangCoastBang timing{s.t_start, s.t_accel, s.t_coast};
    return wrap_configuration_errors(
        n, [&] { return bang_coast_bang_profile(s.axis_M, s.theta0, s.dtheta, s.r0_PM_M, s.dr_M, timing); });
  }
  type.fail(unknown_name("profile type", kind, {"hold", "bang_coast_bang"}));
}

const FieldList<PrescribedPlatformConfig>& prescribed_platform_fields() {
  using C = PrescribedPlatformConfig;
  return fields_once<C>([](FieldList<C>& l) {
    FieldInfo profile = described("variant", "profile", "", "the prescribed motion of P relative to M", "");
    profile.choices = {"hold_profile", "bang_coast_bang_profile"};
    FieldInfo children =
        described("state_effectors", "state_effectors", "", "state effectors carried by the platform", "[]");
    l.add("mass", &C::mass, "platform mass", positive())
        .add("I_PntPc_P", &C::I_PntPc_P, "inertia about its centre of mass Pc, in P")
        .add("r_PcP_P", &C::r_PcP_P, "centre of mass relative to the origin of P, in P")
        .add("r_MB_B", &C::r_MB_B, "mount frame origin relative to B")
        .add("dcm_MB", &C::dcm_MB, "B to the mount frame M")
        .add("tau0", &C::tau0, "the profile's clock at the initial state")
        .custom(profile, builder_reads<C>)
        .custom(children, builder_reads<C>);
  });
}

std::shared_ptr<StateEffector> prescribed_platform(const Node& n, const std::string& name,
                                                   const EnvironmentObjects& files) {
  const PrescribedPlatformConfig c = prescribed_platform_fields().read(n, common_keys(Category::state_effector));
  PrescribedProfile profile = prescribed_profile(n.at("profile"));
  std::vector<std::shared_ptr<StateEffector>> children;
  std::map<std::string, std::string, std::less<>> first;  // child name → path of its first "name"
  if (const auto list = n.find("state_effectors")) {
    for (const Node& e : list->elements()) {
      // Unique among the platform's children (PrescribedPlatform refuses a repeat with the
      // platform as owner): refused here at the second child's "name".
      const Node name_node = e.at("name");
      const auto [it, inserted] = first.emplace(name_node.name(), name_node.path());
      if (!inserted)
        name_node.fail("child name '" + it->first + "' is already used on prescribed_platform '" + name + "' by " +
                       it->second);
      if (e.has("dynamic_effectors"))
        e.at("dynamic_effectors")
            .fail(
                "a platform's child takes no dynamic effectors: give them in the platform's dynamic_effectors, "
                "on the child's segments (the platform's segments 1, 2, … follow segment 0, the platform)");
      children.push_back(build_state_effector(e, files));
    }
  }
  return std::make_shared<PrescribedPlatform>(name, c, std::move(profile), std::move(children));
}

/// A hinged_rigid_body from its hinge axis and panel direction in B (docs/models/hinged_rigid_body.md
/// eq. (2)) when the object gives them, both and without dcm_HB; from dcm_HB otherwise.
std::shared_ptr<StateEffector> hinged_rigid_body(const Node& n, const std::string& name) {
  const HingedRigidBodyConfig c = hinged_rigid_body_fields().read(n, common_keys(Category::state_effector));
  const bool axis = n.has("hinge_axis_B"), direction = n.has("panel_direction_B");
  if (!axis && !direction) return std::make_shared<HingedRigidBody>(name, c);
  if (n.has("dcm_HB")) n.at("dcm_HB").fail("give either dcm_HB or hinge_axis_B and panel_direction_B, not both");
  if (!axis || !direction)
    n.at(axis ? "hinge_axis_B" : "panel_direction_B")
        .fail(std::string("give ") + (axis ? "panel_direction_B" : "hinge_axis_B") +
              " too: the hinge frame needs the hinge axis and the panel direction (or dcm_HB)");
  Eigen::Vector3d hinge_axis_B, panel_direction_B;
  n.read("hinge_axis_B", hinge_axis_B);
  n.read("panel_direction_B", panel_direction_B);
  return std::make_shared<HingedRigidBody>(name, c, hinge_axis_B, panel_direction_B);
}

// ---- effectors whose constructor takes more than one configuration ---------------------------

template <class Part>
struct Parts {
  std::vector<Part> parts;
};
struct ReactionWheelsSpec {
  std::vector<ReactionWheelConfig> wheels;
  bool angle_states = false;  ///< the wheel angles as states (docs/models/reaction_wheels.md eq. (12))
};
struct NHingedSpec {
  units::Length3 r_H1B_B;
  std::vector<HingedPanelConfig> panels;
};
struct SimpleJitterSpec {
  std::vector<ReactionWheelConfig> wheels;
  std::vector<WheelImbalanceConfig> imbalances;
};
struct OneAxis {
  SpinningAxisConfig spinning;
  TranslatingAxisConfig translating;
};

}  // namespace

void register_state_effectors(Registry& r) {
  const auto keys = common_keys(Category::state_effector);
  // A builder of (object, name) reads no data file: it is given none.
  const auto effector = [&r](std::string type, std::string doc, std::string page, std::string cpp,
                             std::vector<FieldInfo> fields, auto build) {
    StateEffectorBuilder b;
    if constexpr (std::is_invocable_v<decltype(build), const Node&, const std::string&>)
      b = [build](const Node& n, const std::string& name, const EnvironmentObjects&) { return build(n, name); };
    else
      b = std::move(build);
    r.add_state_effector(type_info(std::move(type), Category::state_effector, std::move(doc), std::move(page),
                                   std::move(cpp), std::move(fields)),
                         std::move(b));
  };
  const auto part = [&r](std::string type, std::string doc, std::string page, std::string cpp,
                         std::vector<FieldInfo> fields) {
    r.add_part(
        type_info(std::move(type), Category::part, std::move(doc), std::move(page), std::move(cpp), std::move(fields)));
  };

  // Parts (the objects nested in an effector's fields).
  part("spinning_axis", "one rotation axis of a spinning body", "docs/models/spinning_body.md", "SpinningAxisConfig",
       spinning_axis_fields().info());
  part("translating_axis", "one translation axis of a translating body", "docs/models/translating_body.md",
       "TranslatingAxisConfig", translating_axis_fields().info());
  part("reaction_wheel", "one wheel of a reaction_wheels set", "docs/models/reaction_wheels.md", "ReactionWheelConfig",
       reaction_wheel_fields().info());
  part("jitter_wheel_rotor", "one rotor of a simple_jitter_reaction_wheels set",
       "docs/models/simple_jitter_reaction_wheels.md", "ReactionWheelConfig", jitter_wheel_rotor_fields().info());
  part("wheel_imbalance", "the imbalance of one simple jitter wheel", "docs/models/simple_jitter_reaction_wheels.md",
       "WheelImbalanceConfig", wheel_imbalance_fields().info());
  part("hinged_panel", "one panel of an n_hinged_rigid_body", "docs/models/n_hinged_rigid_body.md", "HingedPanelConfig",
       hinged_panel_fields().info());
  part("state_thruster", "one thruster of a thruster_state_effector", "docs/models/thruster_state_effector.md",
       "ThrusterStateConfig", state_thruster_fields().info());
  part("tank_thruster", "one thruster fed by a fuel_tank", "docs/models/fuel_tank.md", "FuelTankThrusterConfig",
       tank_thruster_fields().info());
  part("tank_blow_down", "the pressure law of a blow-down fuel_tank", "docs/models/fuel_tank.md",
       "FuelTankBlowDownConfig", tank_blow_down_fields().info());
  part("hold_profile", "a prescribed platform held at a fixed pose", "docs/models/prescribed_platform.md",
       "hold_profile", hold_profile_fields().info());
  part("bang_coast_bang_profile", "a prescribed slew and translation along a smooth bang-coast-bang",
       "docs/models/prescribed_platform.md", "bang_coast_bang_profile", bang_coast_bang_fields().info());

  // The state effectors.
  effector("hinged_rigid_body", "a rigid panel on a one-axis hinge with a torsional spring and damper",
           "docs/models/hinged_rigid_body.md", "HingedRigidBody", hinged_rigid_body_fields().info(), hinged_rigid_body);

  static const FieldList<OneAxis> spinning_one = [] {
    FieldList<OneAxis> l;
    l.object("axis", &OneAxis::spinning, spinning_axis_fields(), "spinning_axis", "the axis");
    return l;
  }();
  effector("spinning_body_1dof", "a rigid body spinning about one axis", "docs/models/spinning_body.md",
           "SpinningBodyOneDOF", spinning_one.info(), [keys](const Node& n, const std::string& name) {
             return std::make_shared<SpinningBodyOneDOF>(name, spinning_one.read(n, keys).spinning);
           });
  struct TwoAxes {
    SpinningAxisConfig axis1, axis2;
  };
  static const FieldList<TwoAxes> spinning_two = [] {
    FieldList<TwoAxes> l;
    l.object("axis1", &TwoAxes::axis1, spinning_axis_fields(), "spinning_axis", "the first axis, on the parent")
        .object("axis2", &TwoAxes::axis2, spinning_axis_fields(), "spinning_axis", "the second axis, on the first");
    return l;
  }();
  effector("spinning_body_2dof", "two rigid bodies in series, each spinning about one axis",
           "docs/models/spinning_body.md", "SpinningBodyTwoDOF", spinning_two.info(),
           [keys](const Node& n, const std::string& name) {
             const TwoAxes a = spinning_two.read(n, keys);
             return std::make_shared<SpinningBodyTwoDOF>(name, a.axis1, a.axis2);
           });
  static const FieldList<Parts<SpinningAxisConfig>> spinning_n = [] {
    FieldList<Parts<SpinningAxisConfig>> l;
    l.objects("axes", &Parts<SpinningAxisConfig>::parts, spinning_axis_fields(), "spinning_axis",
              "the axes, each on the previous body");
    return l;
  }();
  effector("spinning_body_ndof", "a chain of rigid bodies, each spinning about one axis",
           "docs/models/spinning_body.md", "SpinningBodyNDOF", spinning_n.info(),
           [keys](const Node& n, const std::string& name) {
             return std::make_shared<SpinningBodyNDOF>(name, spinning_n.read(n, keys).parts);
           });
  static const FieldList<OneAxis> translating_one = [] {
    FieldList<OneAxis> l;
    l.object("axis", &OneAxis::translating, translating_axis_fields(), "translating_axis", "the axis");
    return l;
  }();
  effector("translating_body_1dof", "a rigid body translating along one axis", "docs/models/translating_body.md",
           "TranslatingBodyOneDOF", translating_one.info(), [keys](const Node& n, const std::string& name) {
             return std::make_shared<TranslatingBodyOneDOF>(name, translating_one.read(n, keys).translating);
           });
  static const FieldList<Parts<TranslatingAxisConfig>> translating_n = [] {
    FieldList<Parts<TranslatingAxisConfig>> l;
    l.objects("axes", &Parts<TranslatingAxisConfig>::parts, translating_axis_fields(), "translating_axis",
              "the axes, each on the previous body");
    return l;
  }();
  effector("translating_body_ndof", "a chain of rigid bodies, each translating along one axis",
           "docs/models/translating_body.md", "TranslatingBodyNDOF", translating_n.info(),
           [keys](const Node& n, const std::string& name) {
             return std::make_shared<TranslatingBodyNDOF>(name, translating_n.read(n, keys).parts);
           });
  static const FieldList<ReactionWheelsSpec> wheels = [] {
    FieldList<ReactionWheelsSpec> l;
    l.objects("wheels", &ReactionWheelsSpec::wheels, reaction_wheel_fields(), "reaction_wheel", "the wheels")
        .add("angle_states", &ReactionWheelsSpec::angle_states, "the wheel angles as states");
    return l;
  }();
  effector("reaction_wheels", "balanced reaction wheels with motor torque limits and friction",
           "docs/models/reaction_wheels.md", "ReactionWheels", wheels.info(),
           [keys](const Node& n, const std::string& name) {
             const ReactionWheelsSpec s = wheels.read(n, keys);
             auto set = std::make_shared<ReactionWheels>(name, s.wheels);
             set->set_angle_states(s.angle_states);
             return set;
           });
  effector("linear_spring_mass_damper", "a particle on a spring and damper along a line fixed in B (slosh)",
           "docs/models/linear_spring_mass_damper.md", "LinearSpringMassDamper",
           linear_spring_mass_damper_fields().info(), [keys](const Node& n, const std::string& name) {
             return std::make_shared<LinearSpringMassDamper>(name, linear_spring_mass_damper_fields().read(n, keys));
           });
  static const FieldList<NHingedSpec> n_hinged = [] {
    FieldList<NHingedSpec> l;
    l.add("r_H1B_B", &NHingedSpec::r_H1B_B, "the first hinge relative to B")
        .objects("panels", &NHingedSpec::panels, hinged_panel_fields(), "hinged_panel",
                 "the panels, each hinged on the previous one (segment i is panel i + 1)");
    return l;
  }();
  effector("n_hinged_rigid_body", "a chain of hinged rigid panels", "docs/models/n_hinged_rigid_body.md",
           "NHingedRigidBody", n_hinged.info(), [keys](const Node& n, const std::string& name) {
             const NHingedSpec s = n_hinged.read(n, keys);
             return std::make_shared<NHingedRigidBody>(name, s.r_H1B_B, s.panels);
           });
  effector("spherical_pendulum", "a point mass on a rod about a pivot fixed in B (slosh)",
           "docs/models/spherical_pendulum.md", "SphericalPendulum", spherical_pendulum_fields().info(),
           [keys](const Node& n, const std::string& name) {
             return std::make_shared<SphericalPendulum>(name, spherical_pendulum_fields().read(n, keys));
           });
  effector("vscmg", "a variable-speed control moment gyroscope (gimbal and wheel, with imbalance)",
           "docs/models/vscmg.md", "Vscmg", vscmg_fields().info(), [keys](const Node& n, const std::string& name) {
             return std::make_shared<Vscmg>(name, vscmg_fields().read(n, keys));
           });
  effector("fully_coupled_jitter_wheel", "an imbalanced wheel coupled in full to the hub",
           "docs/models/fully_coupled_jitter_wheel.md", "FullyCoupledJitterWheel", jitter_wheel_fields().info(),
           [keys](const Node& n, const std::string& name) {
             return std::make_shared<FullyCoupledJitterWheel>(name, jitter_wheel_fields().read(n, keys));
           });
  static const FieldList<SimpleJitterSpec> simple_jitter = [] {
    FieldList<SimpleJitterSpec> l;
    l.objects("wheels", &SimpleJitterSpec::wheels, jitter_wheel_rotor_fields(), "jitter_wheel_rotor", "the rotors")
        .objects("imbalances", &SimpleJitterSpec::imbalances, wheel_imbalance_fields(), "wheel_imbalance",
                 "one imbalance per rotor");
    return l;
  }();
  effector("simple_jitter_reaction_wheels", "reaction wheels whose imbalance forces and torques act on the hub",
           "docs/models/simple_jitter_reaction_wheels.md", "SimpleJitterReactionWheels", simple_jitter.info(),
           [keys](const Node& n, const std::string& name) {
             const SimpleJitterSpec s = simple_jitter.read(n, keys);
             return std::make_shared<SimpleJitterReactionWheels>(name, s.wheels, s.imbalances);
           });
  static const FieldList<Parts<ThrusterStateConfig>> state_thrusters = [] {
    FieldList<Parts<ThrusterStateConfig>> l;
    l.objects("thrusters", &Parts<ThrusterStateConfig>::parts, state_thruster_fields(), "state_thruster",
              "the thrusters");
    return l;
  }();
  effector("thruster_state_effector", "thrusters whose thrust follows the command at first order",
           "docs/models/thruster_state_effector.md", "ThrusterStateEffector", state_thrusters.info(),
           [keys](const Node& n, const std::string& name) {
             return std::make_shared<ThrusterStateEffector>(name, state_thrusters.read(n, keys).parts);
           });
  effector("fuel_tank", "a propellant tank whose mass and inertia follow its thrusters' flow",
           "docs/models/fuel_tank.md", "FuelTank", fuel_tank_fields().info(),
           [keys](const Node& n, const std::string& name) {
             return std::make_shared<FuelTank>(name, fuel_tank_fields().read(n, keys));
           });
  effector("prescribed_platform", "a platform whose motion relative to B is prescribed, carrying state effectors",
           "docs/models/prescribed_platform.md", "PrescribedPlatform", prescribed_platform_fields().info(),
           prescribed_platform);
}

std::shared_ptr<StateEffector> build_state_effector(const Node& node, const EnvironmentObjects& files) {
  const Node type = node.at("type");
  const Registry& registry = Registry::instance();
  const StateEffectorBuilder* build = registry.state_effector(type.string());
  if (build == nullptr) registry.unknown_type(type, Category::state_effector, "state effector");
  const std::string name = node.at("name").name();
  return wrap_configuration_errors(node, [&] { return (*build)(node, name, files); });
}

std::vector<std::string> state_effector_type_names() { return type_names(Category::state_effector); }

}  // namespace ramus::scenario
