// The number of global operator-new calls so far (counted in main.cpp).
#pragma once

#include <cstddef>

namespace ramus::test {
extern std::size_t allocation_count;
}
