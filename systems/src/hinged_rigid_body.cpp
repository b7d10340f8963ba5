#include "ramus/systems/hinged_rigid_body.hpp"

#include <cmath>
#include <limits>

#include "angle_drive.hpp"
#include "ramus/kernel/error.hpp"
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
  ChainLink link = make_link(c.mass.value(), Eigen::Vector3d(-c.d.value(), 0.0, 0.0), c.I_PntSc_S.si(),
                             {JointType::revolute, c.dcm_HB, c.r_HB_B.si(), Eigen::Vector3d::UnitY()}, angle_drive(c));
  // eq. (M1): the PD motor, a function of the state like the spring
  const std::string owner = "hinged_rigid_body '" + name + "'";
  validation::require_non_negative(
      owner, {{"motor_K [N m/rad]", c.motor_K.value()}, {"motor_P [N m s/rad]", c.motor_P.value()}});
  validation::require_finite(owner, "motor_thetaRef [rad]", c.motor_thetaRef.value());
  validation::require_finite(owner, "motor_thetaDotRef [rad/s]", c.motor_thetaDotRef.value());
  link.motor_K = c.motor_K.value();
  link.motor_P = c.motor_P.value();
  link.motor_q_ref = c.motor_thetaRef.value();
  link.motor_qDot_ref = c.motor_thetaDotRef.value();
  link.motor_u_max = std::numeric_limits<double>::infinity();
  if (c.motor_max_torque) {
    link.motor_u_max = c.motor_max_torque->value();
    validation::require_positive(owner, "motor_max_torque [N m]", link.motor_u_max);
    if (link.motor_K == 0.0 && link.motor_P == 0.0)
      throw ConfigurationError(owner, "motor_max_torque [N m]", validation::to_text(link.motor_u_max),
                               "has no effect without a motor (motor_K or motor_P > 0)");
  }
  link.has_motor = link.motor_K > 0.0 || link.motor_P > 0.0;
  return {link};
}

HingedRigidBodyConfig with_hinge_axis(const std::string& name, HingedRigidBodyConfig c, const Eigen::Vector3d& axis,
                                      const Eigen::Vector3d& direction) {
  const std::string owner = "hinged_rigid_body '" + name + "'";
  if (!c.dcm_HB.isIdentity(0.0))
    throw ConfigurationError(owner, "dcm_HB", validation::to_text(c.dcm_HB),
                             "given together with the hinge axis and panel direction: give one or the other");
  c.dcm_HB = hinge_dcm_HB(axis, direction, owner);
  return c;
}

}  // namespace

Eigen::Matrix3d hinge_dcm_HB(const Eigen::Vector3d& hinge_axis_B, const Eigen::Vector3d& panel_direction_B,
                             const std::string& owner) {
  validation::require_unit_vector(owner, "hinge_axis_B", hinge_axis_B);
  validation::require_unit_vector(owner, "panel_direction_B", panel_direction_B);
  const double cosine = hinge_axis_B.dot(panel_direction_B);
  // 1e-9, the tolerance of a unit vector: two directions typed to ten digits pass, a panel
  // direction with a component along the hinge (a typo, a swapped axis) does not.
  if (std::abs(cosine) > 1e-9)
    throw ConfigurationError(owner, "panel_direction_B", validation::to_text(panel_direction_B),
                             "must be orthogonal to hinge_axis_B = " + validation::to_text(hinge_axis_B) +
                                 " (their dot product is " + validation::to_text(cosine) + ", allowed 0 ± 1e-9)");
  // eq. (2): rows of dcm_HB are ĥ1, ĥ2, ĥ3 in B components
  const Eigen::Vector3d h2 = hinge_axis_B.normalized();
  const Eigen::Vector3d h1 = -(panel_direction_B - panel_direction_B.dot(h2) * h2).normalized();
  Eigen::Matrix3d dcm_HB;
  dcm_HB.row(0) = h1.transpose();
  dcm_HB.row(1) = h2.transpose();
  dcm_HB.row(2) = h1.cross(h2).transpose();
  return dcm_HB;
}

HingedRigidBody::HingedRigidBody(std::string name, const HingedRigidBodyConfig& config)
    : SerialChain(name, hinged_link(name, config), "hinged_rigid_body") {
  set_state_names("theta", "thetaDot");
}

HingedRigidBody::HingedRigidBody(std::string name, const HingedRigidBodyConfig& config,
                                 const Eigen::Vector3d& hinge_axis_B, const Eigen::Vector3d& panel_direction_B)
    : HingedRigidBody(name, with_hinge_axis(name, config, hinge_axis_B, panel_direction_B)) {}

}  // namespace ramus
