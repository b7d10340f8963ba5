// The drive of a revolute joint from a configuration that names it as the hinged and spinning
// bodies do: k, c, thetaRef, thetaDotRef, theta0, thetaDot0, motor_torque (private to systems/src).
#pragma once

#include "ramus/systems/serial_chain.hpp"

namespace ramus {

template <class Config>
JointDrive angle_drive(const Config& c, bool locked = false) {
  return {c.k.value(),         c.c.value(), c.thetaRef.value(),    c.thetaDotRef.value(), c.theta0.value(),
          c.thetaDot0.value(), locked,      c.motor_torque.value()};
}

}  // namespace ramus
