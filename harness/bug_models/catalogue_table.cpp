// The catalogue described for tables: what each model acts on, where it was seen, and the table
// of docs/bug-models.md and `cvc bug-models` (bug_model.hpp).
#include "harness/bug_models/model_parts.hpp"

namespace cvc {

std::string bug_model_scope(const BugModel& model) {
  std::string scope;
  const auto add = [&](std::string_view part) {
    scope += (scope.empty() ? "" : " + ") + std::string(part);
  };
  if (model.validate != nullptr) add("metadata");
  if (model.cast != nullptr) add("cast");
  if (model.rejects != nullptr) add("configuration");
  if (model.chain != nullptr) add("chain");
  return scope;
}

std::string bug_model_seen_briefly(const BugModel& model) {
  const std::string_view seen = model.seen_in;
  if (seen.starts_with("none seen yet")) return "none seen yet";
  if (seen.starts_with("permitted")) return "permitted (not observable)";
  // Drop the details in parentheses and what follows "; plausible because".
  std::string brief;
  int depth = 0;
  for (const char c : seen.substr(0, seen.find("; plausible because"))) {
    if (c == '(') ++depth;
    if (depth == 0) brief += c;
    if (c == ')' && depth > 0) --depth;
  }
  std::string tidy;
  for (const char c : brief) {
    if (c == ' ' && (tidy.empty() || tidy.back() == ' ')) continue;
    if ((c == ';' || c == ',') && !tidy.empty() && tidy.back() == ' ') tidy.pop_back();
    tidy += c;
  }
  // Keep the parts that name implementations, not the references to findings.
  std::string kept;
  for (std::size_t start = 0; start <= tidy.size();) {
    const std::size_t end = std::min(tidy.find(';', start), tidy.size());
    std::string part = tidy.substr(start, end - start);
    while (!part.empty() && part.front() == ' ') part.erase(0, 1);
    while (!part.empty() && part.back() == ' ') part.pop_back();
    if (!part.empty() && !part.starts_with("findings")) kept += (kept.empty() ? "" : "; ") + part;
    start = end + 1;
  }
  return kept;
}

namespace {

// A table cell: '|' escaped.
std::string cell(std::string_view text) {
  std::string escaped;
  for (const char c : text) escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return escaped;
}

}  // namespace

std::string bug_model_table() {
  std::string table = "| id | acts on | title | seen in |\n|---|---|---|---|\n";
  for (const BugModel& model : bug_models())
    table += "| [`" + std::string(model.id) + "`](#" + std::string(model.id) + ") | " +
             bug_model_scope(model) + " | " + cell(model.title) + " | " +
             cell(bug_model_seen_briefly(model)) + " |\n";
  return table;
}

}  // namespace cvc
