#include "file_identity.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "text_escape.hpp"

namespace ramus::app {
namespace {

/// Device, inode and, for a file not yet there, its name in that directory.
struct Identity {
  dev_t device = 0;
  ino_t inode = 0;
  std::string name;  ///< empty for an existing file
  bool operator==(const Identity&) const = default;
};

/// The identity of `path`; nullopt for something that is written in place (not a regular file) or
/// whose directory does not exist yet (then it cannot be any existing input; the outputs' own
/// directories are created by the command and compared by spelling below).
std::optional<Identity> identity(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) {
    if (!S_ISREG(info.st_mode)) return std::nullopt;
    return Identity{info.st_dev, info.st_ino, {}};
  }
  const std::filesystem::path p(path);
  const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
  if (::stat(dir.c_str(), &info) != 0) return Identity{0, 0, std::filesystem::weakly_canonical(p).string()};
  return Identity{info.st_dev, info.st_ino, p.filename().string()};
}

bool under_proc(const std::filesystem::path& p) {
  const std::string s = p.lexically_normal().string();
  return s == "/proc" || s.starts_with("/proc/");
}

std::string quoted(const NamedFile& f) { return f.option + " '" + escaped_text(f.path) + "'"; }

}  // namespace

std::string output_target(const std::string& path) {
  namespace fs = std::filesystem;
  const auto refuse = [&](const std::string& reason) -> std::runtime_error {
    return std::runtime_error(escaped_text(path) + ": " + reason);
  };
  if (path.empty()) throw refuse("an output file needs a name");
  fs::path p(path);
  for (int links = 0;; ++links) {
    struct stat info {};
    if (::lstat(p.c_str(), &info) != 0) {
      if (errno != ENOENT) throw refuse(std::string("cannot be examined: ") + std::strerror(errno));
      if (links > 0) throw refuse("is a symbolic link to '" + escaped_text(p.string()) + "', which does not exist");
      return p.string();  // a new file
    }
    if (S_ISREG(info.st_mode)) return p.string();
    if (S_ISDIR(info.st_mode)) throw refuse("is a directory, not an output file");
    if (!S_ISLNK(info.st_mode))
      throw refuse(std::string("is not a regular file (") +
                   (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode) ? "a device"
                    : S_ISFIFO(info.st_mode)                       ? "a pipe"
                                                                   : "a socket") +
                   "): ramus writes its results to regular files only; give '-' to write to standard output");
    if (links == 40) throw refuse("too many levels of symbolic links");
    std::string target(static_cast<std::size_t>(info.st_size > 0 ? info.st_size : 4095) + 1, '\0');
    const ssize_t n = ::readlink(p.c_str(), target.data(), target.size());
    if (n < 0) throw refuse(std::string("cannot read the symbolic link: ") + std::strerror(errno));
    target.resize(static_cast<std::size_t>(n));
    const fs::path next = fs::path(target).is_absolute() ? fs::path(target) : p.parent_path() / target;
    if (under_proc(next))
      throw refuse("leads to '" + escaped_text(target) +
                   "', a process's open file, not a regular file; give '-' to write to standard output");
    p = next;
  }
}

void require_distinct_files(const std::vector<NamedFile>& inputs, const std::vector<NamedFile>& outputs) {
  std::vector<std::pair<const NamedFile*, Identity>> seen;
  for (const NamedFile& f : inputs)
    if (const auto id = identity(f.path)) seen.emplace_back(&f, *id);
  const std::size_t input_count = seen.size();
  for (const NamedFile& f : outputs) {
    if (f.path == "-") continue;  // standard output
    try {
      output_target(f.path);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(f.option + " " + e.what() + "; nothing was run or written");
    }
    const auto id = identity(f.path);
    if (!id) continue;
    for (std::size_t k = 0; k < seen.size(); ++k)
      if (seen[k].second == *id)
        throw std::runtime_error(
            quoted(f) + " is the same file as " + quoted(*seen[k].first) +
            (k < input_count ? ": it would overwrite an input" : ": one output would replace the other") +
            "; nothing was run or written");
    seen.emplace_back(&f, *id);
  }
}

}  // namespace ramus::app
