// StateLayout: where each block of the one state vector lives (docs/architecture.md §D4). Blocks
// are added in
// order while a model is finalized; afterwards the layout is read-only.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

namespace ramus {

/// One named block of the state vector.
struct StateBlock {
  std::string owner;    ///< e.g. "sc/hub", "sc/panel1"
  std::string name;     ///< e.g. "omega_BN_B"
  Eigen::Index offset;  ///< first index in x
  Eigen::Index size;    ///< number of entries
  std::string unit;     ///< e.g. "rad/s"; "1" for dimensionless
};

class StateLayout {
 public:
  /// Appends a block and returns its offset.
  Eigen::Index add(std::string owner, std::string name, Eigen::Index size, std::string unit);
  /// Total size of the state vector.
  Eigen::Index size() const { return size_; }
  const std::vector<StateBlock>& blocks() const { return blocks_; }
  /// The block holding index i, or nullptr when i is out of range.
  const StateBlock* block_at(Eigen::Index i) const;
  /// Human-readable name of entry i, e.g. "sc/hub.omega_BN_B[1]".
  std::string entry_name(Eigen::Index i) const;
  /// A table of owner, block, offset, size and unit: one line per block.
  std::string describe() const;

 private:
  std::vector<StateBlock> blocks_;
  Eigen::Index size_ = 0;
};

}  // namespace ramus
