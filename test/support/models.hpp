// Helpers shared by the effector tests: model building, invariants and their drifts, drift orders.
// The runs, hubs and checks are test/support's. Nothing here computes a reference value.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "support/checks.hpp"
#include "support/drift.hpp"
#include "support/hubs.hpp"
#include "support/run.hpp"

namespace ramus::test {

using namespace ramus::units;

inline InitialState at_rest_at_origin(const Eigen::Vector3d& omega_BN_B = Eigen::Vector3d::Zero()) {
  InitialState ic;
  ic.omega_BN_B = AngularVelocity3{omega_BN_B, si::radian_per_second};
  return ic;
}

inline void set_earth_gravity(Model& model) {
  model.set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth()));
}

/// A reaction wheel from SI numbers: spin axis, centre of mass [m], mass [kg], Js and Jt [kg m²], spin
/// rate Ω0 [rad/s] and motor torque u [N m].
inline ReactionWheelConfig wheel(const Eigen::Vector3d& gsHat_B, const Eigen::Vector3d& r_WcB_B, double m, double Js,
                                 double Jt, double Omega0, double u = 0.0) {
  ReactionWheelConfig c;
  c.gsHat_B = gsHat_B;
  c.r_WcB_B = Length3{r_WcB_B, si::meter};
  c.mass = m * si::kilogram;
  c.Js = Js * kg_m2;
  c.Jt = Jt * kg_m2;
  c.Omega0 = Omega0 * si::radian_per_second;
  c.motor_torque = u * newton_meter;
  return c;
}

/// Offset of the block `name` of the effector `owner` ("sc/rw") in the state vector.
inline Eigen::Index block_offset(const Model& model, const std::string& owner, const std::string& name) {
  for (const StateBlock& b : model.layout().blocks())
    if (b.owner == owner && b.name == name) return b.offset;
  throw std::runtime_error("no state block " + owner + "." + name);
}

}  // namespace ramus::test

namespace ramus::test {}  // namespace ramus::test
