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

/// A text or binary output: a regular file (existing or new, or the regular file a symbolic
/// link leads to), replaced atomically on commit(), or standard output ("-"). Anything else (a
/// directory, a device, a pipe, /dev/stdout) is refused on construction (file_identity.hpp's
/// output_target). Every failure throws std::runtime_error naming the file and the system's reason.
class OutputFile {
 public:
  /// Standard output.
  OutputFile();
  /// `path` ("-": standard output), through a temporary file in the directory of its target.
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
  /// Flushes, syncs and closes the temporary file (complete on disk, not yet in place): a set of
  /// outputs written together finishes every file before renaming any.
  void finish();
  /// finish(), then renames the temporary file onto the target.
  void commit();
  const std::string& path() const { return path_; }
  /// 64-bit FNV-1a of every byte written so far (run_record.hpp's fnv1a64 of the whole file).
  std::uint64_t fnv1a64() const { return hash_; }

 private:
  [[noreturn]] void fail(const char* action, int error) const;

  std::string path_;       ///< the target ("standard output" for stdout)
  std::string target_;     ///< the regular file renamed onto (path_ or where its links lead)
  std::string temporary_;  ///< empty for standard output
  std::FILE* file_ = nullptr;
  bool owns_ = false;  ///< close file_ (not stdout)
  bool finished_ = false;
  bool committed_ = false;
  std::uint64_t hash_ = 14695981039346656037ULL;  ///< FNV-1a offset basis
};

}  // namespace ramus::app
