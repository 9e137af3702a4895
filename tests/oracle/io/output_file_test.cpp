// Outputs: AtomicOutputFile leaves an earlier file untouched unless committed, then replaces it
// (no temporary left either way); check_output_path refuses a FIFO, a folder and a path whose
// folder is missing; prepare_output_directory refuses a symbolic link and a file.
#include "oracle/io/output_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/scratch_folder.hpp"

namespace cvc::output_file_test {
namespace {

namespace fs = std::filesystem;

std::string content(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::size_t entries(const fs::path& folder) {
  std::size_t count = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder)) ++count;
  return count;
}

template <class Write>
std::string refusal(Write write) {
  try {
    write();
  } catch (const OutputFileError& error) {
    return error.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(AtomicOutputFile, WithoutCommitTheEarlierFileIsUntouched) {
  const ScratchFolder folder("cvc-output-file");
  const fs::path report = folder / "report.json";
  std::ofstream(report) << "earlier";
  {
    AtomicOutputFile file(report);
    file.stream() << "half of a new rep";
    EXPECT_EQ(content(report), "earlier");  // meanwhile too
  }
  EXPECT_EQ(content(report), "earlier");
  EXPECT_EQ(entries(folder.path()), 1u) << "the temporary is removed";
}

TEST(AtomicOutputFile, CommitReplacesTheFile) {
  const ScratchFolder folder("cvc-output-file");
  const fs::path report = folder / "report.json";
  std::ofstream(report) << "earlier, and longer than the new one";
  {
    AtomicOutputFile file(report);
    file.stream() << "new";
    file.commit();
  }
  EXPECT_EQ(content(report), "new");
  EXPECT_EQ(entries(folder.path()), 1u);
  // The mode a plain ofstream gives, not mkstemp's 0600.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  EXPECT_EQ(fs::status(report).permissions(), fs::perms(0666 & ~mask));
  write_output_file(folder / "new.txt", "written");
  EXPECT_EQ(content(folder / "new.txt"), "written");
}

TEST(CheckOutputPath, AFifoOrAFolderIsRefused) {
  const ScratchFolder folder("cvc-output-file");
  const fs::path fifo = folder / "report.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string message = refusal([&] { check_output_path(fifo); });
  EXPECT_TRUE(contains(message, fifo.string() + ": exists and is not a regular file (a FIFO)"))
      << message;
  // AtomicOutputFile checks first: nothing is made beside the FIFO, nothing blocks.
  EXPECT_TRUE(contains(refusal([&] { AtomicOutputFile file(fifo); }), "a FIFO"));
  EXPECT_EQ(entries(folder.path()), 1u);
  fs::create_directory(folder / "dir.json");
  message = refusal([&] { check_output_path(folder / "dir.json"); });
  EXPECT_TRUE(contains(message, "(a folder)")) << message;
}

TEST(CheckOutputPath, AMissingFolderIsRefusedAndAFileOrAbsentPathAccepted) {
  const ScratchFolder folder("cvc-output-file");
  const std::string message = refusal([&] { check_output_path(folder / "no" / "r.json"); });
  EXPECT_TRUE(contains(message, "its folder " + (folder / "no").string() + " does not exist"))
      << message;
  std::ofstream(folder / "file") << "x";
  EXPECT_TRUE(
      contains(refusal([&] { check_output_path(folder / "file" / "r.json"); }), "is not a folder"));
  EXPECT_NO_THROW(check_output_path(folder / "absent.json"));
  EXPECT_NO_THROW(check_output_path(folder / "file"));
  EXPECT_TRUE(contains(refusal([] { check_output_path(""); }), "empty"));
}

TEST(PrepareOutputDirectory, ASymbolicLinkOrAFileIsRefused) {
  const ScratchFolder folder("cvc-output-file");
  fs::create_directory(folder / "real");
  fs::create_symlink(folder / "real", folder / "drafts");
  std::string message = refusal([&] { prepare_output_directory(folder / "drafts"); });
  EXPECT_TRUE(contains(message, (folder / "drafts").string() + ": a symbolic link")) << message;
  fs::create_symlink(folder / "nowhere", folder / "dangling");
  EXPECT_TRUE(
      contains(refusal([&] { prepare_output_directory(folder / "dangling"); }), "a symbolic link"));
  EXPECT_FALSE(fs::exists(folder / "nowhere"));
  std::ofstream(folder / "file") << "x";
  message = refusal([&] { prepare_output_directory(folder / "file"); });
  EXPECT_TRUE(contains(message, "exists and is not a folder")) << message;
}

TEST(PrepareOutputDirectory, MakesAMissingFolderAndItsParents) {
  const ScratchFolder folder("cvc-output-file");
  prepare_output_directory(folder / "a" / "b");
  EXPECT_TRUE(fs::is_directory(folder / "a" / "b"));
  EXPECT_NO_THROW(prepare_output_directory(folder / "a" / "b"));  // an existing one is kept
}

}  // namespace
}  // namespace cvc::output_file_test
