// Writing an HDF5 modal file (docs/flex/modal_file.md §5): the layout of §5.1 (the names, shapes
// and units of modal_file_hdf5_layout.cpp, every matrix row-major), written under a temporary
// name beside the target and renamed into place only once HDF5 has closed it and it is on disk
// (§5.4): the target is replaced whole or not at all.
#include <fcntl.h>
#include <unistd.h>

#include <Eigen/Dense>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <stdexcept>

#include "hdf5_file.hpp"
#include "modal_file_hdf5.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {
namespace {

namespace fs = std::filesystem;
using hdf5::Handle;

/// The file `path` stands for: a link's target (the link stays), refusing what is not a regular
/// file (a directory, a device).
fs::path target_of(const std::string& path) {
  std::error_code error;
  fs::path target = path;
  if (fs::is_symlink(fs::symlink_status(target, error))) {
    const fs::path resolved = fs::weakly_canonical(target, error);
    if (!error) target = resolved;
  }
  const fs::file_status status = fs::status(target, error);
  if (fs::exists(status) && !fs::is_regular_file(status))
    throw ScenarioError(path, "modal file: not a regular file (a directory or a device): not replaced");
  return target;
}

/// A new, empty file beside the target ".NAME.ramus-XXXXXXXX", removed at scope exit unless
/// committed (renamed onto the target).
class TemporaryFile {
 public:
  TemporaryFile(std::string path, fs::path target) : path_(std::move(path)), target_(std::move(target)) {
    const fs::path dir = target_.has_parent_path() ? target_.parent_path() : fs::path(".");
    std::random_device random;
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
      char suffix[16];
      std::snprintf(suffix, sizeof suffix, "%08x", static_cast<unsigned>(random()));
      std::string file_name = target_.filename().string();
      file_name.insert(0, 1, '.');
      file_name.append(".ramus-").append(suffix);
      name_ = (dir / file_name).string();
      // 0666 less the umask: the permissions a plain open would give the result.
      fd_ = ::open(name_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd_ < 0 && errno != EEXIST) fail("cannot create a temporary file in its directory", errno);
    }
    if (fd_ < 0) fail("cannot create a temporary file in its directory", EEXIST);
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(name_.c_str());
  }

  const std::string& name() const { return name_; }

  /// The data on disk (fsync of the file HDF5 wrote and closed), then the rename.
  void commit() {
    if (::fsync(fd_) != 0) fail("cannot write (fsync)", errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail("cannot write (close)", errno);
    if (std::rename(name_.c_str(), target_.c_str()) != 0) fail("cannot rename the temporary file into place", errno);
    committed_ = true;
  }

 private:
  [[noreturn]] void fail(const char* action, int error) const {
    throw ScenarioError(path_, std::string("modal file: ") + action + ": " + std::strerror(error));
  }

  std::string path_;
  fs::path target_;
  std::string name_;
  int fd_ = -1;
  bool committed_ = false;
};

/// The entries of `m` row by row: the order of a row-major (numpy) array.
void append_rows(const Eigen::MatrixXd& m, std::vector<double>& out) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) out.push_back(m(i, j));
}

template <class Matrices>
std::vector<double> stacked(const Matrices& ms) {
  std::vector<double> out;
  for (const auto& m : ms) append_rows(m, out);
  return out;
}

/// The values of the root dataset `name` (modal_hdf5::root_datasets), row-major.
std::vector<double> root_values(std::string_view name, const ModalData& d) {
  const auto vector = [](const Eigen::VectorXd& v) { return std::vector<double>(v.data(), v.data() + v.size()); };
  const auto matrix = [](const Eigen::MatrixXd& m) {
    std::vector<double> out;
    append_rows(m, out);
    return out;
  };
  if (name == "mass") return {d.mass};
  if (name == "r_ScF_F") return vector(d.r_ScF_F);
  if (name == "I_PntF_F") return matrix(d.I_PntF_F);
  if (name == "omega") return vector(d.omega);
  if (name == "modal_mass") return vector(d.modal_mass);
  if (name == "zeta") return vector(d.zeta);
  if (name == "P_F") return matrix(d.P_F);
  if (name == "H_PntF_F") return matrix(d.H_PntF_F);
  if (name == "J1_F") return stacked(d.J1_F);
  if (name == "G") return stacked(d.G);
  if (name == "D") return stacked(d.D);
  if (name == "K_G") return stacked(d.K_G);
  throw std::logic_error("modal file: no dataset " + std::string(name));
}

/// The values of the node dataset `name` (modal_hdf5::node_datasets), node by node, row-major.
std::vector<double> node_values(std::string_view name, const std::vector<ModalNode>& nodes) {
  std::vector<double> out;
  for (const ModalNode& node : nodes) {
    if (name == "r_NF_F")
      append_rows(node.r_NF_F.transpose(), out);
    else if (name == "phi_F")
      append_rows(node.phi_F, out);
    else if (name == "psi_F")
      append_rows(node.psi_F, out);
    else
      throw std::logic_error("modal file: no node dataset " + std::string(name));
  }
  return out;
}

void write_double_datasets(hid_t location, const std::vector<modal_hdf5::DoubleDataset>& layout, std::uint64_t n,
                           std::uint64_t nodes, const auto& values_of) {
  for (const modal_hdf5::DoubleDataset& d : layout) {
    const std::string name(d.name);
    const Handle dataset =
        hdf5::write_doubles(location, name.c_str(), modal_hdf5::dims(d.shape, n, nodes), values_of(d.name));
    hdf5::write_string_attribute(dataset.get(), std::string(modal_hdf5::kUnitAttribute).c_str(),
                                 std::string(si_unit(d.dimension)));
  }
}

/// The layout of §5.1 in the open file `file`.
void write_layout(hid_t file, const ModalFile& f) {
  const ModalData& d = f.data;
  const Handle root(H5Gopen2(file, "/", H5P_DEFAULT), H5Gclose);
  if (!root.valid()) throw std::runtime_error("H5Gopen2 failed: " + hdf5::error_text());
  hdf5::write_string_attribute(root.get(), "format", std::string(kModalFileFormat));
  hdf5::write_integer_attribute(root.get(), "version", kModalFileVersion);
  hdf5::write_string_attribute(root.get(), "provenance", f.info.provenance);
  hdf5::write_string_attribute(root.get(), "eta_unit", f.info.eta_unit);
  if (!f.info.frame.empty()) hdf5::write_string_attribute(root.get(), "frame", f.info.frame);
  const auto n = static_cast<std::uint64_t>(d.modes());
  const std::uint64_t nodes = d.nodes.size();
  write_double_datasets(root.get(), modal_hdf5::root_datasets(), n, nodes,
                        [&](std::string_view name) { return root_values(name, d); });
  if (d.nodes.empty()) return;  // no group "nodes", as the JSON file has no "nodes"
  const std::string group_name(modal_hdf5::kNodesGroup);
  const Handle group = hdf5::create_group(root.get(), group_name.c_str());
  std::vector<std::string> names;
  for (const ModalNode& node : d.nodes) names.push_back(node.name);
  hdf5::write_strings(group.get(), std::string(modal_hdf5::kNodeNames).c_str(), names);
  write_double_datasets(group.get(), modal_hdf5::node_datasets(), n, nodes,
                        [&](std::string_view name) { return node_values(name, d.nodes); });
}

}  // namespace

bool modal_file_hdf5_supported() { return true; }

void write_modal_file_hdf5(const std::string& path, const ModalFile& file) {
  modal_hdf5::check_writable(file);
  TemporaryFile temporary(path, target_of(path));
  try {
    const hdf5::Session session;
    // SEMI: closing the file fails if an object is still open, rather than leaving it open.
    const Handle access(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
    if (!access.valid() || H5Pset_fclose_degree(access.get(), H5F_CLOSE_SEMI) < 0)
      throw std::runtime_error("H5Pcreate failed: " + hdf5::error_text());
    Handle h5(H5Fcreate(temporary.name().c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, access.get()), H5Fclose);
    if (!h5.valid()) throw std::runtime_error("H5Fcreate failed: " + hdf5::error_text());
    write_layout(h5.get(), file);
    if (!h5.close()) throw std::runtime_error("closing the file failed: " + hdf5::error_text());
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const ScenarioError*>(&e) != nullptr) throw;
    throw ScenarioError(path, std::string("modal file: cannot write HDF5: ") + e.what());
  }
  temporary.commit();
}

}  // namespace ramus::scenario
