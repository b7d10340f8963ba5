// Hinged rigid body (a solar panel): one revolute joint about the hinge axis h2
// (docs/models/hinged_rigid_body.md). A parametrization of SerialChain, after Basilisk's
// HingedRigidBodyStateEffector but with the full inertia tensor.
#pragma once

#include <Eigen/Dense>
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
};

class HingedRigidBody final : public SerialChain {
 public:
  HingedRigidBody(std::string name, const HingedRigidBodyConfig& config);
  /// Motor torque about the hinge axis, constant over the following steps.
  void set_motor_torque(units::Torque u) { set_motor_input(0, u.value()); }
};

}  // namespace ramus
