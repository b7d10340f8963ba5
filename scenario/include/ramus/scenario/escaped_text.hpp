// User text (file names, keys, paths, messages) made safe to print on one line of a message, a
// result file or a gnuplot string: printable ASCII stays, everything else becomes an escape, so
// that a name with a newline cannot split a line or end a string (docs/scenario.md §4).
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace ramus::scenario {

/// `text` on one line: bytes 0x20–0x7e stay, except '\\' (written "\\\\") and the characters of
/// `also_escaped`; every other byte (control characters, newlines, non-ASCII and non-UTF-8 bytes)
/// becomes "\xNN".
inline std::string escaped_text(std::string_view text, std::string_view also_escaped = {}) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\') {
      out += "\\\\";
    } else if (byte >= 0x20 && byte <= 0x7e && also_escaped.find(c) == std::string_view::npos) {
      out += c;
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", byte);
      out += hex;
    }
  }
  return out;
}

}  // namespace ramus::scenario
