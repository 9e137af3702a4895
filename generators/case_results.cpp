#include "generators/case_results.hpp"

#include "generators/reading_alternatives.hpp"
#include "oracle/cast.hpp"

namespace cvc {

CaseResults case_results(const std::vector<CastRule>& rules, std::uint64_t input_bits) {
  CaseResults out;
  std::vector<CastResult> defaults;
  for (const CastRule& rule : rules) {
    defaults.push_back(cast_value(rule, input_bits));
    out.results.push_back(result_text(*rule.output, defaults.back()));
  }
  ReadingAlternatives flagged = reading_alternatives(is_cast_flag, [&](const Readings& readings) {
    nlohmann::json differing = nlohmann::json::object();
    for (std::size_t k = 0; k < rules.size(); ++k) {
      const CastResult result = cast_value(rules[k], input_bits, readings);
      // NaN outputs are canonical, so bits compare exactly.
      if (!result.same_outcome(defaults[k]))
        differing[std::to_string(k)] = result_text(*rules[k].output, result);
    }
    return differing;
  });
  out.flags = std::move(flagged.flags);
  out.alternatives = std::move(flagged.alternatives);
  return out;
}

nlohmann::json case_json(std::uint64_t id, const DataType& input, std::uint64_t input_bits,
                         const CaseResults& results, std::size_t rules_per_rounding) {
  std::vector<std::string> written = results.results;
  const std::size_t k = rules_per_rounding;
  if (k != 0 && written.size() == k * kRoundingCount) {
    bool rounding_invariant = true;
    for (std::size_t i = k; i < written.size(); ++i)
      rounding_invariant = rounding_invariant && written[i] == written[i % k];
    if (rounding_invariant) written.resize(k);
  }
  nlohmann::json json = {
      {"id", id}, {"input", pattern_hex(input, input_bits)}, {"results", written}};
  if (!results.flags.empty()) {
    json["flags"] = results.flags;
    json["alternatives"] = results.alternatives;
  }
  return json;
}

}  // namespace cvc
