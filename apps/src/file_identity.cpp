#include "file_identity.hpp"

#include <sys/stat.h>

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

std::string quoted(const NamedFile& f) { return f.option + " '" + escaped_text(f.path) + "'"; }

}  // namespace

void require_distinct_files(const std::vector<NamedFile>& inputs, const std::vector<NamedFile>& outputs) {
  std::vector<std::pair<const NamedFile*, Identity>> seen;
  for (const NamedFile& f : inputs)
    if (const auto id = identity(f.path)) seen.emplace_back(&f, *id);
  const std::size_t input_count = seen.size();
  for (const NamedFile& f : outputs) {
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
