// read_input_file: a regular file is read whole; a FIFO, a device, a folder, a file over the cap
// and (when refused) a symbolic link are refused with the path and the reason, at once: a FIFO
// never blocks, an oversized file is never read.
#include "oracle/io/input_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>

#include "tests/support/scratch_folder.hpp"

namespace cvc::input_file_test {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The message read_input_file refuses `path` with ("" when it reads it). Run on a thread: when
// it has not returned within 10 s (it blocks on a FIFO), the FIFO is opened for writing and
// closed so that it returns, and the test fails.
std::string refusal(const fs::path& path, std::uintmax_t max_bytes, FinalLink link,
                    const fs::path& fifo = {}) {
  auto read = std::async(std::launch::async, [&] {
    try {
      read_input_file(path.string(), max_bytes, link);
      return std::string();
    } catch (const InputFileError& error) {
      return std::string(error.what());
    }
  });
  if (read.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
    ADD_FAILURE() << path << ": read_input_file blocked for 10 s";
    if (!fifo.empty()) ::close(::open(fifo.c_str(), O_WRONLY | O_NONBLOCK));
  }
  return read.get();
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(InputFile, ReadsARegularFileWhole) {
  const ScratchFolder folder("cvc-input-file");
  write(folder / "a.json", "{\"x\": 1}\n");
  EXPECT_EQ(read_input_file((folder / "a.json").string(), 100), "{\"x\": 1}\n");
  write(folder / "empty", "");
  EXPECT_EQ(read_input_file((folder / "empty").string(), 0), "");
}

TEST(InputFile, AFileOfExactlyTheCapIsRead) {
  const ScratchFolder folder("cvc-input-file");
  write(folder / "ten", "0123456789");
  EXPECT_EQ(read_input_file((folder / "ten").string(), 10), "0123456789");
  EXPECT_TRUE(contains(refusal(folder / "ten", 9, FinalLink::Follow), "10 bytes"));
}

TEST(InputFile, AMissingFileIsNamed) {
  const ScratchFolder folder("cvc-input-file");
  const std::string message = refusal(folder / "nowhere.json", 100, FinalLink::Follow);
  EXPECT_TRUE(contains(message, (folder / "nowhere.json").string())) << message;
  EXPECT_TRUE(contains(message, "no such file")) << message;
}

TEST(InputFile, AFifoIsRefusedWithoutBlocking) {
  const ScratchFolder folder("cvc-input-file");
  const fs::path fifo = folder / "zarr.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const FinalLink link : {FinalLink::Follow, FinalLink::Refuse}) {
    const std::string message = refusal(fifo, 100, link, fifo);
    EXPECT_TRUE(contains(message, fifo.string())) << message;
    EXPECT_TRUE(contains(message, "a FIFO")) << message;
  }
  // Through a symbolic link (followed) too.
  fs::create_symlink(fifo, folder / "link.json");
  EXPECT_TRUE(contains(refusal(folder / "link.json", 100, FinalLink::Follow, fifo), "a FIFO"));
}

TEST(InputFile, ADeviceIsRefused) {
  const std::string message = refusal("/dev/zero", 1 << 20, FinalLink::Follow);
  EXPECT_TRUE(contains(message, "/dev/zero: a device")) << message;
}

TEST(InputFile, AFolderIsRefused) {
  const ScratchFolder folder("cvc-input-file");
  fs::create_directory(folder / "index.json");
  EXPECT_TRUE(contains(refusal(folder / "index.json", 100, FinalLink::Follow), "a directory"));
}

// A sparse file of 1 TiB: read, it would take hours; refused by its size, it takes no time.
TEST(InputFile, AFileOverTheCapIsRefusedBeforeReadingWithItsSize) {
  const ScratchFolder folder("cvc-input-file");
  const fs::path huge = folder / "huge.json";
  write(huge, "");
  fs::resize_file(huge, std::uintmax_t{1} << 40);
  const auto start = std::chrono::steady_clock::now();
  const std::string message = refusal(huge, 1 << 20, FinalLink::Follow);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  EXPECT_TRUE(contains(message, huge.string())) << message;
  EXPECT_TRUE(contains(message, "1099511627776 bytes")) << message;
  EXPECT_TRUE(contains(message, "limit of 1048576")) << message;
}

TEST(InputFile, ASymbolicLinkIsRefusedOrFollowedAsAsked) {
  const ScratchFolder folder("cvc-input-file");
  write(folder / "target.json", "[1]");
  fs::create_symlink(folder / "target.json", folder / "link.json");
  const std::string message = refusal(folder / "link.json", 100, FinalLink::Refuse);
  EXPECT_TRUE(contains(message, (folder / "link.json").string())) << message;
  EXPECT_TRUE(contains(message, "a symbolic link")) << message;
  EXPECT_EQ(read_input_file((folder / "link.json").string(), 100, FinalLink::Follow), "[1]");
  // A loop of links: refused either way, never followed round.
  fs::create_symlink(folder / "loop", folder / "loop");
  EXPECT_TRUE(contains(refusal(folder / "loop", 100, FinalLink::Refuse), "a symbolic link"));
  EXPECT_FALSE(refusal(folder / "loop", 100, FinalLink::Follow).empty());
}

TEST(InputFile, TheDefaultCapIsTheSetOne) {
  const std::uintmax_t earlier = max_input_file_bytes();
  const ScratchFolder folder("cvc-input-file");
  write(folder / "ten", "0123456789");
  set_max_input_file_bytes(9);
  EXPECT_THROW(read_input_file((folder / "ten").string()), InputFileError);
  set_max_input_file_bytes(earlier);
  EXPECT_EQ(read_input_file((folder / "ten").string()), "0123456789");
}

}  // namespace
}  // namespace cvc::input_file_test
