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
  // The chain stores the axis in the link frame: fHat_F = dcm_FP fHat_P (constant).
  const JointGeometry joint{JointType::prismatic, a.dcm_FP, a.r_F0P_P.si(), a.dcm_FP * a.fHat_P};
  const JointDrive drive{a.k.value(),    a.c.value(),       a.rhoRef.value(), a.rhoDotRef.value(),
                         a.rho0.value(), a.rhoDot0.value(), a.locked,         a.motor_force.value()};
  return make_link(a.mass.value(), a.r_FcF_F.si(), a.I_PntFc_F.si(), joint, drive);
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
