// The panel generator's grillage as a frame (docs/flex/panel.md §2): the static flexibility of its
// complete modes, Σ_k φ_k φ_kᵀ/(μ_k ω_k²), against the slope-deflection closed forms of two portal
// frames — two longerons and a tip rib swaying in the panel's plane, and twisting out of it — which
// depend on how the rib's and the longerons' DOFs are joined at the crossings (which rotation is a
// rib's bending, its twist, a longeron's bending or twist).
#include <array>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <vector>

#include "flex/panels.hpp"
#include "ramus/flex/panel.hpp"

namespace {

using namespace ramus;
using namespace ramus::test::flex;
using ramus::flex::clamped_panel;
using ramus::flex::PanelConfig;

// The portal: longerons of height h = 1 m, b = 0.8 m apart, a tip rib, two elements per bay; ρJ = 0,
// so that the twists off the crossings carry no mass: every mode that carries mass kept (30 free
// DOFs less those 3), whose flexibility is then the static one on those DOFs (the massless ones
// condensed, exactly).
PanelConfig portal(const ramus::flex::BeamSection& longeron, const ramus::flex::BeamSection& rib) {
  PanelConfig c;
  c.length = 1.0;
  c.width = 0.8;
  c.longerons = 2;
  c.ribs = 1;
  c.elements_per_bay = 2;
  c.longeron = longeron;
  c.rib = rib;
  c.modes = 27;
  return c;
}

// The displacement of the tip corners x2y0, x2y2 under forces F0, F2 there, from the complete
// modes (any frame: F in F components, dcm_BF the identity here).
struct Corners {
  Eigen::Vector3d u0, u2;
};
Corners static_corners(const ModalData& d, const Eigen::Vector3d& F0, const Eigen::Vector3d& F2) {
  const ModalNode &a = node(d, node_name(2, 0)), &b = node(d, node_name(2, 2));
  Corners c{Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()};
  for (Eigen::Index k = 0; k < d.modes(); ++k) {
    const double eta = (a.phi_F.col(k).dot(F0) + b.phi_F.col(k).dot(F2)) / (d.modal_mass[k] * d.omega[k] * d.omega[k]);
    c.u0 += a.phi_F.col(k) * eta;
    c.u2 += b.phi_F.col(k) * eta;
  }
  return c;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(panel_frames)

// Sway in the plane: a force P along y shared by the tip corners (P/2 each). Slope-deflection:
// the longerons (EI_c = their EI_z, EA_c) fixed at the root, the joints turning by θ about the
// normal with the sway Δ, the overturning shortening one longeron and stretching the other by δ,
// which turns the rib's chord by ψ = 2δ/b. Per joint: a longeron's top moment
// (EI_c/h)(4θ − 6Δ/h); the rib's end moments (EI_b/b)(4θ + 2θ − 6ψ) (both ends turning alike), its
// shear (12 EI_b/b²)(θ − ψ) the longerons' axial force EA_c δ/h, so that ψ = a θ/(1 + a),
// a = 24 EI_b h/(EA_c b³); joint equilibrium and the shears then give
//   P = (24 EI_c/h³) (1 + 6r)/(4 + 6r) Δ,  r = (EI_b/b)/(EI_c/h)/(1 + a)
// (two cantilevers, 6 EI_c/h³, when r → 0; fixed-fixed columns, 24 EI_c/h³, when r → ∞). The
// elements are exact for nodal loads (their interpolation holds the homogeneous solutions), so
// the frame's Δ is the closed form's to round-off — the eigen-solver's, amplified by the spread of
// stiffnesses in the plane (EA/EI ~ 1e6): 5e-10 (measured ≤ 4.8e-11). A rib bending in the plane
// with its EI_y, or joined to the longerons by other DOFs, is off by tens of per cent; without the
// axial term (a = 1.4e-5 to 2.8e-4 here) the closed form would be off by up to 2.4e-5. (The sense
// of the rib's axes is not seen here — flipping its in-plane transverse axis is undone by flipping
// every u_x — but in tip_rib_on_a_rigid_longeron_is_two_cantilevers.)
BOOST_AUTO_TEST_CASE(sway_in_the_plane_is_the_portal_frame_s) {
  const double h = 1.0, b = 0.8, EI_c = 1.5, EA = 1e6, P = 2.0;
  for (const double EI_b : {0.3, 1.2, 6.0}) {
    const ModalData d =
        clamped_panel(portal(section(2.0, EI_c, 1.0, EA, 1.0, 0.0), section(2.0, EI_b, 1.0, EA, 0.5, 0.0)));
    const double a = 24.0 * EI_b * h / (EA * b * b * b);
    const double r = (EI_b / b) / (EI_c / h) / (1.0 + a);
    const double sway = P / (24.0 * EI_c / (h * h * h) * (1.0 + 6.0 * r) / (4.0 + 6.0 * r));
    const Eigen::Vector3d F(0.0, P / 2.0, 0.0);
    const Corners u = static_corners(d, F, F);
    BOOST_TEST_MESSAGE("r = " << r << ", a = " << a << ": sway " << u.u0.y() / sway - 1.0 << ", "
                              << u.u2.y() / sway - 1.0 << " relative to slope-deflection " << sway);
    BOOST_TEST(std::abs(u.u0.y() / sway - 1.0) <= 5e-10);
    BOOST_TEST(std::abs(u.u2.y() / sway - 1.0) <= 5e-10);
    BOOST_TEST(std::abs(u.u0.z()) + std::abs(u.u2.z()) <= 1e-12 * sway);  // nothing out of the plane
  }
}

// Twist out of the plane: forces −P and +P along the normal at the corners y = −b/2 and +b/2. By
// the antisymmetry the corners deflect ∓Δ and both turn by φ about x (the longerons' twist,
// GJ_c φ/h, and the rib's end slopes); the longerons' tip slopes are ∓s (turning the corners by ±s
// about y), which twist the rib by 2s over b (GJ_b 2s/b). With the rib's chord slope ψ = 2Δ/b and
// its bending EI_b, per corner (the one at +b/2):
//   moment about x:  GJ_c φ/h + (6 EI_b/b)(φ − ψ) = 0,
//   moment about y:  (EI_c/h)(4s − 6Δ/h) + 2 GJ_b s/b = 0,
//   force:           P = (12 EI_c/h³) Δ − (6 EI_c/h²) s + (12 EI_b/b²)(ψ − φ),
// so that P/Δ = 12 EI_c/h³ − (6 EI_c/h²) σ + (24 EI_b/b³) GJ_c/h / (GJ_c/h + 6 EI_b/b),
// σ = s/Δ = (6 EI_c/h²)/(4 EI_c/h + 2 GJ_b/b) (EI_c, EI_b the out-of-plane EI_y). The out-of-plane
// stiffnesses are of one size: round-off of the modal sum, 1e-12 (measured ≤ 7e-15).
BOOST_AUTO_TEST_CASE(twist_out_of_the_plane_is_the_portal_frame_s) {
  const double h = 1.0, b = 0.8, EI_c = 1.5, P = 2.0;
  for (const auto& [GJ_c, EI_b, GJ_b] : std::vector<std::array<double, 3>>{{0.5, 0.3, 0.7}, {2.0, 1.2, 0.2}}) {
    const ModalData d =
        clamped_panel(portal(section(EI_c, 3.0, GJ_c, 1e6, 1.0, 0.0), section(EI_b, 3.0, GJ_b, 1e6, 0.5, 0.0)));
    const double sigma = (6.0 * EI_c / (h * h)) / (4.0 * EI_c / h + 2.0 * GJ_b / b);
    const double k = 12.0 * EI_c / (h * h * h) - 6.0 * EI_c / (h * h) * sigma +
                     24.0 * EI_b / (b * b * b) * (GJ_c / h) / (GJ_c / h + 6.0 * EI_b / b);
    const Corners u = static_corners(d, Eigen::Vector3d(0.0, 0.0, -P), Eigen::Vector3d(0.0, 0.0, P));
    BOOST_TEST_MESSAGE("GJ_c " << GJ_c << ", EI_b " << EI_b << ", GJ_b " << GJ_b << ": corners "
                               << u.u0.z() * k / P + 1.0 << ", " << u.u2.z() * k / P - 1.0
                               << " relative to slope-deflection " << P / k);
    BOOST_TEST(std::abs(u.u2.z() / (P / k) - 1.0) <= 1e-12);
    BOOST_TEST(std::abs(u.u0.z() / (-P / k) - 1.0) <= 1e-12);
    BOOST_TEST(u.u0.head<2>().norm() + u.u2.head<2>().norm() <= 1e-12 * P / k);  // nothing in the plane
  }
}

BOOST_AUTO_TEST_SUITE_END()
