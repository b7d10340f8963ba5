// The panels of the panel generator's tests (test/flex/panel_test.cpp, panel_geometric_stiffness_test.cpp):
// a section from its numbers, the node names, the out-of-plane modes of a panel lying in F's x–y
// plane, the first clamped-free mode's slope and curvature (the twist's Rayleigh estimate), and the
// "ladder": identical longerons on stiff, light ribs that leave the twist free.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "flex/beams.hpp"
#include "flex/continuum.hpp"
#include "ramus/flex/beam.hpp"
#include "ramus/flex/panel.hpp"
#include "ramus/systems/modal_data.hpp"

namespace ramus::test::flex {

/// A section from its numbers (SI): out-of-plane and in-plane bending stiffness, torsional and
/// axial stiffness, mass and polar mass moment per length; no shear flexibility or rotary inertia.
inline ramus::flex::BeamSection section(double EI_y, double EI_z, double GJ, double EA, double rhoA, double rhoJ) {
  ramus::flex::BeamSection s;
  s.EI_y = EI_y;
  s.EI_z = EI_z;
  s.GJ = GJ;
  s.EA = EA;
  s.rhoA = rhoA;
  s.rhoJ = rhoJ;
  return s;
}

/// The name of the node on grid lines (i, j): "x<i>y<j>".
inline std::string node_name(int i, int j) {
  std::string name = "x";
  name += std::to_string(i);  // (appended piecewise: GCC 12's -Wrestrict misfires on "x" + …)
  name += "y";
  name += std::to_string(j);
  return name;
}

/// The node called `name`; std::out_of_range when there is none.
inline const ModalNode& node(const ModalData& d, const std::string& name) {
  for (const ModalNode& n : d.nodes)
    if (n.name == name) return n;
  throw std::out_of_range("no node " + name);
}

/// The modes of a panel lying in F's x–y plane that move it out of its plane (Σ over the nodes of
/// u_z² above that of u_x² + u_y²): in-plane and out-of-plane motions are uncoupled, each mode is one
/// or the other (the other's share is round-off).
inline std::vector<Eigen::Index> out_of_plane_modes(const ModalData& d) {
  std::vector<Eigen::Index> out;
  for (Eigen::Index k = 0; k < d.modes(); ++k) {
    double normal = 0.0, in_plane = 0.0;
    for (const ModalNode& n : d.nodes) {
      normal += n.phi_F(2, k) * n.phi_F(2, k);
      in_plane += n.phi_F.col(k).head<2>().squaredNorm();
    }
    if (normal > in_plane) out.push_back(k);
  }
  return out;
}

/// The slope φ' and curvature φ'' at x of the first clamped-free Euler–Bernoulli mode of a beam of
/// length L, φ(x) = cosh βx − cos βx − σ (sinh βx − sin βx) (cantilever_mode: ∫ φ² dx = L).
inline double first_mode_slope(double L, double x) {
  const double b = cantilever_root(0) / L, s = cantilever_sigma(cantilever_root(0));
  return b * (std::sinh(b * x) + std::sin(b * x) - s * (std::cosh(b * x) - std::cos(b * x)));
}
inline double first_mode_curvature(double L, double x) {
  const double b = cantilever_root(0) / L, s = cantilever_sigma(cantilever_root(0));
  return b * b * (std::cosh(b * x) + std::cos(b * x) - s * (std::sinh(b * x) + std::sin(b * x)));
}

/// The ladder: `longerons` identical longerons (unit length, out-of-plane EI and mass per length,
/// so that ω is in units of √(EI/(ρA L⁴))) across width W, stiff in their plane and free to twist
/// (GJ = 1e-6, ρJ = 0), on `elements` ribs, one at each longeron node (one element per bay): ribs
/// 100 times stiffer in bending, of 1e-10 the mass, free to twist too. In the out-of-plane modes
/// whose longerons' deflections lie on a straight line across, the ribs stay straight and carry
/// nothing (panel_test.cpp, panel_frequencies), so the longerons move as independent beams.
inline ramus::flex::PanelConfig ladder(int longerons, int elements, double width, int modes) {
  ramus::flex::PanelConfig c;
  c.length = 1.0;
  c.width = width;
  c.longerons = longerons;
  c.ribs = elements;
  c.elements_per_bay = 1;
  c.longeron = section(1.0, 50.0, 1e-6, 1e4, 1.0, 0.0);
  c.rib = section(100.0, 100.0, 1e-6, 1e4, 1e-10, 0.0);
  c.modes = modes;
  return c;
}

/// The unit beam (flex/beams.hpp) as a longeron's section.
inline ramus::flex::BeamSection unit_beam_section() {
  return section(kUnitBeam.EI_y, kUnitBeam.EI_z, kUnitBeam.GJ, kUnitBeam.EA, kUnitBeam.rhoA, kUnitBeam.rhoJ);
}

/// The unit beam `beam` (flex/beams.hpp; elements a multiple of 4, its root and axes) as a panel of
/// one longeron with four ribs 0.6 m wide of 1e-10 its mass per length (no ρJ: their twist is
/// massless), the longeron's elements in four bays, keeping the beam's modes: the same structure
/// as clamped_beam(beam) but for the ribs' 2.4e-10 kg.
inline ramus::flex::PanelConfig one_longeron_panel(const ramus::flex::BeamConfig& beam) {
  ramus::flex::PanelConfig c;
  c.length = beam.length;
  c.width = 0.6;
  c.longerons = 1;
  c.ribs = 4;
  c.elements_per_bay = beam.elements / 4;
  c.longeron = unit_beam_section();
  c.rib = section(1.0, 1.0, 1.0, 10.0, 1e-10, 0.0);
  c.modes = beam.modes;
  c.r_RF_F = beam.r_RF_F;
  c.dcm_BF = beam.dcm_BF;
  return c;
}

}  // namespace ramus::test::flex
