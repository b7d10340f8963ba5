#include "mujoco_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

namespace ramus::bench::mujoco {
namespace {

/// MuJoCo's model from an XML string, through a one-file virtual file system.
mjModel* compile(const std::string& xml) {
  constexpr const char* kFile = "ramus.xml";
  auto vfs = std::make_unique<mjVFS>();  // ≈ 2 MB of file-name slots: not on the stack
  mj_defaultVFS(vfs.get());
  if (mj_makeEmptyFileVFS(vfs.get(), kFile, static_cast<int>(xml.size())) != 0)
    throw std::runtime_error("MuJoCo: cannot create the in-memory MJCF file");
  std::memcpy(vfs->filedata[mj_findFileVFS(vfs.get(), kFile)], xml.data(), xml.size());
  std::array<char, 1024> error{};
  mjModel* m = mj_loadXML(kFile, vfs.get(), error.data(), static_cast<int>(error.size()));
  mj_deleteVFS(vfs.get());
  if (!m) throw std::runtime_error("MuJoCo refused the model: " + std::string(error.data()));
  return m;
}

int joint_id(const mjModel* m, const std::string& name) {
  const int id = mj_name2id(m, mjOBJ_JOINT, name.c_str());
  if (id < 0) throw std::logic_error("MJCF joint '" + name + "' not in the compiled model");
  return id;
}

}  // namespace

MujocoModel::MujocoModel(const Mjcf& mjcf) : m_(compile(mjcf.xml)), d_(mj_makeData(m_)) {
  for (const MjcfHub& hub : mjcf.hubs) {
    const int id = joint_id(m_, hub.joint);
    const int qpos = m_->jnt_qposadr[id], dof = m_->jnt_dofadr[id];
    // Free joint: qpos = (r_BN_N, q_BN as w x y z), qvel = (v_BN_N, omega_BN_B).
    for (int k = 0; k < 3; ++k) {
      coordinates_.push_back({qpos + k, hub.r_BN_N + k});
      rates_.push_back({dof + k, hub.v_BN_N + k});
      rates_.push_back({dof + 3 + k, hub.omega_BN_B + k});
    }
    for (int k = 0; k < 4; ++k) coordinates_.push_back({qpos + 3 + k, hub.q_BN + k});
  }
  for (const MjcfJoint& joint : mjcf.joints) {
    const int id = joint_id(m_, joint.name);
    if (joint.q >= 0) coordinates_.push_back({m_->jnt_qposadr[id], joint.q});
    rates_.push_back({m_->jnt_dofadr[id], joint.qDot});
  }
  if (static_cast<int>(rates_.size()) != m_->nv) throw std::logic_error("MJCF: a MuJoCo DOF has no ramus rate");
}

MujocoModel::~MujocoModel() {
  mj_deleteData(d_);
  mj_deleteModel(m_);
}

void MujocoModel::set_state(const Eigen::VectorXd& x, double t) {
  mju_copy(d_->qpos, m_->qpos0, m_->nq);
  for (const Coordinate& c : coordinates_) d_->qpos[c.qpos] = x[c.x];
  for (const Rate& r : rates_) d_->qvel[r.dof] = x[r.x];
  d_->time = t;
}

void MujocoModel::get_state(Eigen::VectorXd& x) const {
  for (const Coordinate& c : coordinates_) x[c.x] = d_->qpos[c.qpos];
  for (const Rate& r : rates_) x[r.x] = d_->qvel[r.dof];
}

double MujocoModel::acceleration_mismatch(const Eigen::VectorXd& dxdt, const StateLayout& layout) const {
  double mismatch = 0.0;
  for (const Rate& r : rates_) {
    // dxdt at a rate's entry is its acceleration: r̈_BN_N, omegaDot_BN_B, q̈ or OmegaDot.
    const StateBlock& block = *layout.block_at(r.x);
    const double scale = dxdt.segment(block.offset, block.size).lpNorm<Eigen::Infinity>();
    const double difference = std::abs(d_->qacc[r.dof] - dxdt[r.x]);
    const double e = scale > 0.0 ? difference / scale : difference;
    if (!std::isfinite(e)) return std::numeric_limits<double>::infinity();  // std::max would drop a NaN
    mismatch = std::max(mismatch, e);
  }
  return mismatch;
}

}  // namespace ramus::bench::mujoco
