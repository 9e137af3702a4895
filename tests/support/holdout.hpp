// The holdout check of the diagnosis: a mutant of the reference adapter (the oracle with one
// known-bug model's bug) run against the vectors must be diagnosed as its own model.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/bug_models/bug_model.hpp"
#include "harness/run/bug_model_scan.hpp"
#include "harness/sources/case_batch.hpp"
#include "harness/sources/case_filter.hpp"
#include "tests/support/bug_model_params.hpp"

namespace cvc {

struct HoldoutResult {
  std::uint64_t failures = 0;  // verdict Fail
  std::uint64_t own = 0;       // of them, in the group of the mutant's own model
  std::string groups;          // "id: cases" per diagnosis group, for failure messages
  double own_share() const { return failures == 0 ? 0.0 : static_cast<double>(own) / failures; }
};

// Where the vectors first tell the model from the oracle (scanned in-process, stopping there);
// nullopt when no vector case does.
std::optional<ModelCatch> first_vector_catch(const std::string& vectors, const BugModel& model);
// The vectors around a catch, to aim a run of the mutant at: the case's family and direction, and
// its array type (for the cast families).
CaseFilter catch_selection(const ModelCatch& at);

// Runs `CVC_BINARY adapter --mutant MODEL` against the vector folder, restricted by `filter`.
HoldoutResult run_holdout(const std::string& cvc_binary, const std::string& vectors,
                          const BugModel& model, const CaseFilter& filter);

}  // namespace cvc
