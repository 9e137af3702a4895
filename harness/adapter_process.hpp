// An adapter as a child process: `/bin/sh -c COMMAND` with its stdin, stdout and stderr piped.
// Lines go in and come out with a deadline; stderr is drained continuously into a bounded tail.
#pragma once

#include <sys/types.h>

#include <chrono>
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

  void start();  // throws std::runtime_error when the process cannot be started
  bool running();
  // false when the adapter is gone (its stdin is closed).
  bool write_line(const std::string& line);

  enum class ReadStatus { Line, Timeout, Closed };
  // Reads one stdout line (without the newline) within `timeout`.
  ReadStatus read_line(std::string& line, std::chrono::milliseconds timeout);

  // Closes stdin, waits up to `grace` for exit, then kills. Returns a description of how it
  // ended ("exit status 0", "killed by signal 9").
  std::string stop(std::chrono::milliseconds grace = std::chrono::milliseconds(2000));
  std::string stderr_tail() const;  // the last lines the adapter wrote on stderr
  const std::string& command() const { return command_; }

 private:
  void drain_stderr();
  std::string describe_exit(int status) const;

  std::string command_;
  pid_t pid_ = -1;
  int stdin_fd_ = -1, stdout_fd_ = -1, stderr_fd_ = -1;
  std::string stdout_buffer_, stderr_partial_;
  std::deque<std::string> stderr_lines_;
  std::optional<std::string> exit_description_;
};

}  // namespace cvc
