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
#include "ramus/kernel/frame_kinematics.hpp"
#include "ramus/kernel/mass_properties.hpp"
#include "ramus/kernel/state_effector.hpp"

namespace ramus {

class Model;

struct VehicleWorkspace {
  // stage 1–2: hub kinematics from x
  FrameKinematics hub;                                   ///< frame B: r_BN_N, v_BN_N, dcm_BN, omega_BN_B
  Quaternion q_BN = Quaternion(1.0, 0.0, 0.0, 0.0);      ///< normalised attitude
  Eigen::Matrix3d dcm_NB = Eigen::Matrix3d::Identity();  ///< maps B components to N
  // stage 3: totals about B
  /// The whole vehicle's m, c_B, cPrime_B and mDot; its I_PntB_B and IPrime_PntB_B are those of the
  /// hub and the effectors of `rows` (an effector whose contributions carry its inertia reports none).
  MassProperties mass;
  /// The effectors whose contributions do not carry their own inertial terms
  /// (MassProperties::inertia_in_contributions), together: the rigid rows of eqs. (4)–(5) beyond
  /// the hub's own (HubParameters::rows and its velocity terms). any_rows: there is one.
  MassProperties rows;
  bool any_rows = false;
  // stage 4: loads
  Eigen::Vector3d r_CN_N = Eigen::Vector3d::Zero();  ///< [m] centre of mass, where gravity acts
  Eigen::Vector3d g_N = Eigen::Vector3d::Zero();     ///< [m/s²] gravity at C
  Wrench hub_loads;                                  ///< non-gravitational loads on the hub, B, about B
  // stages 5–7
  HubSystem system;      ///< [A B; C D], vecTrans, vecRot
  HubAccelerations acc;  ///< rDDot_BN_B, omegaDot_BN_B
  /// [kg m/s²] Σ m_i r''_i/B over the hub and the effectors of `rows`, and Σ m_i r̈_i/B (inertial,
  /// relative to B's) over those whose contributions carry their inertia (for dv_CN_N, eq. 9)
  Eigen::Vector3d m_cPrimePrime_B = Eigen::Vector3d::Zero();
  Eigen::Vector3d m_cDDot_B = Eigen::Vector3d::Zero();
  /// Per state effector: its MassProperties::inertia_in_contributions of this evaluation.
  std::vector<char> inertia_in_contributions;
  std::vector<std::unique_ptr<EffectorWorkspace>> effectors;  ///< one per state effector
};

class Workspace {
 public:
  explicit Workspace(const Model& model);
  std::vector<VehicleWorkspace> vehicles;
  std::uint64_t evaluations = 0;  ///< right-hand-side evaluations through a System using this workspace
};

}  // namespace ramus
