#include "harness/reports/report_output.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace cvc {

ReportOutput::ReportOutput(std::ostream& stream) : stream_(&stream), name_("report stream") {}

ReportOutput::ReportOutput(const std::filesystem::path& path)
    : file_(std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc)),
      stream_(file_.get()),
      name_(path.string()) {
  if (!*file_)
    throw std::runtime_error("cannot write the report " + name_ + ": " + std::strerror(errno));
}

void ReportOutput::finish() {
  stream_->flush();
  if (!*stream_) throw std::runtime_error("could not write the report " + name_);
}

}  // namespace cvc
