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

/// The file an output path writes when it is committed: `path` itself when it is a regular file
/// or not there yet, else the regular file its symbolic links lead to (so a link to a result file
/// keeps being a link). Refuses, with std::runtime_error "<path>: <reason>", anything that is
/// not a regular file (a directory, a device such as /dev/null, a pipe, a socket), a link into
/// /proc (/dev/stdout, /dev/fd/N: a process's open file, which a rename would replace), a
/// dangling link and a link loop. "-" (standard output) is the caller's to handle.
std::string output_target(const std::string& path);

/// Throws std::runtime_error naming both options and paths when an output is the same file as an
/// input or as another output. An output that does not exist yet is identified by its directory's
/// device and inode and its name. Every output is first checked by output_target() (the error
/// names its option); "-" (standard output) is not a file and is not compared.
void require_distinct_files(const std::vector<NamedFile>& inputs, const std::vector<NamedFile>& outputs);

}  // namespace ramus::app
