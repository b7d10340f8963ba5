#include "ramus/scenario/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {
namespace {

/// Closes a file descriptor at scope exit.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string read_input_file(const std::filesystem::path& file, const char* what) {
  const std::string name = file.string();
  const auto fail = [&](const std::string& reason) -> std::string {
    throw ScenarioError(name, std::string(what) + " file: " + reason);
  };
  const Descriptor d{::open(file.c_str(), O_RDONLY | O_CLOEXEC)};
  if (d.fd < 0) fail(std::string("cannot open: ") + std::strerror(errno));
  struct stat info {};
  if (::fstat(d.fd, &info) != 0) fail(std::string("cannot stat: ") + std::strerror(errno));
  if (S_ISDIR(info.st_mode)) fail("is a directory, not a file");
  // Read at most one byte past the limit: a device that never ends (/dev/zero) stops there.
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    const ::ssize_t n = ::read(d.fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(std::string("cannot read: ") + std::strerror(errno));
    }
    if (n == 0) break;
    bytes.append(buffer, static_cast<std::size_t>(n));
    if (bytes.size() > kMaxInputBytes)
      fail("larger than the limit of " + std::to_string(kMaxInputBytes >> 20) + " MiB (" +
           std::to_string(kMaxInputBytes) + " bytes) for a " + what + " file");
  }
  return bytes;
}

}  // namespace ramus::scenario
