// The geometric stiffness of clamped_panel (docs/flex/panel.md §5, eqs. (8)–(11)).
#include "panel_geometric_stiffness.hpp"

namespace ramus::flex::detail {
namespace {

using CaseLoads = Eigen::Matrix<double, kElementDofs, kModalLoadCases>;

/// Eq. (8): the consistent loads of ρA f_q on element e of member m, in member axes, one column per
/// case (4-point Gauss: exact, f_q affine and the shapes cubic).
CaseLoads element_loads(const PanelMember& m, int e) {
  const ShearParameters shear = shear_parameters(m.section, m.h);
  CaseLoads F = CaseLoads::Zero();
  for (const GaussPoint& g : gauss4()) {
    const ElementShape shape = element_shape(g.xi, m.h, shear);
    const Eigen::Vector3d r = m.quadrature.position(e, g.xi);
    const double w = m.section.rhoA * m.h * g.weight;
    for (int q = 0; q < kModalLoadCases; ++q) F.col(q) += w * shape.u.transpose() * (m.dcm_MF * load_case_field(q, r));
  }
  return F;
}

/// Eq. (10): the axial force N(s) = n0 + n1 s + n2 s² along element e (s from its node a) of member
/// m for unit load case q, from the element's axial DOFs u_M (member axes): the mean EA u_x' and
/// the equilibrium N' = −p with the axial load p(s) = ρA f_q(r(s))·t = p0 + p1 s.
struct AxialForce {
  double n0, n1, n2;
};
AxialForce axial_force(const PanelMember& m, int e, int q, const ElementRow& u_M) {
  const double h = m.h;
  const double mean = m.section.EA * (u_M[kNodeDofs] - u_M[0]) / h;  // (9)
  const Eigen::Vector3d t = m.dcm_MF.row(0).transpose(), r_a = m.quadrature.position(e, 0.0);
  const Eigen::Vector3d f_a = load_case_field(q, r_a);
  const double p0 = m.section.rhoA * f_a.dot(t), p1 = m.section.rhoA * (load_case_field(q, r_a + t) - f_a).dot(t);
  return {mean + p0 * h / 2.0 + p1 * h * h / 6.0, -p0, -p1 / 2.0};
}

}  // namespace

void panel_geometric_stiffness(const PanelGrid& g, const Eigen::LLT<Eigen::MatrixXd>& K_ff, const Eigen::MatrixXd& Phi,
                               ModalData& d) {
  const Eigen::Index N = Phi.rows(), n = Phi.cols(), clamped = static_cast<Eigen::Index>(kNodeDofs) * g.root_nodes;
  // Eqs. (8), (9): the loads of the twelve cases in panel axes, and the static displacements.
  Eigen::MatrixXd F = Eigen::MatrixXd::Zero(N, kModalLoadCases);
  for (const PanelMember& m : g.members) {
    const ElementMatrix T = element_turn(m.dcm_MB);
    for (int e = 0; e < m.elements(); ++e) {
      const CaseLoads F_B = T.transpose() * element_loads(m, e);
      for (int k = 0; k < kElementDofs; ++k) F.row(m.dof(e, k)) += F_B.row(k);
    }
  }
  Eigen::MatrixXd u = Eigen::MatrixXd::Zero(N, kModalLoadCases);
  u.bottomRows(N - clamped) = K_ff.solve(F.bottomRows(N - clamped));
  // Eqs. (9)–(11), per case: Y = K_Gq Φ element by element, then Φᵀ Y.
  for (int q = 0; q < kModalLoadCases; ++q) {
    Eigen::MatrixXd Y = Eigen::MatrixXd::Zero(N, n);
    for (const PanelMember& m : g.members) {
      const ElementMatrix T = element_turn(m.dcm_MB);
      for (int e = 0; e < m.elements(); ++e) {
        Eigen::Matrix<double, kElementDofs, 1> u_B;
        Eigen::MatrixXd Phi_B(kElementDofs, n);
        for (int k = 0; k < kElementDofs; ++k) {
          u_B[k] = u(m.dof(e, k), q);
          Phi_B.row(k) = Phi.row(m.dof(e, k));
        }
        const ElementRow u_M = (T * u_B).transpose();
        const AxialForce a = axial_force(m, e, q, u_M);
        const ElementMatrix KG_B =
            T.transpose() * element_geometric_stiffness(m.section, 0.0, m.h, a.n0, a.n1, a.n2) * T;
        const Eigen::MatrixXd Y_e = KG_B * Phi_B;
        for (int k = 0; k < kElementDofs; ++k) Y.row(m.dof(e, k)) += Y_e.row(k);
      }
    }
    const Eigen::MatrixXd KG =
        Phi.bottomRows(N - clamped).transpose() * Y.bottomRows(N - clamped);  // Φ = 0 at the root
    d.K_G[static_cast<std::size_t>(q)] = 0.5 * (KG + KG.transpose());         // symmetric to round-off already
  }
}

}  // namespace ramus::flex::detail
