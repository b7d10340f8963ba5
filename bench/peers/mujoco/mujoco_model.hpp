// A compiled MuJoCo model of an Mjcf and its data, with the maps between ramus's state vector x
// and MuJoCo's (qpos, qvel), and the comparison of MuJoCo's qacc with ramus's derivative.
#pragma once

#include <mujoco/mujoco.h>

#include <Eigen/Dense>
#include <vector>

#include "mjcf.hpp"
#include "ramus/kernel/state_layout.hpp"

namespace ramus::bench::mujoco {

class MujocoModel {
 public:
  /// Compiles `mjcf` from memory (MuJoCo's virtual file system); throws std::runtime_error with
  /// MuJoCo's message when it refuses the model.
  explicit MujocoModel(const Mjcf& mjcf);
  ~MujocoModel();
  MujocoModel(const MujocoModel&) = delete;
  MujocoModel& operator=(const MujocoModel&) = delete;

  mjModel* model() const { return m_; }
  mjData* data() const { return d_; }

  /// qpos, qvel and time from ramus's state x at time t; wheel angles (not in x) are zero.
  void set_state(const Eigen::VectorXd& x, double t);
  /// Writes qpos and qvel into the entries of x they mirror; the other entries are left as they are.
  void get_state(Eigen::VectorXd& x) const;

  /// After mj_forward at the state of `dxdt = f(x)`: the largest mismatch between MuJoCo's qacc and
  /// ramus's accelerations (r̈_BN_N, omegaDot_BN_B, the joint and wheel accelerations), each divided
  /// by the largest |entry| of its block of `layout` in dxdt (absolute when that block is zero).
  double acceleration_mismatch(const Eigen::VectorXd& dxdt, const StateLayout& layout) const;

 private:
  /// An entry of qvel (and of qacc) and the entry of x holding the same rate.
  struct Rate {
    int dof;
    Eigen::Index x;
  };
  /// An entry of qpos and the entry of x holding the same coordinate.
  struct Coordinate {
    int qpos;
    Eigen::Index x;
  };

  mjModel* m_ = nullptr;
  mjData* d_ = nullptr;
  std::vector<Coordinate> coordinates_;  ///< every qpos entry that ramus keeps
  std::vector<Rate> rates_;              ///< every qvel entry
};

}  // namespace ramus::bench::mujoco
