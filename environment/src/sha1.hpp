// SHA-1 (FIPS 180-4 §6.1), internal to ramus::environment: it checks the integrity hash of an
// IERS/NIST leap-seconds.list (leap_seconds.cpp). Not for security: SHA-1 is broken against
// collisions made on purpose, and the file's hash only guards against damage in transit or editing.
#pragma once

#include <string>
#include <string_view>

namespace ramus::detail {

/// The SHA-1 digest of `bytes`, as 40 lower-case hexadecimal digits.
std::string sha1_hex(std::string_view bytes);

}  // namespace ramus::detail
