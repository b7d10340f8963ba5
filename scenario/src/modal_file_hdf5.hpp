// The HDF5 modal file (docs/flex/modal_file.md §5): the names, shapes and units its reader and its
// writer share, and the entry points modal_file.cpp calls. Defined by modal_file_hdf5_read.cpp and
// modal_file_hdf5_write.cpp when built with HDF5, by modal_file_no_hdf5.cpp otherwise.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/scenario/modal_file.hpp"
#include "ramus/scenario/units_table.hpp"

namespace ramus::scenario::modal_hdf5 {

/// The 8 bytes at offset 0 of an HDF5 file (without a user block): how read_modal_file tells HDF5
/// from JSON.
inline constexpr std::string_view kSignature{"\x89HDF\r\n\x1a\n", 8};

/// The shape of a dataset in units of the number of modes n and of nodes: each extent is
/// `fixed` when `per` is Extent::fixed, else n or the number of nodes.
enum class Extent { fixed, modes, nodes };
struct Axis {
  Extent per = Extent::fixed;
  std::uint64_t fixed = 0;
};

/// One double dataset of the layout (the table of §5.1): its name (in the root or, for the
/// nodes, in the group "nodes"), its shape as numpy sees it (row-major; empty: a scalar), the
/// dimension its "unit" attribute must have (the writer states si_unit(dimension): "kg", "1").
struct DoubleDataset {
  std::string_view name;
  std::vector<Axis> shape;
  Dimension dimension;
  bool required;
};

/// The root's double datasets, in the order of the JSON table (docs/flex/modal_file.md §2).
const std::vector<DoubleDataset>& root_datasets();
/// The double datasets of the group "nodes" (beside the strings "name").
const std::vector<DoubleDataset>& node_datasets();

/// The root's attributes (§5.1); the first three are required.
inline constexpr std::string_view kRootAttributes[] = {"format", "version", "provenance", "eta_unit", "frame"};
inline constexpr std::string_view kNodesGroup = "nodes";
inline constexpr std::string_view kNodeNames = "name";
inline constexpr std::string_view kUnitAttribute = "unit";

/// The dims of `shape` for n modes and `nodes` nodes.
std::vector<std::uint64_t> dims(const std::vector<Axis>& shape, std::uint64_t n, std::uint64_t nodes);

/// Whether the file at `path` is a regular file whose first 8 bytes are kSignature (false when it
/// cannot be opened or read: the JSON reader then reports why).
bool has_signature(const std::string& path);

/// read_modal_file for a file with the signature: every failure a ScenarioError "path: dataset: …".
ModalFile read(const std::string& path);

/// What modal_file_text and write_modal_file_hdf5 refuse (ConfigurationError): data that
/// check_modal_data refuses, an empty provenance. Defined in modal_file.cpp.
void check_writable(const ModalFile& file);

}  // namespace ramus::scenario::modal_hdf5
