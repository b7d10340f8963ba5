// Modal data of an elastic appendage (docs/models/modal_data.md): the data side of the coming
// `flexible_body` state effector. The body is clamped at an interface frame F on its parent and
// described by fixed-interface modes. Everything is SI, in F axes, about F's origin, for the
// undeformed body. With r the undeformed position of a mass element relative to F's origin,
//
//   (1)  u(r, t) = Σ_k φ_k(r) η_k(t)  (displacement),  θ(r, t) = Σ_k ψ_k(r) η_k(t)  (small rotation),
//
// and the integrals over the body's mass dm (eqs. (2)–(10) of the page):
//
//   (2)–(4)  m = ∫ dm,  c0 = m r_ScF_F = ∫ r dm,  J0 = ∫ (r·r 1 − r rᵀ) dm + ∫ J_sec,
//   (5)      μ_k = ∫ φ_k·φ_k dm + ∫ ψ_k·J_sec ψ_k,
//   (6), (7) P_k = ∫ φ_k dm,  H_k = ∫ r × φ_k dm + ∫ J_sec ψ_k,
//   (8)      J1_k = ∫ (2 r·φ_k 1 − r φ_kᵀ − φ_k rᵀ) dm   (I(η) = J0 + Σ_k J1_k η_k + O(η²)),
//   (9)      G[i](k,l) = (∫ φ_k × φ_l dm)_i,
//   (10)     D[3i+j](k,l) = ∫ φ_k,i φ_l,j dm,
//
// where J_sec is the sections' own rotary inertia that a model keeps (a beam keeps its torsional
// polar inertia ρJ about its axis and nothing else; docs/flex/beam.md); J1, G and D carry none.
//
// Geometric stiffness (eqs. (11)–(13)): the motion of F loads the body with the body force per
// unit mass f(r) = −a − ω̇ × r − ω × (ω × r) (a the acceleration of F's origin less the
// gravitational acceleration, ω and ω̇ those of F, all in F). f is linear in the twelve
// coefficients c = [a_x, a_y, a_z, ω̇_x, ω̇_y, ω̇_z, ω_x², ω_y², ω_z², ω_xω_y, ω_yω_z, ω_zω_x]:
// f(r) = Σ_q c_q f_q(r), with the unit load cases f_q of load_case_field(). The stresses the
// clamped body carries in equilibrium with f_q add the modal stiffness K_G[q]; in total
// K_G(c) = Σ_q c_q K_G[q]. Eq. (14) of the page shows how every integral enters the modal equations.
#pragma once

#include <Eigen/Dense>
#include <array>
#include <string>
#include <vector>

namespace ramus {

/// Number of unit load cases of the geometric stiffness (eq. (11)).
inline constexpr int kModalLoadCases = 12;

/// A point of the body where sensors read, loads hang and outputs report.
struct ModalNode {
  std::string name;        ///< unique, non-empty
  Eigen::Vector3d r_NF_F;  ///< [m] undeformed position of node N relative to F's origin, in F
  Eigen::Matrix3Xd phi_F;  ///< 3×n translational mode shapes at the node (displacement per unit η_k), in F
  Eigen::Matrix3Xd psi_F;  ///< 3×n rotational mode shapes at the node ([rad] small rotation per unit η_k), in F
};

/// The modal description of a body clamped at F (docs/models/modal_data.md): n = omega.size() modes.
/// The unit of η_k is set by the normalisation of the modes; with mass-normalised modes (μ_k = 1)
/// η_k is in m·√kg and φ_k in 1/√kg.
struct ModalData {
  double mass = 0.0;                                   ///< [kg] m, eq. (2)
  Eigen::Vector3d r_ScF_F = Eigen::Vector3d::Zero();   ///< [m] undeformed centre of mass Sc rel. to F's origin, eq. (3)
  Eigen::Matrix3d I_PntF_F = Eigen::Matrix3d::Zero();  ///< [kg m^2] J0 about F's origin, eq. (4)
  Eigen::VectorXd modal_mass;                          ///< μ_k, eq. (5); 1 when mass-normalised
  Eigen::VectorXd omega;                               ///< [rad/s] natural frequencies of the clamped body, ascending
  Eigen::VectorXd zeta;                                ///< [1] modal damping ratios
  Eigen::Matrix3Xd P_F;                                ///< 3×n, eq. (6): momentum of a unit η̇_k
  Eigen::Matrix3Xd H_PntF_F;                           ///< 3×n, eq. (7): angular momentum about F of a unit η̇_k
  std::vector<Eigen::Matrix3d> J1_F;                   ///< n symmetric 3×3, eq. (8): first-order change of the inertia
  std::array<Eigen::MatrixXd, 3> G;                    ///< n×n antisymmetric each, eq. (9): gyroscopic coupling
  /// n×n each, eq. (10), with D[3j+i] = D[3i+j]ᵀ: centrifugal softening.
  std::array<Eigen::MatrixXd, 9> D;
  /// n×n symmetric each, eq. (12): the modal geometric stiffness of unit load case q (load_case_field);
  /// K_G(c) = Σ_q c_q K_G[q], eq. (13).
  std::array<Eigen::MatrixXd, kModalLoadCases> K_G;
  std::vector<ModalNode> nodes;  ///< where the body is observed and loaded

  Eigen::Index modes() const { return omega.size(); }
};

/// The coefficients c of eq. (11): f(r) = Σ_q c_q load_case_field(q, r) is the body force per unit
/// mass −a − ω̇ × r − ω × (ω × r). `rDDot_FN_F` is the acceleration of F's origin less the
/// gravitational acceleration there (a uniform field loads nothing), all in F.
std::array<double, kModalLoadCases> load_case_coefficients(const Eigen::Vector3d& rDDot_FN_F,
                                                           const Eigen::Vector3d& omegaDot_FN_F,
                                                           const Eigen::Vector3d& omega_FN_F);

/// f_q(r) [m/s² per unit c_q]: the body force per unit mass of unit load case q (0 ≤ q < 12) at the
/// point r (F axes, relative to F's origin); the table of docs/models/modal_data.md §3. Throws
/// std::out_of_range for another q.
Eigen::Vector3d load_case_field(int q, const Eigen::Vector3d& r_F);

/// Refuses, with a ConfigurationError naming `owner` (e.g. "flexible_body 'array'"), the field and
/// the value: a mass ≤ 0 or not finite; n = 0 modes; a field whose size disagrees with
/// n = omega.size() (the field and both sizes named); a non-finite entry anywhere; modal_mass ≤ 0;
/// omega < 0 or not ascending; zeta < 0; I_PntF_F not symmetric or not positive semi-definite; a
/// J1_F, D[3i+i] or K_G[q] not symmetric, a G[i] not antisymmetric, D[3j+i] ≠ D[3i+j]ᵀ (each to a
/// relative kModalSymmetryTolerance); a node with an empty or duplicate name.
void check_modal_data(const std::string& owner, const ModalData& d);

/// Relative tolerance of the symmetry checks of check_modal_data, against the largest entry of the
/// matrices compared: a generator's round-off is ~1e-15 of it, a model typed or exported with ten
/// significant digits ~1e-10; an asymmetry that changes the dynamics is orders of magnitude larger.
inline constexpr double kModalSymmetryTolerance = 1e-9;

}  // namespace ramus
