// The integrals of ModalData over one straight member of equal beam elements (docs/flex/beam.md §4,
// docs/models/modal_data.md eqs. (2)–(7)): the 4-point Gauss rule on each element of the
// interpolated field, shared by the beam generator and the panel (docs/flex/panel.md §4). Internal
// to ramus::flex.
#pragma once

#include <Eigen/Dense>
#include <functional>

#include "beam_element.hpp"
#include "ramus/systems/modal_data.hpp"

namespace ramus::flex::detail {

/// What a quadrature point hands on for the second-order integrals (eqs. (8)–(10)): its mass w [kg],
/// position r [m] and the modes' translations U there (3×n, in F).
using PointMass = std::function<void(double w, const Eigen::Vector3d& r, const Eigen::Matrix3Xd& U)>;

/// A straight member of equal elements of length h with the section of `section` (its stiffness
/// and mass per length; its length, elements, axes and modes are not read): element e spans
/// r(s) = r_OF_F + s t, s ∈ [e h, (e + 1) h]; the member's axes (t, y, z) are the rows of dcm_MF.
class MemberQuadrature {
 public:
  MemberQuadrature(const BeamConfig& section, double h, const Eigen::Vector3d& r_OF_F, const Eigen::Matrix3d& dcm_MF);

  /// Adds element e's share of m (eq. (2)), m r_ScF_F (eq. (3): d.r_ScF_F collects the first moment
  /// c0 until finish_integrals), J0 (eq. (4) with J_sec, docs/flex/beam.md eq. (20)), μ, P and H (eqs. (5)–(7))
  /// for the modes' element DOFs Phi_e (12×n, in member axes), and hands each quadrature point to
  /// `point`.
  void add(int e, const Eigen::Ref<const Eigen::MatrixXd>& Phi_e, ModalData& d, const PointMass& point) const;

  /// [m] The position of element e's point ξ ∈ [0, 1], in F.
  Eigen::Vector3d position(int e, double xi) const { return r_OF_F_ + (e + xi) * h_ * t_; }

 private:
  double rhoA_, h_;
  Eigen::Vector3d r_OF_F_, t_;
  Eigen::Vector3d rotary_;  ///< [kg m] the section's (ρJ, ρI_y, ρI_z)
  Eigen::Matrix3d R_FM_;    ///< member axes → F
  Eigen::Matrix3d J_sec_;   ///< [kg m] the section's rotary inertia per length in F, docs/flex/beam.md eq. (20)
  ShearParameters shear_;
};

/// Sizes and zeroes every integral MemberQuadrature::add and the second-order ones accumulate for n
/// modes.
void zero_integrals(Eigen::Index n, ModalData& d);

/// After the last add: the centre of mass from the first moment, r_ScF_F = c0 / m.
void finish_integrals(ModalData& d);

}  // namespace ramus::flex::detail
