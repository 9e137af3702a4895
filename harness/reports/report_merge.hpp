// Merging shards' JSON reports into the report of the whole run (`cvc merge-reports`, and
// `cvc run --jobs N`, which runs N shards and merges them). `cvc run --shard K/N` runs the
// source's batches K, K+N, ... (harness/run/runner.hpp) and numbers its cases as the whole run
// does, so that the merge keeps what a single run keeps: the report equals the single run's but for
// times (harness/reports/REPORTS.md, "Shards and merging").
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/reports/run_summary.hpp"

namespace cvc {

// Reports that cannot be merged: unreadable, not version-4 or 5 reports, not the shards of one run.
// The message names the file and what differs.
class MergeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ShardReport {
  std::string name;  // the file, as given: for messages
  RunSummary summary;
};

// Reads a JSON report file; throws MergeError naming the file and the problem.
ShardReport read_shard_report(const std::filesystem::path& path);

struct MergeResult {
  RunSummary summary;
  // Where the merged report may differ from a single run's beyond times: a shard that hit a
  // sample limit (groups, distinct names), so that what it left out cannot be recovered.
  std::vector<std::string> warnings;
};

// Checks that the reports are shards 1..N of one run (same command, implementation, mode,
// selection, vectors, strictness, harness version, limits; each shard exactly once) and merges
// them in shard order. With `allow_missing` (an interrupted `cvc run --jobs`), shards that wrote
// no report are left out and the merge is marked interrupted.
MergeResult merge_shard_reports(const std::vector<ShardReport>& shards, bool allow_missing = false);

// The same from the report files, each read and checked twice rather than all kept at once:
// first every file for its identity, then one at a time in shard order, merged and let go, so that
// memory holds one report and the merge however many shards there are. A file that changed
// between the two readings is refused.
MergeResult merge_shard_report_files(const std::vector<std::filesystem::path>& paths,
                                     bool allow_missing = false);

}  // namespace cvc
