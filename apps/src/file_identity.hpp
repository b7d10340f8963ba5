// Which files a command reads and writes, compared by identity (device and inode, never by
// spelling), so that no output can overwrite an input or another output: "./a.json", a symlink
// and a hard link to a.json are all a.json (docs/scenario.md §Output files).
#pragma once

#include <string>
#include <vector>

namespace ramus::app {

/// A file a command reads or writes, with the option that names it in messages.
struct NamedFile {
  std::string option;  ///< "the scenario", "--output", "--hdf5", "--plot (drift.png)", …
  std::string path;
};

/// Throws std::runtime_error naming both options and paths when an output is the same file as an
/// input or as another output. An output that does not exist yet is identified by its directory's
/// device and inode and its name; one that exists and is not a regular file (standard output, a
/// pipe, /dev/null) is written in place and is not compared.
void require_distinct_files(const std::vector<NamedFile>& inputs, const std::vector<NamedFile>& outputs);

}  // namespace ramus::app
