// The second-order modal integrals of a point mass (docs/models/modal_data.md eqs. (8)–(10)): what a
// mass w at r, moving with the modes' translations U there, adds to J1, G and D. The beam generator
// sums them over its quadrature points, the finite-element importer over its nodes' lumped masses.
// Internal to ramus::flex.
#pragma once

#include <Eigen/Dense>

#include "ramus/systems/modal_data.hpp"

namespace ramus::flex::detail {

/// Sizes J1_F (n zero 3×3), G (3 zero n×n) and D (9 zero n×n) for n modes.
void zero_second_order_integrals(Eigen::Index n, ModalData& d);

/// Adds w (2 (r·φ_k) 1 − r φ_kᵀ − φ_k rᵀ) to J1_k (eq. (8)), w (φ_k × φ_l)_i to G[i](k, l) (eq. (9))
/// and w φ_k,i φ_l,j to D[3i+j](k, l) (eq. (10)); U is 3×n, the modes' translations at r, in F.
void add_point_mass_integrals(double w, const Eigen::Vector3d& r, const Eigen::Matrix3Xd& U, ModalData& d);

}  // namespace ramus::flex::detail
