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
  // The files the protocol cannot exercise (the scalars family), with their case counts.
  std::vector<std::string> outside_selection() const override { return outside_selection_; }
  // The manifest's "vectors_version" ("" when it has none) and the SHA-256 of manifest.json.
  const std::string& vectors_version() const { return vectors_version_; }
  const std::string& manifest_sha256() const { return manifest_sha256_; }

 private:
  void load(const std::string& relative_path);

  std::string directory_;
  CaseFilter filter_;
  std::vector<std::string> files_;
  std::size_t next_file_ = 0;
  std::deque<CaseBatch> pending_;
  std::vector<std::string> outside_selection_;
  std::string vectors_version_, manifest_sha256_;
};

}  // namespace cvc
