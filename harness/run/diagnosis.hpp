// Diagnosis: which known bug (harness/bug_models) explains each failure of a run. The runner marks
// every failing outcome with the set of models that reproduce it exactly; this aggregate keeps
// one bucket per (cell, model set) with its count and its simplest case, and at the end assigns
// each bucket to the model that explains the most failures of the whole run among those that
// reproduce it. Failures no model reproduces form "unexplained" groups, one per kind, listed
// first: they are the ones a person has to read.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "harness/bug_models/bug_model.hpp"
#include "harness/run/run_result.hpp"

namespace cvc {

// Lexicographic, smaller is simpler: the configuration (fewer scalar_map entries, the default
// rounding, no out_of_range), the narrower types, the input with fewer significant bits, the
// smaller magnitude, then the pattern itself.
using Simplicity = std::array<std::uint64_t, 5>;  // CaseOutcome::simplicity
Simplicity cast_simplicity(const CastRule& rule, std::uint64_t input_bits);
Simplicity validate_simplicity(std::size_t configuration_bytes);

// One line that replays the case against an adapter: the protocol request for this one element
// (cast) or this metadata (validate); empty when the outcome carries no request.
std::string replay_line(const CaseOutcome& outcome);
// The `cvc cast` / `cvc chain` / `cvc validate` command that explains the expected result.
std::string oracle_command(const CaseOutcome& outcome);
// The `cvc chain` command that explains one element of a chain request step by step.
std::string chain_command(const CastRequest& request, std::uint64_t input_bits);

struct DiagnosisCell {
  std::string operation;
  const DataType* input = nullptr;
  const DataType* output = nullptr;
  std::uint64_t cases = 0;  // failures of this cell in the group
};

// "104 of 104 failures in encode float64 -> float16", given the cell's failures of every group.
std::string explained_cell_text(const DiagnosisCell& cell, std::uint64_t cell_failures);
// `cvc replay --impl 'COMMAND' 'LINE'`: sends the line to the adapter, compares with the oracle.
std::string replay_command(const std::string& impl_command, const std::string& line);

struct DiagnosisGroup {
  const BugModel* model = nullptr;  // null: unexplained
  std::string kind;                 // unexplained: the kind of failure ("wrong value", ...)
  std::uint64_t cases = 0;
  std::vector<DiagnosisCell> cells;  // in matrix order
  CaseOutcome minimal;               // the simplest case, with `replay` and `oracle_command`

  // "double-rounding-float32", or "unexplained: wrong value".
  std::string id() const;
  // "double rounding through float32", or "unexplained (wrong value)".
  std::string title() const;
};

class Diagnosis {
 public:
  // A failing outcome; returns the slot where the caller stores its kept copy when it is the
  // simplest case of its bucket so far (nullptr otherwise), so that only such cases cost text.
  CaseOutcome* record(const CaseOutcome& failure);

  // Groups, unexplained first (most cases first), then by model (most cases first).
  std::vector<DiagnosisGroup> groups() const;
  std::uint64_t failures() const { return failures_; }
  std::uint64_t explained() const { return explained_; }

  // --- Merging (a JSON report read back, shards merged: harness/reports/report_merge.hpp) ---
  // A bucket as reports keep it: the failures of one cell with one set of models (and one kind,
  // when no model reproduces them), counted, with the simplest case.
  struct BucketEntry {
    std::string operation;
    const DataType* input = nullptr;
    const DataType* output = nullptr;
    BugModelSet models;
    std::string kind;  // only for an empty model set
    std::uint64_t cases = 0;
    Simplicity simplest{};
    CaseOutcome minimal;
  };
  // In key order: operation, input, output, models, kind.
  std::vector<BucketEntry> buckets() const;
  // Adds a bucket's failures; its simplest case is the one of smaller simplicity, then of smaller
  // sequence (a single run keeps the first recorded of equal simplicity).
  void add_bucket(const BucketEntry& bucket);

 private:
  struct Bucket {
    std::uint64_t cases = 0;
    Simplicity simplest{};
    CaseOutcome minimal;
  };
  // operation, input type, output type, model set, kind (only for an empty model set)
  using Key = std::tuple<std::string, const DataType*, const DataType*, BugModelSet, std::string>;
  std::map<Key, Bucket> buckets_;
  std::uint64_t failures_ = 0, explained_ = 0;
};

}  // namespace cvc
