// Doubles as text: the shortest decimal that reads back to the same double (std::to_chars), so
// that a CSV or a record line is exact and no longer than it needs to be.
#pragma once

#include <charconv>
#include <string>

namespace ramus::app {

inline std::string number_text(double value) {
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, value);
  return std::string(text, result.ptr);
}

}  // namespace ramus::app
