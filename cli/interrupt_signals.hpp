// SIGINT and SIGTERM for the length of a command: from its first moment to its last, each only
// sets the command's interrupt flag (through `handler`), so that a signal that comes while the
// vectors are read or the adapter starts ends the work at its first step, with its (partial)
// reports, instead of killing the process with nothing written.
//
// `cvc run --jobs` forks each shard with SIGINT and SIGTERM blocked (block_interrupt_signals
// before the fork, restore_signal_mask after it in the parent), so that a shard stopped at once
// still ends this way: the signal waits, pending across the exec, and is taken when the shard's
// InterruptSignals installs its handler and unblocks them. (Blocked from before the fork: between
// fork and exec the child still has the parent's handler, which would take the signal and lose
// it with the exec.)
#pragma once

#include <csignal>

namespace cvc::cli {

class InterruptSignals {
 public:
  explicit InterruptSignals(void (*handler)(int));
  ~InterruptSignals();
  InterruptSignals(const InterruptSignals&) = delete;
  InterruptSignals& operator=(const InterruptSignals&) = delete;
};

// Blocks SIGINT and SIGTERM in this thread; returns the mask they were blocked from.
sigset_t block_interrupt_signals();
void restore_signal_mask(const sigset_t& mask);

}  // namespace cvc::cli
