// The panel generator's geometric stiffness (docs/flex/panel.md §5) against independent references:
// the beam generator's (exact for a beam's axial force) for one longeron; the continuum rotating
// cantilever (Frobenius series) for identical longerons on ribs that stay straight; a finer mesh
// for a statically indeterminate grillage; the cases a flat panel carries out of its plane.
#include <array>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <vector>

#include "flex/beams.hpp"
#include "flex/continuum.hpp"
#include "flex/panels.hpp"
#include "ramus/flex/beam.hpp"
#include "ramus/flex/panel.hpp"

namespace {

using namespace ramus;
using namespace ramus::test::flex;
using ramus::flex::BeamConfig;
using ramus::flex::clamped_beam;
using ramus::flex::clamped_panel;
using ramus::flex::PanelConfig;

// The lowest out-of-plane frequency of a panel lying in F's x–y plane, F spinning at Ω about its z
// axis: eq. (14) of modal_data.md on the out-of-plane modes Z, K = diag(ω²) + Σ_q c_q K_G[q] + S
// with c from ω = (0, 0, Ω) (only c_8 = Ω²) and the centrifugal softening S = −Ω² (D[0] + D[4]),
// which vanishes on displacements along z (the in-plane modes are uncoupled: left out).
double spinning_frequency(const ModalData& d, double Omega) {
  const std::vector<Eigen::Index> Z = out_of_plane_modes(d);
  const std::array<double, kModalLoadCases> c =
      load_case_coefficients(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Eigen::Vector3d(0.0, 0.0, Omega));
  Eigen::MatrixXd K = d.omega.cwiseAbs2().asDiagonal();
  for (int q = 0; q < kModalLoadCases; ++q) K += c[static_cast<std::size_t>(q)] * d.K_G[static_cast<std::size_t>(q)];
  K -= Omega * Omega * (d.D[0] + d.D[4]);
  const Eigen::MatrixXd KZ = submatrix(K, Z);
  return std::sqrt(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(KZ, Eigen::EigenvaluesOnly).eigenvalues()[0]);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(panel_geometric_stiffness)

// One longeron with ribs of negligible mass (flex/panels.hpp one_longeron_panel): its axial force
// under each unit load case is the beam's, whose closed form (docs/flex/beam.md eq. (12)) the beam generator
// uses — here recovered from the static solution, exact for a bar (the linear element's nodal
// displacements are exact, and the element's force follows by equilibrium, eq. (10)). All twelve
// cases of a turned, offset panel against clamped_beam's, to 1e-9 of the largest (the ribs'
// 2.4e-10 of the mass, with the same factor as the frequencies: measured 3.0e-10; the cases that
// do not stretch the beam get the ribs' own forces alone, ~1e-10 of the largest).
BOOST_AUTO_TEST_CASE(one_longeron_geometric_stiffness_is_the_beam_s) {
  BeamConfig b = beam_config(kUnitBeam, 8, 12);
  b.r_RF_F = Eigen::Vector3d(0.3, -0.2, 0.5);
  b.dcm_BF = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1.0, 2.0, -0.5).normalized()).matrix().transpose();
  const ModalData beam = clamped_beam(b), panel = clamped_panel(one_longeron_panel(b));
  double largest = 0.0, worst = 0.0;
  for (const Eigen::MatrixXd& K : beam.K_G) largest = std::max(largest, K.norm());
  for (std::size_t q = 0; q < kModalLoadCases; ++q) worst = std::max(worst, (panel.K_G[q] - beam.K_G[q]).norm());
  BOOST_TEST_MESSAGE("largest K_G difference " << worst / largest << " of the largest K_G");
  BOOST_TEST(largest > 0.0);
  BOOST_TEST(worst <= 1e-9 * largest);
}

// The ladder (two identical longerons on ribs at every node, flex/panels.hpp), its root at the hub
// radius δ L from the spin axis, spinning at λ = Ω √(ρA L⁴/EI) about the panel's normal: the
// longerons deflecting alike, each is the rotating cantilever — its axial force the beam's (the
// ribs carry the longerons' pull apart, not along), the first out-of-plane frequency the
// Frobenius series' (flex/continuum.hpp) at h⁴: the element's force recovered by equilibrium is the
// exact one (an element force held at its mean EA u_x' would give h²). On 16 and 32 ribs, every
// mode that is not the ribs' light twist kept (10 per rib): from above (Rayleigh–Ritz), order 3.6–4.4
// (measured 3.90–4.08), 2e-6 on 32 (measured 1.3e-6 at δ = 1, λ = 12; 7e-9 at λ = 2).
BOOST_AUTO_TEST_CASE(spinning_ladder_stiffens_as_the_continuum) {
  for (const double delta : {0.0, 1.0}) {
    ModalData d[2];
    for (int i = 0; i < 2; ++i) {
      const int E = 16 << i;
      PanelConfig c = ladder(2, E, 0.5, 10 * E);
      c.r_RF_F = Eigen::Vector3d(delta, 0.0, 0.0);
      d[i] = clamped_panel(c);
    }
    for (int lambda = 0; lambda <= 12; lambda += 2) {
      const double reference = rotating_flap_frequency(lambda, delta);
      const double e16 = spinning_frequency(d[0], lambda) / reference - 1.0;
      const double e32 = spinning_frequency(d[1], lambda) / reference - 1.0;
      BOOST_TEST_MESSAGE("hub " << delta << ", lambda " << lambda << ": Frobenius " << reference << ", errors " << e16
                                << " (16 ribs), " << e32 << " (32), order " << std::log2(e16 / e32));
      BOOST_TEST(e16 > 0.0);
      BOOST_TEST(e32 > 0.0);
      BOOST_TEST(e32 <= 2e-6);
      BOOST_TEST(std::log2(e16 / e32) >= 3.6);
      BOOST_TEST(std::log2(e16 / e32) <= 4.4);
    }
  }
}

// A statically indeterminate grillage: three longerons 0.6 m apart and one flexible tip rib,
// every member free to twist (GJ ≈ 0, ρJ = 0, so that the out-of-plane modes are the bending
// elements' alone, converging at h⁴, not the linear torsion elements' h²), spinning at λ = 2 and 4
// about the normal with the root 0.5 L from the axis: the outer longerons' outward pull bends the
// tip rib and the longerons in the plane, and the rib's shear moves axial force between the
// longerons. The static solution's nodal displacements are exact (every element's interpolation
// holds its homogeneous solutions), so the recovered forces are too, and the spinning frequency
// converges at the modes' h⁴: the observed order from 3, 6, 12 elements per bay,
// log2((f₃ − f₆)/(f₆ − f₁₂)), 3.5–4.4 (measured 3.90, 3.72; 2.03, 2.00 with the element's mean force
// alone). Every mode that carries mass kept (25 per element per bay, less 7).
BOOST_AUTO_TEST_CASE(indeterminate_grillage_converges_at_h4) {
  for (const double lambda : {2.0, 4.0}) {
    std::vector<double> f;
    for (const int per_bay : {3, 6, 12}) {
      PanelConfig c;
      c.length = 1.0;
      c.width = 0.6;
      c.longerons = 3;
      c.ribs = 1;
      c.elements_per_bay = per_bay;
      c.longeron = section(1.0, 2.0, 1e-9, 1e2, 1.0, 0.0);
      c.rib = section(0.5, 0.3, 1e-9, 50.0, 0.2, 0.0);
      c.r_RF_F = Eigen::Vector3d(0.5, 0.0, 0.0);
      c.modes = 25 * per_bay - 7;
      f.push_back(spinning_frequency(clamped_panel(c), lambda));
    }
    const double p = std::log2((f[0] - f[1]) / (f[1] - f[2]));
    BOOST_TEST_MESSAGE("lambda " << lambda << ": " << f[0] << ", " << f[1] << ", " << f[2] << ", order " << p);
    BOOST_TEST(p >= 3.5);
    BOOST_TEST(p <= 4.4);
  }
}

// A flat grillage carries loads normal to its plane by bending and torsion alone: the cases whose
// field is normal to the plane on it (panel in F's x–y plane, root on F's x axis: a_z, ω̇_x, ω̇_y,
// ω_yω_z, ω_zω_x — f_q(r) ∥ e_z for r_z = 0) leave every axial force zero and K_G[q] exactly zero
// (the in-plane and out-of-plane DOFs are uncoupled in K: the static solution has no in-plane part);
// the others stretch the members.
BOOST_AUTO_TEST_CASE(cases_normal_to_the_plane_add_nothing) {
  PanelConfig c;
  c.length = 1.5;
  c.width = 0.8;
  c.longerons = 3;
  c.ribs = 2;
  c.elements_per_bay = 2;
  c.longeron = section(2.0, 5.0, 1.0, 100.0, 1.0, 0.02);
  c.rib = section(1.0, 3.0, 0.5, 80.0, 0.5, 0.01);
  c.modes = 20;
  c.r_RF_F = Eigen::Vector3d(0.4, 0.0, 0.0);
  const ModalData d = clamped_panel(c);
  for (int q : {2, 3, 4, 10, 11}) BOOST_TEST(d.K_G[static_cast<std::size_t>(q)].norm() == 0.0, "case " << q);
  for (int q : {0, 1, 5, 6, 7, 8, 9}) BOOST_TEST(d.K_G[static_cast<std::size_t>(q)].norm() > 0.0, "case " << q);
}

BOOST_AUTO_TEST_SUITE_END()
