// The number of heap allocations so far in this process: every malloc, calloc, realloc and
// aligned allocation, whoever makes it (operator new, Eigen's dynamic matrices, Boost, MuJoCo).
// Counted by allocation_counter.cpp, which interposes glibc's allocator for the executable that
// links it (the OBJECT library ramus_allocation_counter); not for sanitizer builds, whose
// runtime owns malloc.
#pragma once

#include <cstdint>

namespace ramus::bench {

std::uint64_t allocations_so_far();

}  // namespace ramus::bench
