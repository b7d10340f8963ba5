// The one way an environment reader opens its data file (docs/environment/README.md, "Data
// files"): open without blocking, fstat, regular files only, size limit before and during the read.
#include "data_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "ramus/kernel/error.hpp"

namespace ramus::data_file {
namespace {

/// Closes a file descriptor at scope exit.
struct Descriptor {
  int fd;
  explicit Descriptor(int f) : fd(f) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

/// What a file that is not a regular file is, for the message.
const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "is a directory";
  if (S_ISCHR(mode)) return "is a character device (such as /dev/zero)";
  if (S_ISBLK(mode)) return "is a block device";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "is a socket";
  return "is not a regular file";
}

[[noreturn]] void refuse(const std::string& owner, const std::string& field, const std::string& path,
                         const std::string& reason) {
  throw ConfigurationError(owner, field, "'" + path + "'", reason);
}

}  // namespace

std::string size_text(std::size_t bytes) {
  if (bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  return std::to_string(bytes) + " bytes";
}

std::string read(const std::string& path, const std::string& owner, const std::string& field, std::size_t max_bytes) {
  const auto fail = [&](const std::string& reason) { refuse(owner, field, path, reason); };
  // O_NONBLOCK: opening a FIFO for reading must not wait for a writer (it is refused below).
  const Descriptor d{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (d.fd < 0) fail(std::string("cannot be opened: ") + std::strerror(errno));
  struct stat info {};
  if (::fstat(d.fd, &info) != 0) fail(std::string("cannot be examined: ") + std::strerror(errno));
  if (!S_ISREG(info.st_mode)) fail(std::string(kind_of(info.st_mode)) + ", not a regular data file");
  const auto limit_reason = [&](const std::string& size) {
    return "is " + size + ", larger than the limit of " + size_text(max_bytes) + " for this kind of data file";
  };
  if (info.st_size < 0 || static_cast<std::uintmax_t>(info.st_size) > max_bytes)
    fail(limit_reason(std::to_string(info.st_size) + " bytes"));
  std::string bytes;
  bytes.reserve(static_cast<std::size_t>(info.st_size));
  char buffer[1 << 16];
  for (;;) {
    const ::ssize_t n = ::read(d.fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(std::string("cannot be read: ") + std::strerror(errno));
    }
    if (n == 0) break;
    bytes.append(buffer, static_cast<std::size_t>(n));
    // The file grew after fstat: stop one buffer past the limit.
    if (bytes.size() > max_bytes) fail(limit_reason("more than " + std::to_string(max_bytes) + " bytes"));
  }
  return bytes;
}

bool Lines::next(std::string_view& line) {
  if (at_ >= text_.size()) return false;
  const std::size_t end = text_.find('\n', at_);
  const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
  line = text_.substr(at_, stop - at_);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  at_ = end == std::string_view::npos ? text_.size() : end + 1;
  ++number_;
  return true;
}

}  // namespace ramus::data_file
