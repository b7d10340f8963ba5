// Reading an HDF5 modal file (docs/flex/modal_file.md §5) into a ModalFile: the root's attributes
// and datasets, the group "nodes", each dataset's type, shape and unit checked against the layout
// (modal_file_hdf5_layout.cpp) before anything is allocated, the sizes against
// kMaxModalFileHdf5Bytes (§5.3), then check_modal_data as for JSON. Every failure is a
// ScenarioError "FILE: DATASET: reason".
#include <Eigen/Dense>
#include <algorithm>
#include <cctype>
#include <map>
#include <stdexcept>

#include "hdf5_file.hpp"
#include "json_node.hpp"
#include "modal_file_hdf5.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/scenario/registry.hpp"

namespace ramus::scenario::modal_hdf5 {
namespace {

using hdf5::Handle;
using Values = std::map<std::string_view, std::vector<double>>;

/// The longest text attribute read (a provenance, a frame), a node name and a unit.
constexpr std::uint64_t kMaxTextBytes = std::uint64_t{1} << 20;
constexpr std::uint64_t kMaxNameBytes = 4096;
constexpr std::uint64_t kMaxUnitBytes = 256;
/// The most members (links of a group, attributes of the root) listed: a modal file has 14.
constexpr std::uint64_t kMaxMembers = 1000;

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

/// `file`'s reader: every check names the file and the dataset or attribute.
class Reader {
 public:
  explicit Reader(const std::string& file) : file_(file) {}

  [[noreturn]] void fail(std::string_view where, const std::string& reason) const {
    throw ScenarioError(file_ + ": " + std::string(where), reason);
  }

  /// Runs `read`, turning its std::runtime_error (a helper of hdf5_file.hpp) into a failure at `where`.
  template <class Read>
  auto at(std::string_view where, Read&& read) const -> decltype(read()) {
    try {
      return read();
    } catch (const std::runtime_error& e) {
      if (dynamic_cast<const ScenarioError*>(&e) != nullptr) throw;
      fail(where, e.what());
    }
  }

  /// The names of the links of `group` (at most kMaxMembers), each a hard link.
  std::vector<std::string> members(hid_t group, const std::string& where) const {
    H5G_info_t info{};
    if (H5Gget_info(group, &info) < 0) fail(where, "cannot list the group: " + hdf5::error_text());
    if (info.nlinks > kMaxMembers)
      fail(where, "holds " + std::to_string(info.nlinks) + " objects; a modal file holds at most 14");
    std::vector<std::string> names;
    for (hsize_t i = 0; i < info.nlinks; ++i) {
      const ssize_t size = H5Lget_name_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, i, nullptr, 0, H5P_DEFAULT);
      if (size < 0) fail(where, "cannot list the group: " + hdf5::error_text());
      std::string name(static_cast<std::size_t>(size) + 1, '\0');
      if (H5Lget_name_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, i, name.data(), name.size(), H5P_DEFAULT) < 0)
        fail(where, "cannot list the group: " + hdf5::error_text());
      name.resize(static_cast<std::size_t>(size));
      H5L_info_t link{};
      if (H5Lget_info(group, name.c_str(), &link, H5P_DEFAULT) < 0)
        fail(path(where, name), "cannot read the link: " + hdf5::error_text());
      if (link.type != H5L_TYPE_HARD)
        fail(path(where, name), "is a soft or external link; a modal file holds its data itself");
      names.push_back(std::move(name));
    }
    return names;
  }

  /// The names of the attributes of `object` (at most kMaxMembers).
  std::vector<std::string> attributes(hid_t object, const std::string& where) const {
    struct Listing {
      std::vector<std::string> names;
      bool too_many = false;
    } listing;
    const auto add = [](hid_t, const char* name, const H5A_info_t*, void* data) -> herr_t {
      auto& l = *static_cast<Listing*>(data);
      if (l.names.size() >= kMaxMembers) {
        l.too_many = true;
        return 1;
      }
      try {
        l.names.emplace_back(name);
      } catch (...) {
        return -1;
      }
      return 0;
    };
    if (H5Aiterate2(object, H5_INDEX_NAME, H5_ITER_INC, nullptr, add, &listing) < 0)
      fail(where, "cannot list the attributes: " + hdf5::error_text());
    if (listing.too_many) fail(where, "carries more than " + std::to_string(kMaxMembers) + " attributes");
    return listing.names;
  }

  /// The object `name` of `group`, which must be of `kind` (H5I_DATASET or H5I_GROUP).
  Handle open(hid_t group, const std::string& name, const std::string& where, H5I_type_t kind) const {
    Handle object(H5Oopen(group, name.c_str(), H5P_DEFAULT), H5Oclose);
    if (!object.valid()) fail(where, "cannot open: " + hdf5::error_text());
    const H5I_type_t type = H5Iget_type(object.get());
    if (type != kind)
      fail(where, std::string("is a ") + (type == H5I_GROUP ? "group" : "named datatype") + ", expected a " +
                      (kind == H5I_GROUP ? "group" : "dataset"));
    return object;
  }

  /// The extents of the dataset `dataset` of IEEE doubles: refuses another type, a null
  /// dataspace, data stored outside the file (external or virtual).
  std::vector<std::uint64_t> double_extents(hid_t dataset, const std::string& where) const {
    const Handle type(H5Dget_type(dataset), H5Tclose);
    if (!type.valid()) fail(where, "cannot read its type: " + hdf5::error_text());
    if (!hdf5::is_ieee_double(type.get()))
      fail(where, "expected 64-bit floats (IEEE doubles), found " + hdf5::type_text(type.get()));
    const Handle creation(H5Dget_create_plist(dataset), H5Pclose);
    if (!creation.valid()) fail(where, "cannot read its layout: " + hdf5::error_text());
    if (H5Pget_layout(creation.get()) == H5D_VIRTUAL || H5Pget_external_count(creation.get()) != 0)
      fail(where, "keeps its data in other files (a virtual or external dataset); a modal file holds them itself");
    const Handle space(H5Dget_space(dataset), H5Sclose);
    if (!space.valid()) fail(where, "cannot read its dataspace: " + hdf5::error_text());
    const hdf5::Shape shape = at(where, [&] { return hdf5::shape_of(space.get()); });
    if (!shape.simple) fail(where, "is empty (a null dataspace)");
    return shape.dims;
  }

  /// The values of `dataset`, of extents `expected` (checked), converted to SI by its "unit"
  /// attribute when it has one (none: SI, as a bare number of the JSON file).
  std::vector<double> doubles(hid_t dataset, const std::string& where, const std::vector<std::uint64_t>& expected,
                              Dimension dimension) const {
    const std::vector<std::uint64_t> found = double_extents(dataset, where);
    if (found != expected) fail(where, "expected " + expected_text(expected) + ", found " + hdf5::shape_text(found));
    std::uint64_t count = 1;
    for (const std::uint64_t d : expected) count *= d;
    std::vector<double> values(static_cast<std::size_t>(count));
    if (count > 0 && H5Dread(dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0)
      fail(where, "cannot read the data (truncated or damaged file?): " + hdf5::error_text());
    const htri_t has_unit = H5Aexists(dataset, std::string(kUnitAttribute).c_str());
    if (has_unit < 0) fail(where, "cannot read its attributes: " + hdf5::error_text());
    if (has_unit > 0) {
      const std::string unit_where = where + "." + std::string(kUnitAttribute);
      const Handle attribute(H5Aopen(dataset, std::string(kUnitAttribute).c_str(), H5P_DEFAULT), H5Aclose);
      if (!attribute.valid()) fail(unit_where, "cannot open: " + hdf5::error_text());
      const std::string unit =
          at(unit_where, [&] { return hdf5::read_scalar_string(attribute.get(), true, kMaxUnitBytes); });
      const UnitLookup u = lookup_unit(unit, dimension);
      if (!u.error.empty()) fail(unit_where, u.error);
      if (u.factor != 1.0)
        for (double& v : values) v *= u.factor;
    }
    return values;
  }

  static std::string path(const std::string& group, const std::string& name) {
    return group == "/" ? name : group + "/" + name;
  }

  static std::string expected_text(const std::vector<std::uint64_t>& dims) {
    if (dims.empty()) return "a scalar double";
    if (dims.size() == 1) return "1-D of " + std::to_string(dims[0]) + " doubles";
    return hdf5::shape_text(dims) + " of doubles";
  }

 private:
  const std::string& file_;
};

/// A scalar string attribute of the root, or `fallback` when it is absent.
std::string text_attribute(const Reader& r, hid_t root, const std::vector<std::string>& present, const char* name,
                           const std::string& fallback) {
  if (std::find(present.begin(), present.end(), name) == present.end()) return fallback;
  const Handle attribute(H5Aopen(root, name, H5P_DEFAULT), H5Aclose);
  if (!attribute.valid()) r.fail(name, "cannot open: " + hdf5::error_text());
  return r.at(name, [&] { return hdf5::read_scalar_string(attribute.get(), true, kMaxTextBytes); });
}

/// format, version, provenance, eta_unit, frame (§5.1): the same rules as the JSON keys.
ModalFileInfo read_header(const Reader& r, hid_t root) {
  const std::vector<std::string> present = r.attributes(root, "(root)");
  std::vector<std::string> known(std::begin(kRootAttributes), std::end(kRootAttributes));
  for (const std::string& name : present)
    if (std::find(known.begin(), known.end(), name) == known.end())
      r.fail(name, unknown_name("attribute of the root", name, known));
  for (std::size_t k = 0; k < 3; ++k)
    if (std::find(present.begin(), present.end(), known[k]) == present.end())
      r.fail(known[k], "missing attribute (the root carries format, version and provenance)");
  const std::string format = text_attribute(r, root, present, "format", "");
  if (format != kModalFileFormat)
    r.fail("format", "must be \"" + std::string(kModalFileFormat) + "\", found \"" + printable(format) + "\"");
  {
    const Handle version(H5Aopen(root, "version", H5P_DEFAULT), H5Aclose);
    if (!version.valid()) r.fail("version", "cannot open: " + hdf5::error_text());
    const Handle type(H5Aget_type(version.get()), H5Tclose);
    const Handle space(H5Aget_space(version.get()), H5Sclose);
    if (!type.valid() || !space.valid()) r.fail("version", "cannot read: " + hdf5::error_text());
    if (H5Tget_class(type.get()) != H5T_INTEGER)
      r.fail("version", "must be an integer, found " + hdf5::type_text(type.get()));
    const hdf5::Shape shape = r.at("version", [&] { return hdf5::shape_of(space.get()); });
    if (!shape.simple || !shape.dims.empty()) r.fail("version", "must be one integer (a scalar)");
    std::int64_t v = 0;
    if (H5Aread(version.get(), H5T_NATIVE_INT64, &v) < 0) r.fail("version", "cannot read: " + hdf5::error_text());
    if (v != kModalFileVersion)
      r.fail("version",
             "this library reads version " + std::to_string(kModalFileVersion) + ", found " + std::to_string(v));
  }
  ModalFileInfo info;
  info.provenance = text_attribute(r, root, present, "provenance", "");
  if (info.provenance.empty()) r.fail("provenance", "must say where the data come from");
  info.eta_unit = text_attribute(r, root, present, "eta_unit", info.eta_unit);
  info.frame = text_attribute(r, root, present, "frame", "");
  return info;
}

/// Refuses a member of a group that the layout does not name, and a required one that is missing.
void check_members(const Reader& r, const std::vector<std::string>& present, const std::vector<std::string>& known,
                   const std::vector<std::string>& required, const std::string& group) {
  for (const std::string& name : present)
    if (std::find(known.begin(), known.end(), name) == known.end())
      r.fail(Reader::path(group, name), unknown_name("dataset", name, known));
  for (const std::string& name : required)
    if (std::find(present.begin(), present.end(), name) == present.end())
      r.fail(Reader::path(group, name), "missing dataset (a modal file holds " + joined(required) + ")");
}

Eigen::MatrixXd row_major(const double* values, Eigen::Index rows, Eigen::Index cols) {
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  return Eigen::Map<const RowMajor>(values, rows, cols);
}

/// The dataset of check_modal_data's field ("omega[3] [rad/s]" → "omega", "nodes[2] 'n2' phi_F" →
/// "nodes/phi_F").
std::string dataset_of(const std::string& field) {
  const std::string key = field.substr(0, field.find_first_of(" ["));
  if (key != kNodesGroup) return key;
  for (const DoubleDataset& d : node_datasets())
    if (field.find(d.name) != std::string::npos) return key + "/" + std::string(d.name);
  return field.find("name") != std::string::npos ? key + "/" + std::string(kNodeNames) : key;
}

}  // namespace

ModalFile read(const std::string& path) {
  const Reader r(path);
  const hdf5::Session session;
  const Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  if (!file.valid())
    throw ScenarioError(path, "modal file: cannot open as HDF5 (truncated or damaged?): " + hdf5::error_text());
  const Handle root(H5Gopen2(file.get(), "/", H5P_DEFAULT), H5Gclose);
  if (!root.valid()) throw ScenarioError(path, "modal file: cannot open its root group: " + hdf5::error_text());

  ModalFile result;
  result.info = read_header(r, root.get());

  // The members and their kinds, then n and the number of nodes, then the sizes: nothing large is
  // allocated before the whole file's size is known and bounded (§5.3).
  std::vector<std::string> known, required;
  for (const DoubleDataset& d : root_datasets()) {
    known.emplace_back(d.name);
    if (d.required) required.emplace_back(d.name);
  }
  known.emplace_back(kNodesGroup);
  const std::vector<std::string> present = r.members(root.get(), "/");
  check_members(r, present, known, required, "/");
  const auto has = [&](std::string_view name) {
    return std::find(present.begin(), present.end(), name) != present.end();
  };

  std::map<std::string_view, Handle> datasets;
  for (const DoubleDataset& d : root_datasets())
    if (has(d.name))
      datasets.emplace(d.name, r.open(root.get(), std::string(d.name), std::string(d.name), H5I_DATASET));
  const std::vector<std::uint64_t> omega = r.double_extents(datasets.at("omega").get(), "omega");
  if (omega.size() != 1) r.fail("omega", "expected 1-D of n doubles (n modes), found " + hdf5::shape_text(omega));
  const std::uint64_t n = omega[0];
  if (n == 0) r.fail("omega", "must hold at least one mode (the number of modes n is its size)");

  Handle nodes_group, names;
  std::map<std::string_view, Handle> node_sets;
  std::uint64_t node_count = 0;
  const std::string names_where = std::string(kNodesGroup) + "/" + std::string(kNodeNames);
  if (has(kNodesGroup)) {
    nodes_group = r.open(root.get(), std::string(kNodesGroup), std::string(kNodesGroup), H5I_GROUP);
    std::vector<std::string> node_known{std::string(kNodeNames)};
    for (const DoubleDataset& d : node_datasets()) node_known.emplace_back(d.name);
    check_members(r, r.members(nodes_group.get(), std::string(kNodesGroup)), node_known, node_known,
                  std::string(kNodesGroup));
    names = r.open(nodes_group.get(), std::string(kNodeNames), names_where, H5I_DATASET);
    const Handle space(H5Dget_space(names.get()), H5Sclose);
    if (!space.valid()) r.fail(names_where, "cannot read its dataspace: " + hdf5::error_text());
    const hdf5::Shape shape = r.at(names_where, [&] { return hdf5::shape_of(space.get()); });
    if (!shape.simple || shape.dims.size() != 1)
      r.fail(names_where, "expected 1-D of strings (one per node), found " +
                              (shape.simple ? hdf5::shape_text(shape.dims) : std::string("an empty (null) dataspace")));
    node_count = shape.dims[0];
    for (const DoubleDataset& d : node_datasets())
      node_sets.emplace(d.name, r.open(nodes_group.get(), std::string(d.name),
                                       std::string(kNodesGroup) + "/" + std::string(d.name), H5I_DATASET));
  }

  // §5.3: the doubles the dims imply, counted in floating point (no overflow for any dims).
  double bytes = 0.0;
  const auto count = [&](const DoubleDataset& d) {
    double elements = 1.0;
    for (const std::uint64_t e : dims(d.shape, n, node_count)) elements *= static_cast<double>(e);
    bytes += 8.0 * elements;
  };
  for (const DoubleDataset& d : root_datasets())
    if (has(d.name)) count(d);
  if (node_count > 0)
    for (const DoubleDataset& d : node_datasets()) count(d);
  if (bytes > static_cast<double>(kMaxModalFileHdf5Bytes))
    r.fail("omega", std::to_string(n) + " modes and " + std::to_string(node_count) + " nodes need " +
                        std::to_string(static_cast<std::uint64_t>(bytes)) + " bytes of doubles, beyond the limit of " +
                        std::to_string(kMaxModalFileHdf5Bytes >> 30) + " GiB of a modal file");

  Values v;
  for (const DoubleDataset& d : root_datasets())
    if (has(d.name))
      v[d.name] = r.doubles(datasets.at(d.name).get(), std::string(d.name), dims(d.shape, n, node_count), d.dimension);
  Values node_values;
  if (has(kNodesGroup))
    for (const DoubleDataset& d : node_datasets())
      node_values[d.name] = r.doubles(node_sets.at(d.name).get(), std::string(kNodesGroup) + "/" + std::string(d.name),
                                      dims(d.shape, n, node_count), d.dimension);

  // The layout of §5.1, row-major: P_F(i, k) = P_F[i][k], J1_F[k](i, j) = J1_F[k][i][j],
  // G[i](k, l) = G[i][k][l], phi_F of node j (i, k) = phi_F[j][i][k].
  const auto m = static_cast<Eigen::Index>(n);
  ModalData& d = result.data;
  d.mass = v.at("mass")[0];
  d.r_ScF_F = Eigen::Map<const Eigen::Vector3d>(v.at("r_ScF_F").data());
  d.I_PntF_F = row_major(v.at("I_PntF_F").data(), 3, 3);
  d.omega = Eigen::Map<const Eigen::VectorXd>(v.at("omega").data(), m);
  d.modal_mass = Eigen::Map<const Eigen::VectorXd>(v.at("modal_mass").data(), m);
  d.zeta = Eigen::Map<const Eigen::VectorXd>(v.at("zeta").data(), m);
  d.P_F = row_major(v.at("P_F").data(), 3, m);
  d.H_PntF_F = row_major(v.at("H_PntF_F").data(), 3, m);
  for (Eigen::Index k = 0; k < m; ++k) d.J1_F.push_back(row_major(v.at("J1_F").data() + 9 * k, 3, 3));
  const auto square_set = [&](std::string_view name, auto& out) {
    for (std::size_t i = 0; i < out.size(); ++i)
      out[i] = row_major(v.at(name).data() + static_cast<Eigen::Index>(i) * m * m, m, m);
  };
  square_set("G", d.G);
  square_set("D", d.D);
  // No K_G: the data carry no geometric stiffness (zeros), as for JSON (§2).
  if (has("K_G"))
    square_set("K_G", d.K_G);
  else
    d.K_G.fill(Eigen::MatrixXd::Zero(m, m));
  if (has(kNodesGroup)) {
    const std::vector<std::string> node_names =
        r.at(names_where, [&] { return hdf5::read_strings(names.get(), node_count, kMaxNameBytes); });
    const auto valid = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; };
    for (std::size_t j = 0; j < node_names.size(); ++j) {
      const std::string& name = node_names[j];
      if (name.empty() || !std::all_of(name.begin(), name.end(), valid))
        r.fail(names_where, "'" + printable(name) + "' (node " + std::to_string(j) +
                                ") is not a valid name (letters, digits, '_' and '-', not empty)");
      ModalNode node;
      node.name = name;
      const auto jj = static_cast<Eigen::Index>(j);
      node.r_NF_F = Eigen::Map<const Eigen::Vector3d>(node_values.at("r_NF_F").data() + 3 * jj);
      node.phi_F = row_major(node_values.at("phi_F").data() + 3 * m * jj, 3, m);
      node.psi_F = row_major(node_values.at("psi_F").data() + 3 * m * jj, 3, m);
      d.nodes.push_back(std::move(node));
    }
  }
  try {
    check_modal_data("modal data", d);
  } catch (const ConfigurationError& e) {
    r.fail(dataset_of(e.field()), e.what());
  }
  return result;
}

}  // namespace ramus::scenario::modal_hdf5
