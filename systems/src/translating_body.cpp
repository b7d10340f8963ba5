#include "ramus/systems/translating_body.hpp"

#include "ramus/kernel/validation.hpp"

namespace ramus {

ChainLink translating_link(const std::string& owner, const TranslatingAxisConfig& a) {
  // Checked here with the names the analyst wrote; SerialChain checks the engine's invariants.
  validation::require_non_negative(owner, "mass [kg]", a.mass.value());
  if (a.mass.value() > 0.0) validation::require_inertia(owner, "I_PntFc_F [kg m^2]", a.I_PntFc_F.si());
  validation::require_finite(owner, "r_FcF_F [m]", a.r_FcF_F.si());
  validation::require_rotation(owner, "dcm_FP", a.dcm_FP);
  validation::require_finite(owner, "r_F0P_P [m]", a.r_F0P_P.si());
  validation::require_unit_vector(owner, "fHat_P", a.fHat_P);
  ChainLink L;
  L.type = JointType::prismatic;
  L.m = a.mass.value();
  L.I_PntSc_S = a.I_PntFc_F.si();
  L.r_ScS_S = a.r_FcF_F.si();
  L.dcm_S0P = a.dcm_FP;
  L.r_S0P_P = a.r_F0P_P.si();
  // The chain stores the axis in the link frame: fHat_F = dcm_FP fHat_P (constant).
  L.axis_S = a.dcm_FP * a.fHat_P;
  L.k = a.k.value();
  L.c = a.c.value();
  L.q0 = a.rho0.value();
  L.qDot0 = a.rhoDot0.value();
  L.q_ref = a.rhoRef.value();
  L.qDot_ref = a.rhoDotRef.value();
  L.u = a.motor_force.value();
  L.locked = a.locked;
  return L;
}

namespace {
std::vector<ChainLink> translating_links(const std::string& owner, const std::vector<TranslatingAxisConfig>& axes) {
  std::vector<ChainLink> links;
  for (std::size_t i = 0; i < axes.size(); ++i)
    links.push_back(translating_link(owner + " axis " + std::to_string(i + 1), axes[i]));
  return links;
}
}  // namespace

TranslatingBodyOneDOF::TranslatingBodyOneDOF(std::string name, const TranslatingAxisConfig& axis)
    : SerialChain(name, {translating_link("translating_body_1dof '" + name + "'", axis)}, "translating_body_1dof") {
  set_state_names("rho", "rhoDot");
}

TranslatingBodyNDOF::TranslatingBodyNDOF(std::string name, const std::vector<TranslatingAxisConfig>& axes)
    : SerialChain(name, translating_links("translating_body_ndof '" + name + "'", axes), "translating_body_ndof") {
  set_state_names("rho", "rhoDot");
}

}  // namespace ramus
