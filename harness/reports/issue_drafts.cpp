#include "harness/reports/issue_drafts.hpp"

#include <cstdio>

namespace cvc {
namespace {

std::string slug(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (keep) {
      out.push_back(c);
    } else if (c >= 'A' && c <= 'Z') {
      out.push_back(static_cast<char>(c - 'A' + 'a'));
    } else if (!out.empty() && out.back() != '-') {
      out.push_back('-');
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

// A fenced block whose fence is longer than any run of backticks inside the text.
std::string fenced(std::string_view language, const std::string& text) {
  std::size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
  std::string block = fence;
  block.append(language);
  block.push_back('\n');
  block.append(text);
  if (!text.empty() && text.back() != '\n') block.push_back('\n');
  block.append(fence);
  block.push_back('\n');
  return block;
}

std::string quoted(std::string_view text) {
  std::string out = "> ";
  for (const char c : text) {
    out.push_back(c);
    if (c == '\n') out.append("> ");
  }
  out.push_back('\n');
  return out;
}

std::string implementation_line(const RunInfo& info) {
  std::string line = info.implementation_name;
  if (!info.implementation_version.empty()) line += " " + info.implementation_version;
  if (!info.implementation_language.empty()) line += " (" + info.implementation_language + ")";
  return line;
}

}  // namespace

std::string issue_draft_file_name(std::size_t index, const DiagnosisGroup& group) {
  char number[16];
  std::snprintf(number, sizeof number, "%02zu-", index + 1);
  return number + slug(group.id()) + ".md";
}

std::string issue_draft(const RunSummary& summary, const DiagnosisGroup& group,
                        const std::optional<Reproducer>& reproducer) {
  const RunInfo& info = summary.info();
  const CaseOutcome& minimal = group.minimal;
  const std::string cell = outcome_cell_name(minimal);
  std::string draft = "# cast_value: " + cell + " ";
  draft += group.model != nullptr ? "gives a wrong result: " + std::string(group.model->title)
                                  : "disagrees with the spec (" + group.kind + ")";
  draft += "\n\n";

  draft += "**Implementation:** " + implementation_line(info) + "  \n";
  if (!info.environment.empty()) {
    draft += "**Environment:** ";
    bool first = true;
    for (const auto& [name, version] : info.environment) {
      draft += (first ? "" : ", ") + name + " " + version;
      first = false;
    }
    draft += "  \n";
  }
  draft += "**Found by:** cast-value-conformance " + info.harness_version;
  if (!info.vectors_version.empty())
    draft += ", test vectors " + info.vectors_version + " (manifest SHA-256 " +
             info.vectors_manifest_sha256 + ")";
  draft += "  \n**Affected:** " + std::to_string(group.cases) + " of " +
           std::to_string(summary.diagnosis().failures()) + " failing cases of the run";
  draft += group.cells.size() == 1
               ? ", in one type pair:\n\n"
               : ", in " + std::to_string(group.cells.size()) + " type pairs:\n\n";
  const std::size_t cells_listed = std::min<std::size_t>(group.cells.size(), 20);
  for (std::size_t i = 0; i < cells_listed; ++i) {
    const DiagnosisCell& affected = group.cells[i];
    draft += "- " + explained_cell_text(affected, summary.cell_failures(affected)) + "\n";
  }
  if (group.cells.size() > cells_listed)
    draft += "- ... and " + std::to_string(group.cells.size() - cells_listed) + " more\n";

  draft += "\n## Minimal reproducer\n\n";
  if (reproducer) {
    draft += fenced(reproducer->language, reproducer->code);
  } else {
    draft +=
        "The adapter states no reproducer in the library's own terms; the protocol request "
        "below replays the case through it.\n";
  }
  draft += "\nThe simplest failing case of this group (" + minimal.where + "):\n\n";
  draft += "- operation: " + cell + "\n";
  draft += "- codec configuration: `" + minimal.configuration + "`\n";
  draft += "- input: " + minimal.input_text + "\n";
  draft += "- expected: " + minimal.expected + "\n";
  draft += "- actual: " + minimal.got + "\n";

  draft += "\n## What the spec says\n\n";
  if (group.model != nullptr && !group.model->spec.empty()) draft += quoted(group.model->spec);
  draft +=
      "\nThe expected result, step by step (the spec's procedure): " + minimal.explanation + "\n";
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
        fenced("sh", minimal.oracle_command);
  if (!minimal.replay.empty())
    draft += "\nThe case sent to the implementation through its conformance adapter:\n\n" +
             fenced("sh", replay_command(info.command, minimal.replay));
  return draft;
}

}  // namespace cvc
