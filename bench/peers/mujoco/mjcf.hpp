// The MJCF of a finalized ramus Model, generated from the model itself (docs/benchmarks-mujoco.md):
// a free body per vehicle hub, nested bodies with hinge or slide joints per serial chain (hinged
// panels, spinning bodies), a body with a hinge per reaction wheel; together with the map from
// every MuJoCo joint to the entries of ramus's state vector it mirrors.
#pragma once

#include <Eigen/Dense>
#include <optional>
#include <string>
#include <vector>

#include "ramus/kernel/model.hpp"

namespace ramus::bench::mujoco {

/// A vehicle's hub: the MJCF free joint at B and the offsets of the hub's blocks in x.
struct MjcfHub {
  std::string joint;
  Eigen::Index r_BN_N = 0, v_BN_N = 0, q_BN = 0, omega_BN_B = 0;
};

/// One hinge or slide joint of the MJCF and the entries of x it mirrors.
struct MjcfJoint {
  std::string name;
  Eigen::Index q = -1;    ///< index of the coordinate in x; −1 where ramus has none (a wheel's angle)
  Eigen::Index qDot = 0;  ///< index of the rate in x
};

struct Mjcf {
  std::string xml;
  std::vector<MjcfHub> hubs;      ///< per vehicle, in model order
  std::vector<MjcfJoint> joints;  ///< every 1-DOF joint
};

/// The MJCF of `model`, or why it has no MuJoCo equivalent: exactly one of the two is set.
struct MjcfResult {
  std::optional<Mjcf> mjcf;
  std::string unsupported;
};

/// `model` must be finalized. The time step is left to the caller (mjModel::opt.timestep).
MjcfResult make_mjcf(const Model& model);

}  // namespace ramus::bench::mujoco
