// Modal data of a straight, uniform beam clamped at its root, by finite elements (docs/flex/beam.md):
// 3-D beam elements (axial and torsion linear; bending in two planes Euler–Bernoulli cubic Hermite,
// or Timoshenko's interdependent interpolation with shear flexibility and rotary inertia;
// consistent mass), the clamped generalized eigenproblem, and every integral of
// ramus::ModalData (docs/models/modal_data.md) by Gauss quadrature of the interpolated field.
#pragma once

#include <Eigen/Dense>

#include "ramus/flex/fe_import.hpp"
#include "ramus/systems/modal_data.hpp"

namespace ramus::flex {

/// Most elements clamped_beam accepts: the eigenproblem is dense (6 DOF per element), and a scenario
/// file's beams are generated when it is read, which must stay quick even for hostile input (64
/// elements: 384 DOF, a fraction of a second). Far finer than an appendage model needs (8 elements
/// give the first bending frequency to 2e-6); a finer model comes through the finite-element
/// importer (fe_import.hpp).
inline constexpr int kMaxBeamElements = 64;

/// A straight, uniform, doubly symmetric beam (shear centre on the centroid: bending, torsion and
/// stretching uncoupled), slender (Euler–Bernoulli) or with shear and rotary inertia (Timoshenko).
/// Bad values are refused by clamped_beam (ConfigurationError, owner "beam").
struct BeamConfig {
  double length = 0.0;  ///< [m] L > 0
  double EI_y = 0.0;    ///< [N m^2] bending stiffness about the section's y axis (displacement along z), > 0
  double EI_z = 0.0;    ///< [N m^2] bending stiffness about the section's z axis (displacement along y), > 0
  double GJ = 0.0;      ///< [N m^2] torsional stiffness, > 0
  double EA = 0.0;      ///< [N] axial stiffness, > 0
  double rhoA = 0.0;    ///< [kg/m] mass per length, > 0
  /// [kg m] polar mass moment of the section per length (ρ(I_y + I_z)), ≥ 0. With 0 the beam is
  /// rigid in torsion: its torsional DOFs carry no mass, so their modes would have infinite
  /// frequency; they are left out (exactly the limit ρJ → 0, torsion being uncoupled), and the
  /// modes are those of bending and stretching only.
  double rhoJ = 0.0;
  /// [N] shear stiffness κGA for shear along the section's y (bending with EI_z), ≥ 0; 0: rigid in
  /// shear (Euler–Bernoulli; the convention of NASTRAN's blank K1, K2). With κGA > 0 the plane's
  /// elements are Timoshenko's (docs/flex/beam.md §2.1).
  double kGA_y = 0.0;
  double kGA_z = 0.0;  ///< [N] the same for shear along z (bending with EI_y), ≥ 0
  /// [kg m] rotary inertia of the section per length about its y axis, ρ I_y (turning with the
  /// bending along z), ≥ 0; 0: left out, as the Euler–Bernoulli beam does.
  double rhoI_y = 0.0;
  double rhoI_z = 0.0;  ///< [kg m] the same about z, ρ I_z (bending along y), ≥ 0
  int elements = 0;     ///< [1] equal elements, 1 ≤ elements ≤ kMaxBeamElements
  int modes = 0;        ///< [1] lowest modes kept, 1 ≤ modes ≤ free DOFs (6 per element; 5 when rhoJ = 0)
  Eigen::Vector3d r_RF_F = Eigen::Vector3d::Zero();  ///< [m] root R of the beam relative to F's origin, in F
  /// [1] beam axes from F: row 0 the beam axis t (root → tip), rows 1 and 2 the section's y and z
  /// axes, in F components (v_B = dcm_BF v_F). A rotation matrix.
  Eigen::Matrix3d dcm_BF = Eigen::Matrix3d::Identity();
  double zeta = 0.0;  ///< [1] damping ratio given to every mode, ≥ 0
};

/// The modal data of the beam clamped at its root (all six DOF of node n0 fixed): the lowest
/// `modes` modes, mass-normalised (μ_k = 1 to round-off), each signed so that the tip's largest
/// translation component in beam axes (its twist for a torsion mode) is positive; nodes "n0" (the
/// root) … "nE" (the tip) at the element ends; the geometric stiffness of the beam's axial force
/// per unit load case. The result passes check_modal_data("beam", ·).
ModalData clamped_beam(const BeamConfig& c);

/// The same beam as a finite-element model for import_fe_model (docs/flex/fe_import.md §4): the
/// unconstrained global M and K that clamped_beam assembles (6 (E + 1) DOF, the root's included,
/// consistent mass), turned to F axes; nodes "n0" … "nE" at r_RF_F + s_i t, node i's DOF c at row
/// 6 i + c (translations then small rotations along F's x, y, z); the interface node "n0"; `modes`
/// and `zeta` from `c`; every node reported. With `with_geometric_stiffness`, also the twelve
/// global geometric stiffness matrices of the unit load cases (§5; 12 N² doubles: for small
/// models). import_fe_model of it gives clamped_beam's data (m, c0, J0, ω, P, H, μ and K_G to
/// round-off; J1, G, D to the lumped-mass approximation). With rhoJ = 0 the torsional DOFs carry no
/// mass and import_fe_model refuses the model (M singular on the free DOFs). Refuses what
/// clamped_beam refuses.
FeModel beam_fe_model(const BeamConfig& c, bool with_geometric_stiffness = false);

}  // namespace ramus::flex
