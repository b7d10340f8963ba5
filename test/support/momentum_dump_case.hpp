// The momentum-dump verification case (docs/fsw/momentum_dump_task.md, "Verification"), its
// numbers written once: three orthogonal wheels spun to |H_w| ≈ 14 N m s, six 0.2 N thrusters 1 m
// from B, the dump task (T_c = 10 s, k = 0.05 1/s, thresholds 5 and 1 N m s) and the attitude hold
// beside it, both at 10 Hz. The same case is docs/examples/momentum_dump.json.
#pragma once

#include <Eigen/Dense>
#include <string>

#include "ramus/fsw/attitude_control_task.hpp"
#include "ramus/fsw/momentum_dump_task.hpp"

namespace ramus::test::momentum_dump_case {

constexpr double kJs = 0.159;                ///< [kg m²] wheel spin inertia
constexpr double kThrust = 0.2;              ///< [N] each thruster, 1 m from B: 0.2 N m
constexpr double kTick = 0.1;                ///< [s] both tasks' period
constexpr double kStart = 5.0, kStop = 1.0;  ///< [N m s] dump thresholds

/// Thruster j = 2a + s fires a torque of sign ±1 (s = 0, 1) about body axis a: at r = e_b with
/// force ±e_c, (a, b, c) cyclic, so r × F = ±e_a.
inline Eigen::Vector3d thruster_r(int j) { return Eigen::Vector3d::Unit((j / 2 + 1) % 3); }
inline Eigen::Vector3d thruster_d(int j) { return (j % 2 == 0 ? 1.0 : -1.0) * Eigen::Vector3d::Unit((j / 2 + 2) % 3); }

/// The dump task of the case, for the vehicle "sc" with thrusters "thr0" … "thr5".
inline fsw::MomentumDumpTaskConfig dump_config() {
  fsw::MomentumDumpTaskConfig c;
  c.vehicle = "sc";
  c.tick = kTick;
  fsw::MomentumManagementConfig& m = c.management;
  m.Gs_B = Eigen::Matrix3d::Identity();
  m.J_s = Eigen::Vector3d::Constant(kJs);
  m.r_TB_B.resize(3, 6);
  m.d_B.resize(3, 6);
  for (int j = 0; j < 6; ++j) {
    m.r_TB_B.col(j) = thruster_r(j);
    m.d_B.col(j) = thruster_d(j);
    c.thrusters.push_back("thr" + std::to_string(j));
  }
  m.thrust = Eigen::VectorXd::Constant(6, kThrust);
  m.control_period = 10.0;  // [s] 100 ticks
  m.minimum_on_time = 0.2;  // [s]
  m.start_threshold = kStart;
  m.stop_threshold = kStop;
  m.gain = 0.05;  // [1/s]: k T_c = 0.5, half the momentum per period, within the thrusters' impulse
  return c;
}

/// The attitude hold of the case, with the wheels "wheels" of vehicle "sc".
inline fsw::AttitudeControlTaskConfig hold_config() {
  fsw::AttitudeControlTaskConfig c;
  c.vehicle = "sc";
  c.timing = {kTick, 0.0, 0};
  c.guidance = fsw::AttitudeGuidance::inertial;
  // [N m] ω_n = √(K/(4 I)) ≈ 0.25 rad/s on ~800 kg m², stiff enough that the thrusters' 0.2 N m,
  // unknown to this loop, holds a steady error of only ≈ 4 (0.2 N m)/K = 0.004 rad.
  c.control.K = 200.0;
  c.control.P = 360.0 * Eigen::Matrix3d::Identity();  // [N m s] ζ ≈ 0.9
  c.control.I_PntC_B = Eigen::Vector3d(900.0, 800.0, 600.0).asDiagonal();
  c.mapping.Gs_B = Eigen::Matrix3d::Identity();
  c.mapping.u_max = Eigen::Vector3d::Constant(0.5);
  c.mapping.Omega_max = Eigen::Vector3d::Constant(1e4);
  c.J_s = Eigen::Vector3d::Constant(kJs);
  return c;
}

}  // namespace ramus::test::momentum_dump_case
