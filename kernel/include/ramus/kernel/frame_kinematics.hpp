// Kinematics of a frame (the hub B or a segment of a state effector) and a wrench expressed in it.
#pragma once

#include <Eigen/Dense>

namespace ramus {

/// Inertial kinematics of frame F and of its origin, the point F (docs/notation.md §4).
/// These are the properties a state effector publishes for its segments; ramus computes them
/// from the current state at every evaluation.
struct FrameKinematics {
  Eigen::Vector3d r_FN_N = Eigen::Vector3d::Zero();      ///< [m] origin relative to N
  Eigen::Vector3d v_FN_N = Eigen::Vector3d::Zero();      ///< [m/s] its inertial velocity
  Eigen::Matrix3d dcm_FN = Eigen::Matrix3d::Identity();  ///< maps N components to F components
  Eigen::Vector3d omega_FN_F = Eigen::Vector3d::Zero();  ///< [rad/s] angular velocity of F, in F
};

/// A force and a torque on the body of frame F, in F components, the torque about the point F.
struct Wrench {
  Eigen::Vector3d force_F = Eigen::Vector3d::Zero();        ///< [N]
  Eigen::Vector3d torque_PntF_F = Eigen::Vector3d::Zero();  ///< [N m]

  Wrench& operator+=(const Wrench& other) {
    force_F += other.force_F;
    torque_PntF_F += other.torque_PntF_F;
    return *this;
  }
};

}  // namespace ramus
