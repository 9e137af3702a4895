#include "oracle/input_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace cvc {
namespace {

std::uintmax_t g_max_input_file_bytes = kDefaultMaxInputFileBytes;

}  // namespace

std::uintmax_t max_input_file_bytes() {
  return g_max_input_file_bytes;
}

void set_max_input_file_bytes(std::uintmax_t max_bytes) {
  g_max_input_file_bytes = max_bytes;
}

std::string read_input_file(const std::string& path) {
  return read_input_file(path, g_max_input_file_bytes);
}

std::string read_input_file(const std::string& path, std::uintmax_t max_bytes) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::file_status status = fs::status(path, error);  // follows symlinks
  if (error || !fs::exists(status)) throw InputFileError(path + ": no such file");
  if (!fs::is_regular_file(status))
    throw InputFileError(path +
                         ": not a regular file (a directory, FIFO, device or socket is "
                         "never read)");
  const std::uintmax_t size = fs::file_size(path, error);
  if (!error && size > max_bytes)
    throw InputFileError(path + ": " + std::to_string(size) + " bytes, more than the limit of " +
                         std::to_string(max_bytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputFileError(path + ": cannot open: " + std::strerror(errno));
  // Read at most max_bytes + 1, in case the file grows while it is read.
  std::string text(static_cast<std::size_t>(std::min<std::uintmax_t>(size, max_bytes) + 1), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (in.bad()) throw InputFileError(path + ": read error");
  if (text.size() > max_bytes)
    throw InputFileError(path + ": more than the limit of " + std::to_string(max_bytes) + " bytes");
  return text;
}

}  // namespace cvc
