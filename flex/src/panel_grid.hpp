// The grid of clamped_panel (docs/flex/panel.md §1–2): its nodes, members and their elements in the
// panel's axes, and the sizes the configuration's checks need before any of it is built. Internal to
// ramus::flex.
#pragma once

#include <Eigen/Dense>
#include <array>
#include <vector>

#include "beam_element.hpp"
#include "member_integrals.hpp"
#include "ramus/flex/panel.hpp"

namespace ramus::flex::detail {

/// The grid's size: nx elements along x (a longeron's), ny across (a rib's), the grid lines j of the
/// longerons and i of the ribs (§1). Cheap: computed before the checks of the DOF count.
struct PanelLines {
  int nx = 0, ny = 0;
  std::vector<int> longeron_j, rib_i;
};
PanelLines panel_lines(const PanelConfig& c);

/// [1] The free DOFs (6 per grid node off the root edge) and those of them that carry mass (all but
/// the twist of a member with ρJ = 0 at the nodes no crossing member turns: eq. (5)), in 64 bits;
/// for counts each at most kMaxPanelDofs.
struct PanelDofs {
  long long free = 0, with_mass = 0;
};
PanelDofs panel_dofs(const PanelConfig& c);

/// The section as the BeamConfig the element functions read (length, elements, axes unused).
BeamConfig section_config(const BeamSection& s);

/// A member: a longeron or a rib, a straight line of equal elements from grid node nodes[e] to
/// nodes[e + 1] (element e).
struct PanelMember {
  BeamConfig section;
  double h = 0.0;               ///< [m] element length
  Eigen::Matrix3d dcm_MB;       ///< member axes (t, y, z) from panel axes: rows in panel components
  Eigen::Matrix3d dcm_MF;       ///< the same from F
  MemberQuadrature quadrature;  ///< its points in F (§4)
  std::vector<int> nodes;
  /// The element stiffness and mass (docs/flex/beam.md eqs. (5), (6)) turned to panel axes, eq. (3).
  ElementMatrix K_B, M_B;

  int elements() const { return static_cast<int>(nodes.size()) - 1; }
  /// The grid DOF of element e's DOF k (0 … 11: node a's six, then node b's).
  Eigen::Index dof(int e, int k) const {
    return static_cast<Eigen::Index>(kNodeDofs) * nodes[static_cast<std::size_t>(e + k / kNodeDofs)] + k % kNodeDofs;
  }
};

/// The grid: its nodes (ordered by grid line i, then j: the root edge's first) and members
/// (longerons first, from y = −W/2; then ribs, from the root).
struct PanelGrid {
  PanelLines lines;
  double width = 0.0;                       ///< [m] W
  double hx = 0.0, hy = 0.0;                ///< [m] element lengths along x and across
  std::vector<std::array<int, 2>> node_ij;  ///< grid lines (i, j) of each node
  int root_nodes = 0;                       ///< nodes 0 … root_nodes − 1 are on the root edge (clamped)
  int tip_first = 0;                        ///< nodes tip_first … are on the tip edge (x = L)
  std::vector<PanelMember> members;

  int nodes() const { return static_cast<int>(node_ij.size()); }
  /// [m] The panel coordinates (x, y) of grid lines (i, j) (§1).
  Eigen::Vector2d xy(int i, int j) const;
};
PanelGrid panel_grid(const PanelConfig& c);

/// [m] The position of a point (x, y) of the panel relative to F's origin, in F.
Eigen::Vector3d panel_point_F(const PanelConfig& c, const Eigen::Vector2d& xy);

/// T of eq. (3): the 12×12 block-diagonal turn of an element's DOF from panel to member axes.
ElementMatrix element_turn(const Eigen::Matrix3d& dcm_MB);

}  // namespace ramus::flex::detail
