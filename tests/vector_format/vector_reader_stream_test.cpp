// The streaming reader of the cast and scalar_map files reads what the JSON tree holds (every
// result expanded per configuration, flags, alternatives), whatever the order of the keys, and
// refuses each kind of malformed file with a message naming the file, the group and the case.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <vector>

#include "generators/cast_family.hpp"
#include "oracle/data_type.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/result_text.hpp"
#include "vector_format/vector_reader.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::vector_reader_stream_test {
namespace {

const std::string kPath = "cast/float4_e2m1fn.json";

// float4_e2m1fn: small, and its casts into float8_e8m0fnu carry flags and alternatives.
const std::string& file_text() {
  static const std::string text = cast_family_file(data_type("float4_e2m1fn"));
  return text;
}

// The case as the JSON tree writes it, in the reader's form: results expanded, texts parsed.
VectorCase case_from_tree(const nlohmann::json& json, const CastVectorGroup& group) {
  VectorCase item;
  item.id = std::stoull(*json_number_text(json["id"]));
  item.input = *parse_result_text(group.input_type(), json["input"].get<std::string>(), "");
  const nlohmann::json& results = json["results"];
  for (std::size_t k = 0; k < group.rules.size(); ++k) {
    CastResult result;
    EXPECT_TRUE(
        parse_result(group.output_type(), results[k % results.size()].get<std::string>(), result));
    item.results.push_back(result);
  }
  item.stable_id = json.value("stable_id", "");
  if (json.contains("flags")) item.flags = json["flags"].get<std::vector<std::string>>();
  if (json.contains("alternatives"))
    for (const auto& [name, entries] : json["alternatives"].items())
      for (const auto& [index, text] : entries.items())
        parse_result(group.output_type(), text.get<std::string>(),
                     item.alternatives[name][std::stoul(index)]);
  return item;
}

void expect_same_case(const VectorCase& read, const VectorCase& expected, const std::string& at) {
  EXPECT_EQ(read.id, expected.id) << at;
  EXPECT_EQ(read.stable_id, expected.stable_id) << at;
  EXPECT_EQ(read.input, expected.input) << at;
  ASSERT_EQ(read.results.size(), expected.results.size()) << at;
  for (std::size_t k = 0; k < read.results.size(); ++k)
    EXPECT_TRUE(read.results[k].same_outcome(expected.results[k])) << at << " configuration " << k;
  EXPECT_EQ(read.flags, expected.flags) << at;
  ASSERT_EQ(read.alternatives.size(), expected.alternatives.size()) << at;
  for (const auto& [name, entries] : expected.alternatives) {
    ASSERT_TRUE(read.alternatives.count(name)) << at << " " << name;
    ASSERT_EQ(read.alternatives.at(name).size(), entries.size()) << at << " " << name;
    for (const auto& [k, result] : entries)
      EXPECT_TRUE(read.alternatives.at(name).at(k).same_outcome(result)) << at << " " << name;
  }
}

// Everything the reader gives for `text` equals what the JSON tree of the original file holds.
void expect_reads_as_the_tree(const std::string& text) {
  std::uint64_t declared = 0;
  const std::vector<CastVectorGroup> groups = read_cast_vector_text(text, kPath, &declared);
  const nlohmann::json tree = parse_json_exact(file_text());
  EXPECT_EQ(std::to_string(declared), *json_number_text(tree["number_of_cases"]));
  ASSERT_EQ(groups.size(), tree["groups"].size());
  std::size_t alternatives = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const CastVectorGroup& group = groups[g];
    const nlohmann::json& json = tree["groups"][g];
    EXPECT_EQ(group.index, g);
    EXPECT_EQ(group.family, "cast");
    EXPECT_EQ(dump_json_exact(group.fill_value), dump_json_exact(json["fill_value"]));
    ASSERT_EQ(group.configurations.size(), json["configurations"].size());
    EXPECT_EQ(group.rules.size(), group.configurations.size());
    ASSERT_EQ(group.cases.size(), json["cases"].size());
    for (std::size_t c = 0; c < group.cases.size(); ++c) {
      expect_same_case(group.cases[c], case_from_tree(json["cases"][c], group),
                       group.where() + " case " + std::to_string(c));
      alternatives += group.cases[c].alternatives.size();
    }
  }
  EXPECT_GT(alternatives, 0u);  // the comparison covered alternatives
}

TEST(VectorReaderStream, ReadsWhatTheJsonTreeHolds) {
  expect_reads_as_the_tree(file_text());
}

// Most lines are read in the form they are written (vector_format/written_case_line.hpp); the same
// cases written otherwise (spaces, escapes, another order of the members) read the same.
TEST(VectorReaderStream, CaseLinesWrittenOtherwiseReadTheSame) {
  const auto replaced = [](std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
    return text;
  };
  const std::string& text = file_text();
  const std::vector<std::string> variants = {
      replaced(text, "\"results\":[", "\"results\": ["),
      replaced(text, "\",\"input\":", "\" ,\"input\":"),
      replaced(text, "\"input\":\"0x", "\"input\":\"\\u0030x"),
      replaced(text, "\"stable_id\":\"cast/", "\"stable_id\":\"cast\\/"),
      replaced(text, "{\"id\":", "{\"x\":0,\"id\":"),
      replaced(text, "]}", "] }")};
  for (const std::string& variant : variants) {
    ASSERT_NE(variant, text);
    expect_reads_as_the_tree(variant);
  }
}

TEST(VectorReaderStream, KeyOrderDoesNotMatter) {
  // Written back through the tree, every object's keys are sorted: "groups" comes before
  // "number_of_cases" and "schema", a group's "cases" before its "configurations", and a case's
  // "alternatives" and "flags" before its "id": each a member the reader must come back to.
  const std::string sorted = dump_json_exact(parse_json_exact(file_text()));
  ASSERT_LT(sorted.find("\"groups\""), sorted.find("\"schema\""));
  ASSERT_LT(sorted.find("\"cases\""), sorted.find("\"configurations\""));
  ASSERT_NE(sorted.find("{\"alternatives\":{"), std::string::npos);
  expect_reads_as_the_tree(sorted);
}

TEST(VectorReaderStream, ASinkThatWantsNoCaseStillHasEveryCaseChecked) {
  class NoCases : public CastVectorSink {
   public:
    bool begin_group(const CastVectorGroup& group) override {
      EXPECT_TRUE(group.cases.empty());
      ++groups;
      return false;
    }
    void add_case(const CastVectorGroup&, const VectorCase&) override { ADD_FAILURE(); }
    int groups = 0;
  };
  const auto read = [](const std::string& text) {
    NoCases sink;
    read_vector_text(text, kPath, [&](const nlohmann::json& header, JsonCursor* groups) {
      read_cast_vector_groups(header, groups, kPath, sink);
    });
    return sink.groups;
  };
  EXPECT_GT(read(file_text()), 1);
  std::string text = file_text();
  const std::size_t last_case = text.rfind("{\"id\":");
  text.replace(last_case, 6, "{\"id\":-");
  EXPECT_THROW(read(text), VectorFormatError);
}

// What reading `text` gives: every case of every group as text, or the refusal's message (a JSON
// error's position left out).
std::string outcome_of_reading(const std::string& text) {
  try {
    std::string out;
    for (const CastVectorGroup& group : read_cast_vector_text(text, kPath)) {
      for (const VectorCase& item : group.cases) {
        out += std::to_string(item.id) + " " + item.stable_id + " " + std::to_string(item.input);
        // Appended piece by piece: GCC 12 warns falsely about `" " + std::string` here.
        for (const CastResult& result : item.results)
          out.append(" ").append(result_text(group.output_type(), result));
        for (const std::string& flag : item.flags) out.append(" ").append(flag);
        for (const auto& [name, entries] : item.alternatives)
          for (const auto& [k, result] : entries)
            out += " " + name + "/" + std::to_string(k) + "=" +
                   result_text(group.output_type(), result);
        out += "\n";
      }
    }
    return out;
  } catch (const VectorFormatError& error) {
    const std::string message = error.what();
    return message.find("not valid JSON") != std::string::npos ? "not valid JSON" : message;
  }
}

// Random edits of a file's first case lines (one with alternatives and flags) read as the general
// steps read them: the same text with a space after each line's opening brace, which no line then
// has in the written form.
TEST(VectorReaderStream, LinesAsWrittenReadAsTheGeneralStepsReadThem) {
  const std::string& text = file_text();
  const std::size_t cut = text.find("\n{\"id\":12,");
  ASSERT_NE(cut, std::string::npos);
  const std::string seed = text.substr(0, cut - 1) + "]}]}\n";
  ASSERT_NE(seed.find("\"alternatives\":{"), std::string::npos);
  const std::size_t cases = seed.find("\"cases\":[");
  const auto general = [](std::string edited) {
    for (std::size_t at = edited.find("\n{"); at != std::string::npos;
         at = edited.find("\n{", at + 1))
      edited.insert(at + 2, 1, ' ');
    return edited;
  };
  EXPECT_EQ(outcome_of_reading(seed), outcome_of_reading(general(seed)));
  const std::string alphabet = "{}[]\",:0123456789abcdefx_=/ \\ue\x80\x01";
  std::mt19937 random(25);  // fixed: the same edits on every run
  int accepted = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string edited = seed;
    const int edits = 1 + static_cast<int>(random() % 2);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = cases + random() % (edited.size() - cases);
      const char c = alphabet[random() % alphabet.size()];
      switch (random() % 3) {
        case 0:
          edited[at] = c;
          break;
        case 1:
          edited.insert(edited.begin() + static_cast<long>(at), c);
          break;
        default:
          edited.erase(at, 1);
      }
    }
    const std::string outcome = outcome_of_reading(edited);
    accepted += outcome.find('\n') != std::string::npos ? 1 : 0;
    ASSERT_EQ(outcome, outcome_of_reading(general(edited))) << "text: " << edited;
  }
  EXPECT_GT(accepted, 300);  // the edits that still read (a result changed, say) were compared too
}

// The message of reading `text` with the first `from` after `after` replaced by `to`.
std::string error_of_edit(const std::string& after, const std::string& from,
                          const std::string& to) {
  std::string text = file_text();
  const std::size_t start = text.find(after);
  const std::size_t at = text.find(from, start == std::string::npos ? 0 : start);
  if (start == std::string::npos || at == std::string::npos) return "pattern not found: " + from;
  text.replace(at, from.size(), to);
  try {
    std::uint64_t declared = 0;
    read_cast_vector_text(text, kPath, &declared);
  } catch (const VectorFormatError& error) {
    return error.what();
  }
  return "accepted";
}

TEST(VectorReaderStream, MalformedFilesAreRefusedNamingFileGroupAndCase) {
  const std::string first =
      "{\"id\":1,\"stable_id\":\"cast/encode/float4_e2m1fn/int2/0x00\",\"input\":\"0x00\","
      "\"results\":[";
  const std::string results = "\"results\":[\"0x00\"";  // of the first case
  const std::string case1 = kPath + " group 0 case 1: ";
  struct Edit {
    std::string after, from, to, message;
  };
  const std::vector<Edit> edits = {
      {results, "\"0x00\"", "\"0x000\"", case1 + "\"0x000\" is not a 2-digit lowercase 0x pattern"},
      {results, "\"0x00\"", "\"0x0A\"", case1 + "\"0x0A\" is not a 2-digit"},
      {results, "\"0x00\"", "\"0x10\"", case1 + "\"0x10\" has bits beyond the 2-bit width of int2"},
      {results, "\"0x00\"", "\"error:bogus\"", case1 + "unknown error kind \"bogus\""},
      {results, "\"0x00\"", "0", case1 + "a result is not a string"},
      {results, "\"0x00\",", "", case1 + "\"results\" must have"},
      // Malformed JSON where a member is read: the member's problem is the one reported.
      {first, "\"results\":[", "\"results\":{", case1 + "\"results\" must have"},
      {first, "\"results\":", "\"results\":\"x\",\"r\":", case1 + "\"results\" must have"},
      {"", first, "{\"id\":1,\"input\":\"error:out_of_range\",\"results\":[",
       case1 + "\"input\" is an error, not a pattern"},
      {"", first, "{\"id\":1,\"input\":\"0x0\",\"results\":[", case1 + "\"0x0\" is not a 2-digit"},
      {"", first, "{\"id\":1,\"input\":0,\"results\":[", case1 + "\"input\" is not a string"},
      {"", first, "{\"id\":1,\"results\":[", case1 + "missing \"input\""},
      {"", first, "{\"id\":1,\"input\":\"0x00\",\"r\":[", case1 + "missing \"results\""},
      {"", first, "{\"input\":\"0x00\",\"results\":[", kPath + " group 0: missing \"id\""},
      {"", first, "{\"id\":1000000000000000000,\"input\":\"0x00\",\"results\":[",
       kPath + " group 0: \"id\" is not an integer"},
      {"", first, "{\"id\":\"1\",\"input\":\"0x00\",\"results\":[",
       kPath + " group 0: \"id\" is not an integer"},
      {"", first, "{\"id\":1,\"flags\":[\"Bogus\"],\"input\":\"0x00\",\"results\":[",
       case1 + "unknown flag \"Bogus\""},
      {"", first, "{\"id\":1,\"flags\":{},\"input\":\"0x00\",\"results\":[",
       case1 + "\"flags\" is not an array"},
      {"", first, "{\"id\":1,\"alternatives\":[],\"input\":\"0x00\",\"results\":[",
       case1 + "\"alternatives\" is not an object"},
      {"", first, "{\"id\":1,\"alternatives\":{\"A=b\":1},\"input\":\"0x00\",\"results\":[",
       case1 + "alternative A=b is not an object"},
      {"", first,
       "{\"id\":1,\"alternatives\":{\"A=b\":{\"99\":\"0x00\"}},\"input\":\"0x00\",\"results\":[",
       case1 + "alternative A=b has a bad entry \"99\""},
      {"", first,
       "{\"id\":1,\"alternatives\":{\"A=b\":{\"0\":\"0x100\"}},\"input\":\"0x00\",\"results\":[",
       case1 + "\"0x100\" is not a 2-digit"},
      {"", first, "{\"id\":1,\"id\":2,\"input\":\"0x00\",\"results\":[", "the key \"id\" twice"},
      {"", first, "5,{\"id\":1,\"input\":\"0x00\",\"results\":[",
       kPath + " group 0: not a JSON object"},
      {"", "\"cases\":[", "\"cases\":[]", kPath + " group 0: \"cases\" is empty"},
      {"", "\"direction\":\"encode\"", "\"direction\":\"sideways\"",
       kPath + " group 0: \"direction\" is not encode or decode"},
      {"", "\"data_type\":\"int2\"", "\"data_type\":\"float5\"",
       kPath + " group 0: \"data_type\" names an unknown data type \"float5\""},
      {"", "\"input_type\":\"float4_e2m1fn\"", "\"input_type\":\"int8\"",
       kPath + " group 0: input_type/output_type contradict the direction"},
      {"", "\"configurations\":[", "\"configurations\":[{\"rounding\":\"up\"},",
       kPath + " group 0 configuration 0: invalid:"},
      {"", "\"fill_value\":", "\"fill_value\":01,\"f\":", "not valid JSON"},
      {"", "\"family\":\"cast\"", "\"family\":\"metadata\"",
       kPath + ": family \"metadata\" holds no cast cases"},
      {"", "\"schema\":\"cast-value-vectors\"", "\"schema\":5",
       kPath + ": not a cast-value-vectors file"},
      {"", "\"schema_version\":1", "\"schema_version\":1.0",
       kPath + ": unsupported schema_version"},
      {"", "\"number_of_cases\":", "\"number_of_cases\":-",
       kPath + ": \"number_of_cases\" is not a non-negative integer"},
      {"", "\"groups\":[", "\"groups\":[],\"g\":[", kPath + ": \"groups\" is empty"},
      {"", "\"groups\":[", "\"g\":[", kPath + ": missing \"groups\""},
      {"", "}]}]}", "}]}]}x", kPath + ": not valid JSON: invalid JSON at byte"},
      {"", "\"0x00\"", "\"0x\xff\"", kPath + ": not valid JSON"},
  };
  for (const Edit& edit : edits) {
    const std::string message = error_of_edit(edit.after, edit.from, edit.to);
    EXPECT_NE(message.find(edit.message), std::string::npos)
        << "edit " << edit.from << " -> " << edit.to << "\n  got: " << message
        << "\n  expected: " << edit.message;
  }
}

// Each part of a line as written, broken: the line is then read by the general steps, which
// refuse it with their messages.
TEST(VectorReaderStream, BrokenPartsOfAWrittenLineAreRefusedAsBefore) {
  const std::string first =
      "{\"id\":1,\"stable_id\":\"cast/encode/float4_e2m1fn/int2/0x00\",\"input\":\"0x00\","
      "\"results\":[";
  const std::string results = "\"results\":[\"0x00\"";  // of the first case
  const std::string case1 = kPath + " group 0 case 1: ";
  const std::vector<std::array<std::string, 4>> edits = {
      {"", "{\"id\":1,\"stable_id\"", "{\"id\":01,\"stable_id\"", "not valid JSON"},
      {"", first, "{\"id\":1,\"stable_id\":7,\"input\":\"0x00\",\"results\":[",
       case1 + "\"stable_id\" is not a string"},
      {"", first, "{\"id\":1,\"stable_id\":\"\x01\",\"input\":\"0x00\",\"results\":[",
       "control character inside a string"},
      {results, "\"0x00\"]}", "\"0x00\"]", "not valid JSON"},
  };
  for (const auto& [after, from, to, message] : edits)
    EXPECT_NE(error_of_edit(after, from, to).find(message), std::string::npos)
        << "edit " << from << " -> " << to << "\n  got: " << error_of_edit(after, from, to);
}

TEST(VectorReaderStream, TheFileIsNamedWhenItCannotBeRead) {
  try {
    read_cast_vector_file("/nonexistent/cast/int2.json");
    FAIL() << "read";
  } catch (const VectorFormatError& error) {
    EXPECT_NE(std::string(error.what()).find("/nonexistent/cast/int2.json"), std::string::npos);
  }
}

}  // namespace
}  // namespace cvc::vector_reader_stream_test
