// What every stage of one derivative evaluation may read besides the effector's own block of x:
// one argument, filled by the kernel stage by stage (docs/architecture.md §2, docs/adding_an_effector.md).
#pragma once

#include <Eigen/Dense>

#include "ramus/kernel/back_substitution.hpp"
#include "ramus/kernel/frame_kinematics.hpp"

namespace ramus {

/// The evaluation as a state effector sees it. For an effector on a vehicle, `hub` is the hub
/// frame B; for a child of a host effector (a prescribed platform), the host's frame, which is
/// then the child's "hub" in every equation. Each field is valid from the stage named with it on.
struct EvaluationContext {
  double t = 0.0;                                 ///< [s] time (kinematics on)
  FrameKinematics hub;                            ///< the hub frame from x (kinematics on)
  Eigen::Vector3d g_N = Eigen::Vector3d::Zero();  ///< [m/s²] gravity at the vehicle's c.o.m. (contributions on)
  HubAccelerations acc;                           ///< the solved hub accelerations (derivatives)
};

}  // namespace ramus
