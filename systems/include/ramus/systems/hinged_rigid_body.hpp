// Hinged rigid body (a solar panel): one revolute joint about the hinge axis h2
// (docs/models/hinged_rigid_body.md). A parametrization of SerialChain, after Basilisk's
// HingedRigidBodyStateEffector but with the full inertia tensor.
#pragma once

#include <Eigen/Dense>
#include <optional>
#include <string>

#include "ramus/kernel/units.hpp"
#include "ramus/systems/serial_chain.hpp"

namespace ramus {

struct HingedRigidBodyConfig {
  units::Mass mass;                                      ///< panel mass
  units::InertiaTensor I_PntSc_S;                        ///< full inertia about the panel c.o.m. Sc, in panel frame S
  units::Length d;                                       ///< hinge H to c.o.m. Sc, along −s1
  units::Length3 r_HB_B;                                 ///< hinge point relative to B
  Eigen::Matrix3d dcm_HB = Eigen::Matrix3d::Identity();  ///< B → hinge frame H; S = H at theta = 0
  units::Stiffness k;                                    ///< torsional spring
  units::RotationalDamping c;                            ///< torsional damper
  units::Angle theta0;                                   ///< initial angle
  units::AngularVelocity thetaDot0;                      ///< initial rate
  units::Angle thetaRef;                                 ///< spring reference
  units::AngularVelocity thetaDotRef;                    ///< damper reference
  units::Torque motor_torque;                            ///< initial motor torque about h2
  /// A PD motor about h2 acting at every stage (docs/models/hinged_rigid_body.md (M1)), as Basilisk's
  /// hingedRigidBodyMotor: u_m = −K (θ − θ_ref,m) − P (θ̇ − θ̇_ref,m), saturated at |u_m| ≤ max
  /// when motor_max_torque is set. Off while both gains are 0.
  units::Stiffness motor_K;                       ///< K ≥ 0: proportional gain
  units::RotationalDamping motor_P;               ///< P ≥ 0: derivative gain
  units::Angle motor_thetaRef;                    ///< θ_ref,m: the motor's angle reference
  units::AngularVelocity motor_thetaDotRef;       ///< θ̇_ref,m: the motor's rate reference
  std::optional<units::Torque> motor_max_torque;  ///< saturation (> 0; none by default)
};

/// dcm_HB (B → hinge frame H) from the hinge axis ĥ2 and the panel direction ê, the direction from
/// the hinge point to the panel's centre of mass at θ = 0, both in B (docs/models/hinged_rigid_body.md
/// eq. (2)): ĥ1 = −ê, ĥ2 = hinge_axis_B, ĥ3 = ĥ1 × ĥ2. A positive θ then turns the panel about
/// hinge_axis_B by the right-hand rule. Both vectors finite and unit to 1e-9, and orthogonal to
/// 1e-9 (|ĥ2·ê|); ConfigurationError naming `owner`, the field and the value otherwise. The result is
/// orthonormal to round-off (the two vectors are normalised, ê made orthogonal to ĥ2).
Eigen::Matrix3d hinge_dcm_HB(const Eigen::Vector3d& hinge_axis_B, const Eigen::Vector3d& panel_direction_B,
                             const std::string& owner = "hinged_rigid_body");

class HingedRigidBody final : public SerialChain {
 public:
  HingedRigidBody(std::string name, const HingedRigidBodyConfig& config);
  /// The panel from its hinge axis and panel direction in B (hinge_dcm_HB) instead of
  /// config.dcm_HB, which must be left at its default (identity): both given is refused.
  HingedRigidBody(std::string name, const HingedRigidBodyConfig& config, const Eigen::Vector3d& hinge_axis_B,
                  const Eigen::Vector3d& panel_direction_B);
  /// Motor torque about the hinge axis, constant over the following steps.
  void set_motor_torque(units::Torque u) { set_motor_input(0, u.value()); }
};

}  // namespace ramus
