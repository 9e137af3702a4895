// Stable case ids: the canonical JSON is Python's (the definition's, vectors/README.md "Case
// ids"), each family's id is the definition's, and cvc verify-vectors refuses an edited, missing
// or shared id while older sets without ids read as before.
#include "vector_format/stable_id.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "generators/cast_family.hpp"
#include "oracle/data_type.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/manifest.hpp"
#include "vector_format/vector_check.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::stable_id_test {
namespace {

namespace fs = std::filesystem;

TEST(StableId, CanonicalJsonIsWhatPythonWrites) {
  // The expected text is Python 3's json.dumps(json.loads(text), sort_keys=True,
  // separators=(",", ":"), ensure_ascii=False), run once.
  const std::string text =
      R"({"b":[1.0,-0,-0.0,1e-8,3e38,1e400,-1e400,1e-999,0.1,1e16,1e15,0.0001,0.00001,)"
      R"(123456789012345678901234567890,1.5e300,2.5e-320],"a":"\u00e9\n\u0001\"\\/",)"
      R"("A":{"z":null,"y":true}})";
  const std::string python =
      "{\"A\":{\"y\":true,\"z\":null},\"a\":\"\xc3\xa9\\n\\u0001\\\"\\\\/\",\"b\":[1.0,0,-0.0,"
      "1e-08,3e+38,Infinity,-Infinity,0.0,0.1,1e+16,1000000000000000.0,0.0001,1e-05,"
      "123456789012345678901234567890,1.5e+300,2.5e-320]}";
  EXPECT_EQ(canonical_json(parse_json_exact(text)), python);
  EXPECT_EQ(canonical_json(nlohmann::json::parse("[0.1, 100, -3]")), "[0.1,100,-3]");
}

TEST(StableId, EachFamilysIdIsTheDefinitions) {
  // The expected ids are those of the definition's Python reference on the same values.
  const nlohmann::json group = parse_json_exact(
      R"({"direction":"encode","array_data_type":"float32","data_type":"int8",)"
      R"("configurations":[{"rounding":"nearest-even","scalar_map":{"encode":[[1.0,"NaN"]]}}]})");
  const nlohmann::json input = {{"input", "0x3f800000"}};
  EXPECT_EQ(stable_case_id("cast", group, input), "cast/encode/float32/int8/0x3f800000");
  EXPECT_EQ(stable_case_id("scalar_map", group, input),
            "scalar_map/encode/float32/int8/190c27304f47/0x3f800000");
  const nlohmann::json chain = parse_json_exact(
      R"({"direction":"decode","array_data_type":"float64","codecs":[{"name":"scale_offset",)"
      R"("configuration":{"scale":0.1,"offset":-10}}]})");
  EXPECT_EQ(stable_case_id("chain", chain, {{"input", "0x07"}}),
            "chain/decode/float64/78fd4d462657/0x07");
  const nlohmann::json metadata =
      parse_json_exact(R"({"rule":"fill_float_json_overflow","array_data_type":"float64",)"
                       R"("codecs":[{"name":"bytes"}],"fill_value":1e400})");
  EXPECT_EQ(stable_case_id("metadata", nlohmann::json::object(), metadata),
            "metadata/fill_float_json_overflow/5da91f95cfc5");
  EXPECT_EQ(stable_case_id("scalars", {{"data_type", "float16"}}, {{"json", "\"NaN\""}}),
            "scalars/float16/8832c23fc149");
  EXPECT_EQ(configuration_label({{"rounding", "towards-zero"}, {"out_of_range", "clamp"}}),
            "towards-zero/clamp");
  EXPECT_THROW(stable_case_id("cast", group, nlohmann::json::object()), std::invalid_argument);
  EXPECT_THROW(stable_case_id("stores", group, input), std::invalid_argument);
}

TEST(StableId, RequiredFromVersion130) {
  EXPECT_FALSE(stable_ids_required("1.0.0"));
  EXPECT_FALSE(stable_ids_required("1.2.0"));
  EXPECT_TRUE(stable_ids_required("1.3.0"));
  EXPECT_TRUE(stable_ids_required("1.10.0"));
  EXPECT_TRUE(stable_ids_required("2.0.0"));
  EXPECT_TRUE(stable_ids_required(""));
}

// A folder with one generated cast file (int2), checked as cvc verify-vectors checks it.
class StableIdCheckTest : public testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("cvc-stable-id-" + std::to_string(testing::UnitTest::GetInstance()->random_seed()) +
             "-" + testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "cast");
    text_ = cast_family_file(data_type("int2"));
  }
  void TearDown() override { fs::remove_all(root_); }

  // The problems of the folder holding `text_`, with a manifest declaring `version`.
  std::vector<std::string> problems(const std::string& version = std::string(kVectorsVersion)) {
    const std::vector<std::pair<std::string, std::string>> files = {{"cast/int2.json", text_}};
    std::ofstream(root_ / "cast/int2.json", std::ios::binary) << text_;
    std::string manifest = manifest_text(files);
    const std::string declared = "\"vectors_version\":\"" + std::string(kVectorsVersion) + "\"";
    manifest.replace(manifest.find(declared), declared.size(),
                     "\"vectors_version\":\"" + version + "\"");
    std::ofstream(root_ / "manifest.json", std::ios::binary) << manifest;
    VectorCheckOptions options;
    options.completeness_sample = 1000;
    return check_vectors(root_.string(), options).problems;
  }
  static int mentioning(const std::vector<std::string>& problems, const std::string& text) {
    int count = 0;
    for (const std::string& problem : problems) count += problem.find(text) != std::string::npos;
    return count;
  }
  void replace_first(const std::string& from, const std::string& to) {
    const std::size_t at = text_.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text_.replace(at, from.size(), to);
  }
  // The text without any "stable_id" member (a file as 1.2.0 wrote it).
  void drop_stable_ids() {
    for (std::size_t at; (at = text_.find(",\"stable_id\":\"")) != std::string::npos;)
      text_.erase(at, text_.find('"', at + 14) + 1 - at);
  }

  fs::path root_;
  std::string text_;
};

TEST_F(StableIdCheckTest, GeneratedIdsPass) {
  EXPECT_NE(text_.find(R"({"id":1,"stable_id":"cast/encode/int2/)"), std::string::npos);
  EXPECT_EQ(problems(), std::vector<std::string>{});
}

TEST_F(StableIdCheckTest, AnEditedIdIsCaughtNamingTheCase) {
  replace_first("\"stable_id\":\"cast/encode/int2/int4/0x01\"",
                "\"stable_id\":\"cast/encode/int2/int4/0x01x\"");
  const std::vector<std::string> found = problems();
  ASSERT_EQ(mentioning(found, "but its content gives \"cast/encode/int2/int4/0x01\""), 1)
      << testing::PrintToString(found);
  EXPECT_EQ(mentioning(found, "cast/int2.json group "), 1);
  EXPECT_EQ(mentioning(found, " case 10: \"stable_id\" is \"cast/encode/int2/int4/0x01x\""), 1);
}

TEST_F(StableIdCheckTest, AMissingIdIsCaughtInASetOf130) {
  replace_first(",\"stable_id\":\"cast/encode/int2/int4/0x01\"", "");
  const std::vector<std::string> found = problems();
  EXPECT_EQ(mentioning(found,
                       "case 10: no \"stable_id\" (every case line has one since vectors "
                       "1.3.0)"),
            1)
      << testing::PrintToString(found);
}

TEST_F(StableIdCheckTest, TwoCasesSharingAnIdAreCaught) {
  // Case 10 given case 9's id: wrong for its content, and shared.
  replace_first("\"stable_id\":\"cast/encode/int2/int4/0x01\"",
                "\"stable_id\":\"cast/encode/int2/int4/0x00\"");
  const std::vector<std::string> found = problems();
  EXPECT_EQ(mentioning(found, "\"stable_id\" \"cast/encode/int2/int4/0x00\" is also the id of "), 1)
      << testing::PrintToString(found);
}

TEST_F(StableIdCheckTest, AnOlderSetWithoutIdsReadsAsBefore) {
  drop_stable_ids();
  ASSERT_EQ(text_.find("stable_id"), std::string::npos);
  EXPECT_EQ(problems("1.2.0"), std::vector<std::string>{});
  EXPECT_EQ(mentioning(problems(), "no \"stable_id\""), 50);  // 208 lines, 50 said per file
}

}  // namespace
}  // namespace cvc::stable_id_test
