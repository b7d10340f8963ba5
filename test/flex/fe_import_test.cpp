// The finite-element importer (flex/fe_import.hpp, docs/flex/fe_import.md) against independent
// references: a direct generalized eigen-solve of the clamped full model; the beam generator's own
// integrals (the same beam through beam_fe_model); the free-free frequencies of the full model
// against those of the Craig–Bampton reduced model built from ModalData; the continuum cantilever
// with a tip mass; an L-shaped frame's rigid-body properties in closed form; invariance under a
// renumbering of the DOFs and under the choice of the clamped end.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "flex/beams.hpp"
#include "flex/continuum.hpp"
#include "flex/fe_models.hpp"
#include "ramus/flex/beam.hpp"
#include "ramus/flex/fe_import.hpp"

namespace {

using namespace ramus;
using namespace ramus::test::flex;
using ramus::flex::beam_fe_model;
using ramus::flex::BeamConfig;
using ramus::flex::clamped_beam;
using ramus::flex::FeModel;
using ramus::flex::import_fe_model;
constexpr double kEps = std::numeric_limits<double>::epsilon();

// The thin rod's inertia about F's origin: (m L²/12)(1 − t tᵀ) about its centre rc, the sections'
// rotary inertia L (ρJ t tᵀ + ρI_y y yᵀ + ρI_z z zᵀ), and the parallel-axis term m (|rc|² 1 − rc rcᵀ).
Eigen::Matrix3d rod_inertia(const BeamConfig& c) {
  const Eigen::Vector3d t = c.dcm_BF.row(0).transpose(), rc = c.r_RF_F + 0.5 * c.length * t;
  const Eigen::Vector3d y = c.dcm_BF.row(1).transpose(), z = c.dcm_BF.row(2).transpose();
  const double m = c.rhoA * c.length;
  const Eigen::Matrix3d one = Eigen::Matrix3d::Identity();
  return m * c.length * c.length / 12.0 * (one - t * t.transpose()) +
         c.length * (c.rhoJ * t * t.transpose() + c.rhoI_y * y * y.transpose() + c.rhoI_z * z * z.transpose()) +
         m * (rc.squaredNorm() * one - rc * rc.transpose());
}

// Mode k of `b` with the sign of mode k of `a` (compared on the nodes' shapes): the sign
// conventions differ for a beam not along F's x (largest tip component in F against in beam axes).
double sign_against(const ModalData& a, const ModalData& b, Eigen::Index k) {
  double dot = 0.0;
  for (std::size_t i = 0; i < a.nodes.size(); ++i)
    dot += a.nodes[i].phi_F.col(k).dot(b.nodes[i].phi_F.col(k)) + a.nodes[i].psi_F.col(k).dot(b.nodes[i].psi_F.col(k));
  return dot < 0.0 ? -1.0 : 1.0;
}

// A copy of `model` with its DOFs renumbered by a random permutation.
FeModel permuted(const FeModel& model, unsigned seed) {
  const Eigen::Index n = model.M.rows();
  std::vector<Eigen::Index> to(static_cast<std::size_t>(n));  // old row → new row
  std::iota(to.begin(), to.end(), Eigen::Index{0});
  std::mt19937 gen(seed);
  std::shuffle(to.begin(), to.end(), gen);
  std::vector<Eigen::Index> from(to.size());  // new row → old row
  for (std::size_t i = 0; i < to.size(); ++i) from[static_cast<std::size_t>(to[i])] = static_cast<Eigen::Index>(i);
  FeModel p = model;
  p.M = model.M(from, from);
  p.K = model.K(from, from);
  for (ramus::flex::FeNode& node : p.nodes)
    for (Eigen::Index& dof : node.dof) dof = to[static_cast<std::size_t>(dof)];
  return p;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(fe_import)

// ω_k² of the importer (M v = ω⁻² K v, accurate relative to ω_k²) against the textbook form
// K v = ω² M v solved directly on the free DOFs (Cholesky of M): the reference carries an absolute
// error of about ε ω_max², so the tolerance is 100 ε ω_max² (100: the growth of the backward error
// with the matrix size, ≤ 200 here) plus the importer's 100 ε ω_k².
BOOST_AUTO_TEST_CASE(frequencies_equal_a_direct_eigen_solve) {
  const std::vector<std::pair<std::string, FeModel>> models = {{"beam", beam_fe_model(beam_config(kUnitBeam, 10, 20))},
                                                               {"L frame", frame_model(8, 30)},
                                                               {"beam with tip mass", tip_mass_model(12, 20, 0.5)}};
  for (const auto& [name, model] : models) {
    const ModalData d = import_fe_model(model);
    const Eigen::VectorXd w2 = clamped_eigenvalues(model);
    const double w2_max = w2.maxCoeff();
    double worst = 0.0;  // the largest error in units of ε ω_max²
    for (Eigen::Index k = 0; k < d.modes(); ++k) {
      const double error = std::abs(d.omega[k] * d.omega[k] - w2[k]);
      worst = std::max(worst, error / (kEps * w2_max));
      BOOST_TEST(error <= 100.0 * kEps * (w2_max + w2[k]), name << " mode " << k);
    }
    BOOST_TEST_MESSAGE(name << ": " << d.modes() << " modes, ω_1 = " << d.omega[0] << " rad/s, largest error " << worst
                            << " ε ω_max² (ω_max²/ω_1² = " << w2_max / w2[0] << ")");
  }
}

// The beam through beam_fe_model and the importer against clamped_beam: the same consistent mass
// matrix carries the rigid motion exactly (the element's linear and Hermite cubic shape functions
// interpolate the rigid field exactly), so Rᵀ M R and Rᵀ M Φ are the quadratures clamped_beam sums
// (exact for those polynomials): m, c0, J0, P, H, μ and K_G agree to round-off; the eigenproblem is
// the same matrices (bit for bit along F's x), so ω and the node shapes too. The rotated beam is a
// Timoshenko one with the sections' rotary inertia: J0, H and μ then carry the sections' terms,
// which the importer finds in Rᵀ M R and Rᵀ M Φ and clamped_beam adds by quadrature (eq. (20)).
BOOST_AUTO_TEST_CASE(beam_import_reproduces_clamped_beam) {
  BeamConfig rotated = beam_config(kUnitBeam, 9, 14);
  rotated.length = 2.5;
  rotated.rhoA = 2.0;  // (3.0 would make EA/ρA = GJ/ρJ: a degenerate torsion–axial pair, shapes arbitrary)
  rotated.r_RF_F = Eigen::Vector3d(0.3, -0.2, 0.5);
  rotated.dcm_BF = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1.0, 2.0, -0.5).normalized()).matrix().transpose();
  rotated.kGA_y = 40.0;  // Φ = 12 EI/(κGA h²) of 0.5 to 0.9 on these elements: shear matters
  rotated.kGA_z = 30.0;
  rotated.rhoI_y = 0.004;
  rotated.rhoI_z = 0.009;
  for (const BeamConfig& c : {beam_config(kUnitBeam, 8, 12), rotated}) {
    const bool along_x = c.dcm_BF == Eigen::Matrix3d::Identity();
    const FeModel model = beam_fe_model(c, true);
    const ModalData b = clamped_beam(c), d = import_fe_model(model);
    const Eigen::VectorXd kappa = frequency_condition(model, d);
    const double m = b.mass, reach = c.r_RF_F.norm() + c.length;
    // Rigid body: sums of ~100 terms of the size of the result: 1e-14 relative.
    BOOST_TEST(std::abs(d.mass - m) <= 1e-14 * m);
    BOOST_TEST((d.r_ScF_F - b.r_ScF_F).norm() <= 1e-14 * reach);
    BOOST_TEST((d.I_PntF_F - b.I_PntF_F).norm() <= 1e-14 * m * reach * reach);
    BOOST_TEST((b.I_PntF_F - rod_inertia(c)).norm() <= 1e-14 * m * reach * reach);
    double worst_omega = 0.0, worst_P = 0.0, worst_KG = 0.0, worst_shape = 0.0;
    for (Eigen::Index k = 0; k < d.modes(); ++k) {
      // ω: identical input to the eigen-solver along x (exact). Rotated, each entry of the turned
      // matrices carries round-off of the ~9 products it sums, and the two solves differ by
      // their factorisations' round-off: 30 ε κ_k (fe_models.hpp; measured up to 3.8 ε κ_k).
      const double tol = along_x ? 0.0 : 30.0 * kEps * kappa[k];
      BOOST_TEST(std::abs(d.omega[k] - b.omega[k]) <= tol * b.omega[k]);
      worst_omega = std::max(worst_omega, std::abs(d.omega[k] - b.omega[k]) / b.omega[k] / (kEps * kappa[k]));
      const double s = sign_against(b, d, k);
      if (along_x) BOOST_TEST(s == 1.0);  // the same sign convention along F's x
      // P, H (φ ~ 1/√m, so P ~ √m and H ~ √m L): round-off of the two ways of summing, 1e-13,
      // plus the eigenvector's accuracy.
      const double tol_P = (1e-13 + 10.0 * tol) * std::sqrt(m);
      BOOST_TEST((s * d.P_F.col(k) - b.P_F.col(k)).norm() <= tol_P);
      BOOST_TEST((s * d.H_PntF_F.col(k) - b.H_PntF_F.col(k)).norm() <= tol_P * reach);
      BOOST_TEST(std::abs(d.modal_mass[k] - 1.0) <= 1e-13);  // normalised with the same M: round-off
      worst_P = std::max(worst_P, (s * d.P_F.col(k) - b.P_F.col(k)).norm() / std::sqrt(m));
      for (std::size_t i = 0; i < b.nodes.size(); ++i)
        worst_shape = std::max({worst_shape, (s * d.nodes[i].phi_F.col(k) - b.nodes[i].phi_F.col(k)).norm(),
                                (s * d.nodes[i].psi_F.col(k) - b.nodes[i].psi_F.col(k)).norm()});
    }
    // K_G[q](k, l) = Φᵀ K_Gq Φ from the same element matrices: round-off of the sums relative to
    // the largest entry of all twelve (some cases vanish for a beam), with the eigenvectors'
    // accuracy (the top mode's solver_tolerance).
    double scale_KG = 0.0;
    for (const Eigen::MatrixXd& KG : b.K_G) scale_KG = std::max(scale_KG, KG.cwiseAbs().maxCoeff());
    for (std::size_t q = 0; q < b.K_G.size(); ++q) {
      Eigen::MatrixXd aligned = d.K_G[q];
      for (Eigen::Index k = 0; k < d.modes(); ++k) {
        aligned.row(k) *= sign_against(b, d, k);
        aligned.col(k) *= sign_against(b, d, k);
      }
      const double error = (aligned - b.K_G[q]).cwiseAbs().maxCoeff() / scale_KG;
      worst_KG = std::max(worst_KG, error);
      BOOST_TEST(error <= 1e-13 + 10.0 * solver_tolerance(b, d.modes() - 1));
    }
    BOOST_TEST(d.nodes.size() == b.nodes.size());
    BOOST_TEST(worst_shape <= 1e-13 + 10.0 * solver_tolerance(b, d.modes() - 1));
    BOOST_TEST_MESSAGE((along_x ? "along x" : "rotated, offset root")
                       << ": ω " << worst_omega << " ε κ_k, P " << worst_P << " √m, node shapes " << worst_shape
                       << ", K_G " << worst_KG << " (relative to the largest entry)");
  }
}

// J1, G, D with the lumped node masses (eq. (7): here the trapezoid rule's ρA h inside, ρA h/2 at
// the ends) against clamped_beam's exact quadrature of the same modes: the error of a trapezoid
// rule on the element-wise polynomial fields, O(h²). Measured on the unit beam's first 6 modes.
BOOST_AUTO_TEST_CASE(lumped_integrals_converge_at_second_order) {
  std::vector<double> errors;
  for (int E : {4, 8, 16, 32, 64}) {
    const BeamConfig c = beam_config(kUnitBeam, E, 6);
    const ModalData b = clamped_beam(c), d = import_fe_model(beam_fe_model(c));
    double eJ1 = 0.0, eG = 0.0, eD = 0.0;
    double scaleJ1 = 0.0;
    for (Eigen::Index k = 0; k < 6; ++k) {
      eJ1 = std::max(eJ1, (d.J1_F[static_cast<std::size_t>(k)] - b.J1_F[static_cast<std::size_t>(k)]).norm());
      scaleJ1 = std::max(scaleJ1, b.J1_F[static_cast<std::size_t>(k)].norm());
    }
    eJ1 /= scaleJ1;
    for (std::size_t i = 0; i < 3; ++i) eG = std::max(eG, (d.G[i] - b.G[i]).cwiseAbs().maxCoeff());  // μ = 1: scale 1
    for (std::size_t i = 0; i < 9; ++i) eD = std::max(eD, (d.D[i] - b.D[i]).cwiseAbs().maxCoeff());
    const double e = std::max({eJ1, eG, eD});
    BOOST_TEST_MESSAGE(E << " elements: J1 " << eJ1 << ", G " << eG << ", D " << eD);
    errors.push_back(e);
  }
  for (std::size_t i = 0; i + 1 < errors.size(); ++i) {
    const double order = std::log2(errors[i] / errors[i + 1]);
    BOOST_TEST_MESSAGE("order " << order);
    BOOST_TEST(order >= 1.9);
    BOOST_TEST(order <= 2.1);
  }
}

// Craig–Bampton is a Rayleigh–Ritz reduction: the free-free frequencies of the reduced model
// (eq. (4) from ModalData alone) approach the full model's from above as modes are kept, and equal
// them to round-off with every mode kept (the basis then spans the whole space).
BOOST_AUTO_TEST_CASE(craig_bampton_reproduces_the_free_free_frequencies) {
  const std::vector<std::pair<std::string, FeModel>> models = {{"beam", beam_fe_model(beam_config(kUnitBeam, 16, 96))},
                                                               {"L frame", frame_model(6, 72)}};
  for (const auto& [name, full] : models) {
    const int all = full.modes;
    // [rad²/s²] the shift: below the first flexible ω² (99 and 40 here), so K + σ M is positive
    // definite and the low eigenvalues keep round-off relative to σ + ω² (fe_models.hpp)
    const double sigma = 1.0;
    const Eigen::VectorXd exact = free_free_eigenvalues(full.M, full.K, sigma).head(4);
    std::vector<double> errors;
    for (int n : {4, 8, 16, 32, all}) {
      FeModel model = full;
      model.modes = n;
      const Reduced r = craig_bampton(import_fe_model(model));
      const Eigen::VectorXd w2 = free_free_eigenvalues(r.M, r.K, sigma).head(4);
      const Eigen::VectorXd error = (w2.cwiseSqrt() - exact.cwiseSqrt()).cwiseQuotient(exact.cwiseSqrt());
      BOOST_TEST_MESSAGE(name << ", " << n << " modes kept: free-free ω " << w2.cwiseSqrt().transpose()
                              << ", relative errors " << error.transpose());
      // From above (Rayleigh–Ritz), to round-off of the full model's solve (1e-12 of ω).
      BOOST_TEST(error.minCoeff() >= -1e-12);
      errors.push_back(error.maxCoeff());
    }
    for (std::size_t i = 0; i + 1 < errors.size(); ++i) BOOST_TEST(errors[i + 1] <= errors[i]);
    // Every mode kept: the reduction is a change of basis; round-off of the two solves, 1e-12.
    BOOST_TEST(std::abs(errors.back()) <= 1e-12);
  }
}

// Generality: the unit beam with a tip mass α = M_tip/(ρA L) = 0.5 on its tip's translations (not
// a beam_fe_model any more) against the continuum cantilever with a tip mass, whose first root of
// 1 + cos λ cosh λ + α λ (cos λ sinh λ − sin λ cosh λ) = 0 is checked against Blevins's published
// 1.24792 at α = 1; ω₁ = λ² √(EI_y/(ρA L⁴)) = λ². The Hermite elements' error falls as h⁴.
BOOST_AUTO_TEST_CASE(beam_with_a_tip_mass_converges_to_the_continuum) {
  BOOST_TEST(std::abs(tip_mass_root(1.0) - 1.24792) <= 0.5e-5);  // the published digits
  const double alpha = 0.5, lambda = tip_mass_root(alpha), exact = lambda * lambda;
  std::vector<double> errors;
  for (int E : {4, 8, 16, 32}) {
    const ModalData d = import_fe_model(tip_mass_model(E, 4, alpha));
    // Rigid body: the rod (m = 1, L = 1 along x) and the point mass at the tip, closed form; round-off.
    const double m = 1.0 + alpha;
    BOOST_TEST(std::abs(d.mass - m) <= 1e-14 * m);
    BOOST_TEST((d.r_ScF_F - Eigen::Vector3d((0.5 + alpha) / m, 0.0, 0.0)).norm() <= 1e-14);
    const Eigen::Matrix3d J0 = Eigen::Vector3d(0.1, 1.0 / 3.0 + alpha, 1.0 / 3.0 + alpha).asDiagonal();
    BOOST_TEST((d.I_PntF_F - J0).norm() <= 1e-14);
    BOOST_TEST(family_modes(d, Family::bending_z).front() == 0);
    errors.push_back((d.omega[0] - exact) / exact);
    BOOST_TEST_MESSAGE(E << " elements: ω₁ = " << d.omega[0] << " (continuum " << exact << "), relative error "
                         << errors.back());
  }
  for (std::size_t i = 0; i + 1 < errors.size(); ++i) {
    BOOST_TEST(errors[i] > 0.0);  // from above: a Rayleigh–Ritz approximation
    BOOST_TEST(std::log2(errors[i] / errors[i + 1]) >= 3.8);
    BOOST_TEST(std::log2(errors[i] / errors[i + 1]) <= 4.2);
  }
}

// Generality: an L-shaped frame of two beams in the x–y plane (fe_models.hpp). Its rigid-body
// properties are the two rods' in closed form (round-off); the nodes reported are the ones asked
// for, in that order; renumbering the DOFs changes nothing but the eigen-solver's round-off.
BOOST_AUTO_TEST_CASE(l_frame) {
  const FeModel model = frame_model(6, 10);
  const ModalData d = import_fe_model(model);
  double m = 0.0;
  Eigen::Vector3d c0 = Eigen::Vector3d::Zero();
  Eigen::Matrix3d J0 = Eigen::Matrix3d::Zero();
  for (const FrameLeg& leg : frame_legs(6)) {
    const BeamConfig& c = leg.config;
    m += c.rhoA * c.length;
    c0 += c.rhoA * c.length * (c.r_RF_F + 0.5 * c.length * c.dcm_BF.row(0).transpose());
    J0 += rod_inertia(c);
  }
  // Sums of ~100 terms of the size of the result: 1e-14 relative.
  BOOST_TEST(std::abs(d.mass - m) <= 1e-14 * m);
  BOOST_TEST((d.mass * d.r_ScF_F - c0).norm() <= 1e-14 * m);
  BOOST_TEST((d.I_PntF_F - J0).norm() <= 1e-14 * J0.norm());
  BOOST_TEST(d.modal_mass.isOnes(1e-13));  // mass-normalised: round-off of vᵀ M v
  // The tip "b6" (farthest from "a0") moves most along z in the first mode (out of plane, the
  // softest): the sign convention makes that positive.
  BOOST_TEST(d.nodes.back().name == "b6");
  BOOST_TEST(d.nodes.back().phi_F(2, 0) > 0.0);
  BOOST_TEST(d.nodes.back().phi_F.col(0).cwiseAbs().maxCoeff() == d.nodes.back().phi_F(2, 0));

  FeModel chosen = model;
  chosen.output_nodes = {"b6", "a3", "a6"};
  chosen.zeta = 0.02;
  const ModalData o = import_fe_model(chosen);
  BOOST_TEST(o.nodes.size() == 3u);
  BOOST_TEST(o.nodes[0].name == "b6");
  BOOST_TEST(o.nodes[1].name == "a3");
  BOOST_TEST((o.nodes[0].r_NF_F - Eigen::Vector3d(1.0, 0.8, 0.0)).norm() <= 1e-15);  // 1 + 6 × (0.8/6)
  BOOST_TEST((o.nodes[0].phi_F - d.nodes.back().phi_F).norm() == 0.0);               // the same solve
  BOOST_TEST((o.zeta.array() == 0.02).all());

  // Renumbered: the eigen-solver's round-off, 30 ε κ_k on ω (fe_models.hpp; measured 0.13 ε κ_k).
  const ModalData p = import_fe_model(permuted(model, 7));
  const Eigen::VectorXd kappa = frequency_condition(model, d);
  double worst_omega = 0.0, worst_shape = 0.0;
  for (Eigen::Index k = 0; k < d.modes(); ++k) {
    const double error = std::abs(p.omega[k] - d.omega[k]) / d.omega[k];
    BOOST_TEST(error <= 30.0 * kEps * kappa[k]);
    worst_omega = std::max(worst_omega, error / (kEps * kappa[k]));
    for (std::size_t i = 0; i < d.nodes.size(); ++i)
      worst_shape = std::max(worst_shape, (p.nodes[i].phi_F.col(k) - d.nodes[i].phi_F.col(k)).norm());
    // P, J1 through the shapes: the shapes' round-off (measured 7e-13; 1e-10 allows the mode
    // pairs' closer gaps on other platforms), times √m (φ ~ 1/√m).
    BOOST_TEST((p.P_F.col(k) - d.P_F.col(k)).norm() <= 1e-10 * std::sqrt(m));
    BOOST_TEST((p.J1_F[static_cast<std::size_t>(k)] - d.J1_F[static_cast<std::size_t>(k)]).norm() <=
               1e-10 * std::sqrt(m) * 1.3);  // × the reach |(1, 0.8)| < 1.3
  }
  BOOST_TEST(worst_shape <= 1e-10);  // measured 7e-13
  BOOST_TEST_MESSAGE("renumbered: ω " << worst_omega << " ε κ_k, node shapes " << worst_shape << " (κ_k "
                                      << kappa.minCoeff() << " to " << kappa.maxCoeff() << ")");
}

// The interface need not be the first node: the unit beam clamped at its other end ("n8", at
// x = 1) is clamped_beam's beam with root at (1, 0, 0) pointing along −x (beam axes turned half a
// turn about z). The same matrices renumbered: ω to the solvers' round-off, 30 ε κ_k (measured
// 4.0 ε κ_k); the rigid body to round-off.
BOOST_AUTO_TEST_CASE(clamped_at_the_other_end) {
  FeModel model = beam_fe_model(beam_config(kUnitBeam, 8, 12));
  model.interface_node = "n8";
  const ModalData d = import_fe_model(model);
  const Eigen::VectorXd kappa = frequency_condition(model, d);
  BeamConfig reversed = beam_config(kUnitBeam, 8, 12);
  reversed.r_RF_F = Eigen::Vector3d(1.0, 0.0, 0.0);
  reversed.dcm_BF = Eigen::Vector3d(-1.0, -1.0, 1.0).asDiagonal();
  const ModalData b = clamped_beam(reversed);
  BOOST_TEST(std::abs(d.mass - b.mass) <= 1e-14 * b.mass);
  BOOST_TEST((d.r_ScF_F - b.r_ScF_F).norm() <= 1e-14);
  BOOST_TEST((d.I_PntF_F - b.I_PntF_F).norm() <= 1e-14 * b.I_PntF_F.norm());
  double worst_omega = 0.0, worst_P = 0.0;
  for (Eigen::Index k = 0; k < d.modes(); ++k) {
    const double error = std::abs(d.omega[k] - b.omega[k]) / b.omega[k];
    BOOST_TEST(error <= 30.0 * kEps * kappa[k]);
    worst_omega = std::max(worst_omega, error / (kEps * kappa[k]));
    // P and H up to the sign (the conventions compare the tip n0's components in F and in beam
    // axes): m = 1, so |P| ~ 1.
    const double s = d.P_F.col(k).dot(b.P_F.col(k)) + d.H_PntF_F.col(k).dot(b.H_PntF_F.col(k)) < 0.0 ? -1.0 : 1.0;
    worst_P = std::max(
        {worst_P, (s * d.P_F.col(k) - b.P_F.col(k)).norm(), (s * d.H_PntF_F.col(k) - b.H_PntF_F.col(k)).norm()});
  }
  BOOST_TEST(worst_P <= 1e-10);  // measured 5e-15: the shapes' round-off, margin for other platforms
  BOOST_TEST_MESSAGE("clamped at n8: ω " << worst_omega << " ε κ_k, P and H " << worst_P);
}

// An export with ten significant digits (each entry of M and K perturbed by up to δ = 5e-11
// relative, independently above and below the diagonal) passes the symmetry and rigid-body checks
// (kFeSymmetryTolerance 1e-9, kFeRigidTolerance 1e-7), and moves ω_k by at most ½ δ κ_k
// (fe_models.hpp: the perturbation bound of ω², to first order), plus the solvers' round-off.
BOOST_AUTO_TEST_CASE(ten_digit_export_is_accepted) {
  const FeModel exact = beam_fe_model(beam_config(kUnitBeam, 8, 6));
  FeModel rounded = exact;
  std::mt19937 gen(3);
  const double delta = 5e-11;
  std::uniform_real_distribution<double> digit(-delta, delta);
  for (Eigen::Index j = 0; j < exact.M.cols(); ++j)
    for (Eigen::Index i = 0; i < exact.M.rows(); ++i) {
      rounded.M(i, j) *= 1.0 + digit(gen);
      rounded.K(i, j) *= 1.0 + digit(gen);
    }
  const ModalData a = import_fe_model(exact);
  ModalData b;
  BOOST_REQUIRE_NO_THROW(b = import_fe_model(rounded));
  const Eigen::VectorXd kappa = frequency_condition(exact, a);
  for (Eigen::Index k = 0; k < a.modes(); ++k) {
    const double change = std::abs(b.omega[k] - a.omega[k]) / a.omega[k];
    BOOST_TEST(change <= (0.5 * delta + 10.0 * kEps) * kappa[k]);
    BOOST_TEST_MESSAGE("mode " << k << ": ω moves by " << change << ", bound " << 0.5 * delta * kappa[k]);
  }
}

BOOST_AUTO_TEST_SUITE_END()
