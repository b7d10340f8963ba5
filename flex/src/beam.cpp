// Modal data of a clamped beam by finite elements (docs/flex/beam.md): assembly and the clamped
// eigenproblem (§3), the integrals of ModalData by quadrature (§4), the geometric stiffness of the
// unit load cases (§5), the nodes.
#include "ramus/flex/beam.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <string>
#include <vector>

#include "beam_element.hpp"
#include "member_integrals.hpp"
#include "point_mass_integrals.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::flex {
namespace {

using detail::ElementMatrix;
using detail::kElementDofs;
using detail::kNodeDofs;
const std::string kOwner = "beam";

/// Free DOFs: every DOF but the root node's six and, when ρJ = 0, the torsional ones (§1).
std::vector<Eigen::Index> free_dofs(const BeamConfig& c) {
  std::vector<Eigen::Index> dofs;
  for (int node = 1; node <= c.elements; ++node)
    for (int d = 0; d < kNodeDofs; ++d)
      if (d != 3 || c.rhoJ > 0.0) dofs.push_back(node * kNodeDofs + d);
  return dofs;
}

void check_config(const BeamConfig& c) {
  validation::require_positive(kOwner, {{"length [m]", c.length},
                                        {"EI_y [N m^2]", c.EI_y},
                                        {"EI_z [N m^2]", c.EI_z},
                                        {"GJ [N m^2]", c.GJ},
                                        {"EA [N]", c.EA},
                                        {"rhoA [kg/m]", c.rhoA}});
  validation::require_non_negative(kOwner, {{"rhoJ [kg m]", c.rhoJ},
                                            {"kGA_y [N]", c.kGA_y},
                                            {"kGA_z [N]", c.kGA_z},
                                            {"rhoI_y [kg m]", c.rhoI_y},
                                            {"rhoI_z [kg m]", c.rhoI_z},
                                            {"zeta [1]", c.zeta}});
  if (c.elements < 1 || c.elements > kMaxBeamElements)
    throw ConfigurationError(
        kOwner, "elements [1]", std::to_string(c.elements),
        "must be 1 to " + std::to_string(kMaxBeamElements) + " (the eigenproblem is dense: 6 DOF per element)");
  const int per_node = c.rhoJ > 0.0 ? kNodeDofs : kNodeDofs - 1;
  const int dofs = per_node * c.elements;
  if (c.modes < 1 || c.modes > dofs)
    throw ConfigurationError(kOwner, "modes [1]", std::to_string(c.modes),
                             "must be 1 to the free DOFs, " + std::to_string(dofs) + " (" + std::to_string(per_node) +
                                 " per element" + (c.rhoJ > 0.0 ? "" : "; rhoJ = 0 leaves torsion out") + ")");
  validation::require_finite(kOwner, "r_RF_F [m]", c.r_RF_F);
  validation::require_rotation(kOwner, "dcm_BF [1]", c.dcm_BF);
}

/// Adds the element matrix `Ae` of each of the `elements` elements into A at the rows and columns
/// slot[global DOF] (−1: left out), §3. The entries are summed element by element in order.
void assemble(const ElementMatrix& Ae, int elements, const std::vector<Eigen::Index>& slot, Eigen::MatrixXd& A) {
  for (int e = 0; e < elements; ++e)
    for (int a = 0; a < kElementDofs; ++a) {
      const Eigen::Index i = slot[static_cast<std::size_t>(e * kNodeDofs + a)];
      if (i < 0) continue;
      for (int b = 0; b < kElementDofs; ++b) {
        const Eigen::Index j = slot[static_cast<std::size_t>(e * kNodeDofs + b)];
        if (j >= 0) A(i, j) += Ae(a, b);
      }
    }
}

/// The clamped eigenproblem (§3): the lowest `modes` modes as columns of a matrix over all
/// 6 (E + 1) DOF (zero rows at the root and at dropped DOFs), mass-normalised and signed; their
/// natural frequencies.
struct Modes {
  Eigen::MatrixXd Phi;
  Eigen::VectorXd omega;
};

Modes solve_modes(const BeamConfig& c, double h) {
  const Eigen::Index total = static_cast<Eigen::Index>(kNodeDofs) * (c.elements + 1);
  const std::vector<Eigen::Index> dofs = free_dofs(c);
  const Eigen::Index nf = static_cast<Eigen::Index>(dofs.size());
  std::vector<Eigen::Index> slot(static_cast<std::size_t>(total), -1);  // global DOF → free index
  for (Eigen::Index i = 0; i < nf; ++i) slot[static_cast<std::size_t>(dofs[static_cast<std::size_t>(i)])] = i;
  // Assembled on the free DOFs directly (the clamped and dropped rows and columns never stored).
  Eigen::MatrixXd Kff = Eigen::MatrixXd::Zero(nf, nf), Mff = Eigen::MatrixXd::Zero(nf, nf);
  assemble(detail::element_stiffness(c, h), c.elements, slot, Kff);
  assemble(detail::element_mass(c, h), c.elements, slot, Mff);
  // M v = (1/ω²) K v: the largest eigenvalues, the lowest modes, come out accurate to round-off
  // relative to themselves (in the form K v = ω² M v their error is round-off of the highest ω²).
  // K is positive definite: the root is clamped.
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(Mff, Kff,
                                                                         Eigen::ComputeEigenvectors | Eigen::Ax_lBx);
  if (solver.info() != Eigen::Success)
    throw ConfigurationError(kOwner, "elements [1]", std::to_string(c.elements),
                             "the clamped eigenproblem failed (stiffness not positive definite)");
  Modes m;
  m.Phi = Eigen::MatrixXd::Zero(total, c.modes);
  m.omega.resize(c.modes);
  for (int k = 0; k < c.modes; ++k) {
    const Eigen::Index col = nf - 1 - k;  // eigenvalues ascending: the lowest mode is the last
    const double inverse_square = solver.eigenvalues()[col];
    Eigen::VectorXd v = solver.eigenvectors().col(col);  // vᵀ K v = 1
    v /= std::sqrt(v.dot(Mff * v));                      // vᵀ M v = 1
    // Sign: the tip's largest translation component positive (its twist for a torsion mode).
    const Eigen::Index tip = nf - (c.rhoJ > 0.0 ? kNodeDofs : kNodeDofs - 1);
    Eigen::Index i_max = 0;
    const double translation = v.segment(tip, 3).cwiseAbs().maxCoeff(&i_max);
    const double s = translation > 1e-9 * v.cwiseAbs().maxCoeff() ? v[tip + i_max] : v[tip + 3];
    if (s < 0.0) v = -v;
    for (Eigen::Index i = 0; i < nf; ++i) m.Phi(dofs[static_cast<std::size_t>(i)], k) = v[i];
    m.omega[k] = 1.0 / std::sqrt(inverse_square);
  }
  return m;
}

/// §4: the rigid-body and modal integrals, eqs. (2)–(10), by 4-point Gauss quadrature over each
/// element of the interpolated field (exact: the integrands are polynomials of degree ≤ 6).
void integrate(const BeamConfig& c, double h, const Modes& modes, ModalData& d) {
  const detail::MemberQuadrature beam(c, h, c.r_RF_F, c.dcm_BF);
  detail::zero_integrals(modes.omega.size(), d);
  const detail::PointMass point = [&d](double w, const Eigen::Vector3d& r, const Eigen::Matrix3Xd& U) {
    detail::add_point_mass_integrals(w, r, U, d);  // (8)–(10)
  };
  for (int e = 0; e < c.elements; ++e) beam.add(e, modes.Phi.middleRows(e * kNodeDofs, kElementDofs), d, point);
  detail::finish_integrals(d);
}

/// §5: the axial force of unit load case q, eq. (12): N_q(s) = ρA ∫_s^L f_q(r(σ))·t dσ with
/// f_q(r(σ))·t = α + β σ (f_q is affine in r), so N_q(s) = ρA [α (L − s) + β (L² − s²)/2].
struct AxialForce {
  double n0, n1, n2;  ///< N_q(s) = n0 + n1 s + n2 s² [N]
};
AxialForce axial_force(const BeamConfig& c, int q) {
  const Eigen::Vector3d t = c.dcm_BF.row(0).transpose();
  const double L = c.length;
  const Eigen::Vector3d f_root = load_case_field(q, c.r_RF_F);
  const double alpha = f_root.dot(t);
  const double beta = (load_case_field(q, c.r_RF_F + t) - f_root).dot(t);
  return {c.rhoA * (alpha * L + 0.5 * beta * L * L), -c.rhoA * alpha, -0.5 * c.rhoA * beta};
}

/// §5: the modal geometric stiffness of each unit load case, eqs. (13), (14).
void geometric_stiffness(const BeamConfig& c, double h, const Modes& modes, ModalData& d) {
  const Eigen::Index n = modes.omega.size();
  for (int q = 0; q < kModalLoadCases; ++q) {
    const AxialForce N = axial_force(c, q);
    Eigen::MatrixXd KG = Eigen::MatrixXd::Zero(n, n);
    for (int e = 0; e < c.elements; ++e) {
      const auto Phi_e = modes.Phi.middleRows(e * kNodeDofs, kElementDofs);
      KG += Phi_e.transpose() * detail::element_geometric_stiffness(c, e * h, h, N.n0, N.n1, N.n2) * Phi_e;
    }
    d.K_G[static_cast<std::size_t>(q)] = 0.5 * (KG + KG.transpose());  // symmetric to round-off already
  }
}

}  // namespace

ModalData clamped_beam(const BeamConfig& c) {
  check_config(c);
  const double h = c.length / c.elements;
  const Modes modes = solve_modes(c, h);
  ModalData d;
  d.omega = modes.omega;
  d.zeta = Eigen::VectorXd::Constant(c.modes, c.zeta);
  integrate(c, h, modes, d);
  geometric_stiffness(c, h, modes, d);
  const Eigen::Matrix3d R_FB = c.dcm_BF.transpose();
  const Eigen::Vector3d t = c.dcm_BF.row(0).transpose();
  for (int i = 0; i <= c.elements; ++i) {
    ModalNode node;
    node.name = "n";
    node.name += std::to_string(i);  // (not "n" + …: GCC 12's -Wrestrict misfires on it)
    node.r_NF_F = c.r_RF_F + (i * h) * t;
    node.phi_F = R_FB * modes.Phi.middleRows(i * kNodeDofs, 3);
    node.psi_F = R_FB * modes.Phi.middleRows(i * kNodeDofs + 3, 3);
    d.nodes.push_back(std::move(node));
  }
  check_modal_data(kOwner, d);
  return d;
}

FeModel beam_fe_model(const BeamConfig& c, bool with_geometric_stiffness) {
  check_config(c);
  const double h = c.length / c.elements;
  const Eigen::Index total = static_cast<Eigen::Index>(kNodeDofs) * (c.elements + 1);
  std::vector<Eigen::Index> every(static_cast<std::size_t>(total));  // global DOF → itself
  for (Eigen::Index i = 0; i < total; ++i) every[static_cast<std::size_t>(i)] = i;
  // Assembled in beam axes, then each 3×3 block (a node's translations or rotations against
  // another's) turned to F: A_F = R_FB A_B R_FBᵀ (q_B = dcm_BF q_F per triple).
  const Eigen::Matrix3d R_FB = c.dcm_BF.transpose();
  const auto to_F = [&](Eigen::MatrixXd& A) {
    for (Eigen::Index i = 0; i < total; i += 3)
      for (Eigen::Index j = 0; j < total; j += 3) {
        const Eigen::Matrix3d block = R_FB * A.block<3, 3>(i, j) * c.dcm_BF;
        A.block<3, 3>(i, j) = block;
      }
  };
  FeModel model;
  model.M = model.K = Eigen::MatrixXd::Zero(total, total);
  assemble(detail::element_stiffness(c, h), c.elements, every, model.K);
  assemble(detail::element_mass(c, h), c.elements, every, model.M);
  to_F(model.K);
  to_F(model.M);
  if (with_geometric_stiffness)
    for (int q = 0; q < kModalLoadCases; ++q) {
      const AxialForce N = axial_force(c, q);
      Eigen::MatrixXd& KG = model.K_G[static_cast<std::size_t>(q)];
      KG = Eigen::MatrixXd::Zero(total, total);
      for (int e = 0; e < c.elements; ++e)
        KG.block<kElementDofs, kElementDofs>(e * kNodeDofs, e * kNodeDofs) +=
            detail::element_geometric_stiffness(c, e * h, h, N.n0, N.n1, N.n2);
      to_F(KG);
    }
  const Eigen::Vector3d t = c.dcm_BF.row(0).transpose();
  for (int i = 0; i <= c.elements; ++i) {
    FeNode node;
    node.name = "n";
    node.name += std::to_string(i);
    node.r_NF_F = c.r_RF_F + (i * h) * t;
    for (int k = 0; k < kNodeDofs; ++k) node.dof[static_cast<std::size_t>(k)] = i * kNodeDofs + k;
    model.nodes.push_back(std::move(node));
  }
  model.interface_node = "n0";
  model.modes = c.modes;
  model.zeta = c.zeta;
  return model;
}

}  // namespace ramus::flex
