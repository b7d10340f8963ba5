// FE models and independent references of the importer's tests (test/flex/fe_import*_test.cpp):
// an L-shaped frame of two beams, a beam with a lumped tip mass, the cantilever-with-tip-mass
// frequency equation, direct generalized eigen-solves of the clamped and free-free full models and
// of the Craig–Bampton reduced model built from ModalData.
#pragma once

#include <Eigen/Dense>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "flex/beams.hpp"
#include "ramus/flex/beam.hpp"
#include "ramus/flex/fe_import.hpp"

namespace ramus::test::flex {

/// A rotation matrix whose rows are the beam axes t, y, z in F (BeamConfig::dcm_BF).
inline Eigen::Matrix3d beam_axes(const Eigen::Vector3d& t, const Eigen::Vector3d& y) {
  Eigen::Matrix3d dcm;
  dcm.row(0) = t.transpose();
  dcm.row(1) = y.transpose();
  dcm.row(2) = t.cross(y).transpose();
  return dcm;
}

/// Two legs of `elements` elements each, both assembled by beam_fe_model and joined rigidly at the
/// corner: leg 1 from F's origin along x (length 1, the unit beam's sections), leg 2 from the corner
/// (1, 0, 0) along y (length 0.8, stiffer and lighter: EI ×1.5, ρA 0.7, ρJ 0.05). Nodes "a0" … "aE"
/// then "b1" … "bE" ("aE" is the corner), node g's DOF c at row 6 g + c; clamped at "a0".
struct FrameLeg {
  ramus::flex::BeamConfig config;
  std::string prefix;
  int first_node;  // the global node of the leg's node 0
};

inline std::vector<FrameLeg> frame_legs(int elements) {
  ramus::flex::BeamConfig a = beam_config(kUnitBeam, elements, 1);
  ramus::flex::BeamConfig b = beam_config({0.8, 1.5, 3.0, 1.2, 0.05, 40.0, 0.7}, elements, 1);
  b.r_RF_F = Eigen::Vector3d(1.0, 0.0, 0.0);
  b.dcm_BF = beam_axes(Eigen::Vector3d::UnitY(), -Eigen::Vector3d::UnitX());
  return {{a, "a", 0}, {b, "b", elements}};
}

inline ramus::flex::FeModel frame_model(int elements, int modes) {
  const Eigen::Index n = 6 * (2 * elements + 1);
  ramus::flex::FeModel model;
  model.M = model.K = Eigen::MatrixXd::Zero(n, n);
  for (const FrameLeg& leg : frame_legs(elements)) {
    const ramus::flex::FeModel part = ramus::flex::beam_fe_model(leg.config);
    const Eigen::Index o = 6 * leg.first_node;
    model.M.block(o, o, part.M.rows(), part.M.cols()) += part.M;
    model.K.block(o, o, part.K.rows(), part.K.cols()) += part.K;
    for (std::size_t i = leg.first_node == 0 ? 0 : 1; i < part.nodes.size(); ++i) {
      ramus::flex::FeNode node = part.nodes[i];
      node.name = leg.prefix;
      node.name += std::to_string(i);
      for (Eigen::Index& dof : node.dof) dof += o;
      model.nodes.push_back(node);
    }
  }
  model.interface_node = "a0";
  model.modes = modes;
  return model;
}

/// The unit beam (flex/beams.hpp) on `elements` elements with a point mass `tip_mass` [kg] added
/// to the tip's three translations (no rotary inertia).
inline ramus::flex::FeModel tip_mass_model(int elements, int modes, double tip_mass) {
  ramus::flex::FeModel model = ramus::flex::beam_fe_model(beam_config(kUnitBeam, elements, modes));
  for (int c = 0; c < 3; ++c) {
    const Eigen::Index i = model.nodes.back().dof[static_cast<std::size_t>(c)];
    model.M(i, i) += tip_mass;
  }
  return model;
}

/// The first root λ = βL of the clamped-free beam with a tip mass α = M_tip/(ρA L) and no rotary
/// inertia (Blevins, "Formulas for Natural Frequency and Mode Shape", table 8-2):
///   1 + cos λ cosh λ + α λ (cos λ sinh λ − sin λ cosh λ) = 0,
/// by bisection on [0.5, 1.875104069] (the root falls from the bare beam's as α grows).
inline double tip_mass_root(double alpha) {
  const auto f = [alpha](double x) {
    return 1.0 + std::cos(x) * std::cosh(x) + alpha * x * (std::cos(x) * std::sinh(x) - std::sin(x) * std::cosh(x));
  };
  double lo = 0.5, hi = 1.8751040687;  // f(lo) > 0 ≥ f(hi)
  for (int i = 0; i < 200 && hi - lo > 1e-16; ++i) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) > 0.0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

/// The rows of `model` that are not the interface node's.
inline std::vector<Eigen::Index> free_dofs(const ramus::flex::FeModel& model) {
  std::vector<Eigen::Index> interface, free;
  for (const ramus::flex::FeNode& node : model.nodes)
    if (node.name == model.interface_node) interface.assign(node.dof.begin(), node.dof.end());
  for (Eigen::Index i = 0; i < model.M.rows(); ++i)
    if (std::find(interface.begin(), interface.end(), i) == interface.end()) free.push_back(i);
  return free;
}

/// ω² of the clamped full model by the textbook form K v = ω² M v (Cholesky of M, then a symmetric
/// eigen-solve), ascending: an independent solve of the importer's problem (which uses M v = ω⁻² K v).
inline Eigen::VectorXd clamped_eigenvalues(const ramus::flex::FeModel& model) {
  const std::vector<Eigen::Index> f = free_dofs(model);
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(model.K(f, f), model.M(f, f),
                                                                         Eigen::EigenvaluesOnly);
  return solver.eigenvalues();
}

/// The free-free eigenvalues ω² of (M, K), the 6 rigid ones skipped, ascending. Shifted by σ
/// (K + σ M positive definite) and solved as M v = (ω² + σ)⁻¹ (K + σ M) v, so that the low
/// eigenvalues carry round-off relative to σ + ω², not to the largest ω².
inline Eigen::VectorXd free_free_eigenvalues(const Eigen::MatrixXd& M, const Eigen::MatrixXd& K, double sigma) {
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(M, K + sigma * M,
                                                                         Eigen::EigenvaluesOnly | Eigen::Ax_lBx);
  const Eigen::Index n = M.rows();
  Eigen::VectorXd w2(n - 6);
  for (Eigen::Index k = 0; k < n - 6; ++k) w2[k] = 1.0 / solver.eigenvalues()[n - 7 - k] - sigma;
  return w2;
}

/// The mode shapes over all DOFs of `model`, from the node shapes of its import `d` (every node
/// reported).
inline Eigen::MatrixXd mode_matrix(const ramus::flex::FeModel& model, const ModalData& d) {
  Eigen::MatrixXd Phi = Eigen::MatrixXd::Zero(model.M.rows(), d.modes());
  for (std::size_t i = 0; i < model.nodes.size(); ++i)
    for (int c = 0; c < 6; ++c) {
      const Eigen::Index dof = model.nodes[i].dof[static_cast<std::size_t>(c)];
      if (dof >= 0) Phi.row(dof) = c < 3 ? d.nodes[i].phi_F.row(c) : d.nodes[i].psi_F.row(c - 3);
    }
  return Phi;
}

/// The componentwise condition number of ω_k²: perturbing every entry of K and M by at most a
/// relative δ changes ω_k² = φᵀKφ/φᵀMφ by at most δ κ_k ω_k² to first order, with
///   κ_k = |φ|ᵀ|K||φ| / φᵀKφ + |φ|ᵀ|M||φ| / φᵀMφ
/// (large for smooth modes on fine meshes: the stiffness entries cancel). Round-off of the matrices
/// (δ ~ ε) and of the eigen-solver's factorisations shows at this scale.
inline Eigen::VectorXd frequency_condition(const ramus::flex::FeModel& model, const ModalData& d) {
  const Eigen::MatrixXd Phi = mode_matrix(model, d), A = Phi.cwiseAbs();
  Eigen::VectorXd kappa(d.modes());
  for (Eigen::Index k = 0; k < d.modes(); ++k) {
    const Eigen::VectorXd v = Phi.col(k), a = A.col(k);
    kappa[k] = a.dot(model.K.cwiseAbs() * a) / v.dot(model.K * v) + a.dot(model.M.cwiseAbs() * a) / v.dot(model.M * v);
  }
  return kappa;
}

/// The Craig–Bampton reduced model of docs/flex/fe_import.md eq. (4) from ModalData alone:
/// mass [[m 1, −c̃0, P], [c̃0, J0, H], [Pᵀ, Hᵀ, diag μ]], stiffness diag(0, 0, μ ω²).
struct Reduced {
  Eigen::MatrixXd M, K;
};

inline Reduced craig_bampton(const ModalData& d) {
  const Eigen::Index n = d.modes();
  Reduced r;
  r.M = Eigen::MatrixXd::Zero(6 + n, 6 + n);
  r.K = Eigen::MatrixXd::Zero(6 + n, 6 + n);
  const Eigen::Vector3d c0 = d.mass * d.r_ScF_F;
  Eigen::Matrix3d c0_tilde;
  c0_tilde << 0.0, -c0.z(), c0.y(), c0.z(), 0.0, -c0.x(), -c0.y(), c0.x(), 0.0;
  r.M.topLeftCorner<3, 3>() = d.mass * Eigen::Matrix3d::Identity();
  r.M.block<3, 3>(0, 3) = -c0_tilde;
  r.M.block<3, 3>(3, 0) = c0_tilde;
  r.M.block<3, 3>(3, 3) = d.I_PntF_F;
  r.M.block(0, 6, 3, n) = d.P_F;
  r.M.block(3, 6, 3, n) = d.H_PntF_F;
  r.M.block(6, 0, n, 6) = r.M.block(0, 6, 6, n).transpose();
  r.M.bottomRightCorner(n, n) = d.modal_mass.asDiagonal();
  r.K.bottomRightCorner(n, n) = d.modal_mass.cwiseProduct(d.omega.cwiseAbs2()).asDiagonal();
  return r;
}

}  // namespace ramus::test::flex
