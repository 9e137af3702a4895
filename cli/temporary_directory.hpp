// A temporary directory under $TMPDIR (or /tmp), removed with what it holds when it goes out of
// scope: the shard reports of `cvc run --jobs`, the scratch copies of `cvc check-store`.
//
// Also when this process is killed (SIGKILL, a crash, the OOM killer: no destructor runs): a
// remover process, forked when the directory is made, waits on a socket whose other end this
// process holds; when every copy of that end has closed without the word that the directory is
// already gone, it removes the directory and exits. A child that writes into the directory (a
// shard of --jobs) is started holding a copy too (remover_socket()), so that the directory is
// removed only once that child has ended as well. The remover runs in a process group of its own,
// so that a signal to this process's group does not end it before its work.
//
// Why a remover and not a lock that lets a later run sweep abandoned folders: the folder goes
// within moments of the kill, not at some later run with the same TMPDIR (a store's scratch copy
// can be large), and no run has to judge whether another run's folder is abandoned.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>

namespace cvc::cli {

class TemporaryDirectory {
 public:
  // `prefix` starts the directory's name ("cvc-jobs" makes /tmp/cvc-jobs-XXXXXX).
  explicit TemporaryDirectory(const std::string& prefix);
  ~TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }
  // This end of the remover's socket (close-on-exec here), for a child to keep open across exec.
  int remover_socket() const { return remover_socket_; }

 private:
  std::filesystem::path path_;
  int remover_socket_ = -1;
  pid_t remover_ = -1;
};

}  // namespace cvc::cli
