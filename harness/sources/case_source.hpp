// What a run reads its cases from: the published vectors (vector_source) or the oracle live
// (live_source), as a stream of batches.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/sources/case_batch.hpp"

namespace cvc {

// A stream of batches; `total_cases` is known up front where cheap (0 when not).
class CaseSource {
 public:
  virtual ~CaseSource() = default;
  virtual bool next(CaseBatch& batch) = 0;
  // Passes over the next batch without building its expectations (a shard's runner skips the
  // other shards' batches): its case count, or nullopt at the end. By default it builds it.
  virtual std::optional<std::uint64_t> skip_next();
  virtual std::uint64_t total_cases() const = 0;
  // What the source holds that no protocol operation exercises, one line each with its case
  // count: reported so that every case is accounted for, never counted as run.
  virtual std::vector<std::string> outside_selection() const { return {}; }
};

}  // namespace cvc
