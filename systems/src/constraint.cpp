#include "ramus/systems/constraint.hpp"

#include "ramus/kernel/validation.hpp"

namespace ramus {

Constraint::Constraint(std::string name, const ConstraintConfig& c)
    : TwoPointEffector(std::move(name), c.end1, c.end2),
      r_P1F1_F1_(c.r_P1F1_F1.si()),
      r_P2F2_F2_(c.r_P2F2_F2.si()),
      r_ref_F1_(c.r_P2P1_F1.si()),
      alpha_(c.alpha.value()),
      beta_(c.beta.value()) {
  require_distinct_ends();  // a constraint from a body to itself holds nothing
  validation::require_finite(label(), "r_P1F1_F1 [m]", r_P1F1_F1_);
  validation::require_finite(label(), "r_P2F2_F2 [m]", r_P2F2_F2_);
  validation::require_finite(label(), "r_P2P1_F1 [m]", r_ref_F1_);
  validation::require_non_negative(label(), "alpha [N/m]", alpha_);
  validation::require_non_negative(label(), "beta [N s/m]", beta_);
}

std::pair<Eigen::Vector3d, Eigen::Vector3d> Constraint::violation(const FrameKinematics& f1,
                                                                  const FrameKinematics& f2) const {
  const Eigen::Matrix3d dcm_NF1 = f1.dcm_FN.transpose(), dcm_NF2 = f2.dcm_FN.transpose();
  const Eigen::Vector3d omega_F1N_N = dcm_NF1 * f1.omega_FN_F;
  const Eigen::Vector3d omega_F2N_N = dcm_NF2 * f2.omega_FN_F;
  const Eigen::Vector3d r_P1F1_N = dcm_NF1 * r_P1F1_F1_, r_P2F2_N = dcm_NF2 * r_P2F2_F2_;
  const Eigen::Vector3d r_P2P1_N = f2.r_FN_N + r_P2F2_N - f1.r_FN_N - r_P1F1_N;
  const Eigen::Vector3d v_P2P1_N = f2.v_FN_N + omega_F2N_N.cross(r_P2F2_N) - f1.v_FN_N - omega_F1N_N.cross(r_P1F1_N);
  // (1) ψ, (2) ψ' = (d/dt as seen in F1) of r_P2P1 (the reference is fixed in F1)
  return {r_P2P1_N - dcm_NF1 * r_ref_F1_, v_P2P1_N - omega_F1N_N.cross(r_P2P1_N)};
}

std::pair<Wrench, Wrench> Constraint::wrenches(const FrameKinematics& f1, const FrameKinematics& f2, double) const {
  const auto [psi, psiPrime] = violation(f1, f2);
  const Eigen::Vector3d F_N = alpha_ * psi + beta_ * psiPrime;  // (3) on end 1; −F on end 2
  // (4) Both forces act on the line through P2: end 1 at its material point coincident with P2,
  // end 2 at P2. Torques about each frame's origin.
  const Eigen::Vector3d r_P2F1_F1 = f1.dcm_FN * (f2.r_FN_N + f2.dcm_FN.transpose() * r_P2F2_F2_ - f1.r_FN_N);
  Wrench w1, w2;
  w1.force_F = f1.dcm_FN * F_N;
  w1.torque_PntF_F = r_P2F1_F1.cross(w1.force_F);
  w2.force_F = -(f2.dcm_FN * F_N);
  w2.torque_PntF_F = r_P2F2_F2_.cross(w2.force_F);
  return {w1, w2};
}

double Constraint::potential_energy(const FrameKinematics& f1, const FrameKinematics& f2) const {
  return 0.5 * alpha_ * violation(f1, f2).first.squaredNorm();
}

}  // namespace ramus
