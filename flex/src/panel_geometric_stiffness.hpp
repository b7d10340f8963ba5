// The geometric stiffness of clamped_panel (docs/flex/panel.md §5): each unit load case's static
// solution, the members' axial forces recovered from it, their modal geometric stiffness. Internal
// to ramus::flex.
#pragma once

#include <Eigen/Dense>

#include "panel_grid.hpp"
#include "ramus/systems/modal_data.hpp"

namespace ramus::flex::detail {

/// Sets d.K_G[q] for the twelve unit load cases (docs/flex/panel.md eqs. (8)–(11)): the consistent loads of
/// ρA f_q on every member, the static displacements K⁻¹ F_q on the free DOFs (K_ff the factor of the
/// free stiffness), each element's axial force in equilibrium with its load and its end values, and
/// Φᵀ K_Gq Φ with Phi the modes over all the grid's DOF (zero rows on the root edge).
void panel_geometric_stiffness(const PanelGrid& g, const Eigen::LLT<Eigen::MatrixXd>& K_ff, const Eigen::MatrixXd& Phi,
                               ModalData& d);

}  // namespace ramus::flex::detail
