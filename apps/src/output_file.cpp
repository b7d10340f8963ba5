#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "file_identity.hpp"

namespace ramus::app {

OutputFile::OutputFile() : OutputFile("-") {}

OutputFile::OutputFile(std::string path) : path_(std::move(path)), owns_(true) {
  if (path_ == "-") {  // standard output, asked for explicitly
    path_ = "standard output";
    file_ = stdout;
    owns_ = false;
    return;
  }
  // Regular files only, reached through their links: the rename replaces the file a link leads
  // to, never the link, a device or a process's open file (/dev/stdout).
  target_ = output_target(path_);
  const std::filesystem::path target(target_);
  const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  std::string pattern = (dir / std::string(".").append(target.filename().string()).append(".ramus-XXXXXX")).string();
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) fail("cannot create a temporary file in its directory", errno);
  temporary_ = pattern;
  // mkstemp makes the file 0600; give the result the permissions a plain open would. The umask is
  // read once (reading it sets it): the first OutputFile of a process is made before any thread.
  static const mode_t mask = [] {
    const mode_t m = ::umask(0);
    ::umask(m);
    return m;
  }();
  ::fchmod(fd, 0666 & ~mask);
  file_ = ::fdopen(fd, "wb");
  if (file_ == nullptr) {
    const int error = errno;
    ::close(fd);
    ::unlink(temporary_.c_str());
    fail("cannot open", error);
  }
}

OutputFile::~OutputFile() {
  if (owns_ && file_ != nullptr) std::fclose(file_);
  if (!committed_ && !temporary_.empty()) ::unlink(temporary_.c_str());
}

void OutputFile::fail(const char* action, int error) const {
  throw std::runtime_error(path_ + ": " + action + ": " + std::strerror(error));
}

void OutputFile::write(std::string_view bytes) {
  if (bytes.empty()) return;
  if (finished_) throw std::logic_error(path_ + ": written after finish()");
  for (const char c : bytes) hash_ = (hash_ ^ static_cast<unsigned char>(c)) * 1099511628211ULL;  // FNV-1a
  errno = 0;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) fail("cannot write", errno ? errno : EIO);
}

void OutputFile::finish() {
  if (finished_) return;
  if (std::fflush(file_) != 0) fail("cannot write", errno);
  finished_ = true;
  if (!owns_) return;
  if (::fsync(fileno(file_)) != 0) fail("cannot write (fsync)", errno);
  std::FILE* f = file_;
  file_ = nullptr;
  if (std::fclose(f) != 0) fail("cannot write (close)", errno);
}

void OutputFile::commit() {
  finish();
  if (!temporary_.empty() && std::rename(temporary_.c_str(), target_.c_str()) != 0)
    fail("cannot rename the temporary file into place", errno);
  committed_ = true;
}

}  // namespace ramus::app
