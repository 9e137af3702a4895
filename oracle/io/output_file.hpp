// Writing a file the user asked for (a report, a merged report, a draft, a vector file): checked
// before the work starts, written under a temporary name beside it and renamed into place only
// when complete, so that a refusal, a crash or a kill never leaves a half-written file or
// destroys an earlier one. A FIFO, device or directory where a file is expected is refused (a FIFO
// with no reader would block the writer forever).
#pragma once

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cvc {

class OutputFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws OutputFileError naming the path unless a file can be written there: the path is absent
// or a regular file (a symlink to one is replaced by the file), and its folder exists, is a folder
// and is writable. Every command calls it for every output before it starts its work.
void check_output_path(const std::filesystem::path& path);

// Makes the folder (and its parents) if absent; throws OutputFileError naming the path when it is
// a symbolic link (never followed: give the folder itself), exists and is not a folder, or cannot
// be made or written.
void prepare_output_directory(const std::filesystem::path& path);

// The file being written: check_output_path, then a temporary "NAME.partial-XXXXXX" beside it.
// commit() flushes and renames it to the path; destroyed without commit(), the temporary is
// removed and the path is untouched.
class AtomicOutputFile {
 public:
  explicit AtomicOutputFile(std::filesystem::path path);
  ~AtomicOutputFile();
  AtomicOutputFile(const AtomicOutputFile&) = delete;
  AtomicOutputFile& operator=(const AtomicOutputFile&) = delete;

  std::ostream& stream() { return stream_; }
  const std::filesystem::path& path() const { return path_; }
  // Throws OutputFileError when anything could not be written or renamed (the path untouched).
  void commit();

 private:
  std::filesystem::path path_;
  std::filesystem::path temporary_;
  std::ofstream stream_;
  bool committed_ = false;
};

// The whole content, written through an AtomicOutputFile.
void write_output_file(const std::filesystem::path& path, std::string_view content);

}  // namespace cvc
