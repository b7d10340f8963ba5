// The description of a finite-element model (docs/flex/fe_import.md §6), read through Node and
// reduced by flex::import_fe_model.
#include <filesystem>
#include <string>

#include "json_node.hpp"
#include "ramus/flex/fe_import.hpp"
#include "ramus/flex/matrix_market.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/scenario/input_file.hpp"
#include "ramus/scenario/modal_file.hpp"

namespace ramus::scenario {
namespace {

/// The matrix of the Matrix Market file named at `n`, relative to `folder`; its errors at `n`.
Eigen::MatrixXd matrix_file(const Node& n, const std::filesystem::path& folder) {
  const std::filesystem::path given(n.string());
  const std::filesystem::path file = given.is_absolute() || folder.empty() ? given : folder / given;
  try {
    return flex::read_matrix_market(file);
  } catch (const ConfigurationError& e) {
    n.fail(e.what());
  }
}

flex::FeNode fe_node(const Node& n) {
  n.require_keys({"name", "r_NF_F", "dof"});
  n.require_present({"name", "r_NF_F", "dof"});
  flex::FeNode node;
  node.name = n.at("name").name();
  node.r_NF_F = n.at("r_NF_F").vector3(Dimension::length);
  const std::vector<Node> dof = n.at("dof").elements();
  if (dof.size() != 6)
    n.at("dof").fail("must hold 6 rows (translation x, y, z, rotation x, y, z; -1: none), found " +
                     std::to_string(dof.size()));
  for (std::size_t c = 0; c < 6; ++c) {
    const int row = dof[c].integer();
    if (row < -1) dof[c].fail("must be a row of M and K (from 0) or -1 (no such DOF), found " + std::to_string(row));
    node.dof[c] = row;
  }
  return node;
}

}  // namespace

ModalFile import_fe_description(const std::string& path) {
  try {
    const nlohmann::json document = parse_document(read_input_file(path, "finite-element description"));
    const Node n(document, "");
    n.require_keys({"mass_matrix", "stiffness_matrix", "nodes", "interface", "modes", "zeta", "output_nodes",
                    "geometric_stiffness", "provenance"});
    n.require_present({"mass_matrix", "stiffness_matrix", "nodes", "interface", "modes"});
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    flex::FeModel m;
    m.M = matrix_file(n.at("mass_matrix"), folder);
    m.K = matrix_file(n.at("stiffness_matrix"), folder);
    for (const Node& node : n.at("nodes").elements(1)) m.nodes.push_back(fe_node(node));
    m.interface_node = n.at("interface").name();
    m.modes = n.at("modes").integer();
    if (const auto z = n.find("zeta")) m.zeta = z->number();
    if (const auto o = n.find("output_nodes"))
      for (const Node& name : o->elements()) m.output_nodes.push_back(name.name());
    if (const auto g = n.find("geometric_stiffness")) {
      const std::vector<Node> files = g->elements();
      if (files.size() != static_cast<std::size_t>(kModalLoadCases))
        g->fail("must name 12 files, one per unit load case (docs/models/modal_data.md §3), found " +
                std::to_string(files.size()));
      for (std::size_t q = 0; q < files.size(); ++q) m.K_G[q] = matrix_file(files[q], folder);
    }
    ModalFile f;
    f.data = wrap_configuration_errors(n, [&] { return flex::import_fe_model(m); });
    f.info.provenance = "Craig-Bampton reduction (docs/flex/fe_import.md) of the finite-element model described by " +
                        path + " (interface node " + m.interface_node + ")";
    if (const auto p = n.find("provenance")) f.info.provenance += "; " + p->string();
    f.info.frame = "the FE model's axes, its origin the point the node positions r_NF_F are measured from";
    return f;
  } catch (const ScenarioError& e) {
    throw ScenarioError(path + ": " + e.path(), e.reason());
  }
}

}  // namespace ramus::scenario
