#include "ramus/systems/spinning_body.hpp"

namespace ramus {

ChainLink spinning_link(const SpinningAxisConfig& a) {
  ChainLink L;
  L.type = JointType::revolute;
  L.m = a.mass.value();
  L.I_PntSc_S = a.I_PntSc_S.si();
  L.r_ScS_S = a.r_ScS_S.si();
  L.dcm_S0P = a.dcm_S0P;
  L.r_S0P_P = a.r_SP_P.si();
  L.axis_S = a.sHat_S;
  L.k = a.k.value();
  L.c = a.c.value();
  L.q0 = a.theta0.value();
  L.qDot0 = a.thetaDot0.value();
  L.q_ref = a.thetaRef.value();
  L.qDot_ref = a.thetaDotRef.value();
  L.u = a.motor_torque.value();
  L.locked = a.locked;
  return L;
}

namespace {
std::vector<ChainLink> spinning_links(const std::vector<SpinningAxisConfig>& axes) {
  std::vector<ChainLink> links;
  for (const SpinningAxisConfig& a : axes) links.push_back(spinning_link(a));
  return links;
}
}  // namespace

SpinningBodyOneDOF::SpinningBodyOneDOF(std::string name, const SpinningAxisConfig& axis)
    : SerialChain(std::move(name), {spinning_link(axis)}, "spinning_body_1dof") {
  set_state_names("theta", "thetaDot");
}

SpinningBodyTwoDOF::SpinningBodyTwoDOF(std::string name, const SpinningAxisConfig& axis1,
                                       const SpinningAxisConfig& axis2)
    : SerialChain(std::move(name), {spinning_link(axis1), spinning_link(axis2)}, "spinning_body_2dof") {
  set_state_names("theta", "thetaDot");
}

SpinningBodyNDOF::SpinningBodyNDOF(std::string name, const std::vector<SpinningAxisConfig>& axes)
    : SerialChain(std::move(name), spinning_links(axes), "spinning_body_ndof") {
  set_state_names("theta", "thetaDot");
}

}  // namespace ramus
