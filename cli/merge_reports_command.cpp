// cvc merge-reports: the shards' JSON reports of one run merged into the report of the whole run.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/report_files.hpp"
#include "harness/reports/report_merge.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/input_file.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kMergeReportsHelp =
    R"(usage: cvc merge-reports [options] SHARD.json...

Merges the JSON reports of the shards of one run (`cvc run --shard K/N --json SHARD.json`, run
for K = 1..N, on one machine or many) into the report of the whole run, and reports it as
`cvc run` would have: the same terminal report, JSON, JUnit and HTML, byte for byte, but for
times (the start, the durations and the per-cell seconds; harness/reports/REPORTS.md, "Shards and
merging"). Refuses reports that are not every shard of one run exactly once, naming the file and
what differs (a missing or repeated shard, another run id, selection, implementation, hello
declaration, vectors or harness version), and a report with an unsupported reason that cannot
apply to its cell.

)";

constexpr std::string_view kMergeReportsHelpEnd =
    R"(  --run-id ID             merge only shards of the run ID (`cvc run --run-id ID`): a shard of
                          another run is refused, naming its file (every shard of one run
                          has the same id in any case)
  --max-file-bytes N      refuse reports larger than N bytes (default 67108864); only regular
                          files are read (a FIFO is refused, never waited on)

Each report is checked before it is merged: its counts must add up (without wrapping past
2^64 - 1) and its parts agree: totals, cells, rules, flags, failure groups, the diagnosis, and
the fields derived from them (complete, exit_code, accounting, each cell's status). A report
whose failures were relabelled in some of these but not all is refused, naming the file and
the disagreement. The report files are written under a temporary name and renamed into place,
so a refused merge leaves an earlier report at the same path untouched.

Exit 0 when the merged run passes, 1 when it does not (failures, adapter errors, an
interrupted or aborted shard, nothing compared), as `cvc run` exits for the whole run; 2 when
the reports cannot be merged or read; 3 for an I/O error.
)";

}  // namespace

int run_merge_reports(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kMergeReportsHelp << kReportOptionsHelp << kMergeReportsHelpEnd;
    return kExitOk;
  }
  const ReportRequest request = read_report_arguments(arguments);
  set_max_input_file_bytes(
      arguments.number_option("max-file-bytes", kDefaultMaxInputFileBytes, kFileBytesRange));
  const std::optional<std::string> run_id = arguments.option("run-id");
  const std::vector<std::string> paths = arguments.finish();
  if (paths.empty()) throw UsageError("cvc merge-reports: give the shards' JSON reports");
  std::vector<ReportFile> files = open_report_files(request, "cvc merge-reports");
  MergeResult merged{RunSummary(), {}};
  try {
    merged = merge_shard_report_files({paths.begin(), paths.end()});
    // The shards agree on one run id (the merge checks it); it must be the one asked for.
    if (run_id && merged.summary.info().run_id != *run_id)
      throw MergeError(paths.front() + " is not of the run asked for: run.run_id is \"" +
                       bounded_quote(merged.summary.info().run_id) + "\", not --run-id \"" +
                       bounded_quote(*run_id) + "\"");
  } catch (const MergeError& error) {
    throw UsageError(std::string("cvc merge-reports: ") + error.what());
  }
  for (const std::string& warning : merged.warnings)
    std::cerr << "cvc merge-reports: warning: " << warning << "\n";
  write_reports(merged.summary, request, files);
  return exit_code(merged.summary) == 0 ? kExitOk : kExitNegative;
}

}  // namespace cvc::cli
