#include "harness/reports/issue_drafts.hpp"

#include <algorithm>
#include <cstdio>

#include "harness/reports/environment_text.hpp"
#include "harness/reports/markdown_text.hpp"
#include "oracle/io/bounded_quote.hpp"

namespace cvc {
namespace {

// The adapter's reproducer is a short program; an answer of megabytes is cut to this (and says
// its size) rather than pasted into a draft meant for a person to read and file.
constexpr std::size_t kReproducerBytes = 64 << 10;
// Each text of the run's identity and of the simplest case in a draft (the run cuts kept texts at
// its limits' text_bytes, 4096 by default; a merged report's come from files).
constexpr std::size_t kDraftTextBytes = 4096;

std::string text_of(std::string_view text) {
  return bounded_quote(text, kDraftTextBytes);
}

// The fence's info string: a language name, only its plain characters ("python", "c++").
std::string language_name(std::string_view language) {
  std::string name;
  for (const char c : language.substr(0, std::min<std::size_t>(language.size(), 32)))
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' ||
        c == '-' || c == '_' || c == '.')
      name.push_back(c);
  return name;
}

std::string implementation_line(const RunInfo& info) {
  std::string line = bounded_quote(info.implementation_name);
  if (!info.implementation_version.empty())
    line += " " + bounded_quote(info.implementation_version);
  if (!info.implementation_language.empty())
    line += " (" + bounded_quote(info.implementation_language) + ")";
  return line;
}

}  // namespace

std::string issue_draft_file_name(std::size_t index, const DiagnosisGroup& group) {
  char number[16];
  std::snprintf(number, sizeof number, "%02zu-", index + 1);
  return number + markdown_slug(group.id()) + ".md";
}

std::string issue_draft(const RunSummary& summary, const DiagnosisGroup& group,
                        const std::optional<Reproducer>& reproducer) {
  const RunInfo& info = summary.info();
  const CaseOutcome& minimal = group.minimal;
  const std::string cell = outcome_cell_name(minimal);
  std::string draft = "# cast_value: " + cell + " ";
  draft += group.model != nullptr ? "gives a wrong result: " + std::string(group.model->title)
                                  : "disagrees with the spec (" + bounded_quote(group.kind) + ")";
  draft += "\n\n";

  draft += "**Implementation:** " + implementation_line(info) + "  \n";
  if (!info.environment.empty()) draft += "**Environment:** " + environment_text(info) + "  \n";
  draft += "**Found by:** cast-value-conformance " + info.harness_version;
  if (!info.vectors_version.empty())
    draft += ", test vectors " + bounded_quote(info.vectors_version) + " (manifest SHA-256 " +
             bounded_quote(info.vectors_manifest_sha256) + ")";
  draft += "  \n**Affected:** " + std::to_string(group.cases) + " of " +
           std::to_string(summary.diagnosis().failures()) + " failing cases of the run";
  draft += group.cells.size() == 1
               ? ", in one type pair:\n\n"
               : ", in " + std::to_string(group.cells.size()) + " type pairs:\n\n";
  const std::size_t cells_listed = std::min<std::size_t>(group.cells.size(), kListedItems);
  for (std::size_t i = 0; i < cells_listed; ++i) {
    const DiagnosisCell& affected = group.cells[i];
    draft += "- " + explained_cell_text(affected, summary.cell_failures(affected)) + "\n";
  }
  if (group.cells.size() > cells_listed)
    draft += "- ... and " + std::to_string(group.cells.size() - cells_listed) + " more\n";

  draft += "\n## Minimal reproducer\n\n";
  if (reproducer) {
    draft += markdown_fenced(language_name(reproducer->language),
                             bounded_quote(reproducer->code, kReproducerBytes));
  } else {
    draft +=
        "The adapter states no reproducer in the library's own terms; the protocol request "
        "below replays the case through it.\n";
  }
  draft += "\nThe simplest failing case of this group (" + text_of(minimal.where) + "):\n\n";
  draft += "- operation: " + cell + "\n";
  draft += "- codec configuration: `" + text_of(minimal.configuration) + "`\n";
  draft += "- input: " + text_of(minimal.input_text) + "\n";
  draft += "- expected: " + text_of(minimal.expected) + "\n";
  draft += "- actual: " + text_of(minimal.got) + "\n";

  draft += "\n## What the spec says\n\n";
  if (group.model != nullptr && !group.model->spec.empty())
    draft += markdown_quoted(group.model->spec);
  draft += "\nThe expected result, step by step (the spec's procedure): " +
           text_of(minimal.explanation) + "\n";
  if (group.model != nullptr) {
    draft += "\n## Probable cause\n\n";
    draft += "Every one of these " + std::to_string(group.cases) +
             " cases is reproduced exactly by a model of a known bug, **" +
             std::string(group.model->title) + "**: " + std::string(group.model->mechanism) + "\n";
    if (!group.model->seen_in.empty())
      draft += "\nThe same bug was seen in: " + std::string(group.model->seen_in) + "\n";
  } else {
    draft +=
        "\n## Probable cause\n\nNo known-bug model reproduces these cases; they need a "
        "person's reading.\n";
  }
  draft += "\n## Check it\n\n";
  if (!minimal.oracle_command.empty())
    draft +=
        "The expected result, explained by the exact reference oracle of "
        "cast-value-conformance (`cvc`):\n\n" +
        markdown_fenced("sh", text_of(minimal.oracle_command));
  if (!minimal.replay.empty())
    draft += "\nThe case sent to the implementation through its conformance adapter:\n\n" +
             markdown_fenced("sh", text_of(replay_command(info.command, minimal.replay)));
  return draft;
}

}  // namespace cvc
