// Reading the cast and scalar_map vector files into rules and cases, checking their structure
// as it goes: every problem names the file, the group and the case.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle/cast_rule.hpp"
#include "oracle/codec_metadata.hpp"
#include "vector_format/result_text.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {

struct VectorCase {
  std::uint64_t id = 0;
  std::uint64_t input = 0;
  std::vector<std::string> results;  // one per configuration (expanded when written per rule)
  std::vector<std::string> flags;
  // "FLAG=ALT" -> configuration index -> result under that alternative.
  std::map<std::string, std::map<std::size_t, std::string>> alternatives;
};

struct CastVectorGroup {
  std::string file;
  std::size_t index = 0;  // position in the file's groups
  std::string family;
  Direction direction = Direction::Encode;
  const DataType* array_type = nullptr;
  const DataType* data_type = nullptr;
  nlohmann::json fill_value;
  std::vector<nlohmann::json> configurations;  // as written (without data_type)
  std::vector<CastValueCodec> codecs;          // parsed, one per configuration
  std::vector<CastRule> rules;                 // the direction's rule, one per configuration
  std::vector<VectorCase> cases;

  const DataType& input_type() const { return *rules.front().input; }
  const DataType& output_type() const { return *rules.front().output; }
  // The codec configuration k as JSON, with data_type.
  nlohmann::json configuration_with_data_type(std::size_t k) const;
  // Why the array metadata of configuration k (the group's fill value, the cast_value codec) is
  // invalid for the oracle, fill value round trip included; nullopt when valid. The harness sends
  // this metadata as the array's, so a group with invalid metadata is a defect of the vectors.
  std::optional<std::string> metadata_problem(std::size_t k) const;
  std::string where() const;  // "cast/float16.json group 3 (encode float16 -> int8)"
};

// Checked access to a vector file's JSON: each throws VectorFormatError naming `where` (the file,
// group and case) when the member is missing or of the wrong type; vector_array also when empty.
const nlohmann::json& vector_member(const nlohmann::json& object, const char* key,
                                    const std::string& where);
std::string vector_string(const nlohmann::json& object, const char* key, const std::string& where);
const nlohmann::json& vector_array(const nlohmann::json& object, const char* key,
                                   const std::string& where);

// Reads a `cast` or `scalar_map` family file, and its declared "number_of_cases" when asked;
// throws VectorFormatError.
std::vector<CastVectorGroup> read_cast_vector_file(const std::string& path,
                                                   std::uint64_t* number_of_cases = nullptr);

}  // namespace cvc
