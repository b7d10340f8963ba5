// Modal data of a flat rectangular panel clamped along its root edge, modelled as a grillage of beam
// elements (docs/flex/panel.md): longerons from the root to the tip and ribs across, the 12-DOF
// elements of the beam generator (flex/beam.hpp) turned to the panel's axes and assembled on a grid,
// the clamped generalized eigenproblem, every integral of ramus::ModalData
// (docs/models/modal_data.md) by Gauss quadrature of the interpolated field, and the geometric
// stiffness of the unit load cases from the members' axial forces under each case's static load.
#pragma once

#include <Eigen/Dense>

#include "ramus/systems/modal_data.hpp"

namespace ramus::flex {

/// Most free DOFs clamped_panel accepts (6 per grid node off the root edge): the eigenproblem is
/// dense, and a scenario file's panels are generated when it is read, which must stay quick even for
/// hostile input (384 DOFs, as the beam's 64 elements: a fraction of a second with every mode kept,
/// docs/flex/panel.md §7). A finer model comes through the finite-element importer (fe_import.hpp).
inline constexpr int kMaxPanelDofs = 384;

/// The section of a member (a longeron or a rib), uniform and doubly symmetric, in the member's own
/// axes: t along the member, y in the panel's plane, z the panel's normal (docs/flex/panel.md §1).
/// The fields mean what BeamConfig's do (docs/flex/beam.md §1).
struct BeamSection {
  double EI_y = 0.0;    ///< [N m^2] out-of-plane bending stiffness (about y: displacement along the normal), > 0
  double EI_z = 0.0;    ///< [N m^2] in-plane bending stiffness (about the normal), > 0
  double GJ = 0.0;      ///< [N m^2] torsional stiffness, > 0
  double EA = 0.0;      ///< [N] axial stiffness, > 0
  double rhoA = 0.0;    ///< [kg/m] mass per length, > 0
  double rhoJ = 0.0;    ///< [kg m] polar mass moment per length, ≥ 0 (0: the member's twist carries no mass)
  double kGA_y = 0.0;   ///< [N] in-plane shear stiffness (with EI_z), ≥ 0; 0: rigid in shear
  double kGA_z = 0.0;   ///< [N] out-of-plane shear stiffness (with EI_y), ≥ 0; 0: rigid in shear
  double rhoI_y = 0.0;  ///< [kg m] rotary inertia per length about y, ≥ 0
  double rhoI_z = 0.0;  ///< [kg m] rotary inertia per length about the normal, ≥ 0
};

/// A flat rectangular panel of length L (root edge → tip, the panel's x) and width W (its y),
/// clamped along its root edge: `longerons` beams along x at evenly spaced y (y = 0 for one; else
/// from −W/2 to W/2) and `ribs` beams across, spanning −W/2 … W/2, at evenly spaced x from the root
/// (excluded) to the tip (included). Bad values are refused by clamped_panel (ConfigurationError,
/// owner "panel").
struct PanelConfig {
  double length = 0.0;       ///< [m] L > 0
  double width = 0.0;        ///< [m] W > 0
  int longerons = 0;         ///< [1] members along x, ≥ 1
  int ribs = 0;              ///< [1] members across, ≥ 1 (the last at the tip)
  int elements_per_bay = 0;  ///< [1] elements between rib stations and between longerons, ≥ 1
  BeamSection longeron;      ///< the longerons' section
  BeamSection rib;           ///< the ribs' section
  /// [1] lowest modes kept, 1 ≤ modes ≤ the free DOFs that carry mass (docs/flex/panel.md §3)
  int modes = 0;
  Eigen::Vector3d r_RF_F = Eigen::Vector3d::Zero();  ///< [m] the root edge's midpoint R relative to F's origin, in F
  /// [1] panel axes from F: rows the panel's x (root → tip), y (across) and z (normal) axes in F
  /// components (v_B = dcm_BF v_F). A rotation matrix.
  Eigen::Matrix3d dcm_BF = Eigen::Matrix3d::Identity();
  double zeta = 0.0;  ///< [1] damping ratio given to every mode, ≥ 0
};

/// The modal data of the panel clamped along its root edge (all six DOF of every grid node at x = 0
/// fixed): the lowest `modes` modes, mass-normalised (μ_k = 1 to round-off), signed so that the tip
/// edge's mean translation has its largest component in panel axes positive (its mean rotation's
/// for a mode that does not move the tip edge on average); nodes "x<i>y<j>" at every grid node (i
/// the grid line along x from the root, j across from y = −W/2); the geometric stiffness of the
/// members' axial forces per unit load case. The result passes check_modal_data("panel", ·).
ModalData clamped_panel(const PanelConfig& c);

}  // namespace ramus::flex
