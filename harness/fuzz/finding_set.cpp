#include "harness/fuzz/finding_set.hpp"

#include <cctype>

#include "harness/fuzz/chain_codecs.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc::fuzz {

namespace {

// A message with its numbers and hex literals as "#": the same refusal of other values.
std::string message_shape(const std::string& message) {
  std::string shape;
  std::size_t i = 0;
  const auto literal = [](char c) {
    return std::isxdigit(static_cast<unsigned char>(c)) || c == 'x' || c == 'X' || c == '.' ||
           c == '-' || c == '+';
  };
  while (i < message.size()) {
    std::size_t end = i;
    bool digit = false;
    while (end < message.size() && literal(message[end])) {
      digit = digit || std::isdigit(static_cast<unsigned char>(message[end]));
      ++end;
    }
    if (end > i && digit) {
      shape += '#';
      i = end;
    } else if (end > i) {
      shape.append(message, i, end - i);
      i = end;
    } else {
      shape += message[i++];
    }
  }
  return shape;
}

}  // namespace

std::string FindingSet::class_key(const Scenario& scenario, const Mismatch& mismatch) {
  if (!mismatch.models.empty()) return "models:" + mismatch.models.key();
  const std::string key = "unexplained:" + mismatch.kind + " ";
  // Refusals and metadata verdicts: one finding per reason (the message without its values),
  // whatever the types; wrong values: one per operation and type pair.
  if (mismatch.kind == "rejected the configuration" || mismatch.kind == "refused valid metadata")
    return key + message_shape(mismatch.got);
  if (mismatch.kind == "accepted invalid metadata") return key + message_shape(mismatch.expected);
  // A chain: one per leading codec too (a chain's wrong value is another bug than the cast's).
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario))
    return key +
           (cast->is_chain() ? "chain " + leading_codec_name(cast->leading.front()) + " " : "") +
           std::string(direction_name(cast->direction)) + " " + std::string(cast->input().name) +
           " -> " + std::string(cast->output().name);
  return key + "validate " + dump_json_exact(std::get<ValidateScenario>(scenario).array_data_type);
}

bool FindingSet::count_known(const std::string& class_key) {
  const auto known = by_key_.find(class_key);
  if (known == by_key_.end()) return false;
  ++findings_[known->second].occurrences;
  return true;
}

bool FindingSet::add(Finding finding, const std::string& class_key) {
  const std::string shrunk_key = "shrunk:" + canonical_text(finding.scenario);
  const std::string model_key = FindingSet::class_key(finding.scenario, finding.mismatch);
  for (const std::string* key : {&shrunk_key, &model_key}) {
    const auto known = by_key_.find(*key);
    if (known == by_key_.end()) continue;
    ++findings_[known->second].occurrences;
    by_key_.emplace(class_key, known->second);
    return false;
  }
  const std::size_t index = findings_.size();
  findings_.push_back(std::move(finding));
  for (const std::string* key : {&class_key, &shrunk_key, &model_key}) by_key_.emplace(*key, index);
  return true;
}

}  // namespace cvc::fuzz
