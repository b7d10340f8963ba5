// The grid of clamped_panel (docs/flex/panel.md §1–3).
#include "panel_grid.hpp"

namespace ramus::flex::detail {

PanelLines panel_lines(const PanelConfig& c) {
  const int ne = c.elements_per_bay;
  PanelLines l;
  l.nx = c.ribs * ne;
  l.ny = c.longerons > 1 ? (c.longerons - 1) * ne : 2 * ne;  // one longeron: on the middle line
  for (int k = 0; k < c.longerons; ++k) l.longeron_j.push_back(c.longerons > 1 ? k * ne : ne);
  for (int k = 1; k <= c.ribs; ++k) l.rib_i.push_back(k * ne);
  return l;
}

PanelDofs panel_dofs(const PanelConfig& c) {
  const PanelLines l = panel_lines(c);  // (each count ≤ kMaxPanelDofs: nx, ny fit an int)
  const long long nL = c.longerons, nR = c.ribs, nx = l.nx, ny = l.ny;
  const long long longeron_only = nL * (nx - nR), rib_only = nR * (ny + 1 - nL);  // free nodes of one member
  const long long free_nodes = nL * nx + rib_only;
  PanelDofs d;
  d.free = 6 * free_nodes;
  // Eq. (5): a node turns about a member's axis with mass only through that member's ρJ, unless a
  // crossing member's bending turns it too.
  d.with_mass = d.free - (c.longeron.rhoJ > 0.0 ? 0 : longeron_only) - (c.rib.rhoJ > 0.0 ? 0 : rib_only);
  return d;
}

BeamConfig section_config(const BeamSection& s) {
  BeamConfig b;
  b.EI_y = s.EI_y;
  b.EI_z = s.EI_z;
  b.GJ = s.GJ;
  b.EA = s.EA;
  b.rhoA = s.rhoA;
  b.rhoJ = s.rhoJ;
  b.kGA_y = s.kGA_y;
  b.kGA_z = s.kGA_z;
  b.rhoI_y = s.rhoI_y;
  b.rhoI_z = s.rhoI_z;
  return b;
}

Eigen::Vector2d PanelGrid::xy(int i, int j) const {
  // y from integers, so that the middle line (one longeron) is y = 0 exactly and the grid symmetric.
  return {i * hx, width * (2 * j - lines.ny) / (2.0 * lines.ny)};
}

Eigen::Vector3d panel_point_F(const PanelConfig& c, const Eigen::Vector2d& xy) {
  return c.r_RF_F + xy.x() * c.dcm_BF.row(0).transpose() + xy.y() * c.dcm_BF.row(1).transpose();
}

ElementMatrix element_turn(const Eigen::Matrix3d& dcm_MB) {
  ElementMatrix T = ElementMatrix::Zero();
  for (int b = 0; b < 4; ++b) T.block<3, 3>(3 * b, 3 * b) = dcm_MB;
  return T;
}

namespace {

/// A member from its section, element length, axes and start (x, y) in the panel (§2).
PanelMember member(const PanelConfig& c, const BeamSection& s, double h, const Eigen::Matrix3d& dcm_MB,
                   const Eigen::Vector2d& start) {
  const BeamConfig section = section_config(s);
  const Eigen::Matrix3d dcm_MF = dcm_MB * c.dcm_BF;
  const ElementMatrix T = element_turn(dcm_MB);
  return PanelMember{section,
                     h,
                     dcm_MB,
                     dcm_MF,
                     MemberQuadrature(section, h, panel_point_F(c, start), dcm_MF),
                     {},
                     T.transpose() * element_stiffness(section, h) * T,
                     T.transpose() * element_mass(section, h) * T};
}

}  // namespace

PanelGrid panel_grid(const PanelConfig& c) {
  PanelGrid g;
  g.lines = panel_lines(c);
  const int nx = g.lines.nx, ny = g.lines.ny;
  g.width = c.width;
  g.hx = c.length / nx;
  g.hy = c.width / ny;
  // Nodes where a member runs, ordered by i then j (§1).
  std::vector<bool> on_longeron(static_cast<std::size_t>(ny + 1), false),
      on_rib(static_cast<std::size_t>(nx + 1), false);
  for (int j : g.lines.longeron_j) on_longeron[static_cast<std::size_t>(j)] = true;
  for (int i : g.lines.rib_i) on_rib[static_cast<std::size_t>(i)] = true;
  std::vector<int> index(static_cast<std::size_t>((nx + 1) * (ny + 1)), -1);
  for (int i = 0; i <= nx; ++i)
    for (int j = 0; j <= ny; ++j)
      if (on_longeron[static_cast<std::size_t>(j)] || on_rib[static_cast<std::size_t>(i)]) {
        index[static_cast<std::size_t>(i * (ny + 1) + j)] = g.nodes();
        g.node_ij.push_back({i, j});
      }
  g.root_nodes = c.longerons;
  g.tip_first = g.nodes() - (ny + 1);
  const auto node = [&](int i, int j) { return index[static_cast<std::size_t>(i * (ny + 1) + j)]; };
  // Longerons along the panel's x; ribs along its y with their y axis the panel's −x (so that their
  // z is the normal too: (y, −x, z) is right-handed).
  const Eigen::Matrix3d longeron_axes = Eigen::Matrix3d::Identity();
  Eigen::Matrix3d rib_axes;
  rib_axes << 0.0, 1.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 1.0;
  for (int j : g.lines.longeron_j) {
    g.members.push_back(member(c, c.longeron, g.hx, longeron_axes, g.xy(0, j)));
    for (int i = 0; i <= nx; ++i) g.members.back().nodes.push_back(node(i, j));
  }
  for (int i : g.lines.rib_i) {
    g.members.push_back(member(c, c.rib, g.hy, rib_axes, g.xy(i, 0)));
    for (int j = 0; j <= ny; ++j) g.members.back().nodes.push_back(node(i, j));
  }
  return g;
}

}  // namespace ramus::flex::detail
