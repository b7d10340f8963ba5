// Spinning bodies with 1, 2 or N revolute axes in series (docs/models/spinning_body.md).
// Parametrizations of SerialChain, after Basilisk's spinningBodyOneDOF/TwoDOF/NDOF.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/units.hpp"
#include "ramus/systems/serial_chain.hpp"

namespace ramus {

/// One spinning axis and the body it carries. Frame S rotates by theta about sHat_S relative to
/// S0; the parent P is the hub for the first axis and the previous body otherwise.
struct SpinningAxisConfig {
  units::Mass mass;                                       ///< body mass (0 allowed for a massless gimbal frame)
  units::InertiaTensor I_PntSc_S;                         ///< inertia about the body c.o.m. Sc, in S
  units::Length3 r_ScS_S;                                 ///< c.o.m. relative to the joint origin S, in S
  Eigen::Matrix3d dcm_S0P = Eigen::Matrix3d::Identity();  ///< parent → S at theta = 0
  units::Length3 r_SP_P;                                  ///< joint origin relative to the parent's origin, in P
  Eigen::Vector3d sHat_S = Eigen::Vector3d::UnitZ();      ///< unit spin axis in S
  units::Stiffness k;
  units::RotationalDamping c;
  units::Angle theta0;
  units::AngularVelocity thetaDot0;
  units::Angle thetaRef;
  units::AngularVelocity thetaDotRef;
  units::Torque motor_torque;  ///< initial motor torque about sHat
  bool locked = false;         ///< start locked (thetaDot0 must be 0)
};

/// SI link of one spinning axis; checks the config, naming `owner` and the field in errors.
ChainLink spinning_link(const std::string& owner, const SpinningAxisConfig& axis);
/// The 0.1 form, its errors naming "spinning axis"; removed in 0.3.
[[deprecated("use spinning_link(owner, axis)")]] inline ChainLink spinning_link(const SpinningAxisConfig& axis) {
  return spinning_link("spinning axis", axis);
}

class SpinningBodyOneDOF final : public SerialChain {
 public:
  SpinningBodyOneDOF(std::string name, const SpinningAxisConfig& axis);
  void set_motor_torque(units::Torque u) { set_motor_input(0, u.value()); }
};

class SpinningBodyTwoDOF final : public SerialChain {
 public:
  /// axis1 on the hub, axis2 on body 1 (a gimbal): segments 0 and 1.
  SpinningBodyTwoDOF(std::string name, const SpinningAxisConfig& axis1, const SpinningAxisConfig& axis2);
  void set_motor_torque(std::size_t axis, units::Torque u) { set_motor_input(axis, u.value()); }
};

class SpinningBodyNDOF final : public SerialChain {
 public:
  SpinningBodyNDOF(std::string name, const std::vector<SpinningAxisConfig>& axes);
  void set_motor_torque(std::size_t axis, units::Torque u) { set_motor_input(axis, u.value()); }
};

}  // namespace ramus
