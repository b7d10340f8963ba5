// The one allocation counter of the test tree (docs/architecture.md §D3). allocation_counter.cpp
// replaces the global operator new/delete of the executable that links it (target
// ramus_test_allocation_counter) by counting versions; Eigen's dynamic vectors allocate with
// std::malloc, not operator new, so malloc, calloc, realloc, aligned_alloc and posix_memalign are
// counted too (forwarded to glibc's own __libc_* allocator), except under a sanitizer, which owns
// malloc.
#pragma once

namespace ramus::test {

/// Allocations made so far, or while a function ran: operator new calls, and malloc-family calls
/// (operator new's included; always 0 where malloc is not counted, see counts_malloc()).
struct Allocations {
  long news = 0, mallocs = 0;
};

/// Every allocation of this executable since it started.
Allocations allocations_so_far();

/// Whether malloc-family calls are counted (glibc, no sanitizer).
bool counts_malloc();

/// Whether the counter sees an allocation at all: an operator new whose pointer escapes, counted
/// (so that a test's "no allocation" check is one that can fail). Call it before such checks.
bool counter_sees_allocations();

/// The allocations made while `f()` runs.
template <class F>
Allocations count_allocations(F&& f) {
  const Allocations before = allocations_so_far();
  f();
  const Allocations after = allocations_so_far();
  return {after.news - before.news, after.mallocs - before.mallocs};
}

}  // namespace ramus::test
