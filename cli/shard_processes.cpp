#include "cli/shard_processes.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>

#include "cli/interrupt_signals.hpp"
#include "harness/protocol/child_process.hpp"
#include "harness/text/progress_report.hpp"

namespace cvc::cli {
namespace {

struct ShardProcess {
  std::string name;  // "1/2"
  std::filesystem::path report;
  pid_t pid = -1;
  int stderr_fd = -1;
  std::string pending;   // stderr text not yet ending in a newline
  std::string messages;  // what it printed that is neither progress nor "wrote FILE"
  std::uint64_t done = 0, total = 0;
  bool running = false;
  int exit_code = -1;  // when it exited
  int killed_by = 0;   // the signal that ended it, if any
};

// This executable, for the shard processes.
std::string own_executable() {
  std::error_code error;
  const std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) throw std::runtime_error("--jobs: cannot find this executable: " + error.message());
  return path.string();
}

void start(ShardProcess& shard, const std::string& executable,
           const std::vector<std::string>& arguments, int remover_socket) {
  std::vector<std::string> words = {executable, "run"};
  words.insert(words.end(), arguments.begin(), arguments.end());
  words.insert(words.end(),
               {"--shard", shard.name, "--json", shard.report.string(), "--progress-lines"});
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0)
    throw std::runtime_error("--jobs: cannot make a pipe: " + std::string(std::strerror(errno)));
  const pid_t parent = getpid();
  // SIGINT and SIGTERM stay blocked in the child until it has its own handlers
  // (cli/interrupt_signals.hpp): a shard stopped at once still writes its report.
  const sigset_t mask = block_interrupt_signals();
  const pid_t pid = fork();
  if (pid != 0) restore_signal_mask(mask);
  if (pid < 0) throw std::runtime_error("--jobs: cannot start a shard process");
  if (pid == 0) {
    // The child: stdout (its terminal report) discarded, stderr to the pipe.
    const int null_fd = open("/dev/null", O_RDWR);
    dup2(null_fd, STDIN_FILENO);
    dup2(null_fd, STDOUT_FILENO);
    dup2(pipe_fds[1], STDERR_FILENO);
    // It writes into the folder: holding the remover's socket, it keeps the folder, should this
    // process be killed, until it has ended too.
    close_other_descriptors(remover_socket);
    // Its own process group: a signal to this process's group (a job's kill) does not end it
    // before it has stopped its adapter; SIGTERM when this process ends without stopping it.
    setpgid(0, 0);
    end_with_parent(parent, SIGTERM);
    execv(argv[0], argv.data());
    _exit(127);
  }
  setpgid(pid, pid);
  close(pipe_fds[1]);
  fcntl(pipe_fds[0], F_SETFL, O_NONBLOCK);
  shard.pid = pid;
  shard.stderr_fd = pipe_fds[0];
  shard.running = true;
}

// Takes what the process printed: progress lines update its count, "wrote FILE" is dropped, the
// rest is kept to be passed on.
void read_output(ShardProcess& shard) {
  char buffer[4096];
  for (;;) {
    const ssize_t got = read(shard.stderr_fd, buffer, sizeof buffer);
    if (got <= 0) {
      if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
        close(shard.stderr_fd);
        shard.stderr_fd = -1;
      }
      break;
    }
    shard.pending.append(buffer, static_cast<std::size_t>(got));
  }
  for (std::size_t end; (end = shard.pending.find('\n')) != std::string::npos;) {
    const std::string line = shard.pending.substr(0, end);
    shard.pending.erase(0, end + 1);
    if (line.starts_with(kProgressLinePrefix)) {
      unsigned long long done = 0, total = 0;
      if (std::sscanf(line.c_str() + kProgressLinePrefix.size(), "%llu %llu", &done, &total) == 2) {
        shard.done = done;
        shard.total = total;
      }
    } else if (!line.starts_with("wrote ")) {
      shard.messages.append(line).push_back('\n');
    }
  }
}

void reap(ShardProcess& shard) {
  int status = 0;
  if (waitpid(shard.pid, &status, WNOHANG) != shard.pid) return;
  shard.running = false;
  if (WIFEXITED(status)) shard.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) shard.killed_by = WTERMSIG(status);
}

void signal_all(std::vector<ShardProcess>& shards, int signal) {
  for (ShardProcess& shard : shards)
    if (shard.running) kill(shard.pid, signal);
}

// The N shards, named "K/N", each with its report file in `directory`.
std::vector<ShardProcess> named_shards(std::uint64_t count,
                                       const std::filesystem::path& directory) {
  std::vector<ShardProcess> shards(count);
  for (std::uint64_t k = 0; k < count; ++k) {
    shards[k].name = std::to_string(k + 1) + "/" + std::to_string(count);
    shards[k].report = directory / ("shard-" + std::to_string(k + 1) + ".json");
  }
  return shards;
}

// Starts every shard; if one cannot be started, those already running are killed and waited for.
void start_all(std::vector<ShardProcess>& shards, const std::vector<std::string>& arguments,
               int remover_socket) {
  const std::string executable = own_executable();
  try {
    for (ShardProcess& shard : shards) start(shard, executable, arguments, remover_socket);
  } catch (...) {
    signal_all(shards, SIGKILL);
    for (ShardProcess& shard : shards)
      if (shard.running) waitpid(shard.pid, nullptr, 0);
    throw;
  }
}

bool any_running(const std::vector<ShardProcess>& shards) {
  return std::any_of(shards.begin(), shards.end(),
                     [](const ShardProcess& shard) { return shard.running; });
}

// A shard that cannot run (bad input, internal error, killed): it has ended with exit code 2 or
// more, or without an exit code, or by a signal.
bool failed(const ShardProcess& shard) {
  return !shard.running && (shard.exit_code >= 2 || shard.exit_code < 0 || shard.killed_by != 0);
}

// Stopping the shards: each is sent SIGTERM once, and SIGKILL from 30 s later on.
struct Stop {
  bool stopping = false;
  std::chrono::steady_clock::time_point kill_at;

  void begin(std::vector<ShardProcess>& shards) {
    stopping = true;
    kill_at = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    signal_all(shards, SIGTERM);
  }
  void kill_late(std::vector<ShardProcess>& shards) const {
    if (stopping && std::chrono::steady_clock::now() > kill_at) signal_all(shards, SIGKILL);
  }
};

// Waits up to 100 ms for output from any shard.
void wait_for_output(const std::vector<ShardProcess>& shards) {
  std::vector<pollfd> fds;
  for (const ShardProcess& shard : shards)
    if (shard.stderr_fd >= 0) fds.push_back({shard.stderr_fd, POLLIN, 0});
  poll(fds.data(), fds.size(), 100);
}

// Until every shard has exited: their output read, the exits reaped, the combined progress shown.
// An interruption stops them all; so does the first shard that fails (its exit code is kept).
void watch(std::vector<ShardProcess>& shards, const std::atomic<bool>& interrupted,
           ShardProcessesResult& result) {
  ProgressReport progress("cases");
  const std::string label = std::to_string(shards.size()) + " shard processes";
  Stop stop;
  while (any_running(shards)) {
    if (!stop.stopping && interrupted.load()) {
      result.interrupted = true;
      stop.begin(shards);
    }
    stop.kill_late(shards);
    wait_for_output(shards);
    std::uint64_t done = 0, total = 0;
    for (ShardProcess& shard : shards) {
      if (shard.stderr_fd >= 0) read_output(shard);
      if (shard.running) reap(shard);
      if (!stop.stopping && failed(shard)) {
        result.failed_exit = shard.exit_code >= 2 && shard.exit_code <= 3 ? shard.exit_code : 3;
        stop.begin(shards);
      }
      done += shard.done;
      total = std::max(total, shard.total);
    }
    progress.update(done, total, label);
  }
  progress.finish();
}

// What an exited shard left: the rest of its output passed on, prefixed "shard K/N: ", the signal
// that ended it (unless this process was interrupted), its report if it wrote one.
void collect(ShardProcess& shard, ShardProcessesResult& result) {
  if (shard.stderr_fd >= 0) read_output(shard);  // what is left in the pipe
  if (shard.stderr_fd >= 0) close(shard.stderr_fd);
  if (!shard.pending.empty()) shard.messages.append(shard.pending).push_back('\n');
  for (std::size_t at = 0; at < shard.messages.size();) {
    const std::size_t end = shard.messages.find('\n', at);
    std::cerr << "shard " << shard.name << ": " << shard.messages.substr(at, end - at) << "\n";
    at = end + 1;
  }
  if (shard.killed_by != 0 && !result.interrupted)
    std::cerr << "shard " << shard.name << ": ended by signal " << shard.killed_by << "\n";
  if (std::filesystem::exists(shard.report)) result.reports.push_back(shard.report);
}

}  // namespace

ShardProcessesResult run_shard_processes(const std::vector<std::string>& arguments,
                                         std::uint64_t count, const TemporaryDirectory& directory,
                                         const std::atomic<bool>& interrupted) {
  std::vector<ShardProcess> shards = named_shards(count, directory.path());
  start_all(shards, arguments, directory.remover_socket());
  ShardProcessesResult result;
  watch(shards, interrupted, result);
  for (ShardProcess& shard : shards) collect(shard, result);
  return result;
}

}  // namespace cvc::cli
