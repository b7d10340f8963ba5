#define BOOST_TEST_MODULE ramus_family
#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <new>

#include "effectors/allocation_counter.hpp"

// Counts every global allocation of this executable, so that a test can assert that the
// right-hand side allocates nothing (docs/architecture.md §D3).
namespace ramus::test {
std::size_t allocation_count = 0;
}

void* operator new(std::size_t n) {
  ++ramus::test::allocation_count;
  if (void* p = std::malloc(n != 0 ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
