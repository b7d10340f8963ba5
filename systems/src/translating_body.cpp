#include "ramus/systems/translating_body.hpp"

namespace ramus {

ChainLink translating_link(const TranslatingAxisConfig& a) {
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
std::vector<ChainLink> translating_links(const std::vector<TranslatingAxisConfig>& axes) {
  std::vector<ChainLink> links;
  for (const TranslatingAxisConfig& a : axes) links.push_back(translating_link(a));
  return links;
}
}  // namespace

TranslatingBodyOneDOF::TranslatingBodyOneDOF(std::string name, const TranslatingAxisConfig& axis)
    : SerialChain(std::move(name), {translating_link(axis)}, "translating_body_1dof") {
  set_state_names("rho", "rhoDot");
}

TranslatingBodyNDOF::TranslatingBodyNDOF(std::string name, const std::vector<TranslatingAxisConfig>& axes)
    : SerialChain(std::move(name), translating_links(axes), "translating_body_ndof") {
  set_state_names("rho", "rhoDot");
}

}  // namespace ramus
