// What a run reads its cases from: the published vectors (vector_source) or the oracle live
// (live_source), as a stream of batches.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/sources/case_batch.hpp"

namespace cvc {

// Whether a cast batch is to be built, decided from its header (every field but `elements`): a
// run's adapter that does not declare what the batch needs gets its cases counted, not built.
using CastGate = std::function<bool(const CastBatch& header)>;

// A stream of batches; `total_cases` is known up front where cheap (0 when not).
class CaseSource {
 public:
  virtual ~CaseSource() = default;
  virtual bool next(CaseBatch& batch) = 0;
  // Passes over the next `batches` batches without building them (a shard seeks its next batch):
  // how many were passed (fewer only at the end) and their cases. By default one by one
  // (skip_one); a source that can, by arithmetic.
  struct Skipped {
    std::uint64_t batches = 0, cases = 0;
  };
  virtual Skipped skip(std::uint64_t batches);
  // skip(1): the batch's case count, or nullopt at the end.
  std::optional<std::uint64_t> skip_next();
  // From now on a cast batch the gate refuses is given as its header with its cases counted in
  // `unbuilt_cases` (CastBatch). A source whose batches cost nothing more to build ignores it.
  virtual void set_cast_gate(CastGate gate) { static_cast<void>(gate); }
  virtual std::uint64_t total_cases() const = 0;
  // What the source holds that no protocol operation exercises, one line each with its case
  // count: reported so that every case is accounted for, never counted as run.
  virtual std::vector<std::string> outside_selection() const { return {}; }

 protected:
  // Passes over the next batch, as the default skip does batch by batch: its case count, or
  // nullopt at the end. By default it builds it; a source that can count it unbuilt does so.
  virtual std::optional<std::uint64_t> skip_one();
};

}  // namespace cvc
