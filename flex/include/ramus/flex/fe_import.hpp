// Modal data of an elastic appendage from a finite-element model (docs/flex/fe_import.md): the mass
// and stiffness matrices M, K of any FE tool (e.g. read with read_matrix_market,
// ramus/flex/matrix_market.hpp), a table of the nodes and their DOFs, and the interface node where
// the body is clamped at F. The Craig–Bampton reduction with a statically determinate interface:
// the six constraint modes are the rigid-body modes, the fixed-interface normal modes complete the
// basis, and ramus::ModalData (docs/models/modal_data.md) is the reduced model — m, c0, J0, P, H, μ
// and ω exactly; J1, G, D with the nodes' lumped masses; no geometric stiffness unless given.
#pragma once

#include <Eigen/Dense>
#include <array>
#include <string>
#include <vector>

#include "ramus/systems/modal_data.hpp"

namespace ramus::flex {

/// A node of the FE model: where its DOFs sit and which rows of M and K they are.
struct FeNode {
  std::string name;                                  ///< unique, non-empty
  Eigen::Vector3d r_NF_F = Eigen::Vector3d::Zero();  ///< [m] undeformed position of node N relative to F's origin, in F
  /// Row (and column) of M and K of each component c of the node's motion, 0-based, or −1 when the
  /// node has no such DOF: c = 0, 1, 2 the translation along F's x, y, z [m]; c = 3, 4, 5 the small
  /// rotation about F's x, y, z [rad]. Every row of M and K belongs to exactly one (node, component).
  std::array<Eigen::Index, 6> dof{-1, -1, -1, -1, -1, -1};
};

/// An FE model of a body, in F axes, SI units, unconstrained (free-free: M and K of the whole body,
/// the interface DOFs included; K leaves every rigid motion free of strain).
struct FeModel {
  Eigen::MatrixXd M;  ///< [SI] N×N mass matrix, symmetric; positive definite on the free DOFs
  Eigen::MatrixXd K;  ///< [SI] N×N stiffness matrix, symmetric positive semi-definite, K R = 0 (eq. (2))
  std::vector<FeNode> nodes;
  /// The node clamped at F: its six DOFs (it must have all six) are the interface; the others are
  /// free. The effector attaches the body rigidly at F; the node may sit anywhere (r_NF_F ≠ 0).
  std::string interface_node;
  int modes = 0;      ///< [1] fixed-interface modes kept, the lowest: 1 ≤ modes ≤ N − 6
  double zeta = 0.0;  ///< [1] damping ratio given to every mode, ≥ 0
  /// Nodes reported in ModalData::nodes, in this order (their names; each once). Empty: every node,
  /// in the order of `nodes`.
  std::vector<std::string> output_nodes;
  /// Optional: the N×N geometric stiffness matrix of each unit load case q of load_case_field
  /// (docs/models/modal_data.md §3: the stress of the clamped body under the body force f_q), all
  /// twelve or none (every entry empty). Given, ModalData::K_G[q] = Φᵀ K_G[q] Φ (eq. (11));
  /// without them K_G is zero and the imported body does not stiffen under load.
  std::array<Eigen::MatrixXd, kModalLoadCases> K_G;
};

/// The Craig–Bampton reduction of `model` clamped at its interface node (docs/flex/fe_import.md):
/// the lowest `modes` fixed-interface modes, mass-normalised (μ_k = 1 to round-off), each signed so
/// that its largest translation component at the tip (the node with DOFs farthest from the
/// interface node; its largest rotation if the tip does not translate) is positive — for a straight
/// beam along F's x, clamped_beam's convention; m, c0, J0 from Rᵀ M R, P and H from Rᵀ M Φ (exact);
/// J1, G, D with the lumped translational mass of each node (an approximation, §5); K_G from the
/// optional input, else zero; nodes: `output_nodes` with their shapes (zero rows for a missing DOF).
/// The result passes check_modal_data.
///
/// Refused (ConfigurationError, owner "fe model", naming the field and the value): M or K not
/// square or of different sizes; a non-finite entry; M or K not symmetric (to kFeSymmetryTolerance
/// of the largest entry); a node with an empty or duplicate name, a non-finite position, a DOF index
/// out of range or used twice; a row of M that belongs to no node; an unknown interface node or one
/// lacking a DOF; modes out of range; zeta < 0; an unknown or repeated output node; M not positive
/// definite on the free DOFs (every free DOF must carry mass); K R ≠ 0 (the body grounded, or K not
/// positive semi-definite) or K singular on the free DOFs (a mechanism); Rᵀ M R without the
/// structure of a rigid body's mass matrix (eq. (5); M does not carry the rigid motion, or the
/// node positions are wrong), the entry named; a K_G[q] of the wrong size, not symmetric or not
/// finite, or only some of the twelve.
ModalData import_fe_model(const FeModel& model);

/// Relative tolerance of the symmetry of M, K (and K_G), against each matrix's largest entry: a
/// tool's round-off is ~1e-15 of it, a matrix exported with ten significant digits ~1e-10.
inline constexpr double kFeSymmetryTolerance = 1e-9;

/// Relative tolerance of the rigid-body checks (docs/flex/fe_import.md eq. (2) and (5)): K R = 0
/// against |K| |R| per rigid mode, and the rigid structure of Rᵀ M R against m (times the body's
/// reach for the coupling block). Round-off is ~1e-15, a ten-digit export ~1e-9 (N terms of
/// relative error 1e-10, partly cancelling); a wrong position or a mass missing in one direction is
/// of order one.
inline constexpr double kFeRigidTolerance = 1e-7;

}  // namespace ramus::flex
