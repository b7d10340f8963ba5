// The counting allocator of support/allocation_counter.hpp: global operator new/delete replaced for
// the whole executable, and (glibc, no sanitizer) the malloc family interposed. Linked through the
// object library ramus_test_allocation_counter only by the executables that count allocations.
#include "support/allocation_counter.hpp"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace {
std::atomic<long> news{0};     // operator new calls
std::atomic<long> mallocs{0};  // malloc-family calls (operator new's included)

void* counted_new(std::size_t size) {
  news.fetch_add(1, std::memory_order_relaxed);
  if (size == 0) size = 1;
  return std::malloc(size);
}
void* counted_new_aligned(std::size_t size, std::align_val_t al) {
  news.fetch_add(1, std::memory_order_relaxed);
  const auto a = static_cast<std::size_t>(al);
  return std::aligned_alloc(a, (size + a - 1) / a * a + (size == 0 ? a : 0));
}
// Out of line, so that the compiler does not see new[] paired with free() (-Wmismatched-new-delete).
[[gnu::noinline]] void release(void* p) noexcept { std::free(p); }
}  // namespace

void* operator new(std::size_t n) {
  if (void* p = counted_new(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  if (void* p = counted_new(n)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted_new(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted_new(n); }
void* operator new(std::size_t n, std::align_val_t a) {
  if (void* p = counted_new_aligned(n, a)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) {
  if (void* p = counted_new_aligned(n, a)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_new_aligned(n, a);
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_new_aligned(n, a);
}
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define RAMUS_TEST_COUNT_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define RAMUS_TEST_COUNT_MALLOC 0
#endif
#endif
#if !defined(RAMUS_TEST_COUNT_MALLOC) && defined(__GLIBC__)
#define RAMUS_TEST_COUNT_MALLOC 1
#endif
#ifndef RAMUS_TEST_COUNT_MALLOC
#define RAMUS_TEST_COUNT_MALLOC 0
#endif

#if RAMUS_TEST_COUNT_MALLOC
// glibc's allocator under its own names: memory from either side is freed by the other.
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);

static void count_malloc() { mallocs.fetch_add(1, std::memory_order_relaxed); }
void* malloc(std::size_t n) noexcept {
  count_malloc();
  return __libc_malloc(n);
}
void* calloc(std::size_t k, std::size_t n) noexcept {
  count_malloc();
  return __libc_calloc(k, n);
}
void* realloc(void* p, std::size_t n) noexcept {
  count_malloc();
  return __libc_realloc(p, n);
}
void* aligned_alloc(std::size_t a, std::size_t n) noexcept {
  count_malloc();
  return __libc_memalign(a, n);
}
int posix_memalign(void** out, std::size_t a, std::size_t n) noexcept {
  count_malloc();
  void* p = __libc_memalign(a, n);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}
void free(void* p) noexcept { __libc_free(p); }
}
#endif

namespace ramus::test {

Allocations allocations_so_far() { return {news.load(), mallocs.load()}; }

bool counts_malloc() { return RAMUS_TEST_COUNT_MALLOC != 0; }

bool counter_sees_allocations() {
  static double* volatile sink = nullptr;  // escapes: the allocation cannot be elided
  return count_allocations([] {
           sink = new double(1.0);
           delete sink;
         }).news > 0;
}

}  // namespace ramus::test
