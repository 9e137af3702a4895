// An adapter as a child process: `/bin/sh -c COMMAND` in a process group of its own, with its
// stdin, stdout and stderr piped. Lines go in and come out with a deadline (a write to an adapter
// that stops reading times out like a read), in linear time, with a cap on an answer line; stderr
// is drained continuously into a bounded tail; a set interrupt flag (SIGINT, SIGTERM) ends any
// wait at once. stop() kills and reaps the whole process group, also the children of an adapter
// whose own process has already exited. The adapter is killed when the process that started it
// ends without stopping it (SIGKILL, a crash: harness/protocol/child_process.hpp), and holds no
// descriptor of it but its three pipes.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>

namespace cvc {

class AdapterProcess {
 public:
  explicit AdapterProcess(std::string command);
  ~AdapterProcess();
  AdapterProcess(const AdapterProcess&) = delete;
  AdapterProcess& operator=(const AdapterProcess&) = delete;

  // The longest answer line accepted (harness/protocol/PROTOCOL.md); a longer one is malformed.
  static constexpr std::size_t kMaxLineBytes = std::size_t{64} << 20;

  void start();  // throws std::runtime_error when the process cannot be started
  bool running();
  // A flag that ends any wait of write_line or read_line (set by a signal handler).
  void set_interrupt_flag(const std::atomic<bool>* interrupted) { interrupted_ = interrupted; }

  enum class Status { Done, Timeout, Closed, TooLong, Interrupted };
  // Writes one line within `timeout`: Closed when the adapter is gone (its stdin is closed or
  // its process has exited), Timeout when it stops reading. Reads what the adapter writes
  // meanwhile, so that neither side can block the other.
  Status write_line(const std::string& line, std::chrono::milliseconds timeout);
  // Reads one stdout line (without the newline) within `timeout`: Closed when stdout closes or
  // the adapter's process exits without finishing a line; TooLong past kMaxLineBytes.
  Status read_line(std::string& line, std::chrono::milliseconds timeout);

  // Closes stdin, waits up to `grace` for exit, then kills. Returns a description of how it
  // ended ("exit status 0", "killed by signal 9").
  std::string stop(std::chrono::milliseconds grace = std::chrono::milliseconds(2000));
  std::string stderr_tail() const;  // the last lines the adapter wrote on stderr
  const std::string& command() const { return command_; }

 private:
  void drain_stderr();
  // Reads what stdout holds now into the buffer; false at end of file or on an error.
  bool read_stdout();
  bool interrupted() const { return interrupted_ != nullptr && interrupted_->load(); }
  std::string describe_exit(int status) const;

  std::string command_;
  pid_t pid_ = -1;
  pid_t group_ = -1;  // the process group, killed at stop() even after pid_ has exited
  int stdin_fd_ = -1, stdout_fd_ = -1, stderr_fd_ = -1;
  std::string stdout_buffer_, stderr_partial_;
  std::size_t scanned_ = 0;  // stdout_buffer_ holds no newline before this offset
  const std::atomic<bool>* interrupted_ = nullptr;
  std::deque<std::string> stderr_lines_;
  std::optional<std::string> exit_description_;
};

}  // namespace cvc
