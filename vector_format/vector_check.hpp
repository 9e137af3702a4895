// The self-check of a vector folder (the verifier, separate from the generator): the manifest
// matches the files, every file parses, and every expected result is recomputed by the slow
// oracle, which shares no arithmetic with the fast oracle that generated them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "vector_format/manifest.hpp"

namespace cvc {

struct VectorCheckOptions {
  // Every case with id % completeness_sample == 0 is also checked for flag completeness: every
  // alternative of every flag that acts on it (cast flags; for chains also the scale_offset
  // flags) is recomputed, and must change exactly the listed results.
  std::uint64_t completeness_sample = 16;
  // Called before each file is checked (`done` of `total` listed files before it), and once at
  // the end with done == total.
  std::function<void(const std::string& file, std::size_t done, std::size_t total)> progress;
};

struct VectorCheckReport {
  std::size_t files = 0;
  std::uint64_t results_checked = 0;
  std::uint64_t alternatives_checked = 0;
  std::uint64_t completeness_cases = 0;
  std::uint64_t chain_results_checked = 0;  // of results_checked: the chain family's cases
  std::vector<std::string> problems;        // each names the file, group and case
  // Of problems, the first ones: the manifest check's (the folder itself: its files, their
  // listing, sizes and digests), before any file is parsed.
  std::size_t manifest_problems = 0;
  VectorSetIdentity identity;  // whether the manifest is one the suite published
};

VectorCheckReport check_vectors(const std::string& directory, const VectorCheckOptions& options);

}  // namespace cvc
