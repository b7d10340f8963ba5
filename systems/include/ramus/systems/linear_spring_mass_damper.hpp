// Linear spring-mass-damper (docs/models/linear_spring_mass_damper.md): a point mass (a fuel-slosh
// particle) moving along a line fixed in the hub frame B, held by a linear spring and damper.
// A point mass has no frame: it can host no dynamic effector (segment_count() = 0).
#pragma once

#include <Eigen/Dense>
#include <string>

#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/units.hpp"

namespace ramus {

/// In units (docs/architecture.md §D9). Zero by default: mass and pHat_B must be given.
struct LinearSpringMassDamperConfig {
  units::Mass mass;                                  ///< particle mass (> 0)
  Eigen::Vector3d pHat_B = Eigen::Vector3d::Zero();  ///< [1] direction of motion, unit to 1e-9, fixed in B
  units::Length3 r_PB_B;                             ///< equilibrium point P (rho = 0) relative to B
  units::LinearStiffness k;                          ///< spring (≥ 0)
  units::LinearDamping c;                            ///< damper (≥ 0)
  units::Length rho0;                                ///< initial displacement from P along pHat_B
  units::Velocity rhoDot0;                           ///< initial rate
};

class LinearSpringMassDamper final : public StateEffector {
 public:
  LinearSpringMassDamper(std::string name, const LinearSpringMassDamperConfig& config);
  std::string_view kind() const override { return "linear_spring_mass_damper"; }

  double mass() const { return m_; }                         ///< [kg]
  const Eigen::Vector3d& pHat_B() const { return pHat_B_; }  ///< [1]
  const Eigen::Vector3d& r_PB_B() const { return r_PB_B_; }  ///< [m]
  double k() const { return k_; }                            ///< [N/m]
  double c() const { return c_; }                            ///< [N s/m]

  // ---- StateEffector ----------------------------------------------------------------------
  std::unique_ptr<EffectorWorkspace> make_workspace() const override;
  /// The state and the evaluation's stages (kernel/state_effector.hpp):
  ///  - state_blocks: "rho" (1, m), "rhoDot" (1, m/s)
  ///  - mass_properties: eq. (1)
  ///  - contributions: eqs. (5)–(7): coupling row of rhoDDot and A, B, C, D, vecTrans, vecRot; the
  ///    point mass's rigid rows (eq. 2).
  ///  - derivatives: eq. (8): rhoDot, rhoDDot = a·rDDot + b·omegaDot + c; returns m r̈ from m r'' = m
  ///    rhoDDot pHat.
  ///  - energy_momentum: eq. (9)
  RAMUS_STATE_EFFECTOR_OVERRIDES;

 private:
  double m_;                ///< [kg]
  Eigen::Vector3d pHat_B_;  ///< [1]
  Eigen::Vector3d r_PB_B_;  ///< [m]
  double k_;                ///< [N/m]
  double c_;                ///< [N s/m]
  double rho0_;             ///< [m]
  double rhoDot0_;          ///< [m/s]
};

}  // namespace ramus
