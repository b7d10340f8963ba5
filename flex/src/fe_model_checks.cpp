// The checks of an FE model's input that need no factorisation (docs/flex/fe_import.md §7).
#include "fe_model_checks.hpp"

#include <cmath>
#include <map>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::flex::detail {
namespace {

using validation::to_text;

std::string indexed(std::string_view name, std::size_t i) {
  std::string s(name);
  return s.append("[").append(std::to_string(i)).append("]");
}

std::string entry_text(Eigen::Index i, Eigen::Index j, double value) {
  std::string s = "entry (";
  s.append(std::to_string(i)).append(", ").append(std::to_string(j)).append(") = ").append(to_text(value));
  return s;
}

std::string size_text(const Eigen::MatrixXd& a) {
  std::string s = std::to_string(a.rows());
  return s.append("×").append(std::to_string(a.cols()));
}

std::string node_field(const FeModel& model, std::size_t k) {
  return indexed("nodes", k) + " '" + model.nodes[k].name + "'";
}

/// Square, `n`×`n` when n ≥ 0, finite, symmetric to kFeSymmetryTolerance of its largest entry (the
/// worst pair named).
void check_matrix(const std::string& field, const Eigen::MatrixXd& a, Eigen::Index n, const std::string& size_rule) {
  if (a.rows() != a.cols() || a.rows() == 0)
    throw ConfigurationError(kFeOwner, field, size_text(a), "must be square and not empty");
  if (n >= 0 && a.rows() != n) throw ConfigurationError(kFeOwner, field, size_text(a), size_rule);
  for (Eigen::Index j = 0; j < a.cols(); ++j)
    for (Eigen::Index i = 0; i < a.rows(); ++i)
      if (!std::isfinite(a(i, j)))
        throw ConfigurationError(kFeOwner, field, entry_text(i, j, a(i, j)), "must be finite");
  Eigen::Index wi = 0, wj = 0;
  const double worst = (a - a.transpose()).cwiseAbs().maxCoeff(&wi, &wj);
  if (worst > kFeSymmetryTolerance * a.cwiseAbs().maxCoeff())
    throw ConfigurationError(kFeOwner, field, entry_text(wi, wj, a(wi, wj)) + " against " + to_text(a(wj, wi)),
                             "must be symmetric (to " + to_text(kFeSymmetryTolerance) + " of its largest entry)");
}

/// The node table: names, positions, DOF indices; every DOF owned once.
void check_nodes(const FeModel& model, Eigen::Index n, FeLayout& layout) {
  layout.node_of_dof.assign(static_cast<std::size_t>(n), model.nodes.size());
  layout.component_of_dof.assign(static_cast<std::size_t>(n), -1);
  std::map<std::string, std::size_t> names;
  for (std::size_t k = 0; k < model.nodes.size(); ++k) {
    const FeNode& node = model.nodes[k];
    if (node.name.empty()) throw ConfigurationError(kFeOwner, indexed("nodes", k) + " name", "''", "must not be empty");
    if (!names.emplace(node.name, k).second)
      throw ConfigurationError(kFeOwner, indexed("nodes", k) + " name", "'" + node.name + "'",
                               std::string("is the name of an earlier node, ") + node_field(model, names[node.name]));
    validation::require_finite(kFeOwner, node_field(model, k) + " r_NF_F [m]", node.r_NF_F);
    for (int c = 0; c < 6; ++c) {
      const Eigen::Index i = node.dof[static_cast<std::size_t>(c)];
      if (i == -1) continue;
      if (i < 0 || i >= n)
        throw ConfigurationError(kFeOwner, dof_field(model, k, c), std::to_string(i),
                                 std::string("is out of range: M and K have ") + std::to_string(n) +
                                     " DOFs (rows 0 to " + std::to_string(n - 1) + "; −1 for none)");
      const std::size_t row = static_cast<std::size_t>(i);
      if (layout.component_of_dof[row] >= 0)
        throw ConfigurationError(kFeOwner, dof_field(model, k, c), std::to_string(i),
                                 std::string("is already ") +
                                     dof_field(model, layout.node_of_dof[row], layout.component_of_dof[row]) +
                                     ": each row of M and K is one DOF of one node");
      layout.node_of_dof[row] = k;
      layout.component_of_dof[row] = c;
    }
  }
  for (Eigen::Index i = 0; i < n; ++i)
    if (layout.component_of_dof[static_cast<std::size_t>(i)] < 0)
      throw ConfigurationError(kFeOwner, "M row", std::to_string(i),
                               "belongs to no node: every DOF needs its node and component (its rigid-body motion, "
                               "docs/flex/fe_import.md eq. (1))");
}

/// The node called `name`, or nodes.size().
std::size_t find_node(const FeModel& model, const std::string& name) {
  for (std::size_t k = 0; k < model.nodes.size(); ++k)
    if (model.nodes[k].name == name) return k;
  return model.nodes.size();
}

}  // namespace

std::string dof_field(const FeModel& model, std::size_t node, int component) {
  return node_field(model, node) + " " + indexed("dof", static_cast<std::size_t>(component));
}

FeLayout check_fe_model(const FeModel& model) {
  FeLayout layout;
  check_matrix("M", model.M, -1, "");
  const Eigen::Index n = model.M.rows();
  const std::string same = std::string("must have M's size, ") + size_text(model.M);
  check_matrix("K", model.K, n, same);
  std::size_t given = 0;
  for (const Eigen::MatrixXd& KG : model.K_G) given += KG.size() > 0 ? 1 : 0;
  if (given != 0 && given != model.K_G.size())
    for (std::size_t q = 0; q < model.K_G.size(); ++q)
      if (model.K_G[q].size() == 0)
        throw ConfigurationError(kFeOwner, indexed("K_G", q), "0×0",
                                 "is missing: give all twelve unit load cases' geometric stiffness or none");
  layout.geometric_stiffness = given != 0;
  if (layout.geometric_stiffness)
    for (std::size_t q = 0; q < model.K_G.size(); ++q) check_matrix(indexed("K_G", q), model.K_G[q], n, same);

  check_nodes(model, n, layout);
  layout.interface = find_node(model, model.interface_node);
  if (layout.interface == model.nodes.size())
    throw ConfigurationError(kFeOwner, "interface_node", "'" + model.interface_node + "'",
                             "is not a node of the model");
  for (int c = 0; c < 6; ++c)
    if (model.nodes[layout.interface].dof[static_cast<std::size_t>(c)] < 0)
      throw ConfigurationError(kFeOwner, dof_field(model, layout.interface, c), "-1",
                               "the interface node must have all six DOFs: it is clamped at F (the constraint "
                               "modes are the rigid-body modes only for a statically determinate interface)");
  for (Eigen::Index i = 0; i < n; ++i)
    if (layout.node_of_dof[static_cast<std::size_t>(i)] != layout.interface) layout.free.push_back(i);
  const Eigen::Index nf = static_cast<Eigen::Index>(layout.free.size());
  if (model.modes < 1 || model.modes > nf)
    throw ConfigurationError(kFeOwner, "modes [1]", std::to_string(model.modes),
                             std::string("must be 1 to the free DOFs, ") + std::to_string(nf) + " (the " +
                                 std::to_string(n) + " DOFs less the interface node's 6)");
  validation::require_non_negative(kFeOwner, "zeta [1]", model.zeta);

  if (model.output_nodes.empty())
    for (std::size_t k = 0; k < model.nodes.size(); ++k) layout.outputs.push_back(k);
  for (std::size_t j = 0; j < model.output_nodes.size(); ++j) {
    const std::size_t k = find_node(model, model.output_nodes[j]);
    if (k == model.nodes.size())
      throw ConfigurationError(kFeOwner, indexed("output_nodes", j), "'" + model.output_nodes[j] + "'",
                               "is not a node of the model");
    for (const std::size_t earlier : layout.outputs)
      if (earlier == k)
        throw ConfigurationError(kFeOwner, indexed("output_nodes", j), "'" + model.output_nodes[j] + "'",
                                 "is listed twice");
    layout.outputs.push_back(k);
  }
  return layout;
}

}  // namespace ramus::flex::detail
