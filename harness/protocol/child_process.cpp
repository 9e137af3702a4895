#include "harness/protocol/child_process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace cvc {

void end_with_parent(pid_t parent, int signal) {
  ::prctl(PR_SET_PDEATHSIG, signal);
  if (::getppid() != parent) ::_exit(127);
}

void close_other_descriptors(int inherited) {
  int first_closed = 3;
  if (inherited >= 0) {
    if (inherited == 3)
      ::fcntl(3, F_SETFD, 0);  // dup2 onto itself would keep its close-on-exec flag
    else
      ::dup2(inherited, 3);  // the copy is open across exec
    first_closed = 4;
  }
  if (::close_range(static_cast<unsigned>(first_closed), ~0U, 0) == 0) return;
  // A kernel before 5.9: each possible descriptor, up to a bound (the limit may be huge).
  long limit = ::sysconf(_SC_OPEN_MAX);
  if (limit < 0 || limit > 65536) limit = 65536;
  for (int fd = first_closed; fd < limit; ++fd) ::close(fd);
}

}  // namespace cvc
