#include "harness/protocol/adapter_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "harness/protocol/child_process.hpp"

namespace cvc {
namespace {

constexpr std::size_t kStderrLinesKept = 40;
// Waits are sliced so that an exited adapter and a set interrupt flag are noticed promptly.
constexpr int kPollSliceMs = 100;

int poll_slice(std::chrono::steady_clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - std::chrono::steady_clock::now());
  return static_cast<int>(std::clamp<long long>(left.count(), 0, kPollSliceMs));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

AdapterProcess::AdapterProcess(std::string command) : command_(std::move(command)) {}

AdapterProcess::~AdapterProcess() {
  if (pid_ > 0) stop(std::chrono::milliseconds(200));
}

void AdapterProcess::start() {
  int in[2], out[2], err[2];
  if (::pipe(in) != 0 || ::pipe(out) != 0 || ::pipe(err) != 0)
    throw std::runtime_error(std::string("cannot create pipes: ") + std::strerror(errno));
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(std::string("cannot fork: ") + std::strerror(errno));
  if (pid == 0) {
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::dup2(err[1], 2);
    close_other_descriptors();  // the pipes above, and those of any other adapter running
    ::setpgid(0, 0);            // its own process group, so that a kill reaches its children too
    // Killed when this process ends without stopping it (SIGKILL, a crash). Its own children are
    // then left to see their stdin close; stop() kills the whole group.
    end_with_parent(parent, SIGKILL);
    ::execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  ::setpgid(pid, pid);  // also here, so that the group exists before any kill (no race)
  pid_ = pid;
  group_ = pid;
  stdin_fd_ = in[1];
  stdout_fd_ = out[0];
  stderr_fd_ = err[0];
  for (const int fd : {stdin_fd_, stdout_fd_, stderr_fd_}) ::fcntl(fd, F_SETFL, O_NONBLOCK);
  ::signal(SIGPIPE, SIG_IGN);  // a dead adapter shows as a failed write, not a signal
  stdout_buffer_.clear();
  scanned_ = 0;
  stderr_partial_.clear();
  stderr_lines_.clear();
  exit_description_.reset();
}

bool AdapterProcess::running() {
  if (pid_ <= 0) return false;
  int status = 0;
  const pid_t done = ::waitpid(pid_, &status, WNOHANG);
  if (done == pid_) {
    exit_description_ = describe_exit(status);
    pid_ = -1;
    return false;
  }
  return true;
}

AdapterProcess::Status AdapterProcess::write_line(const std::string& line,
                                                  std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  const std::string data = line + "\n";
  std::size_t written = 0;
  while (written < data.size()) {
    if (stdin_fd_ < 0 || !running()) return Status::Closed;
    if (interrupted()) return Status::Interrupted;
    const ssize_t n = ::write(stdin_fd_, data.data() + written, data.size() - written);
    if (n > 0) {
      written += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) return Status::Closed;
    if (std::chrono::steady_clock::now() >= deadline) return Status::Timeout;
    // The pipe is full: wait for room, reading what the adapter writes meanwhile.
    pollfd fds[3] = {{stdin_fd_, POLLOUT, 0}, {stdout_fd_, POLLIN, 0}, {stderr_fd_, POLLIN, 0}};
    if (::poll(fds, 3, poll_slice(deadline)) < 0 && errno != EINTR) return Status::Closed;
    if (fds[2].revents != 0) drain_stderr();
    if ((fds[1].revents & POLLIN) != 0 && stdout_buffer_.size() <= kMaxLineBytes) read_stdout();
    if ((fds[0].revents & (POLLERR | POLLHUP)) != 0) return Status::Closed;
  }
  return Status::Done;
}

bool AdapterProcess::read_stdout() {
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(stdout_fd_, buffer, sizeof buffer);
    if (n > 0) {
      stdout_buffer_.append(buffer, static_cast<std::size_t>(n));
      if (stdout_buffer_.size() > kMaxLineBytes) return true;
      continue;
    }
    if (n == 0) return false;
    return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

void AdapterProcess::drain_stderr() {
  char buffer[4096];
  for (ssize_t n; (n = ::read(stderr_fd_, buffer, sizeof buffer)) > 0;) {
    stderr_partial_.append(buffer, static_cast<std::size_t>(n));
    for (std::size_t newline; (newline = stderr_partial_.find('\n')) != std::string::npos;) {
      stderr_lines_.push_back(stderr_partial_.substr(0, std::min<std::size_t>(newline, 500)));
      stderr_partial_.erase(0, newline + 1);
      if (stderr_lines_.size() > kStderrLinesKept) stderr_lines_.pop_front();
    }
    if (stderr_partial_.size() > 4096) stderr_partial_.erase(0, stderr_partial_.size() - 4096);
  }
}

AdapterProcess::Status AdapterProcess::read_line(std::string& line,
                                                 std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  bool open = true;
  for (;;) {
    // Scan only what arrived since the last look: linear in the line's length.
    const std::size_t newline = stdout_buffer_.find('\n', scanned_);
    if (newline != std::string::npos) {
      line = stdout_buffer_.substr(0, newline);
      stdout_buffer_.erase(0, newline + 1);
      scanned_ = 0;
      return Status::Done;
    }
    scanned_ = stdout_buffer_.size();
    if (stdout_buffer_.size() > kMaxLineBytes) {
      line = stdout_buffer_.substr(0, 200);
      stdout_buffer_.clear();
      scanned_ = 0;
      return Status::TooLong;
    }
    if (!open) {
      drain_stderr();
      return Status::Closed;
    }
    if (interrupted()) return Status::Interrupted;
    // An adapter whose process has exited answers no more, even if a child of it still holds
    // its stdout open; what it wrote before exiting is read first.
    if (!running()) {
      read_stdout();
      open = false;
      continue;
    }
    if (std::chrono::steady_clock::now() >= deadline) return Status::Timeout;
    pollfd fds[2] = {{stdout_fd_, POLLIN, 0}, {stderr_fd_, POLLIN, 0}};
    if (::poll(fds, 2, poll_slice(deadline)) < 0 && errno != EINTR) return Status::Closed;
    if (fds[1].revents != 0) drain_stderr();
    if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) open = read_stdout();
  }
}

std::string AdapterProcess::describe_exit(int status) const {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "ended (status " + std::to_string(status) + ")";
}

std::string AdapterProcess::stop(std::chrono::milliseconds grace) {
  close_fd(stdin_fd_);
  if (pid_ > 0) {
    const auto deadline = std::chrono::steady_clock::now() + grace;
    while (running() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // The whole group, always: an adapter's children outlive it when its shell has exited.
  if (group_ > 0) ::kill(-group_, SIGKILL);
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    exit_description_ = describe_exit(status);
    pid_ = -1;
  }
  group_ = -1;
  if (stderr_fd_ >= 0) drain_stderr();
  close_fd(stdout_fd_);
  close_fd(stderr_fd_);
  return exit_description_.value_or("not started");
}

std::string AdapterProcess::stderr_tail() const {
  std::string tail;
  for (const std::string& line : stderr_lines_) tail += line + "\n";
  if (!stderr_partial_.empty()) tail += stderr_partial_ + "\n";
  return tail;
}

}  // namespace cvc
