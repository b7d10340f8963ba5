// External force and torque (docs/models/external_force_torque.md). Attached to the hub, the
// attach frame F is B; a force given in N is rotated into F with the current attitude of F. The
// force acts at a point P fixed in F (its origin by default); the torque is about F's origin.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <string>

#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/units.hpp"

namespace ramus {

/// Constant parts of the load; zero by default.
struct ExternalForceTorqueConfig {
  units::Force3 force_F;         ///< force in the attach frame F
  units::Force3 force_N;         ///< force in the inertial frame N
  units::Torque3 torque_PntF_F;  ///< torque about the origin of F, in F
  /// Point of application P of the force, relative to the origin of F, in F (the origin by
  /// default): the force then adds r_PF_F × force_F to the torque about the origin of F (eq. 1).
  units::Length3 r_PF_F;
};

class ExternalForceTorque final : public DynamicEffector {
 public:
  /// A load that is an explicit function of time, in SI ([N] or [N m]); added to the constant part.
  using Profile = std::function<Eigen::Vector3d(double t)>;

  ExternalForceTorque(std::string name, const ExternalForceTorqueConfig& config = {});
  std::string_view kind() const override { return "external_force_torque"; }

  /// Default profiles of the channels (before finalize()): each channel then follows its constant
  /// part plus the profile, evaluated at every stage of every run (a run may replace them).
  void set_force_F_profile(Profile profile) {
    require_open("set_force_F_profile");
    force_F_profile_ = std::move(profile);
  }
  void set_force_N_profile(Profile profile) {
    require_open("set_force_N_profile");
    force_N_profile_ = std::move(profile);
  }
  void set_torque_PntF_F_profile(Profile profile) {
    require_open("set_torque_PntF_F_profile");
    torque_profile_ = std::move(profile);
  }

  /// Channels "force_F" [N] (3), "force_N" [N] (3), "torque_PntF_F" [N m] (3), starting at the
  /// config's constant parts.
  std::vector<InputSpec> input_blocks() const override;
  std::vector<InputProfile> input_profiles() const override;
  /// [m] the force's point of application relative to the origin of F, in F.
  const Eigen::Vector3d& r_PF_F() const { return r_PF_F_; }

  /// force_F = F_F + dcm_FN F_N, torque_PntF_F = L_F + r_PF_F × force_F, from the run's channels (eq. 1)
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext& at) const override;

 private:
  Eigen::Vector3d force_F_;        ///< [N]
  Eigen::Vector3d force_N_;        ///< [N]
  Eigen::Vector3d torque_PntF_F_;  ///< [N m]
  Eigen::Vector3d r_PF_F_;         ///< [m] point of application of the force
  Profile force_F_profile_, force_N_profile_, torque_profile_;
};

}  // namespace ramus
