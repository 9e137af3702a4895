// Upstream bug-report drafts: one Markdown file per diagnosis group of a run, ready to file with
// the implementation's maintainers: title, versions, the minimal reproducer (in the
// implementation's own terms when its adapter can state one, `reproduce` in PROTOCOL.md),
// expected versus actual, the spec text that decides it, the known bug's mechanism, and how many
// cases it affects.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/protocol/adapter_client.hpp"
#include "harness/reports/run_summary.hpp"

namespace cvc {

// The draft of one group (Markdown), given the adapter's reproducer for its simplest case if any.
std::string issue_draft(const RunSummary& summary, const DiagnosisGroup& group,
                        const std::optional<Reproducer>& reproducer);

// "03-double-rounding-float32.md": the group's position in the report, then its id as a slug.
std::string issue_draft_file_name(std::size_t index, const DiagnosisGroup& group);

}  // namespace cvc
