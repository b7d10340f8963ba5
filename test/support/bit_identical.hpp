// Bit-for-bit comparison of the reproducibility checks: two runs that must give the same numbers
// (same seed, serial and concurrent, a rerun) are compared by their bytes, not within a tolerance.
#pragma once

#include <Eigen/Dense>
#include <cstring>
#include <span>

namespace ramus::test {

/// The same length and the same bits in every element.
inline bool bit_identical(std::span<const double> a, std::span<const double> b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

inline bool bit_identical(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return bit_identical(std::span<const double>(a.data(), static_cast<std::size_t>(a.size())),
                       std::span<const double>(b.data(), static_cast<std::size_t>(b.size())));
}

}  // namespace ramus::test
