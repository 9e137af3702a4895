#include "cli/temporary_directory.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include "harness/protocol/child_process.hpp"

namespace cvc::cli {
namespace {

// What the owner sends once it has removed the directory itself.
constexpr char kRemoved = 'r';

// The remover: waits until every copy of the other end of `socket` is closed; unless the owner said
// it had removed the directory, removes it.
[[noreturn]] void remove_when_abandoned(int socket, const std::string& directory) {
  ::setpgid(0, 0);
  ::signal(SIGINT, SIG_IGN);
  ::signal(SIGHUP, SIG_IGN);
  // Nothing of the owner's held open here (an adapter's stdin, a report being written): the socket
  // alone, as descriptor 3.
  const int null_fd = ::open("/dev/null", O_RDWR);
  for (int fd = 0; fd <= 2; ++fd) ::dup2(null_fd, fd);
  close_other_descriptors(socket);
  char word = 0;
  ssize_t got = 0;
  do {
    got = ::recv(3, &word, 1, 0);
  } while (got < 0 && errno == EINTR);
  if (got == 0) {
    std::error_code ignored;
    std::filesystem::remove_all(directory, ignored);
  }
  ::_exit(0);
}

}  // namespace

TemporaryDirectory::TemporaryDirectory(const std::string& prefix) {
  const char* base = std::getenv("TMPDIR");
  std::string pattern =
      std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/" + prefix + "-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr)
    throw std::runtime_error("cannot make a temporary directory in " + pattern + ": " +
                             std::strerror(errno));
  path_ = pattern;
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    const int error = errno;
    ::rmdir(pattern.c_str());
    throw std::runtime_error("cannot make a socket for " + pattern + ": " + std::strerror(error));
  }
  const pid_t pid = ::fork();
  if (pid == 0) remove_when_abandoned(fds[0], pattern);
  const int error = errno;
  ::close(fds[0]);
  if (pid < 0) {
    ::close(fds[1]);
    ::rmdir(pattern.c_str());
    throw std::runtime_error("cannot start the remover of " + pattern + ": " +
                             std::strerror(error));
  }
  ::setpgid(pid, pid);
  remover_socket_ = fds[1];
  remover_ = pid;
}

TemporaryDirectory::~TemporaryDirectory() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
  // The remover is told, and waited for: it leaves nothing behind either.
  ::send(remover_socket_, &kRemoved, 1, MSG_NOSIGNAL);  // fails if it was killed: no matter
  ::close(remover_socket_);
  while (::waitpid(remover_, nullptr, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace cvc::cli
