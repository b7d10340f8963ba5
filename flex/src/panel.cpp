// Modal data of a clamped panel, a grillage of beam elements (docs/flex/panel.md): the checks, the
// assembly and the clamped eigenproblem (§2–3), the integrals of ModalData (§4), the nodes (§6); the
// geometric stiffness in panel_geometric_stiffness.cpp (§5).
#include "ramus/flex/panel.hpp"

#include <Eigen/Eigenvalues>
#include <array>
#include <cmath>
#include <string>
#include <utility>

#include "member_integrals.hpp"
#include "panel_geometric_stiffness.hpp"
#include "panel_grid.hpp"
#include "point_mass_integrals.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::flex {
namespace {

using detail::ElementMatrix;
using detail::kElementDofs;
using detail::kNodeDofs;
using detail::PanelGrid;
using detail::PanelMember;
const std::string kOwner = "panel";

void check_section(const std::string& name, const BeamSection& s) {
  const auto field = [&name](const char* rest) { return name + "." + rest; };
  validation::require_positive(kOwner, field("EI_y [N m^2]"), s.EI_y);
  validation::require_positive(kOwner, field("EI_z [N m^2]"), s.EI_z);
  validation::require_positive(kOwner, field("GJ [N m^2]"), s.GJ);
  validation::require_positive(kOwner, field("EA [N]"), s.EA);
  validation::require_positive(kOwner, field("rhoA [kg/m]"), s.rhoA);
  validation::require_non_negative(kOwner, field("rhoJ [kg m]"), s.rhoJ);
  validation::require_non_negative(kOwner, field("kGA_y [N]"), s.kGA_y);
  validation::require_non_negative(kOwner, field("kGA_z [N]"), s.kGA_z);
  validation::require_non_negative(kOwner, field("rhoI_y [kg m]"), s.rhoI_y);
  validation::require_non_negative(kOwner, field("rhoI_z [kg m]"), s.rhoI_z);
}

void check_count(const char* field, int value) {
  if (value < 1 || value > kMaxPanelDofs)
    throw ConfigurationError(kOwner, field, std::to_string(value), "must be 1 to " + std::to_string(kMaxPanelDofs));
}

void check_config(const PanelConfig& c) {
  validation::require_positive(kOwner, {{"length [m]", c.length}, {"width [m]", c.width}});
  check_section("longeron", c.longeron);
  check_section("rib", c.rib);
  check_count("longerons [1]", c.longerons);
  check_count("ribs [1]", c.ribs);
  check_count("elements_per_bay [1]", c.elements_per_bay);
  const detail::PanelDofs dofs = detail::panel_dofs(c);  // 64-bit: no overflow after the checks above
  if (dofs.free > kMaxPanelDofs)
    throw ConfigurationError(
        kOwner, "longerons, ribs, elements_per_bay [1]",
        std::to_string(c.longerons) + ", " + std::to_string(c.ribs) + ", " + std::to_string(c.elements_per_bay),
        "give " + std::to_string(dofs.free) + " free DOFs: at most " + std::to_string(kMaxPanelDofs) +
            " (kMaxPanelDofs: the eigenproblem is dense)");
  if (c.modes < 1 || c.modes > dofs.with_mass)
    throw ConfigurationError(kOwner, "modes [1]", std::to_string(c.modes),
                             "must be 1 to the free DOFs that carry mass, " + std::to_string(dofs.with_mass) + " (of " +
                                 std::to_string(dofs.free) + "; a member with rhoJ = 0 leaves its twist massless)");
  validation::require_non_negative(kOwner, "zeta [1]", c.zeta);
  validation::require_finite(kOwner, "r_RF_F [m]", c.r_RF_F);
  validation::require_rotation(kOwner, "dcm_BF [1]", c.dcm_BF);
}

/// The stiffness and mass on the free DOFs (every DOF off the root edge: row = DOF − 6 × root
/// nodes), assembled from the members' element matrices in panel axes (eq. (3)).
struct FreeMatrices {
  Eigen::MatrixXd K, M;
};
FreeMatrices assemble(const PanelGrid& g) {
  const Eigen::Index clamped = static_cast<Eigen::Index>(kNodeDofs) * g.root_nodes;
  const Eigen::Index nf = static_cast<Eigen::Index>(kNodeDofs) * g.nodes() - clamped;
  FreeMatrices f{Eigen::MatrixXd::Zero(nf, nf), Eigen::MatrixXd::Zero(nf, nf)};
  for (const PanelMember& m : g.members)
    for (int e = 0; e < m.elements(); ++e)
      for (int a = 0; a < kElementDofs; ++a) {
        const Eigen::Index i = m.dof(e, a) - clamped;
        if (i < 0) continue;
        for (int b = 0; b < kElementDofs; ++b) {
          const Eigen::Index j = m.dof(e, b) - clamped;
          if (j < 0) continue;
          f.K(i, j) += m.K_B(a, b);
          f.M(i, j) += m.M_B(a, b);
        }
      }
  return f;
}

/// Eq. (6): the entry whose sign a mode takes positive — the largest component of the tip edge's
/// mean translation in panel axes, or of its mean rotation when the mode leaves the tip edge's mean
/// where it is (a twist), or the mode's largest entry (a mode of the inner grid alone). v over all
/// DOF.
double sign_entry(const PanelGrid& g, const Eigen::VectorXd& v) {
  Eigen::Matrix<double, kNodeDofs, 1> mean = Eigen::Matrix<double, kNodeDofs, 1>::Zero();
  for (int node = g.tip_first; node < g.nodes(); ++node) mean += v.segment<kNodeDofs>(kNodeDofs * node);
  mean /= g.nodes() - g.tip_first;
  const double floor = 1e-9 * v.cwiseAbs().maxCoeff();
  Eigen::Index i = 0;
  if (mean.head<3>().cwiseAbs().maxCoeff(&i) > floor) return mean[i];
  if (mean.tail<3>().cwiseAbs().maxCoeff(&i) > floor) return mean[3 + i];
  v.cwiseAbs().maxCoeff(&i);
  return v[i];
}

/// §3: the lowest `modes` modes as columns over all the grid's DOF (zero rows on the root edge),
/// mass-normalised and signed; their frequencies; the factor of the free stiffness (for §5).
struct Modes {
  Eigen::MatrixXd Phi;
  Eigen::VectorXd omega;
  Eigen::LLT<Eigen::MatrixXd> K_ff;
};

Modes solve_modes(const PanelConfig& c, const PanelGrid& g) {
  const FreeMatrices f = assemble(g);
  const Eigen::Index nf = f.K.rows(), clamped = static_cast<Eigen::Index>(kNodeDofs) * g.root_nodes;
  // Eq. (4): M v = (1/ω²) K v, the lowest modes the largest eigenvalues, accurate to round-off
  // relative to themselves; K is positive definite (the root edge clamped), M may be singular (a
  // massless twist: eigenvalue 0, never kept, the check of `modes` counts them out).
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(f.M, f.K,
                                                                         Eigen::ComputeEigenvectors | Eigen::Ax_lBx);
  if (solver.info() != Eigen::Success)
    throw ConfigurationError(kOwner, "longeron, rib", "the sections given",
                             "the clamped eigenproblem failed (stiffness not positive definite to round-off: "
                             "stiffnesses too far apart)");
  Modes m;
  m.Phi = Eigen::MatrixXd::Zero(clamped + nf, c.modes);
  m.omega.resize(c.modes);
  for (int k = 0; k < c.modes; ++k) {
    const Eigen::Index col = nf - 1 - k;  // eigenvalues ascending: the lowest mode is the last
    const double inverse_square = solver.eigenvalues()[col];
    if (!(inverse_square > 0.0) || !std::isfinite(1.0 / inverse_square))
      throw ConfigurationError(kOwner, "modes [1]", std::to_string(c.modes),
                               "mode " + std::to_string(k) + " has no finite frequency (1/omega^2 = " +
                                   validation::to_text(inverse_square) + ")");
    Eigen::VectorXd v = solver.eigenvectors().col(col);  // vᵀ K v = 1
    v /= std::sqrt(v.dot(f.M * v));                      // vᵀ M v = 1
    m.Phi.col(k).tail(nf) = v;
    if (sign_entry(g, m.Phi.col(k)) < 0.0) m.Phi.col(k) = -m.Phi.col(k);
    m.omega[k] = 1.0 / std::sqrt(inverse_square);
  }
  m.K_ff.compute(f.K);  // (the solver factors K too, but keeps no factor)
  return m;
}

/// §4: the rigid-body and modal integrals, eqs. (2)–(10) of modal_data.md, by 4-point Gauss
/// quadrature over every member element; J1 point by point, G and D from the stacked points.
void integrate(const PanelGrid& g, const Eigen::MatrixXd& Phi, ModalData& d) {
  const Eigen::Index n = Phi.cols();
  Eigen::Index points = 0;
  for (const PanelMember& m : g.members) points += 4 * m.elements();
  std::array<Eigen::MatrixXd, 3> X;  // rows √w U_i at each point (set_second_order_integrals)
  for (Eigen::MatrixXd& x : X) x.resize(points, n);
  Eigen::Index p = 0;
  detail::zero_integrals(n, d);
  const detail::PointMass point = [&](double w, const Eigen::Vector3d& r, const Eigen::Matrix3Xd& U) {
    detail::add_point_mass_J1(w, r, U, d);  // modal_data.md (8)
    for (int i = 0; i < 3; ++i) X[static_cast<std::size_t>(i)].row(p) = std::sqrt(w) * U.row(i);
    ++p;
  };
  for (const PanelMember& m : g.members) {
    const ElementMatrix T = detail::element_turn(m.dcm_MB);
    for (int e = 0; e < m.elements(); ++e) {
      Eigen::MatrixXd Phi_B(kElementDofs, n);  // the element's DOF in panel axes
      for (int k = 0; k < kElementDofs; ++k) Phi_B.row(k) = Phi.row(m.dof(e, k));
      m.quadrature.add(e, T * Phi_B, d, point);  // in member axes: eq. (7)
    }
  }
  detail::set_second_order_integrals(X, d);  // modal_data.md (9), (10)
  detail::finish_integrals(d);
}

/// §6: every grid node, "x<i>y<j>", with the modes' translations and rotations there in F.
void add_nodes(const PanelConfig& c, const PanelGrid& g, const Eigen::MatrixXd& Phi, ModalData& d) {
  const Eigen::Matrix3d R_FB = c.dcm_BF.transpose();
  for (int k = 0; k < g.nodes(); ++k) {
    const auto [i, j] = g.node_ij[static_cast<std::size_t>(k)];
    ModalNode node;
    node.name = "x";
    node.name += std::to_string(i);  // (appended piecewise: GCC 12's -Wrestrict misfires on "x" + …)
    node.name += "y";
    node.name += std::to_string(j);
    node.r_NF_F = detail::panel_point_F(c, g.xy(i, j));
    node.phi_F = R_FB * Phi.middleRows(kNodeDofs * k, 3);
    node.psi_F = R_FB * Phi.middleRows(kNodeDofs * k + 3, 3);
    d.nodes.push_back(std::move(node));
  }
}

}  // namespace

ModalData clamped_panel(const PanelConfig& c) {
  check_config(c);
  const PanelGrid g = detail::panel_grid(c);
  const Modes modes = solve_modes(c, g);
  ModalData d;
  d.omega = modes.omega;
  d.zeta = Eigen::VectorXd::Constant(c.modes, c.zeta);
  integrate(g, modes.Phi, d);
  detail::panel_geometric_stiffness(g, modes.K_ff, modes.Phi, d);
  add_nodes(c, g, modes.Phi, d);
  check_modal_data(kOwner, d);
  return d;
}

}  // namespace ramus::flex
