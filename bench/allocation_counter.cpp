// Interposes glibc's malloc family in the executable that links this file: each call is counted
// (relaxed atomic: exact in one thread, safe in several) and forwarded to glibc's own
// implementation (__libc_*). Shared libraries resolve malloc to these definitions, so operator new,
// Eigen's aligned_malloc and every library's allocations are all seen.
#include "allocation_counter.hpp"

#include <atomic>
#include <cerrno>
#include <cstddef>

namespace {
std::atomic<std::uint64_t> g_allocations{0};
void count() { g_allocations.fetch_add(1, std::memory_order_relaxed); }
}  // namespace

namespace ramus::bench {
std::uint64_t allocations_so_far() { return g_allocations.load(std::memory_order_relaxed); }
}  // namespace ramus::bench

extern "C" {
void* __libc_malloc(std::size_t size) noexcept;
void* __libc_calloc(std::size_t n, std::size_t size) noexcept;
void* __libc_realloc(void* p, std::size_t size) noexcept;
void* __libc_memalign(std::size_t alignment, std::size_t size) noexcept;
void __libc_free(void* p) noexcept;

void* malloc(std::size_t size) noexcept {
  count();
  return __libc_malloc(size);
}
void* calloc(std::size_t n, std::size_t size) noexcept {
  count();
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t size) noexcept {
  count();
  return __libc_realloc(p, size);
}
void* memalign(std::size_t alignment, std::size_t size) noexcept {
  count();
  return __libc_memalign(alignment, size);
}
void* aligned_alloc(std::size_t alignment, std::size_t size) noexcept {
  count();
  return __libc_memalign(alignment, size);
}
int posix_memalign(void** out, std::size_t alignment, std::size_t size) noexcept {
  count();
  void* p = __libc_memalign(alignment, size);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}
void free(void* p) noexcept { __libc_free(p); }
}
