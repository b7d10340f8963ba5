#include "ramus/systems/hinged_rigid_body.hpp"

#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

// docs/models/hinged_rigid_body.md eq. (1): the panel frame S rotates by theta about s2 = h2,
// with origin at the hinge H and centre of mass at −d s1.
std::vector<ChainLink> hinged_link(const std::string& name, const HingedRigidBodyConfig& c) {
  validation::require_positive("hinged_rigid_body '" + name + "'", "mass [kg]", c.mass.value());
  validation::require_positive("hinged_rigid_body '" + name + "'", "d [m]", c.d.value());
  validation::require_inertia("hinged_rigid_body '" + name + "'", "I_PntSc_S [kg m^2]", c.I_PntSc_S.si());
  validation::require_rotation("hinged_rigid_body '" + name + "'", "dcm_HB", c.dcm_HB);
  validation::require_finite("hinged_rigid_body '" + name + "'", "r_HB_B [m]", c.r_HB_B.si());
  ChainLink L;
  L.type = JointType::revolute;
  L.m = c.mass.value();
  L.I_PntSc_S = c.I_PntSc_S.si();
  L.r_ScS_S = Eigen::Vector3d(-c.d.value(), 0.0, 0.0);
  L.dcm_S0P = c.dcm_HB;
  L.r_S0P_P = c.r_HB_B.si();
  L.axis_S = Eigen::Vector3d::UnitY();
  L.k = c.k.value();
  L.c = c.c.value();
  L.q0 = c.theta0.value();
  L.qDot0 = c.thetaDot0.value();
  L.q_ref = c.thetaRef.value();
  L.qDot_ref = c.thetaDotRef.value();
  L.u = c.motor_torque.value();
  return {L};
}

}  // namespace

HingedRigidBody::HingedRigidBody(std::string name, const HingedRigidBodyConfig& config)
    : SerialChain(name, hinged_link(name, config), "hinged_rigid_body") {
  set_state_names("theta", "thetaDot");
}

}  // namespace ramus
