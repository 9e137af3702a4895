// The vector self-check has teeth: a generated folder passes, and each kind of corruption (a
// flipped result bit, a stale manifest, a dropped alternative, an unlisted file, a malformed
// file) is reported, naming where.
#include "harness/vector_check.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators/cast_family.hpp"
#include "generators/vector_set.hpp"
#include "oracle/data_type.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;

class VectorCheckTest : public testing::Test {
 protected:
  void SetUp() override {
    root_ =
        fs::temp_directory_path() /
        ("cvc-vector-check-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "cast");
    // Two small files: int2, and float4_e2m1fn whose casts into float8_e8m0fnu carry flags.
    for (std::string_view name : {"int2", "float4_e2m1fn"}) {
      const std::string path = "cast/" + std::string(name) + ".json";
      files_.emplace_back(path, cast_family_file(data_type(name)));
    }
    write_all();
  }
  void TearDown() override { fs::remove_all(root_); }

  void write_all(bool with_manifest = true) {
    for (const auto& [path, text] : files_) std::ofstream(root_ / path, std::ios::binary) << text;
    if (with_manifest) std::ofstream(root_ / "manifest.json") << manifest_text(files_);
  }
  VectorCheckReport check() {
    VectorCheckOptions options;
    options.completeness_sample = 1;
    return check_vectors(root_.string(), options);
  }
  // Replace the first occurrence of `from` after `after` in file `index`.
  void edit(std::size_t index, const std::string& after, const std::string& from,
            const std::string& to) {
    std::string& text = files_[index].second;
    const std::size_t start = text.find(after);
    ASSERT_NE(start, std::string::npos) << after;
    const std::size_t at = text.find(from, start);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  }
  static bool mentions(const VectorCheckReport& report, const std::string& text) {
    for (const std::string& problem : report.problems)
      if (problem.find(text) != std::string::npos) return true;
    return false;
  }

  fs::path root_;
  std::vector<std::pair<std::string, std::string>> files_;
};

TEST_F(VectorCheckTest, GeneratedVectorsPass) {
  const VectorCheckReport report = check();
  EXPECT_TRUE(report.problems.empty()) << report.problems.front();
  EXPECT_EQ(report.files, 2u);
  EXPECT_GT(report.results_checked, 0u);
  EXPECT_GT(report.alternatives_checked, 0u);  // e2m1 -> e8m0 has flagged cases
}

TEST_F(VectorCheckTest, FlippedResultBitIsCaught) {
  // int2 -> int2 encode, first case: input 0x00 casts to 0x00 in every configuration.
  edit(0, "\"id\":1,", "\"0x00\"]", "\"0x01\"]");
  write_all();
  const VectorCheckReport report = check();
  ASSERT_FALSE(report.problems.empty());
  EXPECT_TRUE(mentions(report, "case 1 configuration")) << report.problems.front();
  EXPECT_TRUE(mentions(report, "the slow oracle computes 0x00"));
}

TEST_F(VectorCheckTest, StaleManifestIsCaught) {
  write_all();
  std::ofstream(root_ / "cast/int2.json", std::ios::app) << " ";
  EXPECT_TRUE(mentions(check(), "SHA-256 differs"));
}

TEST_F(VectorCheckTest, UnlistedFileIsCaught) {
  std::ofstream(root_ / "cast/extra.json") << "{}";
  EXPECT_TRUE(mentions(check(), "not listed in the manifest"));
}

TEST_F(VectorCheckTest, DroppedAlternativeIsCaught) {
  // Drop the alternatives and flags of the first case flagged E8M0Tie: completeness must notice.
  std::string& text = files_[1].second;
  const std::size_t tie = text.find("\"E8M0Tie=even-exponent\"");
  ASSERT_NE(tie, std::string::npos);
  const std::size_t from = text.rfind(",\"alternatives\":", tie);
  const std::size_t to = text.find("]}", text.find("\"flags\":", tie)) + 1;  // keep the case's "}"
  text.erase(from, to - from);
  write_all();
  const VectorCheckReport report = check();
  EXPECT_TRUE(mentions(report, "lists no alternative"))
      << (report.problems.empty() ? "" : report.problems.front());
}

TEST_F(VectorCheckTest, MalformedFileIsCaught) {
  files_[0].second = "{\"schema\": \"cast-value-vectors\", \"schema_version\": 1, ";
  write_all();
  EXPECT_TRUE(mentions(check(), "not valid JSON"));
}

}  // namespace
}  // namespace cvc
