// A reaction wheel with fully coupled jitter: docs/models/fully_coupled_jitter_wheel.md, eq. (1);
// the dynamics are serial_chain.md's.
#include "ramus/systems/fully_coupled_jitter_wheel.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

ChainLink jitter_wheel_link(const std::string& owner, const JitterWheelConfig& c) {
  validation::require_unit_vector(owner, "gsHat_B", c.gsHat_B);
  validation::require_unit_vector(owner, "w2Hat0_B", c.w2Hat0_B);
  const Eigen::Vector3d g = c.gsHat_B.normalized();
  if (std::abs(c.w2Hat0_B.dot(g)) > 1e-9)
    throw ConfigurationError(owner, "w2Hat0_B", validation::to_text(c.w2Hat0_B),
                             "must be perpendicular to gsHat_B " + validation::to_text(g) + " (to 1e-9)");
  validation::require_finite(owner, "r_WB_B [m]", c.r_WB_B.si());
  const double m = c.mass.value();
  validation::require_positive(
      owner,
      {{"mass [kg]", m}, {"Js [kg m^2]", c.Js.value()}, {"Jt [kg m^2]", c.Jt.value()}, {"Jg [kg m^2]", c.Jg.value()}});
  validation::require_non_negative(
      owner, {{"Us [kg m]", c.Us.value()}, {"viscous_friction [N m s/rad]", c.viscous_friction.value()}});
  validation::require_finite(owner, {{"Ud [kg m^2]", c.Ud.value()},
                                     {"Omega0 [rad/s]", c.Omega0.value()},
                                     {"theta0 [rad]", c.theta0.value()},
                                     {"motor_torque [N m]", c.motor_torque.value()}});
  // eq. (1): the wheel frame W = (ĝ, ŵ2, ŵ3) at θ = 0, its inertia about Wc in W
  const Eigen::Vector3d w2 = (c.w2Hat0_B - c.w2Hat0_B.dot(g) * g).normalized();
  Eigen::Matrix3d dcm_W0B;
  dcm_W0B.row(0) = g.transpose();
  dcm_W0B.row(1) = w2.transpose();
  dcm_W0B.row(2) = g.cross(w2).transpose();
  Eigen::Matrix3d I;
  I << c.Js.value(), 0.0, c.Ud.value(), 0.0, c.Jt.value(), 0.0, c.Ud.value(), 0.0, c.Jg.value();
  validation::require_inertia(owner, "[Js 0 Ud; 0 Jt 0; Ud 0 Jg] [kg m^2]", I);
  JointDrive drive;
  drive.c = c.viscous_friction.value();
  drive.q0 = c.theta0.value();
  drive.qDot0 = c.Omega0.value();
  drive.u = c.motor_torque.value();
  ChainLink link = make_link(m, Eigen::Vector3d(0.0, c.Us.value() / m, 0.0), I,
                             {JointType::revolute, dcm_W0B, c.r_WB_B.si(), Eigen::Vector3d::UnitX()}, drive);
  if (c.max_torque) {  // eq. (3): the motor's saturation, an input limit
    validation::require_positive(owner, "max_torque [N m]", c.max_torque->value());
    link.u_limit = c.max_torque->value();
  }
  return link;
}

FullyCoupledJitterWheel::FullyCoupledJitterWheel(std::string name, const JitterWheelConfig& config)
    : SerialChain(name, {jitter_wheel_link("fully_coupled_jitter_wheel '" + name + "'", config)},
                  "fully_coupled_jitter_wheel") {
  set_state_names("theta", "Omega");
}

}  // namespace ramus
