// cvc verify-vectors: the self-check of a vector folder.
#include <iostream>

#include "cli/commands.hpp"
#include "harness/text/progress_report.hpp"
#include "oracle/io/input_file.hpp"
#include "vector_format/vector_check.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kVerifyHelp =
    R"(usage: cvc verify-vectors [--completeness-sample N] [--max-file-bytes N] [--allow-modified]
                          [--quiet] DIR

Checks a vector folder: it holds only regular files and folders (no symbolic link, FIFO or
device), manifest.json lists every file but the documentation (README.md, CHANGELOG.md, STORES.md,
schema/) with its size and SHA-256, the manifest is one the suite published (its SHA-256 is in
the suite's table: otherwise the folder is a modified vector set, and what it lacks against the
published manifest of the version it declares is said), every file has the cast-value-vectors
version 1 structure, and every expected result (and every listed
alternative result) is recomputed: cast, scalar_map and chain results by the slow oracle
(independent of the fast oracle that generated them; a chain's elements go through the same chain
procedure with the slow oracle's cast_value and scale_offset), metadata and scalars verdicts by the
oracle's metadata and scalar code (which has no second implementation). Cases whose id is a
multiple of N (default 16; 1 checks all, 0 none) are also checked for completeness: no alternative
reading changes a result the case does not list. Only regular files of at most --max-file-bytes (default
67108864) are read.

Exit 0 when everything checks and the set is a published one; 1 when a problem is found in the
files' contents (each is printed with its file, group and case), or when the set is modified, even
if self-consistent (--allow-modified: 0 then, for a set of one's own, such as a test fixture); 2
for bad arguments and for a folder that fails its manifest (a file unlisted, missing, of another
size or SHA-256, a link, FIFO or device).
)";

// The vector set's identity: published, or modified with what it lacks.
void print_identity(const VectorSetIdentity& identity) {
  std::cout << "vector set: " << identity.description();
  if (!identity.is_published()) std::cout << "; " << identity.differences();
  std::cout << " (manifest SHA-256 " << identity.manifest_sha256 << ")\n";
}

}  // namespace

int run_verify_vectors(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kVerifyHelp;
    return kExitOk;
  }
  VectorCheckOptions options;
  options.completeness_sample =
      arguments.number_option("completeness-sample", options.completeness_sample, {0, UINT64_MAX});
  set_max_input_file_bytes(
      arguments.number_option("max-file-bytes", kDefaultMaxInputFileBytes, kFileBytesRange));
  const bool quiet = arguments.flag("quiet");
  const bool allow_modified = arguments.flag("allow-modified");
  const std::vector<std::string> folders = arguments.finish();
  if (folders.size() != 1) throw UsageError("cvc verify-vectors: give exactly one DIR");
  ProgressReport progress("verify-vectors: files", quiet);
  progress.hide_time_left();  // the large cast files come first
  options.progress = [&](const std::string& file, std::size_t done, std::size_t total) {
    progress.update(done, total, file);
  };
  const VectorCheckReport report = check_vectors(folders[0], options);
  progress.finish();
  for (const std::string& problem : report.problems) std::cout << "problem: " << problem << "\n";
  std::cout << report.files << " files, " << report.results_checked << " results and "
            << report.alternatives_checked
            << " alternative results recomputed (cast, scalar_map and chain by the slow oracle; "
            << report.chain_results_checked << " chain results), " << report.completeness_cases
            << " cases checked for completeness: "
            << (report.problems.empty() ? "all agree"
                                        : std::to_string(report.problems.size()) + " problems")
            << "\n";
  if (!report.identity.manifest_sha256.empty()) print_identity(report.identity);
  if (report.manifest_problems > 0) return kExitUsage;
  if (!report.problems.empty()) return kExitNegative;
  return report.identity.is_published() || allow_modified ? kExitOk : kExitNegative;
}

}  // namespace cvc::cli
