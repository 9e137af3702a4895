// The holdout check of the diagnosis: a mutant of the reference adapter (the oracle with one
// known-bug model's bug) run against the vectors must be diagnosed as its own model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/sources/case_batch.hpp"
#include "harness/sources/case_filter.hpp"
#include "oracle/bug_models/bug_model.hpp"
#include "tests/support/bug_model_params.hpp"

namespace cvc {

struct HoldoutResult {
  std::uint64_t failures = 0;  // verdict Fail
  std::uint64_t own = 0;       // of them, in the group of the mutant's own model
  std::string groups;          // "id: cases" per diagnosis group, for failure messages
  double own_share() const { return failures == 0 ? 0.0 : static_cast<double>(own) / failures; }
};

// Runs `CVC_BINARY adapter --mutant MODEL` against the vector folder, restricted by `filter`.
HoldoutResult run_holdout(const std::string& cvc_binary, const std::string& vectors,
                          const BugModel& model, const CaseFilter& filter);

}  // namespace cvc
