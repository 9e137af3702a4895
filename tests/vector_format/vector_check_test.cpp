// The vector self-check has teeth: a generated folder passes, and each kind of corruption (a
// flipped result bit, a stale manifest, a dropped alternative, an unlisted file, a malformed
// file) is reported, naming where.
#include "vector_format/vector_check.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators/cast_family.hpp"
#include "generators/vector_set.hpp"
#include "harness/sources/vector_source.hpp"
#include "oracle/data_type.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/manifest.hpp"
#include "vector_format/vector_reader.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::vector_check_test {
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
  // Rewrite file `index` through its JSON (numbers kept exact).
  template <typename Change>
  void mutate(std::size_t index, Change change) {
    nlohmann::json json = parse_json_exact(files_[index].second);
    change(json);
    files_[index].second = dump_json_exact(json);
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
  std::fstream(root_ / "cast/int2.json", std::ios::in | std::ios::out).seekp(0) << " ";
  EXPECT_TRUE(mentions(check(), "SHA-256 differs"));
  // A byte more is found by its size, before the digest.
  std::ofstream(root_ / "cast/int2.json", std::ios::app) << " ";
  EXPECT_TRUE(mentions(check(), "bytes, the manifest lists"));
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

// --- Damaged folders (issue 9): each defect is reported with its file, never passes silently,
// never escapes as a library exception; `cvc run` refuses a folder that fails its manifest.

TEST_F(VectorCheckTest, GroupFillValueThatIsNotAValidScalarIsCaught) {
  mutate(0, [](nlohmann::json& file) { file["groups"][0]["fill_value"] = "zzz"; });
  write_all();
  const VectorCheckReport report = check();
  EXPECT_TRUE(mentions(report, "cast/int2.json group 0")) << report.problems.size();
  EXPECT_TRUE(mentions(report, "\"fill_value\" \"zzz\" is not valid metadata"));
}

TEST_F(VectorCheckTest, GroupWithoutCasesIsCaught) {
  mutate(0, [](nlohmann::json& file) { file["groups"][1]["cases"] = nlohmann::json::array(); });
  write_all();
  EXPECT_TRUE(mentions(check(), "cast/int2.json group 1: \"cases\" is empty"));
}

TEST_F(VectorCheckTest, FileWithoutGroupsIsCaught) {
  mutate(0, [](nlohmann::json& file) { file["groups"] = nlohmann::json::array(); });
  write_all();
  EXPECT_TRUE(mentions(check(), "cast/int2.json: \"groups\" is empty"));
}

TEST_F(VectorCheckTest, WrongNumberOfCasesInACastFileIsCaught) {
  mutate(0, [](nlohmann::json& file) { file["number_of_cases"] = json_number("7"); });
  write_all();
  EXPECT_TRUE(mentions(check(), "\"number_of_cases\" is 7 but the file has"));
}

TEST_F(VectorCheckTest, UnknownFamilyIsCaught) {
  mutate(0, [](nlohmann::json& file) { file["family"] = "casts"; });
  write_all();
  EXPECT_TRUE(mentions(check(), "cast/int2.json: unknown \"family\" \"casts\""));
}

TEST_F(VectorCheckTest, EmptyManifestIsCaught) {
  std::ofstream(root_ / "manifest.json") << manifest_text({});
  fs::remove_all(root_ / "cast");
  const VectorCheckReport report = check();
  EXPECT_TRUE(mentions(report, "lists no vector file"));
  EXPECT_THROW(VectorCaseSource(root_.string(), {}), VectorFormatError);
}

TEST_F(VectorCheckTest, HugeIdAndBadAlternativeIndexAreFormatErrors) {
  mutate(0, [](nlohmann::json& file) {
    file["groups"][0]["cases"][0]["id"] = json_number("1" + std::string(30, '0'));
  });
  mutate(1, [](nlohmann::json& file) {
    for (nlohmann::json& group : file["groups"])
      for (nlohmann::json& item : group["cases"])
        if (item.contains("alternatives")) {
          item["alternatives"].begin().value()["x"] = "0x00";
          return;
        }
  });
  write_all();
  const VectorCheckReport report = check();
  EXPECT_TRUE(mentions(report, "cast/int2.json group 0: \"id\" is not an integer"));
  EXPECT_TRUE(mentions(report, "has a bad entry \"x\""));
}

TEST_F(VectorCheckTest, WrongJsonTypesAreFormatErrors) {
  mutate(0, [](nlohmann::json& file) { file["groups"][0]["direction"] = json_number("3"); });
  mutate(1, [](nlohmann::json& file) { file.erase("groups"); });
  write_all();
  const VectorCheckReport report = check();
  EXPECT_TRUE(mentions(report, "cast/int2.json group 0: \"direction\" is not a string"));
  EXPECT_TRUE(mentions(report, "cast/float4_e2m1fn.json: missing \"groups\""));
}

TEST_F(VectorCheckTest, EmptyResultsAndAConfigurationThatIsNoObjectAreFormatErrors) {
  // Once a division by zero (empty results, configurations not a multiple of the five rounding
  // modes) and an escaped library exception (a configuration that is a string).
  mutate(0, [](nlohmann::json& file) {
    nlohmann::json& group = file["groups"][0];
    group["configurations"] = nlohmann::json::array({group["configurations"][0]});
    group["cases"][0]["results"] = nlohmann::json::array();
  });
  mutate(1, [](nlohmann::json& file) { file["groups"][0]["configurations"][0] = "int2"; });
  write_all();
  const VectorCheckReport report = check();
  EXPECT_TRUE(mentions(report, "cast/int2.json group 0 case 1: \"results\" must have 1 entries"));
  EXPECT_TRUE(
      mentions(report, "cast/float4_e2m1fn.json group 0 configuration 0: not a JSON object"));
}

TEST_F(VectorCheckTest, ADeviceOrAFifoIsNeverRead) {
  fs::remove(root_ / "cast/int2.json");
  fs::create_symlink("/dev/zero", root_ / "cast/int2.json");
  fs::remove(root_ / "cast/float4_e2m1fn.json");
  ASSERT_EQ(::mkfifo((root_ / "cast/float4_e2m1fn.json").c_str(), 0600), 0);
  const VectorCheckReport report = check();  // would block or grow without bound if read
  EXPECT_TRUE(mentions(report, "cast/int2.json: a symbolic link (never followed)"));
  EXPECT_TRUE(mentions(report, "cast/float4_e2m1fn.json: a FIFO, device or socket (never opened)"));
}

TEST_F(VectorCheckTest, RunRefusesAFolderThatFailsItsManifest) {
  // One flipped expected result: the reference implementation must not be blamed for it.
  edit(0, "\"id\":1,", "\"0x00\"]", "\"0x01\"]");
  write_all(false);
  try {
    VectorCaseSource source(root_.string(), {});
    FAIL() << "a corrupted folder was accepted";
  } catch (const VectorFormatError& error) {
    EXPECT_NE(std::string(error.what()).find("cast/int2.json: SHA-256 differs from the manifest"),
              std::string::npos)
        << error.what();
  }
}

TEST_F(VectorCheckTest, RunNamesTheVectorsVersionAndManifest) {
  const VectorCaseSource source(root_.string(), {});
  EXPECT_EQ(source.vectors_version(), kVectorsVersion);
  EXPECT_EQ(source.manifest_sha256().size(), 64u);
}

}  // namespace
}  // namespace cvc::vector_check_test
