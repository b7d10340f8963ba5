// The example of docs/adding_an_effector.md: a momentum wheel, one balanced rotor spinning about an
// axis fixed in the hub, driven by a constant motor torque. Equations (W1)–(W5) of that page.
// It is compiled and tested (test/docs/momentum_wheel_test.cpp), so the page cannot rot.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/mass_properties.hpp"
#include "ramus/kernel/state_effector.hpp"

namespace ramus::example {

/// In SI (a library model takes units, docs/architecture.md §D9; the example keeps to doubles).
struct MomentumWheelConfig {
  Eigen::Vector3d gHat_B = Eigen::Vector3d::UnitZ();  ///< [1] spin axis in B (unit)
  Eigen::Vector3d r_WB_B = Eigen::Vector3d::Zero();   ///< [m] rotor centre of mass relative to B
  double m = 0.0;                                     ///< [kg] rotor mass (≥ 0)
  double Js = 0.0;                                    ///< [kg m²] spin inertia (> 0)
  double Jt = 0.0;                                    ///< [kg m²] transverse inertia (≥ 0)
  double u = 0.0;                                     ///< [N m] motor torque on the rotor, about ĝ
  double Omega0 = 0.0;                                ///< [rad/s] initial spin rate relative to B
};

class MomentumWheel final : public StateEffector {
 public:
  MomentumWheel(std::string name, const MomentumWheelConfig& config);
  std::string_view kind() const override { return "momentum_wheel"; }

  /// The state and the evaluation's stages (kernel/state_effector.hpp):
  ///  - state_blocks: "Omega" (1, rad/s)
  ///  - mass_properties: (W1): the rotor's mass at its fixed centre.
  ///  - contributions: (W1) as rigid rows, and (W3): the spin's coupling.
  ///  - derivatives: (W2): Ω̇; returns (W4): m r̈ of the rotor's centre relative to B's acceleration.
  ///  - energy_momentum: (W5)
  RAMUS_STATE_EFFECTOR_OVERRIDES;

 private:
  Eigen::Vector3d gHat_B_;     ///< [1]
  double Js_;                  ///< [kg m²]
  double u_;                   ///< [N m]
  double Omega0_;              ///< [rad/s]
  Eigen::Matrix3d I_PntWc_B_;  ///< [kg m²] about the rotor's centre, (W1)
  MassProperties body_;        ///< (W1), constant
};

}  // namespace ramus::example
