// The integrals of ModalData over a member's elements (docs/flex/beam.md §4, eqs. (11), (20)).
#include "member_integrals.hpp"

#include "point_mass_integrals.hpp"
#include "ramus/kernel/attitude.hpp"

namespace ramus::flex::detail {

MemberQuadrature::MemberQuadrature(const BeamConfig& section, double h, const Eigen::Vector3d& r_OF_F,
                                   const Eigen::Matrix3d& dcm_MF)
    : rhoA_(section.rhoA),
      h_(h),
      r_OF_F_(r_OF_F),
      t_(dcm_MF.row(0).transpose()),
      rotary_(section.rhoJ, section.rhoI_y, section.rhoI_z),
      R_FM_(dcm_MF.transpose()),
      shear_(shear_parameters(section, h)) {
  J_sec_ = R_FM_ * rotary_.asDiagonal() * dcm_MF;  // eq. (20)
}

void MemberQuadrature::add(int e, const Eigen::Ref<const Eigen::MatrixXd>& Phi_e, ModalData& d,
                           const PointMass& point) const {
  for (const GaussPoint& g : gauss4()) {
    const ElementShape shape = element_shape(g.xi, h_, shear_);
    const Eigen::Vector3d r = position(e, g.xi);
    const double w = rhoA_ * h_ * g.weight, ws = h_ * g.weight;
    const Eigen::Matrix3Xd U = R_FM_ * (shape.u * Phi_e);  // φ_k(r) in F, 3×n: eq. (11)
    const Eigen::Matrix3Xd Theta = shape.theta * Phi_e;    // ψ_k(r) in member axes, 3×n
    d.mass += w;                                           // (2)
    d.r_ScF_F += w * r;                                    // (3): the first moment until finish_integrals
    d.I_PntF_F += w * (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose()) + ws * J_sec_;  // (4)
    d.modal_mass += w * U.colwise().squaredNorm().transpose() +
                    ws * (Theta.transpose() * rotary_.asDiagonal() * Theta).diagonal();  // (5)
    d.P_F += w * U;                                                                      // (6)
    d.H_PntF_F += w * tilde(r) * U + ws * R_FM_ * rotary_.asDiagonal() * Theta;          // (7)
    point(w, r, U);                                                                      // (8)–(10)
  }
}

void zero_integrals(Eigen::Index n, ModalData& d) {
  d.mass = 0.0;
  d.r_ScF_F.setZero();
  d.I_PntF_F.setZero();
  d.modal_mass = Eigen::VectorXd::Zero(n);
  d.P_F = Eigen::Matrix3Xd::Zero(3, n);
  d.H_PntF_F = Eigen::Matrix3Xd::Zero(3, n);
  zero_second_order_integrals(n, d);
}

void finish_integrals(ModalData& d) { d.r_ScF_F /= d.mass; }

}  // namespace ramus::flex::detail
