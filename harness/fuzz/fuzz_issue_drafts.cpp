#include "harness/fuzz/fuzz_issue_drafts.hpp"

#include "harness/reports/markdown_text.hpp"
#include "harness/run/diagnosis.hpp"
#include "oracle/io/bounded_quote.hpp"

namespace cvc::fuzz {
namespace {

std::string implementation_line(const Handshake& hello) {
  std::string line = bounded_quote(hello.name);
  if (!hello.version.empty()) line += " " + bounded_quote(hello.version);
  if (!hello.language.empty()) line += " (" + bounded_quote(hello.language) + ")";
  return line;
}

// "a scale_offset -> cast_value chain" or "cast_value" or "array metadata": what the title names.
std::string subject(const Scenario& scenario) {
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario)) {
    if (!cast->is_chain()) return "cast_value";
    std::string names;
    for (const nlohmann::json& codec : chain_codecs(*cast))
      names += (names.empty() ? "" : " -> ") + codec.value("name", std::string("?"));
    return "a " + names + " chain";
  }
  return "array metadata";
}

// What the spec says and the probable cause: each known-bug model's, or a person's reading.
std::string model_sections(const Finding& finding) {
  std::string spec = "\n## What the spec says\n\n", cause = "\n## Probable cause\n\n";
  const std::vector<std::string> ids = model_ids(finding.mismatch.models);
  if (ids.empty()) {
    spec += "The expected result follows the spec's procedure step by step (see *Check it*).\n";
    cause += "No known-bug model reproduces this finding; it needs a person's reading.\n";
  }
  for (const std::string& id : ids) {
    const BugModel* model = find_bug_model(id);
    if (model == nullptr) continue;
    if (!model->spec.empty()) spec += markdown_quoted(model->spec) + "\n";
    cause += "Reproduced exactly by the known-bug model `" + id + "`, **" +
             std::string(model->title) + "**: " + std::string(model->mechanism) + "\n";
    if (!model->seen_in.empty()) cause += "\nSeen in: " + std::string(model->seen_in) + "\n";
    cause += "\n";
  }
  return spec + cause;
}

}  // namespace

std::string fuzz_issue_draft_file_name(const FuzzOutcome& outcome, std::size_t index) {
  const Finding& finding = outcome.findings.at(index);
  const std::string models = finding.models_text();
  std::string number = std::to_string(index + 1);
  if (number.size() < 2) number.insert(0, "0");
  return number + "-" + markdown_slug(models.empty() ? finding.mismatch.kind : models) + ".md";
}

std::string fuzz_issue_draft(const FuzzOutcome& outcome, std::size_t index) {
  const Finding& finding = outcome.findings.at(index);
  const std::vector<std::string> ids = model_ids(finding.mismatch.models);
  const BugModel* model = ids.empty() ? nullptr : find_bug_model(ids.front());
  std::string draft = "# " + subject(finding.scenario) + ": " +
                      (model == nullptr ? finding.mismatch.kind : std::string(model->title)) +
                      "\n\n";
  draft += "**Implementation:** " + implementation_line(outcome.handshake) + "  \n";
  draft += "**Found by:** cast-value-conformance " + std::string(CVC_VERSION) + ", `cvc fuzz " +
           outcome.options_text + "`: case " + std::to_string(finding.case_index) + " of seed " +
           std::to_string(finding.seed) + "; " + std::to_string(finding.occurrences) +
           " failing case" + (finding.occurrences == 1 ? "" : "s") + " like it in the run\n";
  draft += "\n## Minimal reproducer\n\nShrunk in " + std::to_string(finding.shrink_steps) +
           " steps from the case as generated (" + std::to_string(finding.original_elements) +
           " elements):\n\n";
  draft += markdown_fenced("", describe(finding.scenario));
  draft += "\n- expected: " + finding.mismatch.expected + "\n";
  draft += "- actual: " + finding.mismatch.got + "\n";
  draft += model_sections(finding);
  draft +=
      "\n## Check it\n\nThe expected result, from the exact reference oracle of "
      "cast-value-conformance (`cvc`):\n\n" +
      markdown_fenced("sh", finding.explanation);
  draft += "\nThe case sent to the implementation through its conformance adapter:\n\n" +
           markdown_fenced("sh", replay_command(outcome.command, finding.replay));
  return draft;
}

}  // namespace cvc::fuzz
