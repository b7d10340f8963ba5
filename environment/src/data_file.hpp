// Reading an environment data file (gravity coefficients, magnetic coefficients, density tables,
// ephemeris tables) whole, once checked to be a regular file within its reader's size limit
// (docs/environment/README.md, "Data files"); and the lines of its text, numbered from 1.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ramus::data_file {

constexpr std::size_t kMiB = std::size_t{1} << 20;

/// The bytes of the file at `path`. Refused with ConfigurationError(owner, field, "'path'", reason)
/// when it cannot be opened (the reason is the system's: "No such file or directory", "Too many
/// levels of symbolic links", ...), when it is not a regular file (a directory, a character device
/// such as /dev/zero, a FIFO, a socket: named, and never read from), when it is larger than
/// `max_bytes` (checked on the file's size before reading, and again while reading), or when
/// reading fails. The file's content never appears in a message.
std::string read(const std::string& path, const std::string& owner, const std::string& field, std::size_t max_bytes);

/// "64 MiB" for 64 << 20 (whole MiB), else the byte count.
std::string size_text(std::size_t bytes);

/// The lines of a text one at a time, without their '\n' (nor a '\r' before it), numbered from 1.
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}
  /// The next line into `line`; false at the end of the text.
  bool next(std::string_view& line);
  /// The number of the line last returned (0 before the first).
  int number() const { return number_; }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  int number_ = 0;
};

}  // namespace ramus::data_file
