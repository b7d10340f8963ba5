// The Craig–Bampton reduction of an FE model clamped at its interface node (docs/flex/fe_import.md):
// the rigid-body modes (§2), the fixed-interface modes (§3), the exact integrals from M (§4), the
// lumped-mass second-order integrals (§5), the geometric stiffness (§6), the nodes.
#include "ramus/flex/fe_import.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "fe_model_checks.hpp"
#include "point_mass_integrals.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::flex {
namespace {

using detail::dof_field;
using detail::FeLayout;
using detail::kFeOwner;
using validation::to_text;

const char* const kRigidModeNames[6] = {"x translation", "y translation", "z translation",
                                        "x rotation",    "y rotation",    "z rotation"};

std::string entry_text(Eigen::Index i, Eigen::Index j, double value) {
  std::string s = "entry (";
  s.append(std::to_string(i)).append(", ").append(std::to_string(j)).append(") = ").append(to_text(value));
  return s;
}

const FeNode& node_of(const FeModel& model, const FeLayout& layout, Eigen::Index dof) {
  return model.nodes[layout.node_of_dof[static_cast<std::size_t>(dof)]];
}

std::string dof_text(const FeModel& model, const FeLayout& layout, Eigen::Index dof) {
  const std::size_t i = static_cast<std::size_t>(dof);
  return dof_field(model, layout.node_of_dof[i], layout.component_of_dof[i]);
}

/// Eq. (1): the six rigid-body modes at every DOF, N×6 — translation a and small rotation θ about
/// F's origin move the point r by a + θ × r and turn it by θ.
Eigen::MatrixXd rigid_body_modes(const FeModel& model, const FeLayout& layout) {
  const Eigen::Index n = model.M.rows();
  Eigen::MatrixXd R = Eigen::MatrixXd::Zero(n, 6);
  for (Eigen::Index i = 0; i < n; ++i) {
    const int c = layout.component_of_dof[static_cast<std::size_t>(i)];
    R(i, c) = 1.0;
    if (c < 3) R.block<1, 3>(i, 3) = -tilde(node_of(model, layout, i).r_NF_F).row(c);  // (e_j × r)_c
  }
  return R;
}

/// Eq. (2): K R = 0, entry by entry against the magnitude of its own sum, (|K| |R|)_ij — the
/// round-off bound of the product, and scale-free.
void check_rigid_stiffness(const FeModel& model, const FeLayout& layout, const Eigen::MatrixXd& R) {
  const Eigen::MatrixXd KR = model.K * R, scale = model.K.cwiseAbs() * R.cwiseAbs();
  double worst = 0.0;
  Eigen::Index wi = 0, wj = 0;
  for (Eigen::Index j = 0; j < 6; ++j)
    for (Eigen::Index i = 0; i < KR.rows(); ++i)
      if (std::abs(KR(i, j)) > worst * scale(i, j)) {
        worst = std::abs(KR(i, j)) / scale(i, j);
        wi = i;
        wj = j;
      }
  if (worst > kFeRigidTolerance)
    throw ConfigurationError(
        kFeOwner, "K R",
        std::string("(K R) at ") + dof_text(model, layout, wi) + " in the " + kRigidModeNames[wj] + " = " +
            to_text(KR(wi, wj)) + " against its terms' magnitude " + to_text(scale(wi, wj)),
        "K must leave every rigid motion free of strain (docs/flex/fe_import.md eq. (2), to " +
            to_text(kFeRigidTolerance) +
            "): the model is grounded (a spring or constraint to ground), K is not positive semi-definite, or the "
            "node positions or DOF table disagree with K");
}

/// Eq. (5): m, c0 and J0 from Rᵀ M R, refused unless it has a rigid body's structure (to
/// kFeRigidTolerance of m, of m times the body's reach in the coupling block).
struct RigidBody {
  double m;
  Eigen::Vector3d c0;
  Eigen::Matrix3d J0;
};

RigidBody rigid_body(const FeModel& model, const Eigen::Matrix<double, 6, 6>& Mrr) {
  RigidBody b;
  b.m = Mrr.topLeftCorner<3, 3>().trace() / 3.0;
  const std::string field = "R^T M R";
  const std::string rule =
      "a rigid body's mass matrix is [m 1, -c0~; c0~, J0] (docs/flex/fe_import.md eq. (5)): M does not carry the "
      "rigid motion of the nodes as placed (a mass missing along one direction, wrong node positions or DOF table)";
  if (!(b.m > 0.0))
    throw ConfigurationError(kFeOwner, field, entry_text(0, 0, Mrr(0, 0)), "the mass must be positive: " + rule);
  double reach = 0.0;  // [m] the largest distance of a node from F's origin: the coupling block's scale
  for (const FeNode& node : model.nodes) reach = std::max(reach, node.r_NF_F.norm());
  if (reach == 0.0) reach = 1.0;
  const Eigen::Matrix3d B = Mrr.topRightCorner<3, 3>();  // −c̃0
  Eigen::Matrix<double, 6, 6> expected = Eigen::Matrix<double, 6, 6>::Zero(), scale = expected;
  b.c0 << 0.5 * (B(1, 2) - B(2, 1)), 0.5 * (B(2, 0) - B(0, 2)), 0.5 * (B(0, 1) - B(1, 0));
  expected.topLeftCorner<3, 3>() = b.m * Eigen::Matrix3d::Identity();
  expected.topRightCorner<3, 3>() = -tilde(b.c0);
  expected.bottomLeftCorner<3, 3>() = tilde(b.c0);
  scale.topLeftCorner<3, 3>().setConstant(b.m);
  scale.topRightCorner<3, 3>().setConstant(b.m * reach);
  scale.bottomLeftCorner<3, 3>().setConstant(b.m * reach);
  scale.bottomRightCorner<3, 3>().setConstant(std::numeric_limits<double>::infinity());  // J0: any
  Eigen::Index wi = 0, wj = 0;
  const double worst = (Mrr - expected).cwiseAbs().cwiseQuotient(scale).maxCoeff(&wi, &wj);
  if (worst > kFeRigidTolerance)
    throw ConfigurationError(kFeOwner, field,
                             entry_text(wi, wj, Mrr(wi, wj)) + " against " + to_text(expected(wi, wj)) +
                                 " (m = " + to_text(b.m) + " kg, c0 = " + to_text(b.c0) + " kg m)",
                             rule);
  b.J0 = 0.5 * (Mrr.bottomRightCorner<3, 3>() + Mrr.bottomRightCorner<3, 3>().transpose());
  return b;
}

/// M positive definite on the free DOFs: every diagonal entry positive (the DOF named), then the
/// pivots of the pivoted LDLᵀ factorisation above N ε of the largest (a rank-deficient mass — a
/// massless direction turned into F axes — leaves a pivot of round-off size).
void check_free_mass(const FeModel& model, const FeLayout& layout, const Eigen::MatrixXd& Mff) {
  const std::string rule =
      "M must be positive definite on the free DOFs: every free DOF must carry mass (condense massless DOFs out "
      "before the import)";
  for (Eigen::Index i = 0; i < Mff.rows(); ++i)
    if (!(Mff(i, i) > 0.0)) {
      const Eigen::Index dof = layout.free[static_cast<std::size_t>(i)];
      throw ConfigurationError(kFeOwner, "M", entry_text(dof, dof, Mff(i, i)) + " at " + dof_text(model, layout, dof),
                               rule);
    }
  const Eigen::LDLT<Eigen::MatrixXd> ldlt(Mff);
  const Eigen::VectorXd D = ldlt.vectorD();
  const double floor = static_cast<double>(Mff.rows()) * std::numeric_limits<double>::epsilon() * D.maxCoeff();
  if (ldlt.info() != Eigen::Success || !(D.minCoeff() > floor))
    throw ConfigurationError(kFeOwner, "M",
                             "smallest LDLT pivot " + to_text(D.minCoeff()) + " against the largest " +
                                 to_text(D.maxCoeff()) + " on the free DOFs",
                             rule);
}

/// K positive definite on the free DOFs (with eq. (2), K is then positive semi-definite).
void check_free_stiffness(const FeModel& model, const FeLayout& layout, const Eigen::MatrixXd& Kff) {
  const std::string rule =
      "K must be positive definite on the free DOFs: the body clamped at the interface node has a mechanism, or K "
      "is not positive semi-definite";
  for (Eigen::Index i = 0; i < Kff.rows(); ++i)
    if (!(Kff(i, i) > 0.0)) {
      const Eigen::Index dof = layout.free[static_cast<std::size_t>(i)];
      throw ConfigurationError(kFeOwner, "K", entry_text(dof, dof, Kff(i, i)) + " at " + dof_text(model, layout, dof),
                               rule);
    }
  if (Eigen::LLT<Eigen::MatrixXd>(Kff).info() != Eigen::Success)
    throw ConfigurationError(kFeOwner, "K", "(its free-DOF block)", rule + " (Cholesky failed)");
}

/// The node with DOFs farthest from the interface node (the first on ties): the tip of the sign
/// convention.
std::size_t tip_node(const FeModel& model, const FeLayout& layout) {
  const Eigen::Vector3d r_I = model.nodes[layout.interface].r_NF_F;
  std::size_t tip = layout.interface;
  double farthest = -1.0;
  for (std::size_t k = 0; k < model.nodes.size(); ++k) {
    bool has_dof = false;
    for (const Eigen::Index i : model.nodes[k].dof) has_dof = has_dof || i >= 0;
    const double d = (model.nodes[k].r_NF_F - r_I).norm();
    if (k != layout.interface && has_dof && d > farthest) {
      farthest = d;
      tip = k;
    }
  }
  return tip;
}

/// The entry of mode vector v (over the free DOFs) that the sign convention makes positive: the
/// tip's largest translation component, or its largest rotation if it does not translate (below
/// 1e-9 of v's largest entry), or v's largest entry if the tip does not move.
Eigen::Index sign_entry(const FeNode& tip, const std::vector<Eigen::Index>& slot, const Eigen::VectorXd& v) {
  const double floor = 1e-9 * v.cwiseAbs().maxCoeff();
  for (int first : {0, 3}) {
    Eigen::Index best = -1;
    double largest = 0.0;
    for (int c = first; c < first + 3; ++c) {
      const Eigen::Index dof = tip.dof[static_cast<std::size_t>(c)];
      const Eigen::Index i = dof >= 0 ? slot[static_cast<std::size_t>(dof)] : -1;
      if (i >= 0 && std::abs(v[i]) > largest) {
        largest = std::abs(v[i]);
        best = i;
      }
    }
    if (best >= 0 && largest > floor) return best;
  }
  Eigen::Index best = 0;
  v.cwiseAbs().maxCoeff(&best);
  return best;
}

/// Eq. (3): the lowest `modes` fixed-interface modes as columns over all N DOFs (zero rows at the
/// interface), mass-normalised and signed, and their natural frequencies.
struct Modes {
  Eigen::MatrixXd Phi;
  Eigen::VectorXd omega;
};

Modes fixed_interface_modes(const FeModel& model, const FeLayout& layout) {
  const Eigen::Index nf = static_cast<Eigen::Index>(layout.free.size());
  const Eigen::MatrixXd Mff = model.M(layout.free, layout.free), Kff = model.K(layout.free, layout.free);
  check_free_mass(model, layout, Mff);
  check_free_stiffness(model, layout, Kff);
  // M v = ω⁻² K v: the lowest modes, the largest eigenvalues, accurate to round-off relative to
  // themselves (docs/flex/beam.md §3).
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(Mff, Kff,
                                                                         Eigen::ComputeEigenvectors | Eigen::Ax_lBx);
  if (solver.info() != Eigen::Success)
    throw ConfigurationError(kFeOwner, "modes [1]", std::to_string(model.modes),
                             "the fixed-interface eigenproblem failed to converge");
  std::vector<Eigen::Index> slot(static_cast<std::size_t>(model.M.rows()), -1);  // DOF → free index
  for (Eigen::Index i = 0; i < nf; ++i) slot[static_cast<std::size_t>(layout.free[static_cast<std::size_t>(i)])] = i;
  const FeNode& tip = model.nodes[tip_node(model, layout)];
  Modes m;
  m.Phi = Eigen::MatrixXd::Zero(model.M.rows(), model.modes);
  m.omega.resize(model.modes);
  for (int k = 0; k < model.modes; ++k) {
    const Eigen::Index col = nf - 1 - k;  // eigenvalues ascending: the lowest mode is the last
    const double inverse_square = solver.eigenvalues()[col];
    if (!(inverse_square > 0.0))
      throw ConfigurationError(kFeOwner, "modes [1]", std::to_string(model.modes),
                               std::string("mode ") + std::to_string(k) +
                                   " has no finite frequency (eigenvalue 1/ω² = " + to_text(inverse_square) +
                                   "): fewer modes, or a mass on every free DOF");
    Eigen::VectorXd v = solver.eigenvectors().col(col);  // vᵀ K v = 1
    v /= std::sqrt(v.dot(Mff * v));                      // vᵀ M v = 1
    if (v[sign_entry(tip, slot, v)] < 0.0) v = -v;
    for (Eigen::Index i = 0; i < nf; ++i) m.Phi(layout.free[static_cast<std::size_t>(i)], k) = v[i];
    m.omega[k] = 1.0 / std::sqrt(inverse_square);
  }
  return m;
}

/// Eq. (7): each node's lumped translational mass, the mean over its translational DOFs c of the
/// row of M R for the rigid translation along c.
std::vector<double> lumped_masses(const FeModel& model, const Eigen::MatrixXd& MR) {
  std::vector<double> m_N(model.nodes.size(), 0.0);
  for (std::size_t k = 0; k < model.nodes.size(); ++k) {
    int count = 0;
    for (int c = 0; c < 3; ++c) {
      const Eigen::Index dof = model.nodes[k].dof[static_cast<std::size_t>(c)];
      if (dof < 0) continue;
      m_N[k] += MR(dof, c);
      ++count;
    }
    if (count > 0) m_N[k] /= count;
  }
  return m_N;
}

/// The 3×n translation (c0 = 0) or rotation (c0 = 3) of the modes at a node: zero rows for
/// missing DOFs.
Eigen::Matrix3Xd node_shapes(const FeNode& node, const Eigen::MatrixXd& Phi, int c0) {
  Eigen::Matrix3Xd s = Eigen::Matrix3Xd::Zero(3, Phi.cols());
  for (int c = 0; c < 3; ++c) {
    const Eigen::Index dof = node.dof[static_cast<std::size_t>(c0 + c)];
    if (dof >= 0) s.row(c) = Phi.row(dof);
  }
  return s;
}

/// Eqs. (8)–(10): J1, G, D as sums over the nodes with their lumped masses.
void lumped_integrals(const FeModel& model, const std::vector<double>& m_N, const Eigen::MatrixXd& Phi, ModalData& d) {
  detail::zero_second_order_integrals(Phi.cols(), d);
  for (std::size_t k = 0; k < model.nodes.size(); ++k)
    if (m_N[k] != 0.0)
      detail::add_point_mass_integrals(m_N[k], model.nodes[k].r_NF_F, node_shapes(model.nodes[k], Phi, 0), d);
}

}  // namespace

ModalData import_fe_model(const FeModel& model) {
  const FeLayout layout = detail::check_fe_model(model);
  const Eigen::MatrixXd R = rigid_body_modes(model, layout);  // (1)
  check_rigid_stiffness(model, layout, R);                    // (2)
  const Eigen::MatrixXd MR = model.M * R;
  const RigidBody body = rigid_body(model, R.transpose() * MR);  // (5)
  const Modes modes = fixed_interface_modes(model, layout);      // (3)
  const Eigen::Index n = modes.omega.size();

  ModalData d;
  d.mass = body.m;
  d.r_ScF_F = body.c0 / body.m;
  d.I_PntF_F = body.J0;
  d.omega = modes.omega;
  d.zeta = Eigen::VectorXd::Constant(n, model.zeta);
  const Eigen::MatrixXd coupling = MR.transpose() * modes.Phi;  // (6): [P; H] = Rᵀ M Φ
  d.P_F = coupling.topRows<3>();
  d.H_PntF_F = coupling.bottomRows<3>();
  d.modal_mass = (modes.Phi.transpose() * model.M * modes.Phi).diagonal();  // (6): μ = 1 to round-off
  lumped_integrals(model, lumped_masses(model, MR), modes.Phi, d);          // (7)–(10)
  for (std::size_t q = 0; q < d.K_G.size(); ++q) {                          // (11)
    if (layout.geometric_stiffness) {
      const Eigen::MatrixXd KG = modes.Phi.transpose() * model.K_G[q] * modes.Phi;
      d.K_G[q] = 0.5 * (KG + KG.transpose());
    } else {
      d.K_G[q] = Eigen::MatrixXd::Zero(n, n);
    }
  }
  for (const std::size_t k : layout.outputs) {
    const FeNode& node = model.nodes[k];
    d.nodes.push_back({node.name, node.r_NF_F, node_shapes(node, modes.Phi, 0), node_shapes(node, modes.Phi, 3)});
  }
  check_modal_data(kFeOwner, d);
  return d;
}

}  // namespace ramus::flex
