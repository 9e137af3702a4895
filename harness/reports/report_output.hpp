// Where a report is written: a stream the caller owns, or a file checked and opened (under a
// temporary name beside it) when the report is constructed, so that an unwritable path stops the
// run before it starts rather than after it, and renamed into place by finish(): a run or merge
// that fails, is refused or is killed never truncates or half-writes an earlier report there.
#pragma once

#include <filesystem>
#include <memory>
#include <ostream>
#include <string>

#include "oracle/io/output_file.hpp"

namespace cvc {

class ReportOutput {
 public:
  explicit ReportOutput(std::ostream& stream);
  // check_output_path, then the temporary file; throws OutputFileError (naming the path) when the
  // path is a folder, a FIFO, a device, or its folder is missing or not writable.
  explicit ReportOutput(const std::filesystem::path& path);

  std::ostream& stream() { return *stream_; }
  // Flushes, and for a file renames it into place; throws std::runtime_error (OutputFileError
  // for a file) when anything could not be written. Destroyed unfinished, the file's path is
  // untouched.
  void finish();

 private:
  std::unique_ptr<AtomicOutputFile> file_;
  std::ostream* stream_;
};

}  // namespace cvc
