// `cvc check-store`: each array of the store-level vectors handed to an implementation in a
// scratch copy (read, written or opened), and what it did compared with the oracle's result
// (vectors/STORES.md, "Comparing"). Every array gets exactly one verdict.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "harness/stores/store_target.hpp"
#include "harness/stores/store_vectors.hpp"

namespace cvc {

enum class StoreVerdict { Pass, Fail, Unsupported, AdapterError, NotReached };
std::string_view store_verdict_name(StoreVerdict verdict);  // "pass", "fail", ...

struct StoreOutcome {
  std::string id, what;
  StoreKind kind = StoreKind::Decode;
  std::vector<std::string> features;
  std::string data_type;
  StoreVerdict verdict = StoreVerdict::NotReached;
  std::string detail;  // why it failed, why unsupported, the incident; empty for a plain pass
  std::string note;    // a pass worth a word (an invalid array refused at the first read)
};

struct StoreCounts {
  std::uint64_t arrays = 0, pass = 0, fail = 0, unsupported = 0, adapter_error = 0, not_reached = 0;
  void add(StoreVerdict verdict);
};

struct StoreRun {
  std::string command, interface_name;  // --impl; "adapter" or "command line"
  std::string vectors;                  // --vectors as given
  std::string vectors_version;          // vectors/manifest.json's version, when there is one
  std::string vectors_manifest_sha256;  // and the SHA-256 of that manifest
  StoreImplementation implementation;
  std::vector<StoreOutcome> outcomes;  // in index order
  bool interrupted = false;
  // Stopped after StoreCheckOptions::max_incidents_in_a_row arrays in a row, or max_incidents in
  // all, ended in an adapter incident; the rest are counted not reached.
  bool aborted = false;
  std::string abort_reason;
  double seconds = 0;

  StoreCounts totals() const;
  std::map<std::string, StoreCounts> by_kind() const;
  std::map<std::string, StoreCounts> by_feature() const;
  // When at least one array passed and none failed, ended in an adapter error or was not reached.
  bool passed() const;
};

struct StoreCheckOptions {
  std::filesystem::path scratch;                    // an empty directory for the copies
  std::vector<std::string> kinds, features, types;  // filters: only arrays with one of each given
  const std::atomic<bool>* interrupted = nullptr;
  // After this many arrays in a row end in an adapter incident (crash, timeout, malformed answer),
  // the check stops: an implementation that hangs costs this many timeouts, not one per array.
  std::size_t max_incidents_in_a_row = 5;
  // After this many arrays in all end in one (incidents that alternate with good answers).
  std::size_t max_incidents = 50;
  std::function<void(std::size_t done, std::size_t total)> progress;
};

// Runs every selected array of `vectors` against `target`. The vectors' array folders are checked
// first (array_folder_entries, chunk_file_bound): a StoreVectorError before any array is run.
void check_store_arrays(const StoreVectors& vectors, StoreTarget& target,
                        const StoreCheckOptions& options, StoreRun& run);

// Whether `store_case` passes the filters.
bool store_case_selected(const StoreCase& store_case, const StoreCheckOptions& options);

}  // namespace cvc
