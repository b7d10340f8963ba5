// The names of an enumeration's values, for messages, files and bindings: one table per
// enumeration, in the order of its enumerators (numbered 0, 1, 2, …).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>

namespace ramus {

/// names[e] for an enumerator e of an enumeration numbered 0, 1, 2, … in the order of `names`;
/// `unknown` for a value outside the table (an integer cast to the enumeration).
template <class Enum, std::size_t N>
constexpr std::string_view enum_name(Enum e, const std::array<std::string_view, N>& names,
                                     std::string_view unknown = "?") {
  const auto i = static_cast<std::size_t>(static_cast<std::underlying_type_t<Enum>>(e));
  return i < N ? names[i] : unknown;
}

}  // namespace ramus
