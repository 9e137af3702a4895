// Where a report is written: a stream the caller owns, or a file the report opens when it is
// constructed, so that an unwritable path stops the run before it starts rather than after it.
#pragma once

#include <filesystem>
#include <fstream>
#include <memory>
#include <ostream>
#include <string>

namespace cvc {

class ReportOutput {
 public:
  explicit ReportOutput(std::ostream& stream);
  // Creates (or truncates) the file; throws std::runtime_error when it cannot.
  explicit ReportOutput(const std::filesystem::path& path);

  std::ostream& stream() { return *stream_; }
  // Flushes; throws std::runtime_error when anything could not be written.
  void finish();

 private:
  std::unique_ptr<std::ofstream> file_;
  std::ostream* stream_;
  std::string name_;  // the path, for error messages
};

}  // namespace cvc
