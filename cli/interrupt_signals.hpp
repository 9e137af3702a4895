// SIGINT and SIGTERM for the length of a command: from its first moment to its last, each only
// sets the command's interrupt flag (through `handler`), so that a signal that comes while the
// vectors are read or the adapter starts ends the work at its first step, with its (partial)
// reports, instead of killing the process with nothing written.
//
// `cvc run --jobs` starts each shard with SIGINT and SIGTERM blocked (block_interrupt_signals,
// between fork and exec), so that a shard stopped at once, before its handlers are installed,
// still ends this way: the signal waits, blocked, and is taken when InterruptSignals installs the
// handler and unblocks them.
#pragma once

namespace cvc::cli {

class InterruptSignals {
 public:
  explicit InterruptSignals(void (*handler)(int));
  ~InterruptSignals();
  InterruptSignals(const InterruptSignals&) = delete;
  InterruptSignals& operator=(const InterruptSignals&) = delete;
};

// Blocks SIGINT and SIGTERM in this process (for a child between fork and exec).
void block_interrupt_signals();

}  // namespace cvc::cli
