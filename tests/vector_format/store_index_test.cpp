// The one reader of vectors/stores/index.json (vector_format/store_index.hpp): over the documents
// of tests/fixtures/stores/index_cases.json (whose schema verdicts
// tests/vectors/store_index_cases.py checks with jsonschema) it accepts exactly what
// vectors/schema/stores.schema.json accepts, except what a rule of vectors/STORES.md ("Beyond the
// schema") refuses; its lists are the schema's; it reads the published index into the entries it
// says; its errors name the entry and the field.
#include "vector_format/store_index.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "oracle/io/json_exact.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::store_index_test {
namespace {

std::string source_file(const std::string& relative) {
  std::ifstream in(std::string(CVC_SOURCE_DIR) + "/" + relative, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + relative);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const nlohmann::json& index_cases() {
  static const nlohmann::json cases =
      parse_json_exact(source_file("tests/fixtures/stores/index_cases.json"));
  return cases;
}

// The case's document: the base index with its `set` and `remove` (JSON pointers) applied.
nlohmann::json document_of(const nlohmann::json& index, const nlohmann::json& change) {
  nlohmann::json document = index;
  if (change.contains("set"))
    for (const auto& [pointer, value] : change["set"].items())
      document[nlohmann::json::json_pointer(pointer)] = value;
  if (change.contains("remove"))
    for (const nlohmann::json& text : change["remove"]) {
      const nlohmann::json::json_pointer pointer(text.get<std::string>());
      nlohmann::json& parent = document[pointer.parent_pointer()];
      if (parent.is_array())
        parent.erase(std::stoul(pointer.back()));
      else
        parent.erase(pointer.back());
    }
  return document;
}

// The reader's error for `document`, or "" when it accepts it.
std::string refusal(const nlohmann::json& document) {
  try {
    parse_store_index(document);
  } catch (const StoreIndexError& error) {
    return error.what();
  }
  return "";
}

std::string refusal_of(const nlohmann::json& set) {
  return refusal(document_of(index_cases()["index"], {{"set", set}}));
}

TEST(StoreIndex, AcceptsWhatTheSchemaAcceptsAndNothingElse) {
  std::size_t accepted = 0, refused = 0, beyond = 0;
  for (const nlohmann::json& change : index_cases()["cases"]) {
    const bool schema = change["schema"].get<bool>();
    const bool expected = schema && !change.contains("reader");
    const std::string error = refusal(document_of(index_cases()["index"], change));
    EXPECT_EQ(error.empty(), expected)
        << change["name"].get<std::string>() << ": " << (error.empty() ? "accepted" : error);
    accepted += schema;
    refused += !schema;
    beyond += change.contains("reader");
  }
  // Teeth: documents on both sides, and rules beyond the schema among the refusals.
  EXPECT_GT(accepted, 1u);
  EXPECT_GT(refused, 1u);
  EXPECT_GT(beyond, 1u);
}

TEST(StoreIndex, ItsListsAreTheSchemas) {
  const nlohmann::json schema = parse_json_exact(source_file("vectors/schema/stores.schema.json"));
  const nlohmann::json& defs = schema["$defs"];
  EXPECT_EQ(defs["feature"]["enum"].get<std::vector<std::string>>(),
            std::vector<std::string>(std::begin(kStoreFeatures), std::end(kStoreFeatures)));
  EXPECT_EQ(defs["error"]["properties"]["error"]["enum"].get<std::vector<std::string>>(),
            std::vector<std::string>(std::begin(kStoreErrorKinds), std::end(kStoreErrorKinds)));
  // The store-level report (cvc check-store --json) counts by the same features.
  const nlohmann::json report =
      parse_json_exact(source_file("harness/stores/store-report.schema.json"));
  EXPECT_EQ(report["$defs"]["feature"]["enum"], defs["feature"]["enum"]);
  // The schema's type_name pattern accepts exactly the 26 names: tests/type_lists_agree.py checks
  // it (lists.agree), with every other pattern that spells out type names. (std::regex here trips
  // GCC 12's false -Wmaybe-uninitialized in the sanitized build.)
}

TEST(StoreIndex, ReadsThePublishedIndexIntoItsEntries) {
  const StoreIndex index =
      parse_store_index(parse_json_exact(source_file("vectors/stores/index.json")));
  ASSERT_EQ(index.arrays.size(), index.number_of_arrays);
  std::map<std::string, std::size_t> kinds;
  for (const StoreIndexEntry& entry : index.arrays)
    ++kinds[std::string(store_kind_name(entry.kind))];
  EXPECT_EQ(kinds,
            (std::map<std::string, std::size_t>{{"decode", 67}, {"encode", 70}, {"open", 19}}));
  const StoreIndexEntry& decode = index.arrays[0];
  EXPECT_EQ(decode.id, "decode/pair-int2-int4");
  EXPECT_EQ(decode.data_type->name, "int2");
  EXPECT_EQ(decode.stored_data_type->name, "int4");
  EXPECT_EQ(decode.shape, (Extents{4}));
  EXPECT_EQ(decode.chunk_shape, (Extents{3}));
  EXPECT_EQ(decode.expected_values, (std::vector<std::uint64_t>{0, 1, 2, 3}));
  EXPECT_FALSE(decode.expected_error);
  const StoreIndexEntry& encode = index.arrays[1];
  EXPECT_EQ(encode.id, "encode/pair-int2-int4");
  EXPECT_EQ(encode.selection, (Selection{{0, 4}}));
  EXPECT_EQ(encode.write_values, (std::vector<std::uint64_t>{0, 1, 2, 3}));
  EXPECT_EQ(encode.expected_chunks,
            (std::map<std::string, std::string>{{"c/0", std::string("\x00\x01\x0e", 3)},
                                                {"c/1", std::string("\x0f\x00\x00", 3)}}));
  EXPECT_TRUE(encode.may_be_absent.empty());
}

TEST(StoreIndex, ErrorsNameTheEntryAndTheField) {
  EXPECT_EQ(refusal_of({{"/arrays/2/write/values/1", "0x1"}}),
            "index.json arrays[2] (encode/w).write.values[1]: \"0x1\" is not a 2-digit lowercase "
            "0x pattern of uint8");
  EXPECT_EQ(refusal_of({{"/arrays/0/kind", "decoded"}}),
            "index.json arrays[0] (decode/d).kind: not decode, encode or open");
  EXPECT_EQ(refusal_of({{"/arrays/4/expected/metadata", "maybe"}}),
            "index.json arrays[4] (open/o).expected.metadata: not \"valid\" or \"invalid\"");
  EXPECT_EQ(refusal_of({{"/arrays/1/id", "decode/d"}}),
            "index.json arrays[1] (decode/d).id: repeated (the ids are unique)");
  EXPECT_EQ(refusal_of({{"/version", 2}}),
            "index.json.version: not 1 (this cvc reads version 1 of the store vectors)");
  EXPECT_EQ(refusal_of({{"/arrays/3", "x"}}), "index.json arrays[3]: not an object");
}

}  // namespace
}  // namespace cvc::store_index_test
