// Cases from a published vector folder (vectors/README.md), file by file, so that memory holds
// one file at a time.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "harness/case_batch.hpp"

namespace cvc {

class VectorCaseSource : public CaseSource {
 public:
  // Throws std::runtime_error when the folder or its manifest cannot be read.
  VectorCaseSource(std::string directory, CaseFilter filter);
  bool next(CaseBatch& batch) override;
  std::uint64_t total_cases() const override { return 0; }
  // What the folder holds that the protocol cannot exercise (reported, not run): the scalars
  // family, and metadata cases whose array data type is not one of the 26.
  const std::vector<std::string>& skipped() const { return skipped_; }

 private:
  void load(const std::string& relative_path);

  std::string directory_;
  CaseFilter filter_;
  std::vector<std::string> files_;
  std::size_t next_file_ = 0;
  std::deque<CaseBatch> pending_;
  std::vector<std::string> skipped_;
};

}  // namespace cvc
