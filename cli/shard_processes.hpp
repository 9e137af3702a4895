// `cvc run --jobs N`: the N shard processes, each `cvc run ... --shard K/N --json FILE
// --progress-lines` with its own adapter, run at once under one combined progress line. Ctrl-C
// (or SIGTERM to this process) stops them: each is sent SIGTERM, writes its partial report and
// exits; one that has not exited 30 s later is killed. Each runs in a process group of its own
// and is sent SIGTERM too when this process ends without stopping it (SIGKILL, a crash), so that
// it stops its adapter and exits; the folder of their reports is removed once they have.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "cli/temporary_directory.hpp"

namespace cvc::cli {

// How a shard process started with --progress-lines reports progress on stderr:
// "cvc-progress DONE TOTAL".
inline constexpr std::string_view kProgressLinePrefix = "cvc-progress ";

struct ShardProcessesResult {
  std::vector<std::filesystem::path> reports;  // the shards' JSON reports that were written
  bool interrupted = false;                    // stopped by a signal
  // A shard's exit code 2 or 3 (bad arguments or input, an internal error), or 3 when one died of
  // a signal it was not sent: the others were stopped, and what it printed was passed on.
  int failed_exit = 0;
};

// Runs `cvc run ARGUMENTS --shard K/N --json DIRECTORY/shard-K.json --progress-lines` for K =
// 1..N, this executable each time, and waits for all of them. Their terminal reports are
// discarded; other lines they print on stderr are passed on, prefixed "shard K/N: ".
ShardProcessesResult run_shard_processes(const std::vector<std::string>& arguments,
                                         std::uint64_t count, const TemporaryDirectory& directory,
                                         const std::atomic<bool>& interrupted);

}  // namespace cvc::cli
