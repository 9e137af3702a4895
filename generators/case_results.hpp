// The expected results of one input under a list of rules (one per configuration), with the
// reading flags it depends on and the alternative results (vectors/README.md, "Flags").
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "oracle/cast_result.hpp"
#include "oracle/cast_rule.hpp"
#include "oracle/readings.hpp"
#include "vector_format/result_text.hpp"

namespace cvc {

struct CaseResults {
  std::vector<std::string> results;                        // per rule, under the default readings
  std::vector<std::string> flags;                          // flag names, in flag order
  nlohmann::json alternatives = nlohmann::json::object();  // "FLAG=ALT": {"k": result}
};

// Computes with the fast oracle; a flag is listed when some alternative of it changes a result.
CaseResults case_results(const std::vector<CastRule>& rules, std::uint64_t input_bits);

// The case object: {"id", "input", "results", ["flags", "alternatives"]}. When the rules are
// the five rounding modes times `rules_per_rounding` out_of_range rules (rounding-major) and the
// results do not depend on the rounding mode, "results" holds only the first rounding's results
// (vectors/README.md, "Family cast"); pass 0 to always write one result per rule.
nlohmann::json case_json(std::uint64_t id, const DataType& input, std::uint64_t input_bits,
                         const CaseResults& results, std::size_t rules_per_rounding = 0);

}  // namespace cvc
