// The modal file (docs/flex/modal_file.md): ModalData as JSON, read through Node (every failure
// names the file, the path in it and the value) and written to round-trip precision; a file that
// starts with HDF5's signature goes to the HDF5 reader (modal_file_hdf5_read.cpp).
#include "ramus/scenario/modal_file.hpp"

#include <cctype>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "json_node.hpp"
#include "modal_file_hdf5.hpp"
#include "modal_object.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/scenario/input_file.hpp"

namespace ramus::scenario {
namespace {

using Dim = Dimension;

/// The keys of the data (the members of ModalData) and of a file's header.
constexpr std::string_view kDataKeys[] = {"mass",     "r_ScF_F", "I_PntF_F", "modal_mass", "omega", "zeta", "P_F",
                                          "H_PntF_F", "J1_F",    "G",        "D",          "K_G",   "nodes"};
constexpr std::string_view kHeaderKeys[] = {"format", "version", "provenance", "eta_unit", "frame"};

/// The number of elements of an array given bare or as {"value": [...], "unit": ...}.
Eigen::Index array_size(const Node& n) {
  const nlohmann::json& j = n.json().is_object() && n.json().contains("value") ? n.json()["value"] : n.json();
  if (!j.is_array()) n.fail("must be an array of the modal frequencies, one per mode");
  return static_cast<Eigen::Index>(j.size());
}

/// count n×n matrices, dimensionless (the SI of the normalisation).
template <std::size_t count>
void read_square_set(const Node& object, std::string_view key, Eigen::Index n,
                     std::array<Eigen::MatrixXd, count>& out) {
  const std::vector<Node> e = object.at(key).elements();
  if (e.size() != count)
    object.at(key).fail("must hold " + std::to_string(count) + " matrices of n x n (n = " + std::to_string(n) +
                        " modes), found " + std::to_string(e.size()));
  for (std::size_t i = 0; i < count; ++i) out[i] = e[i].matrix(Dim::dimensionless, n, n);
}

ModalNode read_node(const Node& n, Eigen::Index modes) {
  n.require_keys({"name", "r_NF_F", "phi_F", "psi_F"});
  n.require_present({"name", "r_NF_F", "phi_F", "psi_F"});
  ModalNode node;
  node.name = n.at("name").name();
  node.r_NF_F = n.at("r_NF_F").vector3(Dim::length);
  node.phi_F = n.at("phi_F").matrix(Dim::dimensionless, 3, modes);
  node.psi_F = n.at("psi_F").matrix(Dim::dimensionless, 3, modes);
  return node;
}

nlohmann::ordered_json rows(const Eigen::MatrixXd& m) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    nlohmann::ordered_json r = nlohmann::ordered_json::array();
    for (Eigen::Index j = 0; j < m.cols(); ++j) r.push_back(m(i, j));
    a.push_back(std::move(r));
  }
  return a;
}

nlohmann::ordered_json entries(const Eigen::VectorXd& v) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) a.push_back(v[i]);
  return a;
}

nlohmann::ordered_json with_unit(nlohmann::ordered_json value, const char* unit) {
  nlohmann::ordered_json q;
  q["value"] = std::move(value);
  q["unit"] = unit;
  return q;
}

template <class Matrices>
nlohmann::ordered_json matrix_list(const Matrices& ms) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const auto& m : ms) a.push_back(rows(m));
  return a;
}

/// `j` indented by `depth` spaces per level, an array of numbers (a vector, a matrix's row) on one
/// line: a matrix reads row by row.
void write_pretty(const nlohmann::ordered_json& j, int depth, std::string& out) {
  const auto numbers_only = [](const nlohmann::ordered_json& a) {
    for (const auto& e : a)
      if (!e.is_number()) return false;
    return true;
  };
  const std::string pad(static_cast<std::size_t>(depth + 1), ' ');
  if (j.is_object()) {
    out += "{\n";
    bool first = true;
    for (const auto& [key, value] : j.items()) {
      out += (first ? "" : ",\n") + pad + nlohmann::ordered_json(key).dump() + ": ";
      write_pretty(value, depth + 1, out);
      first = false;
    }
    out += "\n" + std::string(static_cast<std::size_t>(depth), ' ') + "}";
  } else if (j.is_array() && !j.empty() && !numbers_only(j)) {
    out += "[\n";
    for (std::size_t i = 0; i < j.size(); ++i) {
      out += (i == 0 ? "" : ",\n") + pad;
      write_pretty(j[i], depth + 1, out);
    }
    out += "\n" + std::string(static_cast<std::size_t>(depth), ' ') + "]";
  } else {
    out += j.dump(-1, ' ', false);
  }
}

}  // namespace

ModalData read_modal_object(const Node& n, std::span<const std::string_view> other_keys) {
  std::vector<std::string_view> allowed(std::begin(kDataKeys), std::end(kDataKeys));
  allowed.insert(allowed.end(), other_keys.begin(), other_keys.end());
  n.require_keys(allowed);
  n.require_present(
      {"mass", "r_ScF_F", "I_PntF_F", "modal_mass", "omega", "zeta", "P_F", "H_PntF_F", "J1_F", "G", "D"});
  ModalData d;
  d.mass = n.at("mass").si(Dim::mass);
  d.r_ScF_F = n.at("r_ScF_F").vector3(Dim::length);
  d.I_PntF_F = n.at("I_PntF_F").matrix3(Dim::inertia);
  const Eigen::Index modes = array_size(n.at("omega"));
  if (modes == 0) n.at("omega").fail("must hold at least one mode (the number of modes n is its size)");
  d.omega = n.at("omega").vector(Dim::angular_velocity, modes);
  d.modal_mass = n.at("modal_mass").vector(Dim::dimensionless, modes);
  d.zeta = n.at("zeta").vector(Dim::dimensionless, modes);
  d.P_F = n.at("P_F").matrix(Dim::dimensionless, 3, modes);
  d.H_PntF_F = n.at("H_PntF_F").matrix(Dim::dimensionless, 3, modes);
  const std::vector<Node> J1 = n.at("J1_F").elements();
  if (static_cast<Eigen::Index>(J1.size()) != modes)
    n.at("J1_F").fail("must hold one 3x3 matrix per mode (" + std::to_string(modes) + "), found " +
                      std::to_string(J1.size()));
  for (const Node& j : J1) d.J1_F.push_back(j.matrix3(Dim::dimensionless));
  read_square_set(n, "G", modes, d.G);
  read_square_set(n, "D", modes, d.D);
  // No K_G: the data carry no geometric stiffness (zeros; a flexible_body with them needs
  // geometric_stiffening false).
  if (n.has("K_G"))
    read_square_set(n, "K_G", modes, d.K_G);
  else
    d.K_G.fill(Eigen::MatrixXd::Zero(modes, modes));
  if (const auto nodes = n.find("nodes"))
    for (const Node& node : nodes->elements()) d.nodes.push_back(read_node(node, modes));
  wrap_configuration_errors(n, [&] { check_modal_data("modal data", d); });
  return d;
}

ModalFile parse_modal_file(std::string_view text, const std::string& source) {
  try {
    const nlohmann::json document = parse_document(text);
    const Node n(document, "");
    n.require_present({"format", "version", "provenance"});
    if (n.at("format").string() != kModalFileFormat)
      n.at("format").fail("must be \"" + std::string(kModalFileFormat) + "\", found \"" +
                          printable(n.at("format").string()) + "\"");
    if (n.at("version").integer() != kModalFileVersion)
      n.at("version").fail("this library reads version " + std::to_string(kModalFileVersion) + ", found " +
                           std::to_string(n.at("version").integer()));
    ModalFile f;
    f.info.provenance = n.at("provenance").string();
    if (f.info.provenance.empty()) n.at("provenance").fail("must say where the data come from");
    if (const auto u = n.find("eta_unit")) f.info.eta_unit = u->string();
    if (const auto frame = n.find("frame")) f.info.frame = frame->string();
    f.data = read_modal_object(n, kHeaderKeys);
    return f;
  } catch (const ScenarioError& e) {
    throw ScenarioError(source + ": " + e.path(), e.reason());
  }
}

// HDF5 or JSON by the file's first bytes, not its name (docs/flex/modal_file.md §5.2).
ModalFile read_modal_file(const std::string& path) {
  if (modal_hdf5::has_signature(path)) return modal_hdf5::read(path);
  const std::string text = read_input_file(path, "modal");
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension != ".h5" && extension != ".hdf5") return parse_modal_file(text, path);
  // Named as HDF5 but without its signature: read as JSON, and if that fails say both.
  try {
    return parse_modal_file(text, path);
  } catch (const ScenarioError& e) {
    throw ScenarioError(e.path(),
                        "not an HDF5 file (it does not start with the HDF5 signature), and as JSON: " + e.reason());
  }
}

void modal_hdf5::check_writable(const ModalFile& file) {
  check_modal_data("modal file", file.data);
  if (file.info.provenance.empty())
    throw ConfigurationError("modal file", "provenance", "\"\"", "must say where the data come from");
}

std::string modal_file_text(const ModalFile& file) {
  const ModalData& d = file.data;
  modal_hdf5::check_writable(file);
  nlohmann::ordered_json j;
  j["format"] = kModalFileFormat;
  j["version"] = kModalFileVersion;
  j["provenance"] = file.info.provenance;
  j["eta_unit"] = file.info.eta_unit;
  if (!file.info.frame.empty()) j["frame"] = file.info.frame;
  j["mass"] = with_unit(d.mass, "kg");
  j["r_ScF_F"] = with_unit(entries(d.r_ScF_F), "m");
  j["I_PntF_F"] = with_unit(rows(d.I_PntF_F), "kg m^2");
  j["omega"] = with_unit(entries(d.omega), "rad/s");
  j["modal_mass"] = entries(d.modal_mass);
  j["zeta"] = entries(d.zeta);
  j["P_F"] = rows(d.P_F);
  j["H_PntF_F"] = rows(d.H_PntF_F);
  j["J1_F"] = matrix_list(d.J1_F);
  j["G"] = matrix_list(d.G);
  j["D"] = matrix_list(d.D);
  j["K_G"] = matrix_list(d.K_G);
  nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
  for (const ModalNode& node : d.nodes) {
    nlohmann::ordered_json o;
    o["name"] = node.name;
    o["r_NF_F"] = with_unit(entries(node.r_NF_F), "m");
    o["phi_F"] = rows(node.phi_F);
    o["psi_F"] = rows(node.psi_F);
    nodes.push_back(std::move(o));
  }
  j["nodes"] = std::move(nodes);
  std::string text;
  write_pretty(j, 0, text);
  return text + "\n";
}

}  // namespace ramus::scenario
