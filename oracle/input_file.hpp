// Reading a file that comes from outside (a vector file, a manifest, a zarr.json): only a regular
// file (not a FIFO, a device or a symlink to one, which would block or never end), and only up to
// a size cap, so that a hostile path cannot hang a command or exhaust memory.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace cvc {

// The default cap, far above the largest published vector file (about 4 MB).
inline constexpr std::uintmax_t kDefaultMaxInputFileBytes = std::uintmax_t{64} << 20;

class InputFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The cap read_input_file applies by default: kDefaultMaxInputFileBytes unless a command's
// --max-file-bytes set another.
std::uintmax_t max_input_file_bytes();
void set_max_input_file_bytes(std::uintmax_t max_bytes);

// The whole file; throws InputFileError naming the path and what is wrong (missing, not a regular
// file, larger than max_bytes, unreadable).
std::string read_input_file(const std::string& path, std::uintmax_t max_bytes);
std::string read_input_file(const std::string& path);  // with max_input_file_bytes()

}  // namespace cvc
