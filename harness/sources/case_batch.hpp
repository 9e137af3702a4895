// A batch of cases that the harness sends as one request: a cast of many elements under one
// configuration, or one metadata validation. Each element carries its expected result and, when
// known, the results of the alternative readings.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "generators/cast_family.hpp"
#include "harness/protocol/adapter_client.hpp"
#include "oracle/cast_result.hpp"
#include "oracle/cast_rule.hpp"
#include "oracle/scale_offset.hpp"

namespace cvc {

// A cast (or chain) result as the harness compares it: output bits, or an error (any refusal of
// the element matches an error; the kind is kept for reports: a cast's, or in a chain a
// scale_offset step's). Kept as bits so that comparing costs no text.
struct ExpectedResult {
  std::uint64_t bits = 0;
  CastError error = CastError::None;
  ScaleOffsetError scale_offset_error = ScaleOffsetError::None;

  bool is_error() const {
    return error != CastError::None || scale_offset_error != ScaleOffsetError::None;
  }
  static ExpectedResult of(const CastResult& result) { return {result.bits, result.error}; }
  bool operator==(const ExpectedResult&) const = default;
};

// "0x7f" or "error:out_of_range" (the vectors' notation), built only for a case that is reported.
std::string expected_text(const DataType& output, const ExpectedResult& result);

struct ExpectedElement {
  std::uint64_t input = 0;
  ExpectedResult expected;
  // Vectors: the results of alternative readings ("FLAG=ALT" -> result), empty for most cases.
  std::vector<std::pair<std::string, ExpectedResult>> alternatives;
  std::uint64_t id = 0;  // where the case is: its batch's `where_prefix` followed by this number
};

// What a chain batch (family "chain") holds beyond a cast batch: what the hello is checked
// against (the types along the chain, its codecs' names, its cast_value steps' rules in the
// batch's direction) and where the oracle's chain fails on each element.
struct ChainShape {
  std::vector<const DataType*> types;    // the array type, then each codec's output type
  std::vector<std::string> codec_names;  // in metadata order
  std::vector<CastRule> cast_rules;      // one per cast_value step (and alias), in metadata order
  std::vector<std::string> error_at;     // element by element: "codecs[1]", or "" (no error)
};

struct CastBatch {
  std::string family;   // "cast", "scalar_map", "live", "chain"
  CastRequest request;  // elements filled from `elements`; a chain request for a chain batch
  // What the oracle casts with (for explanations and live readings); a chain batch's last
  // cast_value step.
  CastRule rule;
  std::optional<ChainShape> chain;    // a chain batch
  bool compute_alternatives = false;  // live: alternatives are computed on a mismatch
  std::string configuration;          // compact JSON of the configuration, for reports
  std::string rule_label;             // "nearest-even / clamp"
  // "cast/float16.json case " or "live exhaustive input #": with an element's id, where it is.
  std::string where_prefix;
  std::vector<ExpectedElement> elements;
  // A batch the run's gate refused (CaseSource::set_cast_gate) holds no elements: its cases are
  // counted here, the first of them at id `unbuilt_first_id`.
  std::uint64_t unbuilt_cases = 0, unbuilt_first_id = 0;

  std::string where(const ExpectedElement& element) const {
    return where_prefix + std::to_string(element.id);
  }
  // Where the batch's first case is (a built or an unbuilt batch; "" when it has none).
  std::string first_where() const {
    if (!elements.empty()) return where(elements.front());
    return unbuilt_cases == 0 ? "" : where_prefix + std::to_string(unbuilt_first_id);
  }
};

struct ValidateBatch {
  std::string family;  // "metadata", "live"
  ValidateRequest request;
  std::string expected;  // "valid" or "invalid"
  std::string expected_reason;
  std::map<std::string, std::string> alternatives;  // "FLAG=ALT" -> "valid" / "invalid"
  bool compute_alternatives = false;
  std::string where;
  std::string rule;  // what the case tests: the vector's "rule" ("unsupported_array_type", ...)
};

using CaseBatch = std::variant<CastBatch, ValidateBatch>;

// What every batch of one live cast (a type pair in one direction under one configuration) has in
// common; the live sources (live_source, slice_source) build their cast batches from it.
struct LiveCast {
  const DataType* input = nullptr;
  const DataType* output = nullptr;
  Direction direction = Direction::Encode;
  CastConfiguration configuration{Rounding::NearestEven, OutOfRange::None};
  nlohmann::json fill_value;  // survives the configuration
  std::string where_prefix;   // "live exhaustive input #"
};

// A batch of `cast` without its elements: what the runner's gate needs to refuse it (an
// unsupported batch is counted from this header, its elements never built).
CastBatch live_cast_header(const LiveCast& cast);

// Fills `batch` with inputs number [begin, end): input number i is `inputs[i]`, or i itself when
// `inputs` is empty (every bit pattern in order), each with the oracle's result.
void fill_live_cast_elements(CastBatch& batch, std::uint64_t begin, std::uint64_t end,
                             std::span<const std::uint64_t> inputs);

// The header and the elements [begin, end) together.
CastBatch live_cast_batch(const LiveCast& cast, std::uint64_t begin, std::uint64_t end,
                          std::span<const std::uint64_t> inputs);

// The cases a batch holds: its elements, or the one validation.
std::uint64_t case_count(const CaseBatch& batch);

// The data_type of the first cast_value codec of a chain, read leniently (null when there is no
// such codec or its data_type is not one of the 26): the output axis of a validate case's cell.
const DataType* first_cast_data_type(const nlohmann::json& codecs);

}  // namespace cvc
