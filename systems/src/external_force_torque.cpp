#include "ramus/systems/external_force_torque.hpp"

#include "ramus/kernel/validation.hpp"

namespace ramus {

ExternalForceTorque::ExternalForceTorque(std::string name, const ExternalForceTorqueConfig& config)
    : DynamicEffector(std::move(name)),
      force_F_(config.force_F.si()),
      force_N_(config.force_N.si()),
      torque_PntF_F_(config.torque_PntF_F.si()) {
  const std::string owner = "external_force_torque '" + this->name() + "'";
  validation::require_finite(owner, "force_F [N]", force_F_);
  validation::require_finite(owner, "force_N [N]", force_N_);
  validation::require_finite(owner, "torque_PntF_F [N m]", torque_PntF_F_);
}

Wrench ExternalForceTorque::wrench(const FrameKinematics& frame, double t) const {
  Eigen::Vector3d force_N = force_N_;
  if (force_N_profile_) force_N += force_N_profile_(t);
  Wrench w;
  w.force_F = force_F_ + frame.dcm_FN * force_N;
  if (force_F_profile_) w.force_F += force_F_profile_(t);
  w.torque_PntF_F = torque_PntF_F_;
  if (torque_profile_) w.torque_PntF_F += torque_profile_(t);
  return w;
}

}  // namespace ramus
