// Reading the cast and scalar_map vector files into rules and cases, checking their structure
// as it goes: every problem names the file, the group and the case.
//
// The reader streams: it walks the file's text once (vector_format/json_cursor.hpp) and hands
// each group, then each of its cases, to a sink, so that a caller keeps only what it selects.
// Every group and case is checked whatever the sink selects.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/cast_result.hpp"
#include "oracle/cast_rule.hpp"
#include "oracle/codec_metadata.hpp"
#include "vector_format/result_text.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {

struct VectorCase {
  std::uint64_t id = 0;
  // The line's "stable_id" as written (since vectors 1.3.0; "" in older sets). A result's id is
  // it, "/" and its configuration's label (vector_format/stable_id.hpp); cvc verify-vectors checks
  // it against the content.
  std::string stable_id;
  std::uint64_t input = 0;
  // One per configuration (expanded when written per rounding mode): bits, or the error kind.
  std::vector<CastResult> results;
  std::vector<std::string> flags;
  // "FLAG=ALT" -> configuration index -> result under that alternative.
  std::map<std::string, std::map<std::size_t, CastResult>> alternatives;
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
  std::vector<VectorCase> cases;               // filled by read_cast_vector_file

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
// group and case) when the member is missing or of the wrong type; vector_array also when empty,
// vector_data_type when the string names no data type.
const nlohmann::json& vector_member(const nlohmann::json& object, const char* key,
                                    const std::string& where);
std::string vector_string(const nlohmann::json& object, const char* key, const std::string& where);
const nlohmann::json& vector_array(const nlohmann::json& object, const char* key,
                                   const std::string& where);
// A member naming one of the 26 data types.
const DataType& vector_data_type(const nlohmann::json& object, const char* key,
                                 const std::string& where);

// The file's "number_of_cases": a non-negative integer.
std::uint64_t vector_number_of_cases(const nlohmann::json& file, const std::string& path);

// What a streaming read hands over, in file order: each group once its header is read and
// checked (its `cases` stay empty), then each of its cases when the sink wants them. A case is
// lent for the call only.
class CastVectorSink {
 public:
  virtual ~CastVectorSink() = default;
  // Whether the group's cases are wanted (they are checked either way).
  virtual bool begin_group(const CastVectorGroup& group) = 0;
  virtual void add_case(const CastVectorGroup& group, const VectorCase& item) = 0;
  virtual void end_group(const CastVectorGroup& /*group*/) {}
};

// The groups of a `cast` or `scalar_map` file, from read_vector_text's `read_groups` (header and
// cursor); checks "number_of_cases" and stores it when asked, then the family; throws
// VectorFormatError.
void read_cast_vector_groups(const nlohmann::json& header, JsonCursor* groups,
                             const std::string& path, CastVectorSink& sink,
                             std::uint64_t* number_of_cases = nullptr);

// Reads a `cast` or `scalar_map` family file whole (every group with its cases), and its declared
// "number_of_cases" when asked; throws VectorFormatError. From the file at `path`, or from its
// text (`path` then only names it).
std::vector<CastVectorGroup> read_cast_vector_file(const std::string& path,
                                                   std::uint64_t* number_of_cases = nullptr);
std::vector<CastVectorGroup> read_cast_vector_text(std::string_view text, const std::string& path,
                                                   std::uint64_t* number_of_cases = nullptr);

}  // namespace cvc
