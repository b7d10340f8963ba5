// The layout of the HDF5 modal file (docs/flex/modal_file.md §5.1): its datasets' names, shapes
// and units, and the signature that tells it from JSON. Needs no HDF5: built in every build.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>

#include "modal_file_hdf5.hpp"

namespace ramus::scenario::modal_hdf5 {
namespace {

constexpr Axis fixed(std::uint64_t extent) { return {Extent::fixed, extent}; }
constexpr Axis modes{Extent::modes, 0};
constexpr Axis nodes{Extent::nodes, 0};

}  // namespace

const std::vector<DoubleDataset>& root_datasets() {
  using D = Dimension;
  static const std::vector<DoubleDataset> table{
      {"mass", {}, D::mass, true},
      {"r_ScF_F", {fixed(3)}, D::length, true},
      {"I_PntF_F", {fixed(3), fixed(3)}, D::inertia, true},
      {"omega", {modes}, D::angular_velocity, true},
      {"modal_mass", {modes}, D::dimensionless, true},
      {"zeta", {modes}, D::dimensionless, true},
      {"P_F", {fixed(3), modes}, D::dimensionless, true},
      {"H_PntF_F", {fixed(3), modes}, D::dimensionless, true},
      {"J1_F", {modes, fixed(3), fixed(3)}, D::dimensionless, true},
      {"G", {fixed(3), modes, modes}, D::dimensionless, true},
      {"D", {fixed(9), modes, modes}, D::dimensionless, true},
      {"K_G", {fixed(static_cast<std::uint64_t>(kModalLoadCases)), modes, modes}, D::dimensionless, false},
  };
  return table;
}

const std::vector<DoubleDataset>& node_datasets() {
  using D = Dimension;
  static const std::vector<DoubleDataset> table{
      {"r_NF_F", {nodes, fixed(3)}, D::length, true},
      {"phi_F", {nodes, fixed(3), modes}, D::dimensionless, true},
      {"psi_F", {nodes, fixed(3), modes}, D::dimensionless, true},
  };
  return table;
}

std::vector<std::uint64_t> dims(const std::vector<Axis>& shape, std::uint64_t n, std::uint64_t node_count) {
  std::vector<std::uint64_t> d;
  for (const Axis& a : shape) d.push_back(a.per == Extent::fixed ? a.fixed : a.per == Extent::modes ? n : node_count);
  return d;
}

bool has_signature(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  struct stat info {};
  std::array<char, kSignature.size()> start{};
  ssize_t got = -1;
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) got = ::pread(fd, start.data(), start.size(), 0);
  ::close(fd);
  return got == static_cast<ssize_t>(start.size()) && std::string_view(start.data(), start.size()) == kSignature;
}

}  // namespace ramus::scenario::modal_hdf5
