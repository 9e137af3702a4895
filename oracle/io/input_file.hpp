// Reading a file that comes from outside (a vector file, a manifest, a zarr.json, a chunk written
// by the implementation, a report to merge): only a regular file (not a FIFO, a device or a
// symlink to one, which would block or never end), and only up to a size cap checked before a
// byte is read, so that a hostile path cannot hang a command or exhaust memory.
//
// The file is opened with O_NONBLOCK (opening a FIFO never blocks) and checked with fstat on the
// descriptor that is then read (no window between the check and the read for a swap).
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

// Whether a symlink at the path itself is followed. A path the user typed may be a link; a file
// found inside a tree from outside (a vector folder, an array the implementation wrote) may not,
// since a link there reaches outside what was checked.
enum class FinalLink { Follow, Refuse };

// The cap read_input_file applies by default: kDefaultMaxInputFileBytes unless a command's
// --max-file-bytes set another.
std::uintmax_t max_input_file_bytes();
void set_max_input_file_bytes(std::uintmax_t max_bytes);

// The whole file; throws InputFileError naming the path and what is wrong (missing, a symlink
// where refused, not a regular file, larger than max_bytes with its size, unreadable).
std::string read_input_file(const std::string& path, std::uintmax_t max_bytes,
                            FinalLink link = FinalLink::Follow);
std::string read_input_file(const std::string& path);  // with max_input_file_bytes()

}  // namespace cvc
