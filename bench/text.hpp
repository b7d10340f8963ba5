// Number formatting for the bench's text output (GCC 12 has no <format>).
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace ramus::bench {

/// printf-style formatting of one number, e.g. number("%.3e", 1.5e-7) → "1.500e-07".
inline std::string number(const char* printf_format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, printf_format, value);
  return buffer;
}

/// Scientific notation with `digits` after the point: sci(1.5e-7) → "1.50e-07".
inline std::string sci(double value, int digits = 2) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*e", digits, value);
  return buffer;
}

/// Shortest round-trip representation (for CSV): "0.025", "1e-10".
inline std::string exact(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  for (int digits = 1; digits < 17; ++digits) {
    char shorter[64];
    std::snprintf(shorter, sizeof shorter, "%.*g", digits, value);
    if (std::strtod(shorter, nullptr) == value) return shorter;
  }
  return buffer;
}

}  // namespace ramus::bench
