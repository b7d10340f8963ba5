// Workspace: every scratch value of one derivative evaluation (docs/architecture.md §D3), sized
// once from a
// finalized Model. Nothing in it is read before it is written in the same evaluation.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <memory>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/back_substitution.hpp"
#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/evaluation_context.hpp"
#include "ramus/kernel/frame_kinematics.hpp"
#include "ramus/kernel/inputs.hpp"
#include "ramus/kernel/mass_properties.hpp"
#include "ramus/kernel/state_effector.hpp"

namespace ramus {

class Model;

struct VehicleWorkspace {
  // What the effectors' stages read (t, hub kinematics from x, gravity at C, hub accelerations):
  // ctx.hub is frame B: r_BN_N, v_BN_N, dcm_BN, omega_BN_B.
  EvaluationContext ctx;
  // stage 1–2: hub kinematics from x
  Quaternion q_BN = Quaternion(1.0, 0.0, 0.0, 0.0);      ///< normalised attitude
  Eigen::Matrix3d dcm_NB = Eigen::Matrix3d::Identity();  ///< maps B components to N
  // stage 3: the whole vehicle's m, c_B, cPrime_B and mDot (eq. 2)
  CentreOfMass mass;
  Eigen::Vector3d r_CN_N = Eigen::Vector3d::Zero();  ///< [m] the centre of mass C
  // stage 4: loads
  LoadContext load;  ///< t, the centre of mass C (where gravity acts), g at C, the field
  Wrench hub_loads;  ///< non-gravitational loads on the hub, B, about B
  // stages 5–7
  HubSystem system;  ///< [A B; C D], vecTrans, vecRot
  /// [kg m/s²] Σ m_i r̈_i/B over the effectors: inertial, relative to B's (for dv_CN_N, eq. 9)
  Eigen::Vector3d m_rDDot_B = Eigen::Vector3d::Zero();
  std::vector<std::unique_ptr<EffectorWorkspace>> effectors;  ///< one per state effector
};

class Workspace {
 public:
  /// Sized from the model; the run's inputs start at the model's initial commands, and every
  /// effector workspace is bound to its channels in them.
  explicit Workspace(const Model& model);
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
  /// The run's commands (inputs.hpp): what the right-hand side reads as the actuators' inputs.
  Inputs inputs;
  std::vector<VehicleWorkspace> vehicles;
  std::uint64_t evaluations = 0;  ///< right-hand-side evaluations through a System using this workspace
};

}  // namespace ramus
