// The second-order modal integrals of a point mass (docs/models/modal_data.md eqs. (8)–(10)): what a
// mass w at r, moving with the modes' translations U there, adds to J1, G and D. The beam generator
// sums them over its quadrature points, the finite-element importer over its nodes' lumped masses.
// Internal to ramus::flex.
#pragma once

#include <Eigen/Dense>
#include <array>

#include "ramus/systems/modal_data.hpp"

namespace ramus::flex::detail {

/// Sizes J1_F (n zero 3×3), G (3 zero n×n) and D (9 zero n×n) for n modes.
void zero_second_order_integrals(Eigen::Index n, ModalData& d);

/// Adds w (2 (r·φ_k) 1 − r φ_kᵀ − φ_k rᵀ) to J1_k (eq. (8)), w (φ_k × φ_l)_i to G[i](k, l) (eq. (9))
/// and w φ_k,i φ_l,j to D[3i+j](k, l) (eq. (10)); U is 3×n, the modes' translations at r, in F.
void add_point_mass_integrals(double w, const Eigen::Vector3d& r, const Eigen::Matrix3Xd& U, ModalData& d);

/// The J1 part of add_point_mass_integrals alone (eq. (8)).
void add_point_mass_J1(double w, const Eigen::Vector3d& r, const Eigen::Matrix3Xd& U, ModalData& d);

/// G and D (eqs. (9), (10)) of a set of point masses w_p at which the modes translate by U_p, in one
/// product each: from the stacked rows X[i](p, k) = √w_p U_p(i, k) (F components i),
/// D[3i+j] = X[i]ᵀ X[j] and G[i] = D[3a+b] − D[3b+a] ((a, b) = (i+1, i+2) mod 3). Sets D[3j+i] to
/// D[3i+j]ᵀ and G antisymmetric exactly. Many points and modes (a panel's): a few matrix products
/// instead of one rank-one update of twelve n×n matrices per point.
void set_second_order_integrals(const std::array<Eigen::MatrixXd, 3>& X, ModalData& d);

}  // namespace ramus::flex::detail
