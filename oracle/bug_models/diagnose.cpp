// Diagnosis: which models of the catalogue reproduce an implementation's answer (bug_model.hpp).
// Called for every failure of a run: the oracle's result is computed once per element, and each
// model is first asked, cheaply, whether it can act on the rule at all.
#include "oracle/bug_models/model_parts.hpp"

namespace cvc {
namespace {

// The harness's comparison of a result with an implementation's answer.
bool matches_answer(const DataType& output, const CastResult& result, bool got_failed,
                    std::uint64_t got_bits) {
  if (!result.ok()) return got_failed;
  if (got_failed) return false;
  const std::uint64_t mask = output.bit_mask();
  return (result.bits & mask) == (got_bits & mask) ||
         (bug_catalogue::is_nan(output, result.bits) && bug_catalogue::is_nan(output, got_bits));
}

BugModelSet bit(std::size_t index) {
  return BugModelSet{1} << index;
}

}  // namespace

BugModelSet models_reproducing_cast(const CastRule& rule, std::uint64_t input_bits, bool got_failed,
                                    std::uint64_t got_bits) {
  const DataType& output = *rule.output;
  const CastResult correct = cast_value(rule, input_bits);
  if (matches_answer(output, correct, got_failed, got_bits)) return 0;  // not a failure
  BugModelSet models = 0;
  const std::span<const bug_catalogue::CatalogueEntry> entries = bug_catalogue::catalogue();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const bug_catalogue::CatalogueEntry& entry = entries[i];
    if (entry.cast == nullptr || !entry.applies(rule)) continue;
    const CastResult result = entry.cast(rule, input_bits, correct);
    if (!bug_catalogue::same_answer(output, result, correct) &&
        matches_answer(output, result, got_failed, got_bits))
      models |= bit(i);
  }
  return models;
}

BugModelSet models_reproducing_chain(const DataType& array_type, const nlohmann::json& codecs,
                                     Direction direction, std::uint64_t input_bits, bool got_failed,
                                     std::uint64_t got_bits) {
  ArrayChain chain;
  try {
    chain = parse_array_chain(array_type, codecs);
  } catch (const MetadataError&) {
    return 0;
  }
  const DataType& output = direction == Direction::Encode ? chain.output_type() : array_type;
  const CastResult correct = (direction == Direction::Encode ? encode_through(chain, input_bits)
                                                             : decode_through(chain, input_bits))
                                 .as_compared_cast();
  if (matches_answer(output, correct, got_failed, got_bits)) return 0;  // not a failure
  BugModelSet models = 0;
  const std::span<const BugModel> all = bug_models();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i].chain == nullptr) continue;
    const CastResult result = all[i].chain(chain, codecs, direction, input_bits).as_compared_cast();
    if (!bug_catalogue::same_answer(output, result, correct) &&
        matches_answer(output, result, got_failed, got_bits))
      models |= bit(i);
  }
  return models;
}

BugModelSet models_rejecting(const CastRule& rule) {
  BugModelSet models = 0;
  const std::span<const BugModel> all = bug_models();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].rejects != nullptr && all[i].rejects(rule)) models |= bit(i);
  return models;
}

BugModelSet models_reproducing_validate(const DataType& array_type,
                                        const nlohmann::json& fill_value,
                                        const nlohmann::json& codecs, bool got_valid) {
  if (validate_array_metadata(array_type, fill_value, codecs).valid == got_valid) return 0;
  BugModelSet models = 0;
  const std::span<const BugModel> all = bug_models();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].validate != nullptr &&
        all[i].validate(array_type, fill_value, codecs).valid == got_valid)
      models |= bit(i);
  return models;
}

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
