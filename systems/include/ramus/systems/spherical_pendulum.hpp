// Spherical pendulum (docs/models/spherical_pendulum.md): a point mass on a massless rod of length
// l pivoting freely about a point T fixed in the hub frame B, with two angles (φ, θ) and a linear
// damper on the mass's velocity relative to B. Basilisk's two-angle fuel-slosh pendulum. A point
// mass has no frame: it can host no dynamic effector (segment_count() = 0).
#pragma once

#include <Eigen/Dense>
#include <string>

#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/units.hpp"

namespace ramus {

/// In units (docs/architecture.md §D9). Zero by default: mass and length must be given.
struct SphericalPendulumConfig {
  units::Mass mass;                                       ///< pendulum mass m (> 0)
  units::Length length;                                   ///< rod length l (> 0)
  units::Length3 r_TB_B;                                  ///< pivot T relative to B (Basilisk's d)
  Eigen::Matrix3d dcm_P0B = Eigen::Matrix3d::Identity();  ///< [1] maps B to P0 components (rows p̂1, p̂2, p̂3 in B)
  Eigen::Matrix3d D_P0 = Eigen::Matrix3d::Zero();         ///< [N s/m] damping matrix in P0, symmetric, ≥ 0
  units::Angle phi0;                                      ///< initial φ
  units::Angle theta0;                                    ///< initial θ, |θ0| < π/2 (eq. 1 is singular at ±π/2)
  units::AngularVelocity phiDot0;                         ///< initial φ̇
  units::AngularVelocity thetaDot0;                       ///< initial θ̇
};

class SphericalPendulum final : public StateEffector {
 public:
  SphericalPendulum(std::string name, const SphericalPendulumConfig& config);
  std::string_view kind() const override { return "spherical_pendulum"; }

  double mass() const { return m_; }                           ///< [kg]
  double length() const { return l_; }                         ///< [m]
  const Eigen::Vector3d& r_TB_B() const { return r_TB_B_; }    ///< [m]
  const Eigen::Matrix3d& dcm_P0B() const { return dcm_P0B_; }  ///< [1]
  const Eigen::Matrix3d& D_P0() const { return D_P0_; }        ///< [N s/m]
  /// [m] eq. (1): the mass's position r_PcB_B for angles (φ, θ) [rad].
  Eigen::Vector3d r_PcB_B(double phi, double theta) const;

  // ---- StateEffector ----------------------------------------------------------------------
  std::unique_ptr<EffectorWorkspace> make_workspace() const override;
  /// eqs. (1)–(3): r, r', the Jacobian and the quadratic-rate acceleration, into the workspace.
  void kinematics(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws) const override;
  /// The state and the evaluation's stages (kernel/state_effector.hpp):
  ///  - state_blocks: "phi" (1, rad), "theta" (1, rad), "phiDot" (1, rad/s), "thetaDot" (1, rad/s)
  ///  - mass_properties: eq. (4)
  ///  - contributions: eqs. (5)–(9): coupling rows of (φ̈, θ̈) and A, B, C, D, vecTrans, vecRot; the
  ///    point mass's rigid rows (eq. 4).
  ///  - derivatives: eq. (10); returns m r̈ from m r'' = m (J q̈ + κ).
  ///  - energy_momentum: eq. (11)
  RAMUS_STATE_EFFECTOR_OVERRIDES;

 private:
  double m_;                    ///< [kg]
  double l_;                    ///< [m]
  Eigen::Vector3d r_TB_B_;      ///< [m]
  Eigen::Matrix3d dcm_P0B_;     ///< [1]
  Eigen::Matrix3d D_B_;         ///< [N s/m] damping in B components, dcm_BP0 D_P0 dcm_P0B (eq. 5)
  Eigen::Matrix3d D_P0_;        ///< [N s/m]
  double phi0_, theta0_;        ///< [rad]
  double phiDot0_, thetaDot0_;  ///< [rad/s]
};

}  // namespace ramus
