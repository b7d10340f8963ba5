// The 12-DOF beam element of clamped_beam (docs/flex/beam.md §2): its interpolation (Euler–Bernoulli
// Hermite cubics, or Timoshenko's interdependent interpolation when the section is flexible in
// shear), the 4-point Gauss rule, and the element stiffness, mass and geometric stiffness.
// Internal to ramus::flex.
#pragma once

#include <Eigen/Dense>
#include <array>

#include "ramus/flex/beam.hpp"

namespace ramus::flex::detail {

/// DOF of one node, in beam axes: translations u_x, u_y, u_z then rotations θ_x, θ_y, θ_z.
inline constexpr int kNodeDofs = 6;
inline constexpr int kElementDofs = 2 * kNodeDofs;

using ElementMatrix = Eigen::Matrix<double, kElementDofs, kElementDofs>;
using ElementRow = Eigen::Matrix<double, 1, kElementDofs>;

/// The shear parameters of an element of length h (eq. (15)): Φ_y = 12 EI_z/(κGA_y h²) for bending
/// in the x–y plane, Φ_z = 12 EI_y/(κGA_z h²) in the x–z plane; 0 for a section rigid in shear
/// (κGA = 0 in the configuration), which makes the interpolation the Hermite cubics.
struct ShearParameters {
  double y = 0.0;
  double z = 0.0;
};
ShearParameters shear_parameters(const BeamConfig& c, double h);

/// The interpolation of an element of length h at ξ = s/h ∈ [0, 1] (eqs. (1)–(4), (16)–(17) of
/// beam.md), in beam axes: each row maps the element's 12 DOF to one quantity.
struct ElementShape {
  Eigen::Matrix<double, 3, kElementDofs> u;      ///< [m/DOF] displacement (u_x, u_y, u_z)
  Eigen::Matrix<double, 3, kElementDofs> theta;  ///< [rad/DOF] small rotation of the section (θ_x, θ_y, θ_z)
  ElementRow axial_strain;                       ///< u_x'
  ElementRow twist_rate;                         ///< θ_x'
  ElementRow slope_y;                            ///< u_y'
  ElementRow slope_z;                            ///< u_z'
  ElementRow curvature_y;                        ///< θ_z' (bending in x–y, stiffness EI_z; u_y'' without shear)
  ElementRow curvature_z;                        ///< −θ_y' (bending in x–z, stiffness EI_y; u_z'' without shear)
  ElementRow shear_y;                            ///< u_y' − θ_z (0 without shear)
  ElementRow shear_z;                            ///< u_z' + θ_y (0 without shear)
};
ElementShape element_shape(double xi, double h, const ShearParameters& shear = {});

/// A point and weight of the 4-point Gauss–Legendre rule on [0, 1] (exact to degree 7).
struct GaussPoint {
  double xi;
  double weight;
};
const std::array<GaussPoint, 4>& gauss4();

/// Eqs. (5), (18): ∫ (EA u_x'² + GJ θ_x'² + EI_z θ_z'² + EI_y θ_y'² + κGA_y γ_y² + κGA_z γ_z²) ds
/// over the element, by quadrature.
ElementMatrix element_stiffness(const BeamConfig& c, double h);
/// Eqs. (6), (19): ∫ (ρA u·u + ρJ θ_x² + ρI_y θ_y² + ρI_z θ_z²) ds over the element, by quadrature.
ElementMatrix element_mass(const BeamConfig& c, double h);
/// Eq. (14): ∫ N(s) (u_y'² + u_z'²) ds over the element [s0, s0 + h], by quadrature, for the axial
/// force N(s) = n0 + n1 s + n2 s² [N].
ElementMatrix element_geometric_stiffness(const BeamConfig& c, double s0, double h, double n0, double n1, double n2);

}  // namespace ramus::flex::detail
