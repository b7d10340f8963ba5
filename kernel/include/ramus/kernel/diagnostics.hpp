// Diagnostics (docs/architecture.md §D6): pure functions of (model, x, t). Basilisk's names in
// brackets.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/frame_kinematics.hpp"

namespace ramus {

class DynamicEffector;
class Model;
class StateEffector;
class Workspace;

struct VehicleDiagnostics {
  double m = 0.0;                                      ///< [kg] vehicle mass
  Eigen::Vector3d r_CN_N = Eigen::Vector3d::Zero();    ///< [m] centre of mass C
  Eigen::Vector3d v_CN_N = Eigen::Vector3d::Zero();    ///< [m/s] its inertial velocity
  FrameKinematics hub;                                 ///< frame B
  Quaternion q_BN = Quaternion(1.0, 0.0, 0.0, 0.0);    ///< normalised attitude
  Eigen::Vector3d sigma_BN = Eigen::Vector3d::Zero();  ///< MRP, |sigma| ≤ 1
  double orbital_energy = 0.0;                         ///< [J] ½ m |v_C|² + m U(r_C)                 [totOrbEnergy]
  double rotational_energy = 0.0;                      ///< [J] kinetic energy about C + springs      [totRotEnergy]
  Eigen::Vector3d H_orb_PntN_N = Eigen::Vector3d::Zero();  ///< [N m s] m r_C × v_C  [totOrbAngMomPntN_N]
  Eigen::Vector3d H_rot_PntC_N = Eigen::Vector3d::Zero();  ///< [N m s] about C      [totRotAngMomPntC_N]
  Eigen::Vector3d dv_CN_N = Eigen::Vector3d::Zero();       ///< [m/s] accumulated non-gravitational ΔV of C
  /// [N s] the vehicle's linear momentum, m v_C plus any mass flow's (architecture.md eq. 17)
  Eigen::Vector3d p_N = Eigen::Vector3d::Zero();
  /// [N m s] its angular momentum about N: H_orb + H_rot plus a mass flow's (eq. 17)
  Eigen::Vector3d H_PntN_N = Eigen::Vector3d::Zero();
  /// [N s], [N m s] momentum of the exhaust expelled so far (0 without mass depletion): with
  /// p_N and H_PntN_N, the totals a depleting vehicle conserves (eq. 18)
  Eigen::Vector3d p_exhaust_N = Eigen::Vector3d::Zero();
  Eigen::Vector3d H_exhaust_PntN_N = Eigen::Vector3d::Zero();
  /// [N m s] the vehicle's and the exhaust's angular momenta about the vehicle's centre of mass C
  /// (architecture.md eq. 19): H_PntC_N = H_PntN_N − r_CN_N × p_N (H_rot_PntC_N for a constant
  /// mass), H_exhaust_PntC_N = H_exhaust_PntN_N − r_CN_N × p_exhaust_N. Without external loads
  /// their sum changes as −ṙ_C × (p_N + p_exhaust_N), ṙ_C = d r_CN_N/dt (C moves; while mass
  /// leaves, ṙ_C is not v_CN_N, the material velocity of eq. 16), and the sum about the centre of
  /// mass of vehicle and exhaust, which moves with the total momentum, is constant.
  Eigen::Vector3d H_PntC_N = Eigen::Vector3d::Zero();
  Eigen::Vector3d H_exhaust_PntC_N = Eigen::Vector3d::Zero();
};

/// Diagnostics of vehicle i at (x, t).
VehicleDiagnostics vehicle_diagnostics(const Model& model, const Eigen::VectorXd& x, double t, std::size_t i);
/// Diagnostics of every vehicle.
std::vector<VehicleDiagnostics> diagnostics(const Model& model, const Eigen::VectorXd& x, double t);
/// [kg m²] the inertia of vehicle i about its centre of mass C, in B, at (x, t): the angular
/// momentum about C is linear in the hub rate at fixed joint rates, H_C = I_C ω + h(joint rates),
/// so column k of I_C (in N, times dcm_NB) is H_C(ω_B = ê_k) − H_C(ω_B = 0), both at x otherwise
/// (x's hub rate is not read). Symmetrized (to round-off). The inertia an attitude-control task
/// takes by default (docs/fsw/attitude_control_task.md).
Eigen::Matrix3d vehicle_inertia_PntC_B(const Model& model, const Eigen::VectorXd& x, double t, std::size_t i);
/// [J] potential energy stored in the model's two-point effectors (½ α |ψ|² of each constraint):
/// with the vehicles' rotational and orbital energies, the total of a constrained system.
double two_point_potential_energy(const Model& model, const Eigen::VectorXd& x);
/// The load of one dynamic effector at (x, t): in its frame F (the hub B or its segment's), about
/// F's origin (a disturbance torque to plot, a thruster's force).
struct DynamicEffectorLoad {
  std::size_t vehicle = 0;
  const DynamicEffector* effector = nullptr;
  Wrench wrench;
};
/// Every dynamic effector's load at (x, t), vehicle by vehicle: the hub's, then each state
/// effector's children in order; under the applied inputs `u` (Model::input_layout()'s order;
/// empty: the model's initial commands).
std::vector<DynamicEffectorLoad> dynamic_effector_loads(const Model& model, const Eigen::VectorXd& x, double t,
                                                        const Eigen::VectorXd& u = {});
/// The kinematics of segment `segment` of `effector` (a state effector of a vehicle of `model`) at
/// (x, t): the frame a dynamic effector on that segment sees (r_FN_N, v_FN_N, dcm_FN, omega_FN_F).
/// Runs the kinematics stage (architecture.md §2, stages 1–2: every vehicle's hub and effectors)
/// on a scratch workspace, so each call allocates a Workspace (one effector workspace per state
/// effector) and costs about a fifth of a derivative evaluation; the overload taking a caller's
/// workspace allocates nothing (for per-step observers). Throws ConfigurationError naming the
/// effector when it is not in the model or has no such segment, and when x has the wrong size.
FrameKinematics segment_frame(const Model& model, const Eigen::VectorXd& x, double t, const StateEffector& effector,
                              std::size_t segment);
FrameKinematics segment_frame(const Model& model, Workspace& ws, const Eigen::VectorXd& x, double t,
                              const StateEffector& effector, std::size_t segment);
/// Diagnostics of vehicle i using a caller's workspace (no allocation: for per-step observers).
VehicleDiagnostics vehicle_diagnostics(const Model& model, Workspace& ws, const Eigen::VectorXd& x, double t,
                                       std::size_t i);

}  // namespace ramus
