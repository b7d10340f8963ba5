// The checks of an FE model's input (docs/flex/fe_import.md §7) that need no factorisation: sizes,
// finiteness, symmetry, the node and DOF table, the interface, the counts; and the DOF layout they
// establish. Internal to ramus::flex.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/flex/fe_import.hpp"

namespace ramus::flex::detail {

inline const std::string kFeOwner = "fe model";

/// What the table says about each row of M and K, and the split into interface and free DOFs.
struct FeLayout {
  std::vector<std::size_t> node_of_dof;  ///< the node index of each DOF
  std::vector<int> component_of_dof;     ///< its component, 0–5 (FeNode::dof)
  std::size_t interface = 0;             ///< index of the interface node
  std::vector<Eigen::Index> free;        ///< every DOF but the interface node's six, ascending
  std::vector<std::size_t> outputs;      ///< the nodes reported, in order
  bool geometric_stiffness = false;      ///< the twelve K_G are given
};

/// Refuses a bad input (ConfigurationError, owner kFeOwner) and returns the layout.
FeLayout check_fe_model(const FeModel& model);

/// "nodes[3] 'tip' dof[4]": the field of one DOF, for messages.
std::string dof_field(const FeModel& model, std::size_t node, int component);

}  // namespace ramus::flex::detail
