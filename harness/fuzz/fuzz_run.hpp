// A fuzz run: generates case after case (each from the seed and its index), checks it against the
// adapter, and shrinks each new mismatch to a distinct minimal finding. The time budget decides
// how many cases are tried, never which: case i is the same in every run with the same seed and
// options, so a run can be repeated exactly with --cases.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "harness/fuzz/finding_set.hpp"
#include "harness/fuzz/fuzz_stats.hpp"
#include "harness/fuzz/scenario_check.hpp"
#include "harness/fuzz/scenario_generator.hpp"

namespace cvc::fuzz {

struct FuzzOptions {
  CheckerOptions checker;
  std::uint64_t seed = 1;
  std::uint64_t max_cases = 0;         // 0: no limit (then `seconds` must be set)
  double seconds = 0;                  // 0: no time limit
  std::vector<const DataType*> types;  // --type (empty: all 26)
  bool encode = true, decode = true, validate = true;
  std::size_t max_elements = 256;
  std::uint64_t max_findings = 0;       // stop after this many distinct findings (0: never)
  std::uint64_t shrink_requests = 400;  // per finding
  // Called after each case: cases done, the limit (0 when the run is timed) and findings so far.
  std::function<void(std::uint64_t cases, std::uint64_t limit, std::uint64_t findings)> progress;
};

struct FuzzOutcome {
  Handshake handshake;
  std::string command;
  std::string options_text;  // how the run was asked for (the CLI's options), for reports
  std::uint64_t seed = 0;
  std::vector<Finding> findings;
  FuzzStats stats;
  std::vector<AdapterIncident> incidents;
  std::uint64_t incident_count = 0;
  bool interrupted = false, aborted = false;
  std::string abort_reason;
  double seconds = 0;
  std::string stopped_because;  // "case limit", "time limit", "finding limit", ...
};

// Runs the fuzzer; a start failure ends with aborted and the reason.
FuzzOutcome run_fuzz(const FuzzOptions& options);

// 0 nothing found and the run completed, 1 otherwise (a finding, adapter errors, aborted,
// interrupted, or nothing compared), as cvc run's exit code.
int fuzz_exit_code(const FuzzOutcome& outcome);

}  // namespace cvc::fuzz
