#include "ramus/kernel/state_layout.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace ramus {

Eigen::Index StateLayout::add(std::string owner, std::string name, Eigen::Index size, std::string unit) {
  const Eigen::Index offset = size_;
  blocks_.push_back({std::move(owner), std::move(name), offset, size, std::move(unit)});
  size_ += size;
  return offset;
}

const StateBlock* StateLayout::block_at(Eigen::Index i) const {
  for (const StateBlock& b : blocks_)
    if (i >= b.offset && i < b.offset + b.size) return &b;
  return nullptr;
}

std::string StateLayout::entry_name(Eigen::Index i) const {
  const StateBlock* b = block_at(i);
  if (b == nullptr) return "x[" + std::to_string(i) + "] (outside the layout)";
  return b->owner + "." + b->name + "[" + std::to_string(i - b->offset) + "]";
}

std::string StateLayout::describe() const {
  std::size_t owner_w = 5, name_w = 5;
  for (const StateBlock& b : blocks_) {
    owner_w = std::max(owner_w, b.owner.size());
    name_w = std::max(name_w, b.name.size());
  }
  std::ostringstream out;
  char line[512];
  std::snprintf(line, sizeof line, "%-*s  %-*s  %6s  %4s  %s\n", int(owner_w), "owner", int(name_w), "block", "offset",
                "size", "unit");
  out << line;
  for (const StateBlock& b : blocks_) {
    std::snprintf(line, sizeof line, "%-*s  %-*s  %6ld  %4ld  %s\n", int(owner_w), b.owner.c_str(), int(name_w),
                  b.name.c_str(), long(b.offset), long(b.size), b.unit.c_str());
    out << line;
  }
  std::snprintf(line, sizeof line, "total size %ld\n", long(size_));
  out << line;
  return out.str();
}

}  // namespace ramus
