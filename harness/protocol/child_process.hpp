// What a child process the harness starts (an adapter, a shard of `cvc run --jobs`) does between
// fork and exec, so that it cannot outlive the process that started it and holds no descriptor
// that is not its own. Only system calls: safe in the child of a fork.
#pragma once

#include <sys/types.h>

namespace cvc {

// `signal` is sent to this process when `parent` (the process that forked it) ends, also by
// SIGKILL or a crash, when nothing of the parent runs to stop it (prctl PR_SET_PDEATHSIG, kept
// across exec). When the parent has already ended before that was set, the child exits at once
// (status 127): the signal would never come. The kernel sends it when the thread that forked the
// child ends: every fork of the harness is made by the main thread.
void end_with_parent(pid_t parent, int signal);

// Closes every descriptor above stderr (close_range), so that the child holds no pipe of another
// child (an adapter whose stdin stays open in a sibling never sees its end) and no file of the
// parent. `inherited`, unless -1, is kept as descriptor 3, open across exec.
void close_other_descriptors(int inherited = -1);

}  // namespace cvc
