// Translating bodies with 1 or N prismatic axes in series (docs/models/translating_body.md).
// Parametrizations of SerialChain, after Basilisk's linearTranslationOneDOF/NDOF.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/units.hpp"
#include "ramus/systems/serial_chain.hpp"

namespace ramus {

/// One translation axis and the body it carries. Frame F does not rotate relative to its parent
/// P; its origin moves along fHat_P: r_FP_P = r_F0P_P + rho fHat_P.
struct TranslatingAxisConfig {
  units::Mass mass;                                      ///< body mass
  units::InertiaTensor I_PntFc_F;                        ///< inertia about the body c.o.m. Fc, in F
  units::Length3 r_FcF_F;                                ///< c.o.m. relative to the frame origin F, in F
  Eigen::Matrix3d dcm_FP = Eigen::Matrix3d::Identity();  ///< parent → F
  units::Length3 r_F0P_P;                             ///< origin of F at rho = 0 relative to the parent's origin, in P
  Eigen::Vector3d fHat_P = Eigen::Vector3d::UnitX();  ///< unit translation axis in P
  units::LinearStiffness k;
  units::LinearDamping c;
  units::Length rho0;
  units::Velocity rhoDot0;
  units::Length rhoRef;
  units::Velocity rhoDotRef;
  units::Force motor_force;  ///< initial motor force along fHat
  bool locked = false;       ///< start locked (rhoDot0 must be 0)
};

/// SI link of one translation axis; checks the config, naming `owner` and the field in errors.
ChainLink translating_link(const std::string& owner, const TranslatingAxisConfig& axis);
/// The 0.1 form, its errors naming "translating axis"; removed in 0.3.
[[deprecated("use translating_link(owner, axis)")]] inline ChainLink translating_link(
    const TranslatingAxisConfig& axis) {
  return translating_link("translating axis", axis);
}

class TranslatingBodyOneDOF final : public SerialChain {
 public:
  TranslatingBodyOneDOF(std::string name, const TranslatingAxisConfig& axis);
  void set_motor_force(units::Force f) { set_motor_input(0, f.value()); }
};

class TranslatingBodyNDOF final : public SerialChain {
 public:
  TranslatingBodyNDOF(std::string name, const std::vector<TranslatingAxisConfig>& axes);
  void set_motor_force(std::size_t axis, units::Force f) { set_motor_input(axis, f.value()); }
};

}  // namespace ramus
