// State effectors of a scenario: hinged_rigid_body, spinning_body_1dof/2dof/ndof,
// translating_body_1dof/ndof, reaction_wheels, linear_spring_mass_damper (docs/scenario.md §3).
#include <functional>
#include <map>

#include "effector_builders.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/linear_spring_mass_damper.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/translating_body.hpp"

namespace ramus::scenario {
namespace {

/// A state effector object: "type", "name", "dynamic_effectors" and the keys of its model.
void require_effector_keys(const Node& n, std::initializer_list<std::string_view> own) {
  std::vector<std::string_view> keys{"type", "name", "dynamic_effectors"};
  keys.insert(keys.end(), own);
  n.require_keys(keys);
}

HingedRigidBodyConfig hinged_rigid_body(const Node& n) {
  require_effector_keys(n, {"mass", "I_PntSc_S", "d", "r_HB_B", "dcm_HB", "k", "c", "theta0", "thetaDot0", "thetaRef",
                            "thetaDotRef", "motor_torque"});
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

ReactionWheelConfig reaction_wheel(const Node& n) {
  n.require_keys({"gsHat_B", "r_WcB_B", "mass", "Js", "Jt", "Omega0", "motor_torque", "max_torque", "viscous_friction",
                  "coulomb_friction", "coulomb_smoothing_speed"});
  ReactionWheelConfig w;
  n.read("gsHat_B", w.gsHat_B);
  n.read("r_WcB_B", w.r_WcB_B);
  n.read("mass", w.mass);
  n.read("Js", w.Js);
  n.read("Jt", w.Jt);
  n.read("Omega0", w.Omega0);
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

using Builder = std::function<std::shared_ptr<StateEffector>(const Node&, const std::string& name)>;

const std::map<std::string, Builder, std::less<>>& builders() {
  static const std::map<std::string, Builder, std::less<>> table{
      {"hinged_rigid_body",
       [](const Node& n, const std::string& name) {
         return std::make_shared<HingedRigidBody>(name, hinged_rigid_body(n));
       }},
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
         require_effector_keys(n, {"wheels"});
         return std::make_shared<ReactionWheels>(name, each(n.at("wheels"), reaction_wheel));
       }},
      {"linear_spring_mass_damper",
       [](const Node& n, const std::string& name) {
         return std::make_shared<LinearSpringMassDamper>(name, linear_spring_mass_damper(n));
       }},
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

}  // namespace ramus::scenario
