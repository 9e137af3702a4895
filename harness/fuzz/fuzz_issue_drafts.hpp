// Upstream bug-report drafts for the findings of a fuzz run, as cvc run writes them for its
// diagnosis groups (harness/reports/issue_drafts.hpp): one Markdown file per finding, with the
// implementation, the seed and case that found it, the minimal (shrunk) scenario, cast or chain,
// expected versus actual, the spec text and mechanism of each known-bug model reproducing it, and
// the commands that explain and replay it.
#pragma once

#include <string>

#include "harness/fuzz/fuzz_run.hpp"

namespace cvc::fuzz {

// The draft of finding `index` of the run (Markdown).
std::string fuzz_issue_draft(const FuzzOutcome& outcome, std::size_t index);

// "01-scale-offset-final-check-only.md": the finding's position, then its models (or its kind)
// as a slug.
std::string fuzz_issue_draft_file_name(const FuzzOutcome& outcome, std::size_t index);

}  // namespace cvc::fuzz
