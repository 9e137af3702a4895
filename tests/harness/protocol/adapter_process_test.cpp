// AdapterProcess and the processes it starts: an adapter holds no descriptor of another (a
// sibling holding its stdin would keep it from ever seeing the end of its input), and an adapter
// dies with the process that started it when that one is killed and cannot stop it.
#include "harness/protocol/adapter_process.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <string>
#include <thread>

namespace cvc::adapter_process_test {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

// Whether process `pid` (not a child of this one) has ended within `limit`: gone, or a zombie
// (whoever it was left to may not reap it at once).
bool ends_within(pid_t pid, milliseconds limit) {
  const auto deadline = steady_clock::now() + limit;
  for (;;) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return true;
    const std::size_t end = line.rfind(')');
    if (end != std::string::npos && end + 2 < line.size() &&
        (line[end + 2] == 'Z' || line[end + 2] == 'X'))
      return true;
    if (steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(milliseconds(20));
  }
}

TEST(AdapterProcess, AnAdapterSeesItsInputEndWhileAnotherRuns) {
  AdapterProcess first("cat > /dev/null");  // ends at the end of its stdin
  first.start();
  AdapterProcess second("exec sleep 30");
  second.start();
  const auto start = steady_clock::now();
  EXPECT_EQ(first.stop(milliseconds(5000)), "exit status 0");
  EXPECT_LT(steady_clock::now() - start, milliseconds(2000))
      << "the second adapter held the first one's stdin open";
  second.stop(milliseconds(0));
}

// A process that starts an adapter and is then killed with SIGKILL, as `cvc run` can be: the
// adapter (the shell, which says its pid and becomes `sleep`) must not go on running.
TEST(AdapterProcess, AnAdapterEndsWhenItsStarterIsKilled) {
  int report[2];
  ASSERT_EQ(::pipe(report), 0);
  const pid_t starter = ::fork();
  ASSERT_GE(starter, 0);
  if (starter == 0) {
    ::close(report[0]);
    AdapterProcess adapter("echo $$; exec sleep 300");
    adapter.start();
    std::string line;
    if (adapter.read_line(line, milliseconds(10000)) == AdapterProcess::Status::Done) {
      line += "\n";
      if (::write(report[1], line.data(), line.size()) < 0) ::_exit(1);
    }
    ::raise(SIGKILL);
  }
  ::close(report[1]);
  char text[32] = {};
  const ssize_t got = ::read(report[0], text, sizeof text - 1);
  ::close(report[0]);
  ::waitpid(starter, nullptr, 0);
  ASSERT_GT(got, 0) << "the adapter did not start";
  const pid_t adapter = static_cast<pid_t>(std::stol(text));
  ASSERT_GT(adapter, 0);
  const bool ended = ends_within(adapter, milliseconds(5000));
  if (!ended) ::kill(adapter, SIGKILL);
  EXPECT_TRUE(ended) << "the adapter (pid " << adapter << ") outlived its starter by 5 s";
}

}  // namespace
}  // namespace cvc::adapter_process_test
