// Rigid-body and modal integrals of the beam generator (docs/flex/beam.md §4, docs/models/modal_data.md
// eqs. (2)–(10)) against independent references: the rigid rod's inertia in closed form, the
// continuum cantilever's first mode integrated by Simpson's rule, the textbook consistent mass
// matrices (completeness of the modes), the orthogonality of the modes of the two bending planes.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "flex/beams.hpp"
#include "flex/continuum.hpp"
#include "ramus/flex/beam.hpp"

namespace {

using namespace ramus;
using namespace ramus::test::flex;
using ramus::flex::BeamConfig;
using ramus::flex::clamped_beam;

// The unit beam (flex/beams.hpp): bending along z lowest, mode 1 the first z mode.
BeamConfig unit_beam(int elements, int modes) {
  return test::flex::beam_config(test::flex::kUnitBeam, elements, modes);
}

// A rotation about the unit axis n by angle a (Rodrigues).
Eigen::Matrix3d rotation(const Eigen::Vector3d& n, double a) { return Eigen::AngleAxisd(a, n.normalized()).matrix(); }

// Σ_k P_k P_kᵀ/μ_k along one direction for a planar chain of E equal elements clamped at node 0,
// with the textbook consistent mass matrices (independent of the generator's quadrature):
// bending (Przemieniecki, "Theory of Matrix Structural Analysis", §11.3)
//   ρA h/420 [156 22h 54 −13h; 22h 4h² 13h −3h²; 54 13h 156 −22h; −13h −3h² −22h 4h²]
// or axial ρA h/6 [2 1; 1 2]. With the rigid translation u (1 at every translation DOF, 0 at the
// rotations) and b = (M u) on the free DOFs, Σ_k P_k² = b_fᵀ M_ff⁻¹ b_f for a complete set of
// mass-normalised modes (Φ Φᵀ = M_ff⁻¹).
double complete_modal_mass(int E, double rhoA, double L, bool bending) {
  const double h = L / E;
  const int per_node = bending ? 2 : 1;
  const int n = per_node * (E + 1);
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  Eigen::MatrixXd Me(2 * per_node, 2 * per_node);
  if (bending) {
    Me << 156, 22 * h, 54, -13 * h, 22 * h, 4 * h * h, 13 * h, -3 * h * h, 54, 13 * h, 156, -22 * h, -13 * h,
        -3 * h * h, -22 * h, 4 * h * h;
    Me *= rhoA * h / 420.0;
  } else {
    Me << 2, 1, 1, 2;
    Me *= rhoA * h / 6.0;
  }
  for (int e = 0; e < E; ++e) M.block(e * per_node, e * per_node, 2 * per_node, 2 * per_node) += Me;
  Eigen::VectorXd u = Eigen::VectorXd::Zero(n);
  for (int i = 0; i <= E; ++i) u[i * per_node] = 1.0;
  const Eigen::VectorXd b = (M * u).tail(n - per_node);
  const Eigen::MatrixXd Mff = M.bottomRightCorner(n - per_node, n - per_node);
  return b.dot(Mff.ldlt().solve(b));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(beam_integrals)

// Mass, centre of mass and inertia about F of a beam with its root offset from F's origin and its
// axes rotated: the thin rod's closed form (mL²/12)(1 − t tᵀ) about its centre, the sections'
// rotary inertia L (ρJ t tᵀ + ρI_y y yᵀ + ρI_z z zᵀ) and the parallel-axis term m(|c|² 1 − c cᵀ). Tolerance:
// round-off of the quadrature's sums (~40 terms of size m|r|²), 1e-14 relative.
BOOST_AUTO_TEST_CASE(rigid_body_integrals_are_the_rod_s) {
  BeamConfig c = unit_beam(7, 5);
  c.length = 2.5;
  c.rhoA = 3.0;
  c.rhoJ = 0.02;
  c.rhoI_y = 0.007;  // rotary inertia, unequal about y and z, so that the axes' turning shows
  c.rhoI_z = 0.013;
  c.r_RF_F = Eigen::Vector3d(0.3, -0.2, 0.5);
  c.dcm_BF = rotation(Eigen::Vector3d(1.0, 2.0, -0.5), 0.7).transpose();
  const ModalData d = clamped_beam(c);
  const Eigen::Vector3d t = c.dcm_BF.row(0).transpose();
  const Eigen::Vector3d y = c.dcm_BF.row(1).transpose(), z = c.dcm_BF.row(2).transpose();
  const double m = c.rhoA * c.length;
  const Eigen::Vector3d rc = c.r_RF_F + 0.5 * c.length * t;
  const Eigen::Matrix3d one = Eigen::Matrix3d::Identity();
  const Eigen::Matrix3d I =
      m * c.length * c.length / 12.0 * (one - t * t.transpose()) +
      c.length * (c.rhoJ * t * t.transpose() + c.rhoI_y * y * y.transpose() + c.rhoI_z * z * z.transpose()) +
      m * (rc.squaredNorm() * one - rc * rc.transpose());
  BOOST_TEST(std::abs(d.mass - m) <= 1e-14 * m);
  BOOST_TEST((d.r_ScF_F - rc).norm() <= 1e-14 * rc.norm());
  BOOST_TEST((d.I_PntF_F - I).norm() <= 1e-14 * I.norm());
  // The nodes at the element ends along the axis, named n0 (root) … n7 (tip); the root clamped.
  BOOST_TEST(d.nodes.size() == 8u);
  for (std::size_t i = 0; i < d.nodes.size(); ++i) {
    std::string name = "n";
    name += std::to_string(i);  // (not "n" + …: GCC 12's -Wstringop-overflow misfires on it at -O3)
    BOOST_TEST(d.nodes[i].name == name);
    BOOST_TEST((d.nodes[i].r_NF_F - (c.r_RF_F + c.length * static_cast<double>(i) / 7.0 * t)).norm() <= 1e-15 * 4);
  }
  BOOST_TEST(d.nodes[0].phi_F.norm() == 0.0);
  BOOST_TEST(d.nodes[0].psi_F.norm() == 0.0);
}

// Mass-normalised: μ_k = 1 from the quadrature of eq. (5), which integrates the same polynomials
// as the consistent mass matrix the eigen-solver normalised with, to round-off of the
// normalisation (a sum of ~100 products: 1e-14).
BOOST_AUTO_TEST_CASE(modes_are_mass_normalised) {
  const ModalData d = clamped_beam(unit_beam(16, 40));
  BOOST_TEST((d.modal_mass - Eigen::VectorXd::Ones(40)).cwiseAbs().maxCoeff() <= 1e-14);
  // A Timoshenko beam with rotary inertia: eq. (5) then adds the sections' ρI θ², and the rotation
  // is no longer the slope; the same round-off.
  BeamConfig thick = unit_beam(16, 40);
  thick.kGA_y = thick.kGA_z = 50.0;
  thick.rhoI_y = 0.003;
  thick.rhoI_z = 0.006;
  BOOST_TEST((clamped_beam(thick).modal_mass - Eigen::VectorXd::Ones(40)).cwiseAbs().maxCoeff() <= 1e-14);
  // D[0] + D[4] + D[8] = ∫ φ_k·φ_l dm is the translational part of the orthonormality: the
  // identity on the bending and axial modes (no twist), zero off-diagonal across families.
  const Eigen::MatrixXd translational = d.D[0] + d.D[4] + d.D[8];
  const std::vector<Family> f = families(d);
  for (Eigen::Index k = 0; k < 40; ++k)
    for (Eigen::Index l = 0; l < 40; ++l) {
      const bool twisting = f[static_cast<std::size_t>(k)] == Family::torsion;
      const double expected = (k == l && !twisting) ? 1.0 : 0.0;
      BOOST_TEST(std::abs(translational(k, l) - expected) <= solver_tolerance(d, k, l));
    }
}

// The first mode's integrals, eqs. (6)–(8), against the continuum cantilever's first mode
// φ₁(x) = (cosh βx − cos βx) − σ (sinh βx − sin βx), σ = (cosh βL + cos βL)/(sinh βL + sin βL),
// scaled so that ∫ ρA φ₁² dx = 1, with the integrals by composite Simpson on 20 000 panels (error
// ~(L/20000)⁴ φ⁗/180 ~ 1e-18): P = ∫ ρA φ₁ dx e_z, H = ∫ x e_x × φ₁ e_z ρA dx = −∫ ρA x φ₁ dx e_y,
// J1 = −∫ ρA x φ₁ dx (e_x e_zᵀ + e_z e_xᵀ).
BOOST_AUTO_TEST_CASE(first_mode_integrals_converge_to_the_continuum) {
  const double L = 2.0, rhoA = 1.5;
  const double bL = cantilever_root(0), sigma = cantilever_sigma(bL);
  const auto shape = [&](double x) { return cantilever_mode(bL, L, x); };
  const double norm2 = simpson([&](double x) { return rhoA * shape(x) * shape(x); }, 0.0, L, 20000);
  const double P = simpson([&](double x) { return rhoA * shape(x); }, 0.0, L, 20000) / std::sqrt(norm2);
  const double X = simpson([&](double x) { return rhoA * x * shape(x); }, 0.0, L, 20000) / std::sqrt(norm2);
  // The quadrature against the closed forms ∫ φ² dx = L and ∫ φ dx = 2σ/β (from cos βL cosh βL = −1),
  // and the effective mass P²/m = 4σ²/(βL)² = 0.6131 of the published 61.3 % of the first mode.
  BOOST_TEST(std::abs(norm2 - rhoA * L) <= 1e-13 * rhoA * L);
  BOOST_TEST(std::abs(P - rhoA * 2.0 * sigma / (bL / L) / std::sqrt(rhoA * L)) <= 1e-13 * P);
  BOOST_TEST(std::abs(P * P / (rhoA * L) - 0.6131) <= 0.5e-4);
  std::vector<double> errors;
  for (int E : {2, 4, 8, 16, 32}) {
    BeamConfig c = unit_beam(E, 3);
    c.length = L;
    c.rhoA = rhoA;
    const ModalData d = clamped_beam(c);
    BOOST_TEST(family_modes(d, Family::bending_z).front() == 0);
    const Eigen::Vector3d P_F = d.P_F.col(0), H_F = d.H_PntF_F.col(0);
    const Eigen::Matrix3d J1 = d.J1_F[0];
    Eigen::Matrix3d J1_expected = Eigen::Matrix3d::Zero();
    J1_expected(0, 2) = J1_expected(2, 0) = -X;
    const double e = std::max({(P_F - Eigen::Vector3d(0.0, 0.0, P)).norm() / P,
                               (H_F - Eigen::Vector3d(0.0, -X, 0.0)).norm() / X, (J1 - J1_expected).norm() / X});
    BOOST_TEST_MESSAGE(E << " elements: P = " << P_F.transpose() << " (continuum " << P << "), H = " << H_F.transpose()
                         << " (" << -X << "), relative error " << e);
    errors.push_back(e);
  }
  // The integrals of the mode converge faster than its frequency: measured 8.7e-5, 1.4e-6, 2.1e-8,
  // 3.3e-10, 4.8e-12 (ratio 64, order 6: the mode's O(h⁴) error averages out against the smooth
  // weights 1 and x). Asserted: a ratio above 50 per halving, and 1e-11 on 32 elements (the
  // order-6 law from 3.3e-10 on 16 elements gives 5e-12).
  for (std::size_t i = 0; i + 1 < errors.size(); ++i) BOOST_TEST(errors[i] / errors[i + 1] >= 50.0);
  BOOST_TEST(errors.back() <= 1e-11);
}

// Completeness: with every mode kept, Σ_k P_k P_kᵀ/μ_k is the mass the clamped modes carry in a
// rigid translation — b_fᵀ M_ff⁻¹ b_f of the textbook consistent mass matrices (see
// complete_modal_mass) in each direction, diagonal in beam axes. Tolerance 1e-12 of m: the sum
// is carried by the low modes, accurate to round-off (docs/flex/beam.md §3); the high ones, less
// accurate (solver_tolerance), carry little of it (P_k falls with the mode number).
BOOST_AUTO_TEST_CASE(complete_modes_carry_the_translating_mass) {
  for (int E : {1, 3, 8, 20}) {
    BeamConfig c = unit_beam(E, 6 * E);
    c.length = 1.7;
    c.rhoA = 2.0;
    const ModalData d = clamped_beam(c);
    Eigen::Matrix3d sum = Eigen::Matrix3d::Zero();
    for (Eigen::Index k = 0; k < d.modes(); ++k) sum += d.P_F.col(k) * d.P_F.col(k).transpose() / d.modal_mass[k];
    const double bending = complete_modal_mass(E, c.rhoA, c.length, true);
    const double axial = complete_modal_mass(E, c.rhoA, c.length, false);
    const double m = c.rhoA * c.length;
    BOOST_TEST_MESSAGE(E << " elements: Σ P Pᵀ/μ diagonal " << sum.diagonal().transpose() << ", textbook " << axial
                         << ", " << bending << " (m = " << m << ")");
    BOOST_TEST(std::abs(sum(0, 0) - axial) <= 1e-12 * m);
    BOOST_TEST(std::abs(sum(1, 1) - bending) <= 1e-12 * m);
    BOOST_TEST(std::abs(sum(2, 2) - bending) <= 1e-12 * m);
    BOOST_TEST((sum - Eigen::Matrix3d(sum.diagonal().asDiagonal())).norm() <= 1e-12 * m);
    // What the modes miss is the Schur complement M_cc − M_cf M_ff⁻¹ M_fc of the root's translation,
    // positive and at most M_cc, the root's diagonal entry: 156/420 ρA h in bending, 2/6 ρA h in
    // stretching — O(h), so the sum tends to m.
    const double h = c.length / E;
    BOOST_TEST(m - sum(0, 0) > 0.0);
    BOOST_TEST(m - sum(0, 0) <= 2.0 / 6.0 * c.rhoA * h * (1.0 + 1e-12));
    BOOST_TEST(m - sum(2, 2) > 0.0);
    BOOST_TEST(m - sum(2, 2) <= 156.0 / 420.0 * c.rhoA * h * (1.0 + 1e-12));
  }
}

// Eq. (9) on the two bending planes: their modes have the same shapes f_j (one planar problem, EI
// scaled), mass-normalised and signed alike, so (φ_{y,j} × φ_{z,l})_x = ∫ f_j f_l dm = δ_jl:
// G[0] restricted to (y modes, z modes) is the identity, and G[1], G[2] vanish there (tolerance:
// the eigen-solver's accuracy, solver_tolerance). Likewise D[5] = ∫ φ_y φ_zᵀ.
BOOST_AUTO_TEST_CASE(gyroscopic_coupling_pairs_the_bending_planes) {
  const ModalData d = clamped_beam(unit_beam(12, 72));
  const std::vector<Eigen::Index> y = family_modes(d, Family::bending_y), z = family_modes(d, Family::bending_z);
  BOOST_TEST(y.size() == 24u);
  BOOST_TEST(z.size() == 24u);
  for (std::size_t j = 0; j < y.size(); ++j)
    for (std::size_t l = 0; l < z.size(); ++l) {
      const double expected = j == l ? 1.0 : 0.0;
      const double tol = solver_tolerance(d, y[j], z[l]);
      BOOST_TEST(std::abs(d.G[0](y[j], z[l]) - expected) <= tol);
      BOOST_TEST(std::abs(d.G[0](z[l], y[j]) + expected) <= tol);
      BOOST_TEST(std::abs(d.G[1](y[j], z[l])) <= tol);
      BOOST_TEST(std::abs(d.G[2](y[j], z[l])) <= tol);
      BOOST_TEST(std::abs(d.D[5](y[j], z[l]) - expected) <= tol);
    }
}

// ρJ = 0: the beam is rigid in torsion; the torsional DOFs are left out (5 per element), no mode
// twists, and the bending and axial frequencies are those of the beam with ρJ > 0 (torsion is
// uncoupled): equal to the eigen-solver's accuracy (solver_tolerance).
BOOST_AUTO_TEST_CASE(zero_polar_inertia_leaves_torsion_out) {
  BeamConfig c = unit_beam(6, 30);
  c.rhoJ = 0.0;
  const ModalData rigid = clamped_beam(c);
  BOOST_TEST(rigid.modes() == 30);
  BOOST_TEST(family_modes(rigid, Family::torsion).empty());
  for (const ModalNode& node : rigid.nodes) BOOST_TEST(node.psi_F.row(0).norm() == 0.0);
  BOOST_TEST(rigid.I_PntF_F(0, 0) == 0.0);  // a thin rod along x: no moment about its axis
  c.rhoJ = 0.1;
  c.modes = 36;
  const ModalData full = clamped_beam(c);
  std::vector<double> a, b;
  for (Eigen::Index k = 0; k < full.modes(); ++k)
    if (families(full)[static_cast<std::size_t>(k)] != Family::torsion) a.push_back(full.omega[k]);
  for (Eigen::Index k = 0; k < rigid.modes(); ++k) b.push_back(rigid.omega[k]);
  BOOST_TEST(a.size() == b.size());
  for (std::size_t k = 0; k < a.size(); ++k)
    BOOST_TEST(std::abs(a[k] - b[k]) <= a[k] * solver_tolerance(rigid, static_cast<Eigen::Index>(k)));
}

BOOST_AUTO_TEST_SUITE_END()
