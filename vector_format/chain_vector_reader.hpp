// Reading the chain vector file (vectors/README.md, "Family chain") into groups and cases,
// checking its structure as it goes: every problem is a VectorFormatError naming the file, the
// group and the case. A group's codecs are parsed by the oracle (parse_array_chain), so a chain
// the oracle refuses is a format error of the file, as a cast group's invalid configuration is.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/cast_rule.hpp"
#include "oracle/codec_chain.hpp"
#include "vector_format/chain_expectation.hpp"

namespace cvc {

struct ChainVectorCase {
  std::uint64_t id = 0;
  std::string stable_id;      // as written (since vectors 1.3.0; "" in older sets)
  std::uint64_t input = 0;    // a pattern of the group's input type
  ChainExpectation expected;  // under the default readings; error_at set on an error
  std::vector<std::string> flags;
  // "FLAG=ALT" -> the result under that alternative (error_at not given).
  std::map<std::string, ChainExpectation> alternatives;
};

struct ChainVectorGroup {
  std::string file;
  std::size_t index = 0;  // position in the file's groups
  std::string purpose;
  Direction direction = Direction::Encode;
  const DataType* array_type = nullptr;
  nlohmann::json codecs;  // as written: the array -> array codecs of the array metadata
  ArrayChain chain;       // parse_array_chain(*array_type, codecs)
  nlohmann::json fill_value;
  std::optional<std::uint64_t> seed;      // of the group's random inputs, when it has some
  const DataType* input_type = nullptr;   // encode: the array type; decode: the chain's last
  const DataType* output_type = nullptr;  // the other one
  std::vector<ChainVectorCase> cases;

  // The chain's result for `input` under `readings`, by `oracle`: encode_through or
  // decode_through as the direction says.
  ChainResult compute(std::uint64_t input, const Readings& readings = {},
                      const ElementOracle& oracle = fast_element_oracle()) const;
  // The array metadata the group's cases run under: {"data_type", "fill_value", "codecs"}, the
  // codecs followed by "bytes" (the array -> bytes codec the format implies).
  nlohmann::json array_metadata() const;
  std::string where() const;  // "chain.json group 3 (encode float32 -> uint8)"
};

class JsonCursor;

// The groups of a chain family file, from read_vector_text's `read_groups` (header and cursor);
// throws VectorFormatError.
std::vector<ChainVectorGroup> read_chain_vector_groups(const nlohmann::json& header,
                                                       JsonCursor* groups, const std::string& path,
                                                       std::uint64_t* number_of_cases = nullptr);

// Reads a chain family file whole, and its declared "number_of_cases" when asked; throws
// VectorFormatError. From the file at `path`, or from its text (`path` then only names it).
std::vector<ChainVectorGroup> read_chain_vector_file(const std::string& path,
                                                     std::uint64_t* number_of_cases = nullptr);
std::vector<ChainVectorGroup> read_chain_vector_text(std::string_view text, const std::string& path,
                                                     std::uint64_t* number_of_cases = nullptr);

}  // namespace cvc
