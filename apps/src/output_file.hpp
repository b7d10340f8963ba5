// Output files that are complete or absent: written to a temporary file beside the target, every
// write and the close checked, renamed into place only on commit (docs/scenario.md §Output files).
// A crash, a full disk or SIGKILL leaves the target as it was (absent, or the previous file) and
// at most a hidden temporary ".NAME.ramus-XXXXXX" beside it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace ramus::app {

/// A text or binary output. A regular file (existing or new) is replaced atomically on commit();
/// anything else that exists (standard output, a pipe, a device such as /dev/null) is written in
/// place. Every failure throws std::runtime_error naming the file and the system's reason.
class OutputFile {
 public:
  /// Standard output.
  OutputFile();
  /// `path`, through a temporary file in the same directory when `path` is or will be a regular file.
  explicit OutputFile(std::string path);
  ~OutputFile();  ///< without commit(): removes the temporary file, leaves the target untouched
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(std::string_view bytes);
  OutputFile& operator<<(std::string_view text) {
    write(text);
    return *this;
  }
  OutputFile& operator<<(char c) {
    write(std::string_view(&c, 1));
    return *this;
  }
  /// Flushes, syncs and closes, then renames the temporary file onto the target.
  void commit();
  const std::string& path() const { return path_; }
  /// 64-bit FNV-1a of every byte written so far (run_record.hpp's fnv1a64 of the whole file).
  std::uint64_t fnv1a64() const { return hash_; }

 private:
  [[noreturn]] void fail(const char* action, int error) const;

  std::string path_;       ///< the target ("standard output" for stdout)
  std::string temporary_;  ///< empty when written in place
  std::FILE* file_ = nullptr;
  bool owns_ = false;  ///< close file_ (not stdout)
  bool committed_ = false;
  std::uint64_t hash_ = 14695981039346656037ULL;  ///< FNV-1a offset basis
};

}  // namespace ramus::app
