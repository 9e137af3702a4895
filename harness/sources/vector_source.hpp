// Cases from a published vector folder (vectors/README.md), file by file as the runner pulls
// batches: each file is read once (its bytes hashed against the manifest, then parsed in one
// streaming pass), and only the groups the filter selects are kept, as bits.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "harness/sources/case_batch.hpp"
#include "harness/sources/case_filter.hpp"
#include "harness/sources/case_source.hpp"
#include "vector_format/manifest.hpp"

namespace cvc {

// One selected group of a cast or scalar_map file, with its cases as the batches need them: one
// batch per configuration is built from it when the runner asks for that batch.
struct SelectedGroup;

// The vector files kept in memory between the manifest check and their use, so that each is read
// once; beyond this total, a file is read again (and its digest checked again) when used.
inline constexpr std::uintmax_t kDefaultVectorKeepBytes = std::uintmax_t{512} << 20;

class VectorCaseSource : public CaseSource {
 public:
  // Throws VectorFormatError when the folder or its manifest cannot be read, or a file fails it.
  VectorCaseSource(std::string directory, CaseFilter filter,
                   std::uintmax_t keep_bytes = kDefaultVectorKeepBytes);
  ~VectorCaseSource() override;
  bool next(CaseBatch& batch) override;
  // The cases the files declare ("number_of_cases", checked as each is read), when the filter
  // keeps whole files (none or only --family) and every file is kept in memory; else 0.
  std::uint64_t total_cases() const override { return total_; }
  // The files the protocol cannot exercise (the scalars family), with their case counts.
  std::vector<std::string> outside_selection() const override { return outside_selection_; }
  // The manifest's "vectors_version" ("" when it has none) and the SHA-256 of manifest.json.
  const std::string& vectors_version() const { return vectors_version_; }
  const std::string& manifest_sha256() const { return manifest_sha256_; }
  // Whether the manifest is one the suite published (a modified set otherwise, whatever its
  // "vectors_version" says).
  const VectorSetIdentity& identity() const { return manifest_.identity; }

 protected:
  // The next batch's case count; a cast batch is not built.
  std::optional<std::uint64_t> skip_one() override;

 private:
  // Loads files until a batch is pending; false when every file is done.
  bool fill_pending();
  void load(std::size_t file);
  std::uint64_t declared_total() const;

  std::string directory_;
  CaseFilter filter_;
  ManifestCheck manifest_;  // the files, their digests and (while kept) their bytes
  std::size_t next_file_ = 0;
  // The pending batches of the file being run: validate batches, chain batches, or cast groups
  // (one batch per group and configuration, in that order).
  std::deque<ValidateBatch> pending_validate_;
  std::deque<CastBatch> pending_chain_;  // the chain family: one batch per group
  std::vector<SelectedGroup> pending_groups_;
  std::size_t next_group_ = 0, next_configuration_ = 0;
  std::vector<std::string> outside_selection_;
  // The array metadata (array type, fill value, configuration) of the groups already found valid.
  std::set<std::string> valid_metadata_;
  std::string vectors_version_, manifest_sha256_;
  std::uint64_t total_ = 0;
};

}  // namespace cvc
