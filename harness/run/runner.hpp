// The runner: takes batches from a case source, sends them through the adapter, compares every
// answer with the oracle's expectation, and streams one outcome per case to the report sinks.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "harness/run/run_result.hpp"
#include "harness/sources/case_batch.hpp"
#include "harness/sources/case_source.hpp"

namespace cvc {

struct RunnerOptions {
  std::string command;  // --impl
  std::chrono::milliseconds timeout{60000};
  // The wait for each start's hello answer; zero: `timeout`.
  std::chrono::milliseconds start_timeout{0};
  // Restarts after an incident (the first start is one attempt: an adapter that cannot be started
  // is CannotStartError, harness/protocol/adapter_start.hpp).
  int max_restarts_in_a_row = 3;
  // Requests in a row that end in an incident (crash, timeout, malformed answer) before the run
  // is aborted: an adapter that fails every request is not restarted forever.
  int max_consecutive_incidents = 5;
  // Requests in all that end in an incident before the run is aborted: an adapter whose
  // incidents alternate with good answers (every answer written twice) never reaches the limit
  // above, and would be restarted once per request.
  int max_incidents = 50;
  bool strict = false;
  std::string mode;                                      // for RunInfo
  std::string selection;                                 // for RunInfo: the filters
  std::string vectors_version, vectors_manifest_sha256;  // for RunInfo, in vector mode
  std::string run_id;                                    // for RunInfo: --run-id
  // Called after each batch: cases done so far and the total (0 when unknown).
  std::function<void(std::uint64_t done, std::uint64_t total, const std::string& label)> progress;
  const std::atomic<bool>* interrupted = nullptr;  // set by a signal handler
  // Sharding (--shard K/N): this run takes the source's batches K, K+N, K+2N, ... (0-based) and
  // passes over the others; shard reports merge into the single run's (cvc merge-reports).
  std::uint64_t shard_index = 0, shard_count = 1;
};

// Runs every batch; returns how the run ended. Sinks receive begin, every outcome and incident,
// and end (also when interrupted or aborted, so partial reports are written). Throws
// CannotStartError, before any sink is begun, when the adapter cannot be started.
RunEnd run_cases(CaseSource& source, const RunnerOptions& options,
                 const std::vector<ReportSink*>& sinks);

// Whether `got` (bits, or refused) matches the result `expected` of `type`: exact bits, any NaN
// for a NaN, any refusal for an error.
bool result_matches(const DataType& type, const ExpectedResult& expected, bool got_failed,
                    std::uint64_t got_bits);

}  // namespace cvc
