// N hinged rigid bodies: docs/models/n_hinged_rigid_body.md, eq. (1); the dynamics are
// serial_chain.md's.
#include "ramus/systems/n_hinged_rigid_body.hpp"

#include "angle_drive.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

std::vector<ChainLink> hinged_panel_links(const std::string& owner, const units::Length3& r_H1B_B,
                                          const std::vector<HingedPanelConfig>& panels) {
  if (panels.empty()) throw ConfigurationError(owner, "panels", "0", "needs at least one panel");
  validation::require_finite(owner, "r_H1B_B [m]", r_H1B_B.si());
  std::vector<ChainLink> links;
  for (std::size_t i = 0; i < panels.size(); ++i) {
    const HingedPanelConfig& p = panels[i];
    const std::string o = owner + " panel " + std::to_string(i + 1);
    validation::require_positive(o, "mass [kg]", p.mass.value());
    validation::require_inertia(o, "I_PntSc_S [kg m^2]", p.I_PntSc_S.si());
    validation::require_positive(o, "d [m]", p.d.value());
    if (i + 1 < panels.size())
      validation::require_positive(o, "length [m] (a panel follows)", p.length.value());
    else
      validation::require_non_negative(o, "length [m]", p.length.value());
    validation::require_rotation(o, "dcm_HP", p.dcm_HP);
    validation::require_non_negative(o, {{"k [N m/rad]", p.k.value()}, {"c [N m s/rad]", p.c.value()}});
    validation::require_finite(o, {{"theta0 [rad]", p.theta0.value()},
                                   {"thetaDot0 [rad/s]", p.thetaDot0.value()},
                                   {"thetaRef [rad]", p.thetaRef.value()},
                                   {"thetaDotRef [rad/s]", p.thetaDotRef.value()},
                                   {"motor_torque [N m]", p.motor_torque.value()}});
    // eq. (1): revolute about s2, c.o.m. at −d s1; hinge 1 at r_H1B_B in B, hinge i+1 at −l_i s1 in S_i
    const Eigen::Vector3d r_HP_P = i == 0 ? r_H1B_B.si() : Eigen::Vector3d(-panels[i - 1].length.value(), 0.0, 0.0);
    links.push_back(make_link(p.mass.value(), Eigen::Vector3d(-p.d.value(), 0.0, 0.0), p.I_PntSc_S.si(),
                              {JointType::revolute, p.dcm_HP, r_HP_P, Eigen::Vector3d::UnitY()}, angle_drive(p)));
  }
  return links;
}

NHingedRigidBody::NHingedRigidBody(std::string name, const units::Length3& r_H1B_B,
                                   const std::vector<HingedPanelConfig>& panels)
    : SerialChain(name, hinged_panel_links("n_hinged_rigid_body '" + name + "'", r_H1B_B, panels),
                  "n_hinged_rigid_body") {
  set_state_names("theta", "thetaDot");
}

}  // namespace ramus
