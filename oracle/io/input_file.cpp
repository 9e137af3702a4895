#include "oracle/io/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace cvc {
namespace {

std::uintmax_t g_max_input_file_bytes = kDefaultMaxInputFileBytes;

// Closes the descriptor on every way out.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

std::uintmax_t max_input_file_bytes() {
  return g_max_input_file_bytes;
}

void set_max_input_file_bytes(std::uintmax_t max_bytes) {
  g_max_input_file_bytes = max_bytes;
}

std::string read_input_file(const std::string& path) {
  return read_input_file(path, g_max_input_file_bytes);
}

std::string read_input_file(const std::string& path, std::uintmax_t max_bytes, FinalLink link) {
  int flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC;
  if (link == FinalLink::Refuse) flags |= O_NOFOLLOW;
  const Descriptor file{::open(path.c_str(), flags)};
  if (file.fd < 0) {
    const int error = errno;
    if (error == ENOENT) throw InputFileError(path + ": no such file");
    if (error == ELOOP && link == FinalLink::Refuse)
      throw InputFileError(path + ": a symbolic link (links inside a folder are never followed)");
    throw InputFileError(path + ": cannot open: " + std::strerror(error));
  }
  struct stat status {};
  if (::fstat(file.fd, &status) != 0)
    throw InputFileError(path + ": cannot stat: " + std::strerror(errno));
  if (!S_ISREG(status.st_mode))
    throw InputFileError(
        path + ": " + kind_of(status.st_mode) +
        ", not a regular file (a directory, FIFO, device or socket is never read)");
  const auto size = static_cast<std::uintmax_t>(status.st_size);
  if (size > max_bytes)
    throw InputFileError(path + ": " + std::to_string(size) + " bytes, more than the limit of " +
                         std::to_string(max_bytes));
  // Read at most max_bytes + 1, in case the file grows while it is read.
  std::string text(static_cast<std::size_t>(std::min<std::uintmax_t>(size, max_bytes) + 1), '\0');
  std::size_t filled = 0;
  for (;;) {
    if (filled == text.size()) {
      if (text.size() > max_bytes) break;
      text.resize(std::min<std::size_t>(text.size() * 2, static_cast<std::size_t>(max_bytes) + 1));
    }
    const ssize_t got = ::read(file.fd, text.data() + filled, text.size() - filled);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputFileError(path + ": read error: " + std::strerror(errno));
    }
    if (got == 0) break;
    filled += static_cast<std::size_t>(got);
  }
  text.resize(filled);
  if (text.size() > max_bytes)
    throw InputFileError(path + ": more than the limit of " + std::to_string(max_bytes) +
                         " bytes (it grew while it was read)");
  return text;
}

}  // namespace cvc
