// The manifest check walks the whole vector folder without following a link: every file but the
// documentation is listed with its size and SHA-256, and a link, a FIFO or a symlink loop anywhere
// in it is named (never followed, opened or waited on). The identity of the set comes from the
// manifest's SHA-256, not from the version it declares.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>

#include "oracle/io/input_file.hpp"
#include "vector_format/manifest.hpp"

namespace cvc::manifest_check_test {
namespace {

namespace fs = std::filesystem;

class ManifestCheckTest : public testing::Test {
 protected:
  void SetUp() override {
    root_ =
        fs::temp_directory_path() / ("cvc-manifest-check-" + std::to_string(getpid()) + "-" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "cast");
    fs::create_directories(root_ / "schema");
    files_ = {{"cast/int2.json", "{}\n"}, {"stores/decode/a/c/0", "xy"}};
    fs::create_directories(root_ / "stores/decode/a/c");
    for (const auto& [path, text] : files_) std::ofstream(root_ / path, std::ios::binary) << text;
    std::ofstream(root_ / "manifest.json") << manifest_text(files_);
    std::ofstream(root_ / "README.md") << "documentation: not listed\n";
    std::ofstream(root_ / "schema/x.schema.json") << "{}";
  }
  void TearDown() override { fs::remove_all(root_); }

  // The problems, one string.
  std::string problems() {
    std::string text;
    for (const std::string& problem : check_manifest(root_.string()).problems)
      text += problem + "\n";
    return text;
  }

  fs::path root_;
  std::vector<std::pair<std::string, std::string>> files_;
};

TEST_F(ManifestCheckTest, AWellFormedFolderHasNoProblem) {
  const ManifestCheck check = check_manifest(root_.string());
  EXPECT_TRUE(check.problems.empty()) << problems();
  EXPECT_EQ(check.paths.size(), 2u);
  // A set of its own: modified, whatever version it declares.
  EXPECT_FALSE(check.identity.is_published());
  EXPECT_EQ(check.identity.declared_version, kVectorsVersion);
}

TEST_F(ManifestCheckTest, AnUnlistedFileOfAnyNameIsAProblem) {
  std::ofstream(root_ / "stores/decode/a/c/1") << "stray chunk";
  std::ofstream(root_ / "cast/notes.txt") << "stray";
  const std::string text = problems();
  EXPECT_NE(text.find("stores/decode/a/c/1: not listed in the manifest"), std::string::npos)
      << text;
  EXPECT_NE(text.find("cast/notes.txt: not listed in the manifest"), std::string::npos) << text;
}

TEST_F(ManifestCheckTest, AFifoIsNamedNeverOpened) {
  ASSERT_EQ(mkfifo((root_ / "stores/decode/a/c/2").c_str(), 0600), 0);
  const std::string text = problems();
  EXPECT_NE(text.find("c/2: a FIFO, device or socket"), std::string::npos) << text;
}

TEST_F(ManifestCheckTest, ASymlinkLoopIsNamed) {
  fs::create_symlink("loop.json", root_ / "cast/loop.json");
  const std::string text = problems();
  EXPECT_NE(text.find("cast/loop.json: a symbolic link"), std::string::npos) << text;
}

TEST_F(ManifestCheckTest, ASymlinkedFolderInsideAnArrayIsNamed) {
  fs::create_directory_symlink(fs::temp_directory_path(), root_ / "stores/decode/a/linked");
  const std::string text = problems();
  EXPECT_NE(text.find("stores/decode/a/linked: a symbolic link"), std::string::npos) << text;
}

TEST_F(ManifestCheckTest, AListedFileThatIsALinkIsNotFollowed) {
  fs::remove(root_ / "cast/int2.json");
  std::ofstream(root_ / "elsewhere.txt") << "{}\n";
  fs::create_symlink(root_ / "elsewhere.txt", root_ / "cast/int2.json");
  const ManifestCheck check = check_manifest(root_.string());
  EXPECT_EQ(check.paths.size(), 1u);  // the chunk only
  EXPECT_FALSE(check.problems.empty());
}

TEST_F(ManifestCheckTest, TheListedSizeIsChecked) {
  std::string manifest = manifest_text(files_);
  const std::size_t at = manifest.find("\"bytes\":2,");
  ASSERT_NE(at, std::string::npos) << manifest;
  manifest.replace(at, 10, "\"bytes\":3,");
  std::ofstream(root_ / "manifest.json", std::ios::trunc) << manifest;
  const std::string text = problems();
  EXPECT_NE(text.find("c/0: 2 bytes, the manifest lists 3"), std::string::npos) << text;
}

TEST_F(ManifestCheckTest, TheDocumentationMustBeRegularFilesToo) {
  fs::remove(root_ / "README.md");
  ASSERT_EQ(mkfifo((root_ / "README.md").c_str(), 0600), 0);
  EXPECT_NE(problems().find("README.md: a FIFO"), std::string::npos);
}

// docs/input-contract.md rules 3 and 4: the manifest is one of this format, and each listed path
// names one file inside the folder in one spelling; each refusal names the entry and why.
TEST_F(ManifestCheckTest, AManifestOfAnotherSchemaIsRefused) {
  std::string text = manifest_text(files_);
  text.replace(text.find("cast-value-vectors-manifest"), 27, "something-else");
  std::ofstream(root_ / "manifest.json") << text;
  EXPECT_NE(problems().find("not a cast-value-vectors manifest"), std::string::npos) << problems();
}

TEST_F(ManifestCheckTest, EveryListedPathOutsideTheFolderOrInAnotherSpellingIsRefused) {
  const std::pair<std::string, std::string> cases[] = {
      {"/etc/passwd", "not a relative path"},  {"../x.json", "\"..\" component"},
      {"cast/../cast/int2.json", "component"}, {"./cast/int2.json", "component"},
      {"cast//int2.json", "component"},        {"cast/", "component"},
      {"cast\\int2.json", "backslash"},        {"CHANGELOG.md", "the documentation"},
      {"manifest.json", "the manifest"},       {"schema/x.schema.json", "the documentation"}};
  for (const auto& [path, why] : cases) {
    std::vector<std::pair<std::string, std::string>> listed = files_;
    listed.emplace_back(path, "{}");
    std::ofstream(root_ / "manifest.json") << manifest_text(listed);
    const std::string text = problems();
    EXPECT_NE(text.find("files[2] path"), std::string::npos) << path << ": " << text;
    EXPECT_NE(text.find(why), std::string::npos) << path << ": " << text;
  }
}

TEST_F(ManifestCheckTest, AnUpperCaseDigestIsAMalformedEntryNotACorruptFile) {
  std::string text = manifest_text(files_);
  const std::size_t digest = text.find("\"sha256\":\"") + 10;
  for (std::size_t k = digest; k < digest + 64; ++k)
    text[k] = static_cast<char>(std::toupper(text[k]));
  std::ofstream(root_ / "manifest.json") << text;
  EXPECT_NE(problems().find("64 lower-case hexadecimal digits"), std::string::npos) << problems();
}

}  // namespace
}  // namespace cvc::manifest_check_test
