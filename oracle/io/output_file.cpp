#include "oracle/io/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>

namespace cvc {
namespace {

namespace fs = std::filesystem;

fs::path folder_of(const fs::path& path) {
  const fs::path parent = path.parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

}  // namespace

void check_output_path(const fs::path& path) {
  const std::string name = path.string();
  if (name.empty()) throw OutputFileError("an empty output path");
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (fs::exists(status) && !fs::is_regular_file(status))
    throw OutputFileError(name + ": exists and is not a regular file (" +
                          (fs::is_directory(status) ? "a folder"
                           : fs::is_fifo(status)    ? "a FIFO"
                                                    : "a device or socket") +
                          "); give the path of a file to write");
  const fs::path folder = folder_of(path);
  const fs::file_status folder_status = fs::status(folder, error);
  if (!fs::exists(folder_status))
    throw OutputFileError(name + ": its folder " + folder.string() + " does not exist");
  if (!fs::is_directory(folder_status))
    throw OutputFileError(name + ": " + folder.string() + " is not a folder");
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    throw OutputFileError(name + ": its folder " + folder.string() + " is not writable (" +
                          std::strerror(errno) + ")");
}

void prepare_output_directory(const fs::path& path) {
  const std::string name = path.string();
  std::error_code error;
  const fs::file_status link_status = fs::symlink_status(path, error);
  if (fs::is_symlink(link_status))
    throw OutputFileError(name +
                          ": a symbolic link; an output folder is never followed through a link "
                          "(give the folder itself)");
  if (fs::exists(link_status) && !fs::is_directory(link_status))
    throw OutputFileError(name + ": exists and is not a folder");
  if (!fs::exists(link_status)) {
    fs::create_directories(path, error);
    if (error) throw OutputFileError(name + ": cannot make the folder: " + error.message());
  }
  if (::access(path.c_str(), W_OK | X_OK) != 0)
    throw OutputFileError(name + ": the folder is not writable (" + std::strerror(errno) + ")");
}

AtomicOutputFile::AtomicOutputFile(fs::path path) : path_(std::move(path)) {
  check_output_path(path_);
  std::string pattern =
      (folder_of(path_) / (path_.filename().string() + ".partial-XXXXXX")).string();
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0)
    throw OutputFileError(path_.string() +
                          ": cannot make a temporary file beside it: " + std::strerror(errno));
  ::close(fd);
  temporary_ = pattern;
  stream_.open(temporary_, std::ios::binary | std::ios::trunc);
  if (!stream_) {
    std::error_code ignored;
    fs::remove(temporary_, ignored);
    throw OutputFileError(path_.string() + ": cannot write " + temporary_.string());
  }
}

AtomicOutputFile::~AtomicOutputFile() {
  if (committed_) return;
  stream_.close();
  std::error_code ignored;
  fs::remove(temporary_, ignored);
}

void AtomicOutputFile::commit() {
  stream_.flush();
  const bool written = static_cast<bool>(stream_);
  stream_.close();
  if (!written || stream_.fail())
    throw OutputFileError(path_.string() + ": could not write everything (disk full?)");
  // The mode a plain ofstream would have given (mkstemp makes it 0600).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::chmod(temporary_.c_str(), 0666 & ~mask);
  std::error_code error;
  fs::rename(temporary_, path_, error);
  if (error)
    throw OutputFileError(path_.string() +
                          ": cannot move the finished file into place: " + error.message());
  committed_ = true;
}

void write_output_file(const fs::path& path, std::string_view content) {
  AtomicOutputFile file(path);
  file.stream().write(content.data(), static_cast<std::streamsize>(content.size()));
  file.commit();
}

}  // namespace cvc
