// The vector case source reads each file once and lazily: a batch passed over (skip_next) counts
// what it would hold without being built, a filter keeps exactly the batches of the whole that
// match it, and a file is used as the manifest check hashed it (or, read again, checked again).
#include "harness/sources/vector_source.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "generators/cast_family.hpp"
#include "oracle/data_type.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/manifest.hpp"
#include "vector_format/vector_file.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::vector_source_test {
namespace {

namespace fs = std::filesystem;

const std::string kVectors = std::string(CVC_SOURCE_DIR) + "/vectors";

std::vector<CaseBatch> all_batches(CaseSource& source) {
  std::vector<CaseBatch> batches;
  CaseBatch batch;
  while (source.next(batch)) batches.push_back(std::move(batch));
  return batches;
}

std::uint64_t size_of(const CaseBatch& batch) {
  if (const CastBatch* cast = std::get_if<CastBatch>(&batch)) return cast->elements.size();
  return 1;
}

// Everything a batch carries that the runner uses, as one comparable text.
std::string describe(const CaseBatch& batch) {
  if (const ValidateBatch* validate = std::get_if<ValidateBatch>(&batch))
    return "validate " + validate->where + " " + validate->expected + " " +
           dump_json_exact(validate->request.codecs);
  const CastBatch& cast = std::get<CastBatch>(batch);
  std::string text = cast.family + " " + std::string(direction_name(cast.request.direction)) + " " +
                     std::string(cast.request.input->name) + " -> " +
                     std::string(cast.request.output->name) + " " + cast.configuration + " " +
                     dump_json_exact(cast.request.fill_value) + " " + cast.rule_label + " " +
                     cast.where_prefix + "\n";
  for (const ExpectedElement& element : cast.elements) {
    text += std::to_string(element.id) + ":" + std::to_string(element.input) + "=" +
            expected_text(*cast.request.output, element.expected);
    for (const auto& [name, result] : element.alternatives)
      text += " " + name + "=" + expected_text(*cast.request.output, result);
    text += "\n";
  }
  return text;
}

TEST(VectorSource, SkippedBatchesCountWhatTheyWouldHold) {
  CaseFilter filter;
  filter.types = {"float4_e2m1fn"};  // cast, scalar_map and metadata batches, some with flags
  VectorCaseSource whole(kVectors, filter);
  const std::vector<CaseBatch> expected = all_batches(whole);
  ASSERT_GT(expected.size(), 10u);
  VectorCaseSource source(kVectors, filter);
  CaseBatch batch;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (i % 3 == 0) {
      EXPECT_EQ(source.skip_next(), size_of(expected[i])) << "batch " << i;
    } else {
      ASSERT_TRUE(source.next(batch)) << "batch " << i;
      EXPECT_EQ(describe(batch), describe(expected[i])) << "batch " << i;
    }
  }
  EXPECT_FALSE(source.next(batch));
  EXPECT_EQ(source.skip_next(), std::nullopt);
}

TEST(VectorSource, AFilterKeepsTheMatchingBatchesOfTheWhole) {
  CaseFilter family;
  family.families = {"scalar_map"};
  CaseFilter int8 = family;
  int8.types = {"int8"};
  int8.directions = {"decode"};
  VectorCaseSource whole(kVectors, family);
  std::vector<std::string> expected;
  for (const CaseBatch& batch : all_batches(whole)) {
    const CastBatch& cast = std::get<CastBatch>(batch);
    if (cast.request.direction == Direction::Decode &&
        (cast.request.input->name == "int8" || cast.request.output->name == "int8"))
      expected.push_back(describe(batch));
  }
  VectorCaseSource filtered(kVectors, int8);
  std::vector<std::string> selected;
  for (const CaseBatch& batch : all_batches(filtered)) selected.push_back(describe(batch));
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(selected, expected);
}

// A folder with one small vector file and its manifest.
class VectorSourceFolder : public testing::Test {
 protected:
  void SetUp() override {
    root_ =
        fs::temp_directory_path() / ("cvc-vector-source-" + std::to_string(::getpid()) + "-" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "cast");
    write_file(cast_family_file(data_type("int2")));
  }
  void TearDown() override { fs::remove_all(root_); }
  // The folder's one file is `text`, and the manifest says so.
  void write_file(const std::string& text) const {
    std::ofstream(root_ / "cast/int2.json", std::ios::binary) << text;
    std::ofstream(root_ / "manifest.json") << manifest_text({{"cast/int2.json", text}});
  }
  void change_the_file() const {
    std::ofstream(root_ / "cast/int2.json", std::ios::binary | std::ios::app) << " ";
  }

  fs::path root_;
};

TEST_F(VectorSourceFolder, AKeptFileIsUsedAsItWasHashed) {
  VectorCaseSource source(root_.string(), {});
  change_the_file();  // after the check: the bytes in use are those that were hashed
  EXPECT_GT(all_batches(source).size(), 0u);
}

TEST_F(VectorSourceFolder, AFileReadAgainIsCheckedAgain) {
  VectorCaseSource source(root_.string(), {}, /*keep_bytes=*/0);
  change_the_file();
  CaseBatch batch;
  try {
    source.next(batch);
    FAIL() << "a file changed after the manifest check was used";
  } catch (const VectorFormatError& error) {
    EXPECT_NE(std::string(error.what()).find("cast/int2.json: SHA-256 differs from the manifest"),
              std::string::npos)
        << error.what();
  }
}

TEST_F(VectorSourceFolder, AFileReadAgainUnchangedIsUsed) {
  VectorCaseSource kept(root_.string(), {});
  VectorCaseSource read_again(root_.string(), {}, /*keep_bytes=*/0);
  const std::vector<CaseBatch> expected = all_batches(kept);
  const std::vector<CaseBatch> batches = all_batches(read_again);
  ASSERT_EQ(batches.size(), expected.size());
  for (std::size_t i = 0; i < batches.size(); ++i)
    EXPECT_EQ(describe(batches[i]), describe(expected[i]));
}

// The metadata of a group is checked once per array type, fill value and configuration: a group
// that repeats an earlier one's configurations with another fill value is checked again, and
// refused when that fill value is invalid.
TEST_F(VectorSourceFolder, RepeatedConfigurationsWithAnInvalidFillValueAreRefused) {
  std::string text = cast_family_file(data_type("int2"));
  const std::size_t first = text.find("\n{\"array_data_type\":\"int2\"");
  const std::size_t second = text.find("\n{\"array_data_type\"", first + 1);
  ASSERT_NE(second, std::string::npos);
  std::string copy = text.substr(first, second - first);  // group 0 and its comma
  const std::size_t fill = copy.find("\"fill_value\":0,");
  ASSERT_NE(fill, std::string::npos);
  copy.replace(fill, 15, "\"fill_value\":7,");  // beyond int2's range
  text.insert(second, copy);
  write_file(text);
  VectorCaseSource source(root_.string(), {});
  try {
    all_batches(source);
    FAIL() << "a group with an invalid fill value was used";
  } catch (const VectorFormatError& error) {
    EXPECT_NE(std::string(error.what()).find("group 1 (encode int2"), std::string::npos)
        << error.what();
    EXPECT_NE(std::string(error.what()).find("\"fill_value\" 7 is not valid metadata"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace cvc::vector_source_test
