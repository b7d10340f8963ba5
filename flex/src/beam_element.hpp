// The 12-DOF Euler–Bernoulli beam element of clamped_beam (docs/flex/beam.md §2): its
// interpolation, the 4-point Gauss rule, and the element stiffness, mass and geometric stiffness.
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

/// The interpolation of an element of length h at ξ = s/h ∈ [0, 1] (eqs. (1)–(4) of beam.md), in
/// beam axes: each row maps the element's 12 DOF to one quantity.
struct ElementShape {
  Eigen::Matrix<double, 3, kElementDofs> u;      ///< [m/DOF] displacement (u_x, u_y, u_z)
  Eigen::Matrix<double, 3, kElementDofs> theta;  ///< [rad/DOF] small rotation (θ_x, θ_y = −u_z', θ_z = u_y')
  ElementRow axial_strain;                       ///< u_x'
  ElementRow twist_rate;                         ///< θ_x'
  ElementRow slope_y;                            ///< u_y'
  ElementRow slope_z;                            ///< u_z'
  ElementRow curvature_y;                        ///< u_y'' (bending about z, stiffness EI_z)
  ElementRow curvature_z;                        ///< u_z'' (bending about y, stiffness EI_y)
};
ElementShape element_shape(double xi, double h);

/// A point and weight of the 4-point Gauss–Legendre rule on [0, 1] (exact to degree 7).
struct GaussPoint {
  double xi;
  double weight;
};
const std::array<GaussPoint, 4>& gauss4();

/// Eq. (5): ∫ (EA u_x'² + GJ θ_x'² + EI_z u_y''² + EI_y u_z''²) ds over the element, by quadrature.
ElementMatrix element_stiffness(const BeamConfig& c, double h);
/// Eq. (6): ∫ (ρA u·u + ρJ θ_x²) ds over the element, by quadrature.
ElementMatrix element_mass(const BeamConfig& c, double h);
/// Eq. (14): ∫ N(s) (u_y'² + u_z'²) ds over the element [s0, s0 + h], by quadrature, for the axial
/// force N(s) = n0 + n1 s + n2 s² [N].
ElementMatrix element_geometric_stiffness(double s0, double h, double n0, double n1, double n2);

}  // namespace ramus::flex::detail
