// The last screen of the terminal report, which must stand alone (a user reads only it): the
// verdict's coverage, each cause of failure with its count, its known bug and, where the findings
// notes name it, the component at fault, the unexplained failures, where the report files are,
// and, for an implementation of the published table, whether this run reproduces its row.
// What the run cannot know by itself (the notes, the published table, the report paths) comes
// in LastScreenSources, read by the command from the files the user names.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "harness/reports/run_summary.hpp"

namespace cvc {

// One row of the published results table (results/README.md, written by scripts/publish-results).
struct PublishedRow {
  std::string
      implementation;  // "zarr-python", without the table's " (baseline)" or " (UNRELEASED)"
  std::string version;
  std::string vectors;
  VerdictCounts counts;
  std::string page;  // "zarr-python-3.4.2.md", relative to the table's folder
};

struct LastScreenSources {
  std::map<std::string, std::string, std::less<>> at_fault;  // known-bug model id -> component
  // known-bug model id -> the implementations its note names as having the bug (the component
  // at fault is shown only for a run of one of them: another implementation with the same
  // failures has its own code at fault, or one not examined yet)
  std::map<std::string, std::string, std::less<>> implementations;
  std::vector<PublishedRow> published;
  std::string published_table;            // the table's path, as the user gave it
  std::vector<std::string> report_paths;  // the report files this run writes
};

// The component at fault a findings note names: its "**Component at fault:**" bullet, up to the
// first ";" or the end of the bullet's first sentence, Markdown emphasis and code marks removed,
// at most 160 characters; "" when the note names none.
std::string component_at_fault(std::string_view note);

// The implementations a findings note names: its "**Implementations:**" (or "**Implementation:**")
// bullet, marks removed;
// "" when it has none.
std::string implementations_named(std::string_view note);

// Whether `name` (an implementation's name, "zarrs") appears in `text` as a whole name: not
// inside a longer one ("zarr" in "zarr-python", "cast-value" in "cast-value-rs").
bool names_implementation(std::string_view text, std::string_view name);

// The rows of a published results table (Markdown, the columns of results/README.md); rows that
// do not parse are left out.
std::vector<PublishedRow> published_rows(std::string_view markdown);

// The last screen: "In short" and its lines (nothing for a run that compared nothing).
void write_last_screen(const RunSummary& summary, const LastScreenSources& sources,
                       std::ostream& out);

}  // namespace cvc
