#include "cli/interrupt_signals.hpp"

#include <csignal>

namespace cvc::cli {
namespace {

sigset_t interrupt_signals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  return signals;
}

}  // namespace

InterruptSignals::InterruptSignals(void (*handler)(int)) {
  std::signal(SIGINT, handler);
  std::signal(SIGTERM, handler);
  const sigset_t signals = interrupt_signals();
  sigprocmask(SIG_UNBLOCK, &signals, nullptr);
}

InterruptSignals::~InterruptSignals() {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

sigset_t block_interrupt_signals() {
  const sigset_t signals = interrupt_signals();
  sigset_t before;
  sigprocmask(SIG_BLOCK, &signals, &before);
  return before;
}

void restore_signal_mask(const sigset_t& mask) {
  sigprocmask(SIG_SETMASK, &mask, nullptr);
}

}  // namespace cvc::cli
