// The chain reader reads what the file holds (the group's chain parsed by the oracle, each case's
// input, result, error_at, flags and alternatives) and refuses each kind of malformed file with a
// VectorFormatError naming the file, the group and the case.
#include "vector_format/chain_vector_reader.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "oracle/io/json_exact.hpp"
#include "vector_format/vector_file.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::chain_vector_reader_test {
namespace {

const std::string kPath = "chain.json";

// Two groups as the generator lays them out: an encode group with an error and an alternative,
// and a decode group whose last type is a sub-byte one. The results are the reader's input here,
// not the oracle's (the verifier's tests recompute them).
std::string file_text() {
  VectorFileHeader header;
  header.family = "chain";
  header.number_of_cases = 4;
  header.flags_used = {"ScaleOffsetRounding"};
  VectorGroup encode;
  encode.parameters = parse_json_exact(R"json({
      "purpose": "float32 quantized into uint8 (offset 0, scale 100)",
      "array_data_type": "float32", "direction": "encode",
      "codecs": [{"name": "scale_offset", "configuration": {"scale": 100}},
                 {"name": "cast_value", "configuration": {"data_type": "uint8", "out_of_range": "clamp"}}],
      "input_type": "float32", "output_type": "uint8", "fill_value": 0, "seed": 7})json");
  encode.cases = {
      parse_json_exact(R"({"id": 1, "input": "0x3f800000", "result": "0x64"})"),
      parse_json_exact(
          R"({"id": 2, "input": "0x7fc00000", "result": "error:nan", "error_at": "codecs[1]"})"),
      parse_json_exact(R"({"id": 3, "input": "0x3c23d70a", "result": "0x01",
          "flags": ["ScaleOffsetRounding"],
          "alternatives": {"ScaleOffsetRounding=round-once": "error:not_representable"}})")};
  VectorGroup decode;
  decode.parameters = parse_json_exact(R"({
      "purpose": "uint8 -> uint4", "array_data_type": "uint8", "direction": "decode",
      "codecs": [{"name": "cast_value", "configuration": {"data_type": "uint4"}}],
      "input_type": "uint4", "output_type": "uint8", "fill_value": 0})");
  decode.cases = {parse_json_exact(R"({"id": 4, "input": "0x0f", "result": "0x0f"})")};
  return format_vector_file(header, {encode, decode});
}

TEST(ChainVectorReader, ReadsWhatTheFileHolds) {
  std::uint64_t declared = 0;
  const std::vector<ChainVectorGroup> groups =
      read_chain_vector_text(file_text(), kPath, &declared);
  EXPECT_EQ(declared, 4u);
  ASSERT_EQ(groups.size(), 2u);
  const ChainVectorGroup& encode = groups[0];
  EXPECT_EQ(encode.file, kPath);
  EXPECT_EQ(encode.index, 0u);
  EXPECT_EQ(encode.purpose, "float32 quantized into uint8 (offset 0, scale 100)");
  EXPECT_EQ(encode.direction, Direction::Encode);
  EXPECT_EQ(encode.array_type->name, "float32");
  EXPECT_EQ(encode.input_type->name, "float32");
  EXPECT_EQ(encode.output_type->name, "uint8");
  ASSERT_EQ(encode.chain.steps.size(), 2u);
  EXPECT_EQ(encode.chain.steps[1].path, "codecs[1]");
  EXPECT_EQ(encode.codecs.size(), 2u);
  EXPECT_EQ(dump_json_exact(encode.fill_value), "0");
  EXPECT_EQ(encode.seed, std::optional<std::uint64_t>(7));
  EXPECT_EQ(encode.where(), "chain.json group 0 (encode float32 -> uint8)");
  ASSERT_EQ(encode.cases.size(), 3u);
  EXPECT_EQ(encode.cases[0].id, 1u);
  EXPECT_EQ(encode.cases[0].input, 0x3f800000u);
  EXPECT_EQ(encode.cases[0].expected.bits, std::optional<std::uint64_t>(0x64));
  EXPECT_TRUE(encode.cases[0].flags.empty());
  EXPECT_FALSE(encode.cases[1].expected.ok());
  EXPECT_EQ(encode.cases[1].expected.error, "nan");
  EXPECT_EQ(encode.cases[1].expected.error_at, "codecs[1]");
  EXPECT_EQ(encode.cases[2].flags, std::vector<std::string>{"ScaleOffsetRounding"});
  ASSERT_EQ(encode.cases[2].alternatives.size(), 1u);
  const ChainExpectation& alternative =
      encode.cases[2].alternatives.at("ScaleOffsetRounding=round-once");
  EXPECT_EQ(alternative.error, "not_representable");
  const ChainVectorGroup& decode = groups[1];
  EXPECT_EQ(decode.direction, Direction::Decode);
  EXPECT_EQ(decode.input_type->name, "uint4");
  EXPECT_EQ(decode.output_type->name, "uint8");
  EXPECT_FALSE(decode.seed.has_value());
  EXPECT_EQ(decode.cases[0].input, 0x0fu);
  // The metadata the group's cases run under: the codecs, then "bytes".
  const nlohmann::json metadata = decode.array_metadata();
  EXPECT_EQ(metadata["data_type"], "uint8");
  EXPECT_EQ(metadata["codecs"].size(), 2u);
  EXPECT_EQ(metadata["codecs"][1]["name"], "bytes");
}

TEST(ChainVectorReader, ResultTextRoundTrips) {
  const DataType& uint8 = data_type("uint8");
  const ChainExpectation pattern = parse_chain_result(uint8, "0x7f", "here");
  EXPECT_EQ(chain_result_text(uint8, pattern), "0x7f");
  for (const std::string_view kind : chain_error_kinds()) {
    const std::string text = "error:" + std::string(kind);
    const ChainExpectation error = parse_chain_result(uint8, text, "here");
    EXPECT_FALSE(error.ok());
    EXPECT_EQ(chain_result_text(uint8, error), text);
  }
  // The cast kinds and the three scale_offset kinds, each once.
  EXPECT_EQ(chain_error_kinds().size(), 8u);
}

std::string read_error(const std::string& text) {
  try {
    read_chain_vector_text(text, kPath);
  } catch (const VectorFormatError& error) {
    return error.what();
  }
  return "accepted";
}

TEST(ChainVectorReader, MalformedFilesAreRefusedNamingFileGroupAndCase) {
  const std::string group0 = kPath + " group 0 (encode float32 -> uint8)";
  const std::string case1 = group0 + " case 1: ";
  const std::string case2 = group0 + " case 2: ";
  const std::string case4 = kPath + " group 1 (decode uint4 -> uint8) case 4: ";
  struct Edit {
    std::string from, to, message;
  };
  const std::vector<Edit> edits = {
      // Results and inputs.
      {"\"result\":\"0x64\"", "\"result\":\"error:bogus\"",
       case1 + "unknown error kind \"bogus\" (known: nan, "},
      {"\"result\":\"0x64\"", "\"result\":\"0x064\"", case1 + "\"0x064\" is not a 2-digit"},
      {"\"result\":\"0x64\"", "\"result\":\"0x6A\"", case1 + "\"0x6A\" is not a 2-digit"},
      {"\"result\":\"0x64\"", "\"result\":64", case1 + "\"result\" is not a string"},
      {"\"result\":\"0x64\"", "\"r\":\"0x64\"", case1 + "missing \"result\""},
      {"\"input\":\"0x0f\",\"result\":\"0x0f\"", "\"input\":\"0x1f\",\"result\":\"0x0f\"",
       case4 + "\"0x1f\" has bits beyond the 4-bit width of uint4"},
      {"\"input\":\"0x0f\",\"result\":\"0x0f\"", "\"input\":\"0x0f\",\"result\":\"0x100\"",
       case4 + "\"0x100\" is not a 2-digit"},
      {"\"input\":\"0x3f800000\"", "\"input\":\"0x3f80\"", case1 + "\"0x3f80\" is not a 8-digit"},
      {"\"input\":\"0x3f800000\"", "\"input\":\"error:nan\"",
       case1 + "\"input\" is an error, not a pattern"},
      {"\"input\":\"0x3f800000\",", "", case1 + "missing \"input\""},
      {"{\"id\":1,", "{", group0 + ": missing \"id\""},
      {"{\"id\":1,", "{\"id\":-1,", group0 + ": \"id\" is not an integer"},
      // error_at.
      {",\"error_at\":\"codecs[1]\"", "", case2 + "missing \"error_at\""},
      {"\"error_at\":\"codecs[1]\"", "\"error_at\":\"codecs[7]\"",
       case2 + "\"error_at\" \"codecs[7]\" names no codec of the group's chain"},
      {"\"result\":\"0x64\"", "\"result\":\"0x64\",\"error_at\":\"codecs[0]\"",
       case1 + "\"error_at\" on a result that is not an error"},
      // Flags and alternatives.
      {"\"flags\":[\"ScaleOffsetRounding\"]", "\"flags\":[\"Bogus\"]",
       group0 + " case 3: unknown flag \"Bogus\""},
      {"\"flags\":[\"ScaleOffsetRounding\"]", "\"flags\":\"ScaleOffsetRounding\"",
       group0 + " case 3: \"flags\" is not an array"},
      {"ScaleOffsetRounding=round-once", "ScaleOffsetRounding=twice",
       group0 + " case 3: \"alternatives\" names no flag and alternative: "
                "\"ScaleOffsetRounding=twice\""},
      {"\"error:not_representable\"}", "\"error:bogus\"}",
       group0 + " case 3: unknown error kind \"bogus\""},
      // The group.
      {"{\"configuration\":{\"scale\":100},\"name\":\"scale_offset\"}",
       "{\"configuration\":{\"scale\":100,\"bogus\":1},\"name\":\"scale_offset\"}",
       kPath + " group 0: \"codecs\" is not a chain the oracle accepts: "},
      {"\"codecs\":[", "\"codecs\":[{\"name\":\"bytes\"},", kPath + " group 0: \"codecs\" is not"},
      {"\"codecs\":", "\"c\":", kPath + " group 0: missing \"codecs\""},
      {"\"fill_value\":0,\"input_type\":\"float32\"", "\"input_type\":\"float32\"",
       kPath + " group 0: missing \"fill_value\""},
      {"\"array_data_type\":\"float32\"", "\"array_data_type\":\"float5\"",
       kPath + " group 0: \"array_data_type\" names an unknown data type \"float5\""},
      {"\"direction\":\"encode\"", "\"direction\":\"sideways\"",
       kPath + " group 0: \"direction\" is not encode or decode"},
      {"\"output_type\":\"uint8\",\"purpose\":\"float32",
       "\"output_type\":\"float32\","
       "\"purpose\":\"float32",
       kPath + " group 0: input_type/output_type contradict the direction and the chain "
               "(float32 -> uint8)"},
      {"\"seed\":7", "\"seed\":\"7\"", kPath + " group 0: \"seed\" is not an integer"},
      {"\"cases\":[\n{\"id\":4", "\"cases\":[],\"x\":[\n{\"id\":4",
       kPath + " group 1 (decode uint4 -> uint8): \"cases\" is empty"},
      // The file.
      {"\"family\":\"chain\"", "\"family\":\"cast\"",
       kPath + ": family \"cast\" is not the chain family"},
      {"\"number_of_cases\":4", "\"number_of_cases\":-4",
       kPath + ": \"number_of_cases\" is not an integer"},
      {"\"groups\":[", "\"g\":[", kPath + ": missing \"groups\""},
      {"]}]}\n", "]}]", kPath + ": not valid JSON"},
  };
  const std::string text = file_text();
  ASSERT_EQ(read_error(text), "accepted");
  for (const Edit& edit : edits) {
    const std::size_t at = text.find(edit.from);
    ASSERT_NE(at, std::string::npos) << edit.from;
    const std::string edited = text.substr(0, at) + edit.to + text.substr(at + edit.from.size());
    const std::string message = read_error(edited);
    EXPECT_NE(message.find(edit.message), std::string::npos)
        << "edit " << edit.from << " -> " << edit.to << "\n  says: " << message
        << "\n  expected: " << edit.message;
  }
}

}  // namespace
}  // namespace cvc::chain_vector_reader_test
