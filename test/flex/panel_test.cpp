// The panel generator (flex/panel.hpp, docs/flex/panel.md §8) against independent references:
//  - frequencies: one longeron is the beam generator's beam; identical longerons on ribs that stay
//    straight bend as one beam (the continuum Euler–Bernoulli roots, order 4) and twist as the
//    bending of one longeron (the Rayleigh estimate of the small GJs); a tip rib on a rigid
//    longeron is two cantilevers in every family (bending in both planes, torsion, stretching);
//  - integrals: the members' thin rods with their sections' rotary inertia; the normalisation and
//    the translational orthonormality; a rotated copy.
#include <algorithm>
#include <array>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "flex/beams.hpp"
#include "flex/continuum.hpp"
#include "flex/panels.hpp"
#include "ramus/flex/beam.hpp"
#include "ramus/flex/panel.hpp"
#include "ramus/kernel/random_stream.hpp"

namespace {

using namespace ramus;
using namespace ramus::test::flex;
using ramus::flex::BeamConfig;
using ramus::flex::clamped_beam;
using ramus::flex::clamped_panel;
using ramus::flex::PanelConfig;

constexpr double kPi = std::numbers::pi;

// A rotation about the unit axis n by angle a (Rodrigues).
Eigen::Matrix3d rotation(const Eigen::Vector3d& n, double a) { return Eigen::AngleAxisd(a, n.normalized()).matrix(); }

// The unit beam on 8 elements keeping 12 modes (bending in both planes, torsion, stretching), its
// root off F's origin and its axes turned: every component of every integral non-zero.
BeamConfig turned_unit_beam() {
  BeamConfig b = beam_config(kUnitBeam, 8, 12);
  b.r_RF_F = Eigen::Vector3d(0.3, -0.2, 0.5);
  b.dcm_BF = rotation(Eigen::Vector3d(1.0, 2.0, -0.5), 0.7).transpose();
  return b;
}

// The ladder's out-of-plane modes split by the sign of the two outer longerons' tip deflections:
// bending (alike) and twist (opposite), each in ascending frequency.
struct LadderModes {
  std::vector<Eigen::Index> bending, twist;
};
LadderModes ladder_modes(const ModalData& d, const PanelConfig& c) {
  const int nx = c.ribs * c.elements_per_bay, ny = (c.longerons - 1) * c.elements_per_bay;
  const ModalNode &a = node(d, node_name(nx, 0)), &b = node(d, node_name(nx, ny));
  LadderModes m;
  for (const Eigen::Index k : out_of_plane_modes(d))
    (a.phi_F(2, k) * b.phi_F(2, k) > 0.0 ? m.bending : m.twist).push_back(k);
  return m;
}

// One of the ladder's longerons as a beam (with ρJ > 0: clamped_beam's torsion is uncoupled and
// leaves the bending frequencies alone).
constexpr UniformBeam kLadderLongeron{1.0, 1.0, 50.0, 1.0, 0.1, 1e4, 1.0};

// Observed order log2(e_coarse/e_fine).
double order(double coarse, double fine) { return std::log2(coarse / fine); }

}  // namespace

BOOST_AUTO_TEST_SUITE(panel_frequencies)

// One longeron with ribs of negligible mass is the beam of clamped_beam: the same elements along
// the same axis; the ribs, branches off the longeron, add only their mass (2.4e-10 of the beam's
// 1 kg) — a rib's stiffness only resists its own deformation, which nothing loads but its own
// inertia. Every frequency, the mass properties, P, H, and the shapes at the longeron's nodes
// (n<i> of the beam, x<i>y2 of the panel: the same sign convention, the tip's mean translation
// being the longeron tip's) agree to 1e-9: the ribs' mass times at most the 4/m that a
// cantilever's tip has of φ² (measured 3.6e-10 on the frequencies, 2.4e-10 on m).
BOOST_AUTO_TEST_CASE(one_longeron_is_the_beam) {
  const BeamConfig b = turned_unit_beam();
  const ModalData beam = clamped_beam(b), panel = clamped_panel(one_longeron_panel(b));
  BOOST_REQUIRE_EQUAL(panel.modes(), beam.modes());
  const double tol = 1e-9;
  double worst = 0.0;
  for (Eigen::Index k = 0; k < beam.modes(); ++k)
    worst = std::max(worst, std::abs(panel.omega[k] / beam.omega[k] - 1.0));
  BOOST_TEST_MESSAGE("largest relative frequency difference " << worst << ", mass " << panel.mass / beam.mass - 1.0);
  BOOST_TEST(worst <= tol);
  BOOST_TEST(std::abs(panel.mass / beam.mass - 1.0) <= tol);
  BOOST_TEST((panel.r_ScF_F - beam.r_ScF_F).norm() <= tol * beam.r_ScF_F.norm());
  BOOST_TEST((panel.I_PntF_F - beam.I_PntF_F).norm() <= tol * beam.I_PntF_F.norm());
  BOOST_TEST((panel.P_F - beam.P_F).norm() <= tol * beam.P_F.norm());
  BOOST_TEST((panel.H_PntF_F - beam.H_PntF_F).norm() <= tol * beam.H_PntF_F.norm());
  BOOST_TEST((panel.modal_mass - beam.modal_mass).norm() <= 1e-13);  // both 1 to round-off
  for (int i = 0; i <= 8; ++i) {
    const ModalNode &n = beam.nodes[static_cast<std::size_t>(i)], &p = node(panel, node_name(i, 2));
    BOOST_TEST((p.r_NF_F - n.r_NF_F).norm() <= 1e-15);
    BOOST_TEST((p.phi_F - n.phi_F).norm() <= tol * std::max(1.0, n.phi_F.norm()));
    BOOST_TEST((p.psi_F - n.psi_F).norm() <= tol * std::max(1.0, n.psi_F.norm()));
  }
}

// Identical longerons on ribs at every node (the ladder, flex/panels.hpp) deflecting alike: the
// ribs translate and turn about their own axes rigidly (their torsion free), strain-free, and
// their mass is 1e-10 of the longerons' — so each longeron is the beam alone, and the panel bends
// as one beam of the summed EI and ρA, the same frequencies: the continuum roots
// ω_k = (β_k L)² √(EI/(ρA L⁴)) from above at h⁴ (Rayleigh–Ritz with the Hermite elements; window
// 3.8–4.2 once the coarser mesh has 2k elements for mode k, as for the beam: measured 3.89, 3.97,
// 4.00, 4.07 for mode 1, 3.87–4.07 for modes 1–3), and clamped_beam's of the same elements to 5e-9
// (the ribs' mass, ≤ 1.6e-9 of the panel's, times the tip's factor 4: measured ≤ 4.3e-10). Two
// longerons on 2 … 32 ribs; then three (y = −0.4, 0, 0.4) on 8 (measured 1.4e-10), the outer tips
// moving as the middle one to 1e-6 (the twist, 1e-5 above, hardly mixes in: measured 3.1e-8).
BOOST_AUTO_TEST_CASE(identical_longerons_bend_as_one_beam) {
  const std::vector<int> meshes = {2, 4, 8, 16, 32};
  std::vector<std::vector<double>> error;  // [mesh][mode]
  for (const int E : meshes) {
    const PanelConfig c = ladder(2, E, 0.5, 8);
    const ModalData d = clamped_panel(c);
    const LadderModes m = ladder_modes(d, c);
    BOOST_REQUIRE_GE(m.bending.size(), 3u);
    const ModalData beam = clamped_beam(beam_config(kLadderLongeron, E, 6 * E));
    const std::vector<Eigen::Index> Z = family_modes(beam, Family::bending_z);
    std::vector<double> e;
    for (std::size_t k = 0; k < 3; ++k) {
      const double omega = d.omega[m.bending[k]], bL = cantilever_root(static_cast<int>(k));
      e.push_back(omega / (bL * bL) - 1.0);
      BOOST_TEST_MESSAGE(E << " ribs, bending mode " << k + 1 << ": " << omega << ", continuum error " << e.back()
                           << ", against clamped_beam " << omega / beam.omega[Z[k]] - 1.0);
      BOOST_TEST(e.back() > 0.0);
      BOOST_TEST(std::abs(omega / beam.omega[Z[k]] - 1.0) <= 5e-9);
    }
    error.push_back(e);
  }
  for (std::size_t i = 0; i + 1 < meshes.size(); ++i)
    for (std::size_t k = 0; k < 3; ++k)
      if (meshes[i] >= 2 * static_cast<int>(k + 1)) {
        BOOST_TEST(order(error[i][k], error[i + 1][k]) >= 3.8);
        BOOST_TEST(order(error[i][k], error[i + 1][k]) <= 4.2);
      }
  BOOST_TEST(error.back()[0] <= 1e-8);  // the beam's 8.2e-9 on 32 elements; measured 7.8e-9

  const PanelConfig three = ladder(3, 8, 0.8, 8);
  const ModalData d = clamped_panel(three);
  const Eigen::Index k = out_of_plane_modes(d).front();
  const double beam = clamped_beam(beam_config(kLadderLongeron, 8, 1)).omega[0];
  BOOST_TEST_MESSAGE("three longerons: " << d.omega[k] << " against clamped_beam " << d.omega[k] / beam - 1.0);
  BOOST_TEST(std::abs(d.omega[k] / beam - 1.0) <= 5e-9);
  const double tip = node(d, node_name(8, 1)).phi_F(2, k);  // the middle longeron's tip moves as the outer ones
  const double outer0 = node(d, node_name(8, 0)).phi_F(2, k) / tip - 1.0,
               outer2 = node(d, node_name(8, 2)).phi_F(2, k) / tip - 1.0;
  BOOST_TEST_MESSAGE("outer tips against the middle one: " << outer0 << ", " << outer2);
  BOOST_TEST(std::abs(outer0) <= 1e-6);
  BOOST_TEST(std::abs(outer2) <= 1e-6);
}

// The ladder's first twist, two longerons at ±b/2: twisting by θ(x), the longerons deflect
// w± = ±θ b/2 and, the ribs straight and free to twist, nothing else resists — strain energy
// 2 · ½ EI ∫ (θ'' b/2)² = ½ (EI b²/2) ∫ θ''², kinetic 2 · ½ ρA ∫ (θ̇ b/2)² = ½ (ρA b²/2) ∫ θ̇²: a beam of
// stiffness EI b²/2 and inertia ρA b²/2, the same ratio as one longeron's, so the first twist
// frequency is the first bending frequency of one longeron (the ladder's first bending mode).
// The small torsional stiffnesses GJ = 1e-6 (needed > 0) add, to first order (Rayleigh),
//   δω/ω = ½ [2 GJ ∫ θ'² + GJ_rib b Σ_ribs θ'(x_r)²] / [(EI b²/2) ∫ θ''²]
// — the longerons turn by θ, each rib twists by b θ' over its length b — with θ the continuum's
// first mode: 9.6e-6 on 8 ribs, 2.8e-5 on 32. Asserted: the twist frequency above the bending one
// by δω/ω within 0.5 % (the estimate's first order, and the modes' discretisation, which leaves
// 3 % on 2 ribs and 0.6 % on 4: measured 0.11 %, 0.017 %, 0.003 % on 8, 16, 32). ρJ = 0 and the
// ribs' negligible mass leave the twist no other inertia.
BOOST_AUTO_TEST_CASE(free_twist_is_the_bending_of_one_longeron) {
  const double b = 0.5, L = 1.0, GJ = 1e-6, EI = 1.0;
  const double slope2 = simpson([&](double x) { return std::pow(first_mode_slope(L, x), 2); }, 0.0, L, 20000);
  const double curvature2 = simpson([&](double x) { return std::pow(first_mode_curvature(L, x), 2); }, 0.0, L, 20000);
  BOOST_TEST(std::abs(curvature2 / std::pow(cantilever_root(0), 4) - 1.0) <= 1e-12);  // ∫ φ''² = β⁴ ∫ φ² = β⁴ L
  for (const int E : {8, 16, 32}) {
    const PanelConfig c = ladder(2, E, b, 8);
    const ModalData d = clamped_panel(c);
    const LadderModes m = ladder_modes(d, c);
    double ribs = 0.0;
    for (int r = 1; r <= E; ++r) ribs += std::pow(first_mode_slope(L, r * L / E), 2);
    const double estimate = 0.5 * (2.0 * GJ * slope2 + GJ * b * ribs) / (EI * b * b / 2.0 * curvature2);
    const double shift = d.omega[m.twist.front()] / d.omega[m.bending.front()] - 1.0;
    BOOST_TEST_MESSAGE(E << " ribs: twist " << d.omega[m.twist.front()] << ", bending " << d.omega[m.bending.front()]
                         << ", shift " << shift << ", Rayleigh " << estimate);
    BOOST_TEST(std::abs(shift / estimate - 1.0) <= 5e-3);
  }
}

// A tip rib on a longeron a billion times stiffer (one longeron, one rib, W = 1 m): the rib is
// clamped at its middle, two cantilevers of ℓ = 0.5 m. Turned so that the rib lies along F's x
// with its section's axes F's y (the panel's −x) and z (the normal), each of its families is a
// beam family of flex/continuum.hpp: bending along z (EI_y: ω_k = (β_k ℓ)² √(EI/(ρA ℓ⁴))), along y
// (EI_z), torsion (GJ/ρJ) and stretching (EA/ρA) of the fixed-free shaft and rod, each frequency a
// pair (the two halves). The rib is the unit beam's section, so a wrongly turned rib element (its
// stiffnesses swapped among the directions, its axes reflected) moves the families apart. Bending:
// from above, order 3.8–4.2 once each half has 2k elements for mode k (measured 3.87–4.14), 2e-7 on
// 16 (measured 1.29e-7, 1.17e-7); torsion and stretching: order 1.95–2.05 (measured 2.000–2.007),
// leading error (k h)²/24 within 1 %. The partner of each pair within 5e-6: the longeron's
// compliance splits them, most the third in-plane pair, whose modal stiffness ω² ρA ℓ is ~7e-6 of
// the longeron's EA/L (measured ≤ 5.1e-7).
BOOST_AUTO_TEST_CASE(tip_rib_on_a_rigid_longeron_is_two_cantilevers) {
  const double half = 0.5;
  const std::vector<int> meshes = {2, 4, 8, 16};
  struct FamilyStudy {
    Family family;
    int count;
    std::function<double(int)> exact;
    std::vector<std::vector<double>> error;
  };
  const auto bending = [half](double EI) {
    return [EI, half](int k) { return std::pow(cantilever_root(k), 2) * std::sqrt(EI) / (half * half); };
  };
  const auto shaft = [half](double ratio) {
    return [ratio, half](int k) { return (2 * k + 1) * kPi / 2.0 * std::sqrt(ratio) / half; };
  };
  std::vector<FamilyStudy> studies = {{Family::bending_z, 3, bending(kUnitBeam.EI_y), {}},
                                      {Family::bending_y, 3, bending(kUnitBeam.EI_z), {}},
                                      {Family::torsion, 2, shaft(kUnitBeam.GJ / kUnitBeam.rhoJ), {}},
                                      {Family::axial, 2, shaft(kUnitBeam.EA / kUnitBeam.rhoA), {}}};
  double split = 0.0;  // the largest relative split of a pair
  for (const int E : meshes) {
    PanelConfig c;
    c.length = 1.0;
    c.width = 2.0 * half;
    c.longerons = c.ribs = 1;
    c.elements_per_bay = E;
    c.longeron = section(1e10, 1e10, 1e10, 1e10, 1.0, 1.0);
    c.rib = unit_beam_section();
    c.dcm_BF << 0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0;  // panel y = F's x, panel z = F's z
    c.modes = 6 * 3 * E;                                       // every mode: 3E free nodes
    const ModalData d = clamped_panel(c);
    for (FamilyStudy& s : studies) {
      const std::vector<Eigen::Index> idx = family_modes(d, s.family);
      std::vector<double> e;
      for (int k = 0; k < s.count; ++k) {
        const double lower = d.omega[idx[static_cast<std::size_t>(2 * k)]];
        const double partner = d.omega[idx[static_cast<std::size_t>(2 * k + 1)]];
        split = std::max(split, partner / lower - 1.0);
        BOOST_TEST(partner / lower - 1.0 <= 5e-6);
        e.push_back(lower / s.exact(k) - 1.0);
        BOOST_TEST(e.back() > 0.0);
      }
      BOOST_TEST_MESSAGE(
          E << " elements per half, family " << static_cast<int>(s.family) << ": errors "
            << Eigen::Map<const Eigen::VectorXd>(e.data(), static_cast<Eigen::Index>(e.size())).transpose());
      s.error.push_back(e);
    }
  }
  BOOST_TEST_MESSAGE("largest split of a pair " << split);
  for (const FamilyStudy& s : studies) {
    const bool cubic = s.family == Family::bending_y || s.family == Family::bending_z;
    for (std::size_t i = 0; i + 1 < meshes.size(); ++i)
      for (std::size_t k = 0; k < static_cast<std::size_t>(s.count); ++k)
        if (meshes[i] >= 2 * static_cast<int>(k + 1)) {
          const double p = order(s.error[i][k], s.error[i + 1][k]);
          BOOST_TEST_MESSAGE("family " << static_cast<int>(s.family) << ", mode " << k + 1 << ", " << meshes[i]
                                       << " to " << meshes[i + 1] << ": order " << p);
          BOOST_TEST(p >= (cubic ? 3.8 : 1.95), "family " << static_cast<int>(s.family) << " order " << p);
          BOOST_TEST(p <= (cubic ? 4.2 : 2.05), "family " << static_cast<int>(s.family) << " order " << p);
        }
    if (cubic) {
      BOOST_TEST(s.error.back()[0] <= 2e-7);
    } else {
      const double kh = kPi / 2.0 / meshes.back();
      BOOST_TEST(std::abs(s.error.back()[0] / (kh * kh / 24.0) - 1.0) <= 0.01);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(panel_integrals)

// Mass, centre of mass and inertia about F of a panel of three longerons and two ribs, its root
// off F's origin and its axes turned, the sections with rotary inertia about all three axes: the
// sum over the members of the thin rod's (mℓ²/12)(1 − t tᵀ) about its centre, its sections' ℓ (ρJ t tᵀ
// + ρI_y y yᵀ + ρI_z z zᵀ) (a rib's t, y, z the panel's y, −x, z) and the parallel-axis term
// m (|c|² 1 − c cᵀ). The members cross at points: nothing counted twice. Tolerance: round-off of
// sums of ~100 quadrature terms, 1e-14 relative (measured ≤ 9e-16). The nodes: every grid
// node where a member runs, named x<i>y<j>, at r_RF_F + x_i x̂ + y_j ŷ; the root edge's fixed.
BOOST_AUTO_TEST_CASE(rigid_body_integrals_are_the_members_rods) {
  PanelConfig c;
  c.length = 2.5;
  c.width = 1.2;
  c.longerons = 3;
  c.ribs = 2;
  c.elements_per_bay = 2;
  c.longeron = section(2.0, 5.0, 1.0, 100.0, 3.0, 0.02);
  c.longeron.rhoI_y = 0.007;
  c.longeron.rhoI_z = 0.013;
  c.rib = section(1.0, 3.0, 0.5, 80.0, 1.5, 0.01);
  c.rib.rhoI_y = 0.004;
  c.rib.rhoI_z = 0.009;
  c.modes = 5;
  c.r_RF_F = Eigen::Vector3d(0.3, -0.2, 0.5);
  c.dcm_BF = rotation(Eigen::Vector3d(1.0, 2.0, -0.5), 0.7).transpose();
  const ModalData d = clamped_panel(c);
  const Eigen::Vector3d x = c.dcm_BF.row(0).transpose(), y = c.dcm_BF.row(1).transpose(),
                        z = c.dcm_BF.row(2).transpose();
  const Eigen::Matrix3d one = Eigen::Matrix3d::Identity();
  double m = 0.0;
  Eigen::Vector3d first = Eigen::Vector3d::Zero();
  Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
  const auto rod = [&](const ramus::flex::BeamSection& s, double length, const Eigen::Vector3d& centre,
                       const Eigen::Vector3d& t, const Eigen::Vector3d& sy, const Eigen::Vector3d& sz) {
    const double mass = s.rhoA * length;
    m += mass;
    first += mass * centre;
    I += mass * length * length / 12.0 * (one - t * t.transpose()) +
         length * (s.rhoJ * t * t.transpose() + s.rhoI_y * sy * sy.transpose() + s.rhoI_z * sz * sz.transpose()) +
         mass * (centre.squaredNorm() * one - centre * centre.transpose());
  };
  for (const double yl : {-0.6, 0.0, 0.6}) rod(c.longeron, c.length, c.r_RF_F + 1.25 * x + yl * y, x, y, z);
  for (const double xr : {1.25, 2.5}) rod(c.rib, c.width, c.r_RF_F + xr * x, y, -x, z);
  BOOST_TEST_MESSAGE("m " << d.mass / m - 1.0 << ", c " << (d.r_ScF_F - first / m).norm() << ", I "
                          << (d.I_PntF_F - I).norm() / I.norm());
  BOOST_TEST(std::abs(d.mass - m) <= 1e-14 * m);
  BOOST_TEST((d.r_ScF_F - first / m).norm() <= 1e-14 * (first / m).norm());
  BOOST_TEST((d.I_PntF_F - I).norm() <= 1e-14 * I.norm());
  // Nodes: longerons on j = 0, 2, 4 of every i; ribs on i = 2, 4 (x = 1.25, 2.5) of every j.
  std::vector<std::pair<int, int>> expected;
  for (int i = 0; i <= 4; ++i)
    for (int j = 0; j <= 4; ++j)
      if (j % 2 == 0 || (i > 0 && i % 2 == 0)) expected.emplace_back(i, j);
  BOOST_REQUIRE_EQUAL(d.nodes.size(), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) {
    const auto [i, j] = expected[k];
    const ModalNode& n = d.nodes[k];
    BOOST_TEST(n.name == node_name(i, j));
    const Eigen::Vector3d r = c.r_RF_F + (i * 2.5 / 4.0) * x + (j * 1.2 / 4.0 - 0.6) * y;
    BOOST_TEST((n.r_NF_F - r).norm() <= 1e-15 * 4.0);
    if (i == 0) BOOST_TEST(n.phi_F.norm() + n.psi_F.norm() == 0.0);
  }
}

// Mass-normalised and ascending. μ_k = 1 from the quadrature of eq. (5), which integrates the same
// polynomials as the consistent mass matrices the eigen-solver normalised with: to round-off,
// 1e-14 (measured 1.1e-15; 7.8e-16 with rotary inertia). Without any rotary inertia (ρJ = ρI = 0:
// the twists off the crossings are massless, M singular — every mode that carries mass kept),
// ∫ φ_k·φ_l dm = D[0] + D[4] + D[8] is the whole of the orthonormality: the identity to the
// eigen-solver's accuracy (solver_tolerance; measured ≤ 0.01 of it); with Timoshenko sections and
// rotary inertia, μ includes ∫ ψ·J_sec ψ.
BOOST_AUTO_TEST_CASE(modes_are_mass_normalised_and_ascending) {
  PanelConfig c;
  c.length = 2.0;
  c.width = 1.0;
  c.longerons = 2;
  c.ribs = 3;
  c.elements_per_bay = 2;
  c.longeron = section(2.0, 5.0, 1.0, 100.0, 1.0, 0.0);
  c.rib = section(1.0, 3.0, 0.5, 80.0, 0.5, 0.0);
  // Free nodes: 2 longerons × 6 + 3 ribs × 1 middle node; massless: the longerons' twist at the 3
  // nodes between ribs of each, the ribs' at their middle nodes.
  c.modes = 6 * 15 - 2 * 3 - 3;
  const ModalData d = clamped_panel(c);
  BOOST_TEST_MESSAGE("mu - 1: " << (d.modal_mass - Eigen::VectorXd::Ones(c.modes)).cwiseAbs().maxCoeff());
  BOOST_TEST((d.modal_mass - Eigen::VectorXd::Ones(c.modes)).cwiseAbs().maxCoeff() <= 1e-14);
  for (Eigen::Index k = 1; k < d.modes(); ++k) BOOST_TEST(d.omega[k] >= d.omega[k - 1]);
  const Eigen::MatrixXd translational = d.D[0] + d.D[4] + d.D[8];
  double worst = 0.0;
  for (Eigen::Index k = 0; k < d.modes(); ++k)
    for (Eigen::Index l = 0; l < d.modes(); ++l) {
      const double e = std::abs(translational(k, l) - (k == l ? 1.0 : 0.0));
      worst = std::max(worst, e / solver_tolerance(d, k, l));
      BOOST_TEST(e <= solver_tolerance(d, k, l));
    }
  BOOST_TEST_MESSAGE("orthonormality: largest error / solver_tolerance " << worst << "; omega " << d.omega[0] << " … "
                                                                         << d.omega[d.modes() - 1]);
  PanelConfig thick = c;
  thick.longeron.rhoJ = 0.01;
  thick.rib.rhoJ = 0.005;
  thick.longeron.kGA_y = thick.longeron.kGA_z = 400.0;
  thick.longeron.rhoI_y = thick.longeron.rhoI_z = 0.003;
  thick.rib.kGA_z = 200.0;
  thick.rib.rhoI_y = 0.002;
  thick.modes = 40;
  const double thick_error = (clamped_panel(thick).modal_mass - Eigen::VectorXd::Ones(40)).cwiseAbs().maxCoeff();
  BOOST_TEST_MESSAGE("Timoshenko sections, rotary inertia: mu - 1: " << thick_error);
  BOOST_TEST(thick_error <= 1e-14);
}

// The same panel rotated about F's origin by Q (root Q r_A, axes dcm_BF = dcm_A Qᵀ): the same
// matrices in panel axes (ω bit-identical), and every integral in rotated components — P, H, the
// nodes' shapes by Q, J1 and I by Q·Qᵀ, the vector of G by Q, D as a tensor — and for any motion
// (a, ω̇, ω) of A and the rotated one of B the same geometric stiffness Σ_q c_q K_G[q], all twelve
// cases taking part in B. Tolerance: round-off of the rotations and of sums of ~100 terms, 1e-13 of
// each quantity's size (measured ≤ 9.5e-15).
BOOST_AUTO_TEST_CASE(rotating_the_panel_rotates_every_integral) {
  PanelConfig a;
  a.length = 1.5;
  a.width = 0.8;
  a.longerons = 2;
  a.ribs = 2;
  a.elements_per_bay = 2;
  a.longeron = section(2.0, 5.0, 1.0, 100.0, 1.0, 0.02);
  a.rib = section(1.0, 3.0, 0.5, 80.0, 0.5, 0.01);
  a.modes = 12;
  a.r_RF_F = Eigen::Vector3d(0.4, 0.1, 0.0);
  PanelConfig b = a;
  const Eigen::Matrix3d Q = rotation(Eigen::Vector3d(0.3, -0.8, 0.5), 1.1);
  b.r_RF_F = Q * a.r_RF_F;
  b.dcm_BF = a.dcm_BF * Q.transpose();
  const ModalData A = clamped_panel(a), B = clamped_panel(b);
  const Eigen::Index n = A.modes();
  double worst = 0.0;  // the largest relative difference seen
  const auto close = [&worst](const auto& x, const auto& y) {
    const double e = (x - y).norm() / std::max(1.0, static_cast<double>(y.norm()));
    worst = std::max(worst, e);
    return e <= 1e-13;
  };
  BOOST_TEST((A.omega - B.omega).norm() == 0.0);
  BOOST_TEST(close(B.r_ScF_F, Q * A.r_ScF_F));
  BOOST_TEST(close(B.I_PntF_F, Q * A.I_PntF_F * Q.transpose()));
  BOOST_TEST(close(B.P_F, Q * A.P_F));
  BOOST_TEST(close(B.H_PntF_F, Q * A.H_PntF_F));
  for (Eigen::Index k = 0; k < n; ++k) {
    const auto ku = static_cast<std::size_t>(k);
    BOOST_TEST(close(B.J1_F[ku], Q * A.J1_F[ku] * Q.transpose()));
    for (Eigen::Index l = 0; l < n; ++l) {
      const Eigen::Vector3d GA(A.G[0](k, l), A.G[1](k, l), A.G[2](k, l)), GB(B.G[0](k, l), B.G[1](k, l), B.G[2](k, l));
      BOOST_TEST(close(GB, Q * GA));
      Eigen::Matrix3d DA, DB;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          DA(i, j) = A.D[static_cast<std::size_t>(3 * i + j)](k, l);
          DB(i, j) = B.D[static_cast<std::size_t>(3 * i + j)](k, l);
        }
      BOOST_TEST(close(DB, Q * DA * Q.transpose()));
    }
  }
  for (std::size_t i = 0; i < A.nodes.size(); ++i) {
    BOOST_TEST(close(B.nodes[i].r_NF_F, Q * A.nodes[i].r_NF_F));
    BOOST_TEST(close(B.nodes[i].phi_F, Q * A.nodes[i].phi_F));
    BOOST_TEST(close(B.nodes[i].psi_F, Q * A.nodes[i].psi_F));
  }
  RandomStream rng(33, 0, 1);
  const auto draw = [&rng] { return Eigen::Vector3d{rng.normal(), rng.normal(), rng.normal()}; };
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::Vector3d acc = draw(), wd = draw(), w = draw();
    const std::array<double, kModalLoadCases> cA = load_case_coefficients(acc, wd, w);
    const std::array<double, kModalLoadCases> cB = load_case_coefficients(Q * acc, Q * wd, Q * w);
    Eigen::MatrixXd KA = Eigen::MatrixXd::Zero(n, n), KB = Eigen::MatrixXd::Zero(n, n);
    for (std::size_t q = 0; q < kModalLoadCases; ++q) {
      KA += cA[q] * A.K_G[q];
      KB += cB[q] * B.K_G[q];
    }
    worst = std::max(worst, (KA - KB).norm() / KA.norm());
    BOOST_TEST((KA - KB).norm() <= 1e-13 * KA.norm());
  }
  BOOST_TEST_MESSAGE("largest relative difference " << worst);
}

BOOST_AUTO_TEST_SUITE_END()
