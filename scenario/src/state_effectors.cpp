// State effectors of a scenario: hinged_rigid_body, spinning_body_1dof/2dof/ndof,
// translating_body_1dof/ndof, reaction_wheels, linear_spring_mass_damper, n_hinged_rigid_body,
// spherical_pendulum, vscmg, fully_coupled_jitter_wheel, simple_jitter_reaction_wheels,
// thruster_state_effector, fuel_tank, prescribed_platform (docs/scenario.md §3).
#include <functional>
#include <map>

#include "effector_builders.hpp"
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

namespace ramus::scenario {
namespace {

/// A state effector object: "type", "name", "dynamic_effectors" and the keys of its model.
void require_effector_keys(const Node& n, std::initializer_list<std::string_view> own) {
  std::vector<std::string_view> keys{"type", "name", "dynamic_effectors"};
  keys.insert(keys.end(), own);
  n.require_keys(keys);
}

HingedRigidBodyConfig hinged_rigid_body(const Node& n) {
  require_effector_keys(n, {"mass", "I_PntSc_S", "d", "r_HB_B", "dcm_HB", "hinge_axis_B", "panel_direction_B", "k", "c",
                            "theta0", "thetaDot0", "thetaRef", "thetaDotRef", "motor_torque"});
  HingedRigidBodyConfig c;
  n.read("mass", c.mass);
  n.read("I_PntSc_S", c.I_PntSc_S);
  n.read("d", c.d);
  n.read("r_HB_B", c.r_HB_B);
  n.read("dcm_HB", c.dcm_HB);
  n.read("k", c.k);
  n.read("c", c.c);
  n.read("theta0", c.theta0);
  n.read("thetaDot0", c.thetaDot0);
  n.read("thetaRef", c.thetaRef);
  n.read("thetaDotRef", c.thetaDotRef);
  n.read("motor_torque", c.motor_torque);
  return c;
}

SpinningAxisConfig spinning_axis(const Node& n) {
  n.require_keys({"mass", "I_PntSc_S", "r_ScS_S", "dcm_S0P", "r_SP_P", "sHat_S", "k", "c", "theta0", "thetaDot0",
                  "thetaRef", "thetaDotRef", "motor_torque", "locked"});
  SpinningAxisConfig a;
  n.read("mass", a.mass);
  n.read("I_PntSc_S", a.I_PntSc_S);
  n.read("r_ScS_S", a.r_ScS_S);
  n.read("dcm_S0P", a.dcm_S0P);
  n.read("r_SP_P", a.r_SP_P);
  n.read("sHat_S", a.sHat_S);
  n.read("k", a.k);
  n.read("c", a.c);
  n.read("theta0", a.theta0);
  n.read("thetaDot0", a.thetaDot0);
  n.read("thetaRef", a.thetaRef);
  n.read("thetaDotRef", a.thetaDotRef);
  n.read("motor_torque", a.motor_torque);
  n.read("locked", a.locked);
  return a;
}

TranslatingAxisConfig translating_axis(const Node& n) {
  n.require_keys({"mass", "I_PntFc_F", "r_FcF_F", "dcm_FP", "r_F0P_P", "fHat_P", "k", "c", "rho0", "rhoDot0", "rhoRef",
                  "rhoDotRef", "motor_force", "locked"});
  TranslatingAxisConfig a;
  n.read("mass", a.mass);
  n.read("I_PntFc_F", a.I_PntFc_F);
  n.read("r_FcF_F", a.r_FcF_F);
  n.read("dcm_FP", a.dcm_FP);
  n.read("r_F0P_P", a.r_F0P_P);
  n.read("fHat_P", a.fHat_P);
  n.read("k", a.k);
  n.read("c", a.c);
  n.read("rho0", a.rho0);
  n.read("rhoDot0", a.rhoDot0);
  n.read("rhoRef", a.rhoRef);
  n.read("rhoDotRef", a.rhoDotRef);
  n.read("motor_force", a.motor_force);
  n.read("locked", a.locked);
  return a;
}

/// A hinged_rigid_body from its hinge axis and panel direction in B (docs/models/hinged_rigid_body.md
/// eq. (2)) when the object gives them, both and without dcm_HB; from dcm_HB otherwise.
std::shared_ptr<StateEffector> hinged_rigid_body_effector(const Node& n, const std::string& name) {
  const HingedRigidBodyConfig c = hinged_rigid_body(n);
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

/// The fields of one wheel; `angle`: its "theta0" too (a reaction_wheels wheel, whose angle may
/// be a state; a simple jitter wheel's angle is its imbalance's theta0).
ReactionWheelConfig wheel_fields(const Node& n, bool angle) {
  std::vector<std::string_view> keys{"gsHat_B",
                                     "r_WcB_B",
                                     "mass",
                                     "Js",
                                     "Jt",
                                     "Omega0",
                                     "h0",
                                     "motor_torque",
                                     "max_torque",
                                     "viscous_friction",
                                     "coulomb_friction",
                                     "coulomb_smoothing_speed"};
  if (angle) keys.push_back("theta0");
  n.require_keys(keys);
  ReactionWheelConfig w;
  n.read("gsHat_B", w.gsHat_B);
  n.read("r_WcB_B", w.r_WcB_B);
  n.read("mass", w.mass);
  n.read("Js", w.Js);
  n.read("Jt", w.Jt);
  n.read("Omega0", w.Omega0);
  if (n.has("h0")) {  // Ω0 = h0 / Js (docs/models/reaction_wheels.md, "Given by its momentum")
    if (n.has("Omega0")) n.at("h0").fail("give the initial spin as Omega0 or as h0 = Js Omega0, not both");
    units::AngularMomentum h0;
    n.read("h0", h0);
    w.h0 = h0;
  }
  n.read("theta0", w.theta0);
  n.read("motor_torque", w.motor_torque);
  if (n.has("max_torque")) {
    units::Torque max_torque;
    n.read("max_torque", max_torque);
    w.max_torque = max_torque;
  }
  n.read("viscous_friction", w.viscous_friction);
  n.read("coulomb_friction", w.coulomb_friction);
  n.read("coulomb_smoothing_speed", w.coulomb_smoothing_speed);
  return w;
}

ReactionWheelConfig reaction_wheel(const Node& n) { return wheel_fields(n, true); }
ReactionWheelConfig jitter_wheel_rotor(const Node& n) { return wheel_fields(n, false); }

LinearSpringMassDamperConfig linear_spring_mass_damper(const Node& n) {
  require_effector_keys(n, {"mass", "pHat_B", "r_PB_B", "k", "c", "rho0", "rhoDot0"});
  LinearSpringMassDamperConfig c;
  n.read("mass", c.mass);
  n.read("pHat_B", c.pHat_B);
  n.read("r_PB_B", c.r_PB_B);
  n.read("k", c.k);
  n.read("c", c.c);
  n.read("rho0", c.rho0);
  n.read("rhoDot0", c.rhoDot0);
  return c;
}

template <class Config>
std::vector<Config> each(const Node& array, Config (*read)(const Node&)) {
  std::vector<Config> out;
  for (const Node& e : array.elements(1)) out.push_back(read(e));
  return out;
}

HingedPanelConfig hinged_panel(const Node& n) {
  n.require_keys({"mass", "I_PntSc_S", "d", "length", "dcm_HP", "k", "c", "theta0", "thetaDot0", "thetaRef",
                  "thetaDotRef", "motor_torque"});
  HingedPanelConfig p;
  n.read("mass", p.mass);
  n.read("I_PntSc_S", p.I_PntSc_S);
  n.read("d", p.d);
  n.read("length", p.length);
  n.read("dcm_HP", p.dcm_HP);
  n.read("k", p.k);
  n.read("c", p.c);
  n.read("theta0", p.theta0);
  n.read("thetaDot0", p.thetaDot0);
  n.read("thetaRef", p.thetaRef);
  n.read("thetaDotRef", p.thetaDotRef);
  n.read("motor_torque", p.motor_torque);
  return p;
}

SphericalPendulumConfig spherical_pendulum(const Node& n) {
  require_effector_keys(n, {"mass", "length", "r_TB_B", "dcm_P0B", "D_P0", "phi0", "theta0", "phiDot0", "thetaDot0"});
  SphericalPendulumConfig c;
  n.read("mass", c.mass);
  n.read("length", c.length);
  n.read("r_TB_B", c.r_TB_B);
  n.read("dcm_P0B", c.dcm_P0B);
  if (const auto D = n.find("D_P0")) c.D_P0 = D->matrix3(Dimension::linear_damping);
  n.read("phi0", c.phi0);
  n.read("theta0", c.theta0);
  n.read("phiDot0", c.phiDot0);
  n.read("thetaDot0", c.thetaDot0);
  return c;
}

VscmgConfig vscmg(const Node& n) {
  require_effector_keys(
      n, {"gsHat0_B", "gtHat0_B",  "ggHat_B", "r_GB_B", "massG",         "IG_PntGc_G",   "r_GcG_G",
          "r_WG_G",   "massW",     "IW1",     "IW2",    "IW3",           "Us",           "Ud",
          "gamma0",   "gammaDot0", "theta0",  "Omega0", "gimbal_torque", "wheel_torque", "gimbal_locked"});
  VscmgConfig c;
  n.read("gsHat0_B", c.gsHat0_B);
  n.read("gtHat0_B", c.gtHat0_B);
  n.read("ggHat_B", c.ggHat_B);
  n.read("r_GB_B", c.r_GB_B);
  n.read("massG", c.massG);
  n.read("IG_PntGc_G", c.IG_PntGc_G);
  n.read("r_GcG_G", c.r_GcG_G);
  n.read("r_WG_G", c.r_WG_G);
  n.read("massW", c.massW);
  n.read("IW1", c.IW1);
  n.read("IW2", c.IW2);
  n.read("IW3", c.IW3);
  n.read("Us", c.Us);
  n.read("Ud", c.Ud);
  n.read("gamma0", c.gamma0);
  n.read("gammaDot0", c.gammaDot0);
  n.read("theta0", c.theta0);
  n.read("Omega0", c.Omega0);
  n.read("gimbal_torque", c.gimbal_torque);
  n.read("wheel_torque", c.wheel_torque);
  n.read("gimbal_locked", c.gimbal_locked);
  return c;
}

JitterWheelConfig jitter_wheel(const Node& n) {
  require_effector_keys(n, {"gsHat_B", "w2Hat0_B", "r_WB_B", "mass", "Js", "Jt", "Jg", "Us", "Ud", "Omega0", "theta0",
                            "motor_torque", "viscous_friction"});
  JitterWheelConfig c;
  n.read("gsHat_B", c.gsHat_B);
  n.read("w2Hat0_B", c.w2Hat0_B);
  n.read("r_WB_B", c.r_WB_B);
  n.read("mass", c.mass);
  n.read("Js", c.Js);
  n.read("Jt", c.Jt);
  n.read("Jg", c.Jg);
  n.read("Us", c.Us);
  n.read("Ud", c.Ud);
  n.read("Omega0", c.Omega0);
  n.read("theta0", c.theta0);
  n.read("motor_torque", c.motor_torque);
  n.read("viscous_friction", c.viscous_friction);
  return c;
}

WheelImbalanceConfig wheel_imbalance(const Node& n) {
  n.require_keys({"w2Hat0_B", "Us", "Ud", "theta0"});
  WheelImbalanceConfig c;
  n.read("w2Hat0_B", c.w2Hat0_B);
  n.read("Us", c.Us);
  n.read("Ud", c.Ud);
  n.read("theta0", c.theta0);
  return c;
}

ThrusterStateConfig state_thruster(const Node& n) {
  n.require_keys({"r_TB_B", "tHat_B", "max_thrust", "time_constant", "kappa0", "command0"});
  ThrusterStateConfig c;
  n.read("r_TB_B", c.r_TB_B);
  n.read("tHat_B", c.tHat_B);
  n.read("max_thrust", c.max_thrust);
  n.read("time_constant", c.time_constant);
  n.read("kappa0", c.kappa0);
  n.read("command0", c.command0);
  return c;
}

FuelTankThrusterConfig tank_thruster(const Node& n) {
  n.require_keys({"r_EB_B", "tHat_B", "max_thrust", "isp", "command0"});
  FuelTankThrusterConfig c;
  n.read("r_EB_B", c.r_EB_B);
  n.read("tHat_B", c.tHat_B);
  n.read("max_thrust", c.max_thrust);
  n.read("isp", c.isp);
  n.read("command0", c.command0);
  return c;
}

FuelTankConfig fuel_tank(const Node& n) {
  require_effector_keys(n,
                        {"model", "r_TB_B", "kHat_B", "radius", "length", "density", "propellant_mass", "thrusters"});
  FuelTankConfig c;
  if (const auto m = n.find("model")) {
    const std::string model = m->string();
    constexpr TankModel models[] = {TankModel::constant_volume, TankModel::constant_density, TankModel::emptying,
                                    TankModel::uniform_burn};
    bool found = false;
    std::string known;
    for (const TankModel t : models) {
      known += (known.empty() ? "" : ", ") + std::string(to_string(t));
      if (to_string(t) == model) c.model = t, found = true;
    }
    if (!found) m->fail("unknown tank model '" + model + "' (known: " + known + ")");
  }
  n.read("r_TB_B", c.r_TB_B);
  n.read("kHat_B", c.kHat_B);
  n.read("radius", c.radius);
  n.read("length", c.length);
  n.read("density", c.density);
  n.read("propellant_mass", c.propellant_mass);
  if (const auto list = n.find("thrusters"))  // may be empty: a passive tank
    for (const Node& e : list->elements()) c.thrusters.push_back(tank_thruster(e));
  return c;
}

/// The profile of a prescribed platform: {"type": "hold", "r_PM_M", "q_PM"} (hold_profile) or
/// {"type": "bang_coast_bang", "axis_M", "theta0", "dtheta", "r0_PM_M", "dr_M", "t_start",
/// "t_accel", "t_coast"} (bang_coast_bang_profile and its BangCoastBang timing).
PrescribedProfile prescribed_profile(const Node& n) {
  const Node type = n.at("type");
  const std::string kind = type.string();
  if (kind == "hold") {
    n.require_keys({"type", "r_PM_M", "q_PM"});
    units::Length3 r_PM_M;
    n.read("r_PM_M", r_PM_M);
    Quaternion q_PM(1.0, 0.0, 0.0, 0.0);
    if (const auto q = n.find("q_PM")) q_PM = q->vector4();
    return hold_profile(r_PM_M, q_PM);
  }
  if (kind == "bang_coast_bang") {
    n.require_keys({"type", "axis_M", "theta0", "dtheta", "r0_PM_M", "dr_M", "t_start", "t_accel", "t_coast"});
    n.require_present({"axis_M", "t_accel"});
    Eigen::Vector3d axis_M = Eigen::Vector3d::Zero();
    n.read("axis_M", axis_M);
    units::Angle theta0, dtheta;
    n.read("theta0", theta0);
    n.read("dtheta", dtheta);
    units::Length3 r0_PM_M, dr_M;
    n.read("r0_PM_M", r0_PM_M);
    n.read("dr_M", dr_M);
    BangCoastBang timing;
    n.read("t_start", timing.t_start);
    n.read("t_accel", timing.t_accel);
    n.read("t_coast", timing.t_coast);
    return wrap_configuration_errors(
        n, [&] { return bang_coast_bang_profile(axis_M, theta0, dtheta, r0_PM_M, dr_M, timing); });
  }
  type.fail("unknown profile type '" + kind + "' (known: hold, bang_coast_bang)");
}

std::shared_ptr<StateEffector> prescribed_platform(const Node& n, const std::string& name) {
  require_effector_keys(n, {"mass", "I_PntPc_P", "r_PcP_P", "r_MB_B", "dcm_MB", "tau0", "profile", "state_effectors"});
  PrescribedPlatformConfig c;
  n.read("mass", c.mass);
  n.read("I_PntPc_P", c.I_PntPc_P);
  n.read("r_PcP_P", c.r_PcP_P);
  n.read("r_MB_B", c.r_MB_B);
  n.read("dcm_MB", c.dcm_MB);
  n.read("tau0", c.tau0);
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
      children.push_back(build_state_effector(e));
    }
  }
  return std::make_shared<PrescribedPlatform>(name, c, std::move(profile), std::move(children));
}

using Builder = std::function<std::shared_ptr<StateEffector>(const Node&, const std::string& name)>;

const std::map<std::string, Builder, std::less<>>& builders() {
  static const std::map<std::string, Builder, std::less<>> table{
      {"hinged_rigid_body", hinged_rigid_body_effector},
      {"spinning_body_1dof",
       [](const Node& n, const std::string& name) {
         require_effector_keys(n, {"axis"});
         return std::make_shared<SpinningBodyOneDOF>(name, spinning_axis(n.at("axis")));
       }},
      {"spinning_body_2dof",
       [](const Node& n, const std::string& name) {
         require_effector_keys(n, {"axis1", "axis2"});
         return std::make_shared<SpinningBodyTwoDOF>(name, spinning_axis(n.at("axis1")), spinning_axis(n.at("axis2")));
       }},
      {"spinning_body_ndof",
       [](const Node& n, const std::string& name) {
         require_effector_keys(n, {"axes"});
         return std::make_shared<SpinningBodyNDOF>(name, each(n.at("axes"), spinning_axis));
       }},
      {"translating_body_1dof",
       [](const Node& n, const std::string& name) {
         require_effector_keys(n, {"axis"});
         return std::make_shared<TranslatingBodyOneDOF>(name, translating_axis(n.at("axis")));
       }},
      {"translating_body_ndof",
       [](const Node& n, const std::string& name) {
         require_effector_keys(n, {"axes"});
         return std::make_shared<TranslatingBodyNDOF>(name, each(n.at("axes"), translating_axis));
       }},
      {"reaction_wheels",
       [](const Node& n, const std::string& name) {
         require_effector_keys(n, {"wheels", "angle_states"});
         auto wheels = std::make_shared<ReactionWheels>(name, each(n.at("wheels"), reaction_wheel));
         bool angle_states = false;  // the wheel angles θ_i as states (docs/models/reaction_wheels.md eq. (12))
         n.read("angle_states", angle_states);
         wheels->set_angle_states(angle_states);
         return wheels;
       }},
      {"linear_spring_mass_damper",
       [](const Node& n, const std::string& name) {
         return std::make_shared<LinearSpringMassDamper>(name, linear_spring_mass_damper(n));
       }},
      {"n_hinged_rigid_body",
       [](const Node& n, const std::string& name) {
         require_effector_keys(n, {"r_H1B_B", "panels"});
         units::Length3 r_H1B_B;
         n.read("r_H1B_B", r_H1B_B);
         return std::make_shared<NHingedRigidBody>(name, r_H1B_B, each(n.at("panels"), hinged_panel));
       }},
      {"spherical_pendulum",
       [](const Node& n, const std::string& name) {
         return std::make_shared<SphericalPendulum>(name, spherical_pendulum(n));
       }},
      {"vscmg", [](const Node& n, const std::string& name) { return std::make_shared<Vscmg>(name, vscmg(n)); }},
      {"fully_coupled_jitter_wheel",
       [](const Node& n, const std::string& name) {
         return std::make_shared<FullyCoupledJitterWheel>(name, jitter_wheel(n));
       }},
      {"simple_jitter_reaction_wheels",
       [](const Node& n, const std::string& name) {
         require_effector_keys(n, {"wheels", "imbalances"});
         return std::make_shared<SimpleJitterReactionWheels>(name, each(n.at("wheels"), jitter_wheel_rotor),
                                                             each(n.at("imbalances"), wheel_imbalance));
       }},
      {"thruster_state_effector",
       [](const Node& n, const std::string& name) {
         require_effector_keys(n, {"thrusters"});
         return std::make_shared<ThrusterStateEffector>(name, each(n.at("thrusters"), state_thruster));
       }},
      {"fuel_tank",
       [](const Node& n, const std::string& name) { return std::make_shared<FuelTank>(name, fuel_tank(n)); }},
      {"prescribed_platform", prescribed_platform},
  };
  return table;
}

}  // namespace

std::shared_ptr<StateEffector> build_state_effector(const Node& node) {
  const Node type = node.at("type");
  const std::string kind = type.string();
  const auto it = builders().find(kind);
  if (it == builders().end()) {
    std::string known;
    for (const auto& [k, b] : builders()) known += (known.empty() ? "" : ", ") + k;
    type.fail("unknown state effector type '" + kind + "' (known: " + known + ")");
  }
  const std::string name = node.at("name").name();
  return wrap_configuration_errors(node, [&] { return it->second(node, name); });
}

std::vector<std::string> state_effector_type_names() {
  std::vector<std::string> names;
  for (const auto& [k, b] : builders()) names.push_back(k);
  return names;
}

}  // namespace ramus::scenario
