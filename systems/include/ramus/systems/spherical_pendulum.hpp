// Spherical pendulum (docs/models/spherical_pendulum.md): a point mass on a massless rod of length
// l pivoting freely about a point T fixed in the hub frame B, with a linear damper on the mass's
// velocity relative to B. Basilisk's fuel-slosh pendulum, given by its two angles (φ, θ) but
// integrated as the rod's direction vector u and its rate (no chart: it passes through θ = ±π/2, as
// the hub's raw quaternion passes every attitude). A point mass has no frame: it can host no dynamic
// effector (segment_count() = 0).
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
  units::Angle theta0;               ///< initial θ, any finite value (±π/2: the rod along ∓p̂3)
  units::AngularVelocity phiDot0;    ///< initial φ̇
  units::AngularVelocity thetaDot0;  ///< initial θ̇
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
  /// [m] eq. (14): the mass's position r_PcB_B at the raw state u_P0 (any non-zero length).
  Eigen::Vector3d r_PcB_B(const Eigen::Vector3d& u_P0) const;

  // ---- StateEffector ----------------------------------------------------------------------
  std::unique_ptr<EffectorWorkspace> make_workspace() const override;
  /// eq. (14): ê, ê', r, r' from the raw (u, u̇), into the workspace. Throws ConfigurationError
  /// naming the state block when u is not finite or has zero length.
  void kinematics(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws) const override;
  /// The state and the evaluation's stages (kernel/state_effector.hpp):
  ///  - state_blocks: "u_P0" (3, 1), the rod's direction in P0 (unit at the start, used as u/|u|),
  ///    and "uDot_P0" (3, 1/s), its rate; eq. (17) gives them from (φ0, θ0, φ̇0, θ̇0)
  ///  - mass_properties: eq. (4)
  ///  - contributions: eqs. (5), (15), (16): the coupling rows of ê'' and A, B, C, D, vecTrans,
  ///    vecRot; the point mass's rigid rows (eq. 4).
  ///  - derivatives: eq. (18); returns m r̈ from m r'' = m l ê''.
  ///  - energy_momentum: eq. (11)
  RAMUS_STATE_EFFECTOR_OVERRIDES;
  /// "phi", "theta" (rad), "phiDot", "thetaDot" (rad/s): the angles of eq. (1) at the state,
  /// eq. (19); φ in (−π, π], θ in [−π/2, π/2]; at θ = ±π/2, φ = φ̇ = 0 (φ is undefined there).
  std::vector<OutputSpec> outputs() const override;
  void write_output(std::size_t i, ConstStateBlock x, std::span<double> out) const override;

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
