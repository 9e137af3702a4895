#include "harness/reports/report_output.hpp"

#include <stdexcept>

namespace cvc {

ReportOutput::ReportOutput(std::ostream& stream) : stream_(&stream) {}

ReportOutput::ReportOutput(const std::filesystem::path& path)
    : file_(std::make_unique<AtomicOutputFile>(path)), stream_(&file_->stream()) {}

void ReportOutput::finish() {
  if (file_) return file_->commit();
  stream_->flush();
  if (!*stream_) throw std::runtime_error("could not write the report stream");
}

}  // namespace cvc
