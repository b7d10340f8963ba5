#include "ramus/systems/spinning_body.hpp"

#include "angle_drive.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

ChainLink spinning_link(const std::string& owner, const SpinningAxisConfig& a) {
  // Checked here with the names the analyst wrote; SerialChain checks the engine's invariants.
  validation::require_non_negative(owner, "mass [kg]", a.mass.value());
  if (a.mass.value() > 0.0) validation::require_inertia(owner, "I_PntSc_S [kg m^2]", a.I_PntSc_S.si());
  validation::require_finite(owner, "r_ScS_S [m]", a.r_ScS_S.si());
  validation::require_rotation(owner, "dcm_S0P", a.dcm_S0P);
  validation::require_finite(owner, "r_SP_P [m]", a.r_SP_P.si());
  validation::require_unit_vector(owner, "sHat_S", a.sHat_S);
  return make_link(a.mass.value(), a.r_ScS_S.si(), a.I_PntSc_S.si(),
                   {JointType::revolute, a.dcm_S0P, a.r_SP_P.si(), a.sHat_S}, angle_drive(a, a.locked));
}

namespace {
std::vector<ChainLink> spinning_links(const std::string& owner, const std::vector<SpinningAxisConfig>& axes) {
  std::vector<ChainLink> links;
  for (std::size_t i = 0; i < axes.size(); ++i)
    links.push_back(spinning_link(owner + " axis " + std::to_string(i + 1), axes[i]));
  return links;
}
}  // namespace

SpinningBodyOneDOF::SpinningBodyOneDOF(std::string name, const SpinningAxisConfig& axis)
    : SerialChain(name, {spinning_link("spinning_body_1dof '" + name + "'", axis)}, "spinning_body_1dof") {
  set_state_names("theta", "thetaDot");
}

SpinningBodyTwoDOF::SpinningBodyTwoDOF(std::string name, const SpinningAxisConfig& axis1,
                                       const SpinningAxisConfig& axis2)
    : SerialChain(name,
                  {spinning_link("spinning_body_2dof '" + name + "' axis 1", axis1),
                   spinning_link("spinning_body_2dof '" + name + "' axis 2", axis2)},
                  "spinning_body_2dof") {
  set_state_names("theta", "thetaDot");
}

SpinningBodyNDOF::SpinningBodyNDOF(std::string name, const std::vector<SpinningAxisConfig>& axes)
    : SerialChain(name, spinning_links("spinning_body_ndof '" + name + "'", axes), "spinning_body_ndof") {
  set_state_names("theta", "thetaDot");
}

}  // namespace ramus
