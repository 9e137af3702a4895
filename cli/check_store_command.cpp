// cvc check-store: certify an implementation through real Zarr arrays (the store-level vectors).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/input.hpp"
#include "cli/interrupt_signals.hpp"
#include "cli/near_names.hpp"
#include "cli/report_files.hpp"
#include "cli/temporary_directory.hpp"
#include "harness/reports/report_output.hpp"
#include "harness/stores/store_report.hpp"
#include "harness/text/progress_report.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/io/output_file.hpp"
#include "vector_format/manifest.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kCheckStoreHelp =
    R"(usage: cvc check-store --impl "COMMAND ..." [--vectors DIR] [--cli] [options]

Certifies an implementation through real Zarr v3 arrays: each array of the store-level vectors
(DIR/stores/index.json, vectors/STORES.md) is copied to a scratch directory and handed to the
implementation, which reads it (decode arrays: the values are compared, any NaN matching any NaN),
writes values into it (encode arrays: the chunk files it leaves are compared with the expected
ones, element by element and inner chunk by inner chunk; a chunk holding only the fill value may
be left unwritten), or opens it (open arrays: valid or invalid metadata). Every array is counted:
pass, fail, unsupported (an operation or data type the adapter does not declare, or an
`unsupported` answer) or adapter error.

  --impl "COMMAND ..."    the adapter (harness/protocol/PROTOCOL.md, "Store operations"), run through
                          /bin/sh -c; with --cli, the program of the store command line
  --cli                   run COMMAND once per array instead: `COMMAND read DIR`, `COMMAND write
                          DIR REQUEST.json`, `COMMAND open DIR` (harness/protocol/PROTOCOL.md, "The store
                          command line"), for an implementation without an adapter
  --name NAME             with --cli: the implementation's name in the reports
  --vectors DIR           the vector folder holding stores/index.json (default: vectors); its
                          manifest.json, when there is one, is checked first (SHA-256 of every
                          listed file)
  --kind decode|encode|open  only arrays of this kind (repeatable)
  --feature NAME          only arrays with this feature (repeatable; vectors/STORES.md lists them)
  --type NAME             only arrays involving this data type (repeatable)
  --timeout SECONDS       per operation, before the adapter or program is killed (60)
  --start-timeout SECONDS the wait for the adapter's hello answer at each start (default: the
                          --timeout; not with --cli, which has no hello)
  --max-incidents-in-a-row N  abort the check after N arrays in a row end in an adapter incident
                          (crash, timeout, malformed answer); the rest is counted not reached (5)
  --max-incidents N       abort the check after N arrays in all end in an adapter incident, also
                          when they alternate with good answers (50)
  --report-dir DIR        write stores.json and stores.xml (JUnit) into DIR
  --json PATH, --junit PATH   write one report form to PATH
  --failures N            failed arrays printed with their detail on the terminal (default 20)
  --max-file-bytes N      refuse an index.json, zarr.json or chunk file of the vectors larger than
                          N bytes, and an array whose chunks may take more (default 67108864)

Exit 0 when at least one array passed and none failed, ended in an adapter error or was not
reached; 1 otherwise (also when interrupted or aborted, or when every array was unsupported); 2
for bad arguments or malformed store vectors (a link, a FIFO or a stray chunk file in an array
folder among them) or an implementation that cannot be started (said once, before any array);
3 for an internal or I/O error (`cvc help exit-codes`).
)";

std::atomic<bool> g_store_interrupted{false};

extern "C" void on_store_interrupt(int) {
  g_store_interrupted = true;
}

struct StoreReportFile {
  std::filesystem::path path;
  void (*writer)(const StoreRun&, std::ostream&);
  std::unique_ptr<ReportOutput> output;
};

StoreReportFile open_store_report(const std::string& path,
                                  void (*writer)(const StoreRun&, std::ostream&)) {
  return {path, writer, open_report_output(path, "cvc check-store")};
}

// The vector folder's manifest (vector_format/manifest.hpp), when it has one: every listed file,
// the store family's included, must match its SHA-256 before any array is used. Folders without
// a manifest (test fixtures) are read as they are.
std::optional<ManifestCheck> checked_manifest(const std::string& directory) {
  if (!std::filesystem::exists(std::filesystem::path(directory) / "manifest.json"))
    return std::nullopt;
  ManifestCheck manifest = check_manifest(directory);
  if (!manifest.problems.empty()) {
    std::string text;
    for (std::size_t k = 0; k < manifest.problems.size() && k < 5; ++k)
      text += "\n  " + manifest.problems[k];
    throw UsageError("cvc check-store: --vectors " + directory + ": the manifest check fails (" +
                     std::to_string(manifest.problems.size()) + " problems):" + text);
  }
  return manifest;
}

// A report path, checked before anything is read or run: its folder made (never through a
// symbolic link), the path absent or a regular file there.
void check_report_path(const std::string& path) {
  const std::filesystem::path file(path);
  try {
    if (file.has_parent_path()) prepare_output_directory(file.parent_path());
    check_output_path(file);
  } catch (const OutputFileError& error) {
    throw UsageError("cvc check-store: cannot write the report " + path + ": " + error.what());
  }
}

// What the command line asks for.
struct CheckStoreRequest {
  std::string impl;
  bool cli = false;
  std::optional<std::string> name;
  std::string vectors_path;
  StoreCheckOptions options;
  std::chrono::milliseconds timeout{0};
  std::chrono::milliseconds start_timeout{0};
  std::optional<std::string> json_path, junit_path;
  std::uint64_t failures_shown = 20;
};

CheckStoreRequest parse_check_store(Arguments& arguments) {
  CheckStoreRequest request;
  const std::optional<std::string> impl = arguments.option("impl");
  if (!impl) throw UsageError("cvc check-store: missing required option --impl");
  request.impl = *impl;
  request.cli = arguments.flag("cli");
  request.name = arguments.option("name");
  request.vectors_path = arguments.option("vectors").value_or("vectors");
  request.options.kinds = arguments.repeated_option("kind");
  request.options.features = arguments.repeated_option("feature");
  request.options.types = arguments.repeated_option("type");
  request.timeout = arguments.timeout_option(60);
  request.start_timeout = arguments.start_timeout_option();
  request.options.max_incidents_in_a_row =
      static_cast<std::size_t>(arguments.max_incidents_option());
  request.options.max_incidents = static_cast<std::size_t>(arguments.max_total_incidents_option());
  const std::optional<std::string> report_dir = arguments.option("report-dir");
  request.json_path = arguments.option("json");
  request.junit_path = arguments.option("junit");
  request.failures_shown = arguments.number_option("failures", 20, kFailuresShownRange);
  set_max_input_file_bytes(
      arguments.number_option("max-file-bytes", kDefaultMaxInputFileBytes, kFileBytesRange));
  if (!arguments.finish().empty())
    throw UsageError("cvc check-store: unexpected positional arguments");
  if (request.name && !request.cli) throw UsageError("cvc check-store: --name goes with --cli");
  if (request.cli && request.start_timeout.count() > 0)
    throw UsageError(
        "cvc check-store: --start-timeout goes with an adapter, not --cli (which has no hello)");
  static constexpr std::string_view kKinds[] = {"decode", "encode", "open"};
  for (const std::string& kind : request.options.kinds)
    name_argument("cvc check-store", "--kind", kind, kKinds);
  for (const std::string& feature : request.options.features)
    if (std::find(std::begin(kStoreFeatures), std::end(kStoreFeatures), feature) ==
        std::end(kStoreFeatures))
      throw UsageError("cvc check-store: --feature " + feature +
                       " is not a feature of the store vectors (vectors/STORES.md, \"Features\")" +
                       did_you_mean(feature, kStoreFeatures));
  for (const std::string& type : request.options.types)
    type_argument("cvc check-store: --type", type);
  if (report_dir) {
    request.json_path = request.json_path.value_or(*report_dir + "/stores.json");
    request.junit_path = request.junit_path.value_or(*report_dir + "/stores.xml");
  }
  if (request.json_path && request.json_path == request.junit_path)
    throw UsageError("cvc check-store: --json and --junit name the same file " +
                     *request.json_path);
  for (const std::optional<std::string>& path : {request.json_path, request.junit_path})
    if (path) check_report_path(*path);
  return request;
}

// The store vectors at `path`, its manifest checked first when it has one (and named in `run`).
StoreVectors read_checked_vectors(const std::string& path, StoreRun& run) {
  if (const std::optional<ManifestCheck> manifest = checked_manifest(path)) {
    // The identity, never only the declared version: a modified set says so (as cvc run does).
    run.vectors_version = manifest->identity.report_version();
    if (!manifest->identity.is_published())
      std::cerr << "cvc check-store: --vectors " << path << ": " << manifest->identity.description()
                << "; " << manifest->identity.differences() << "\n";
    run.vectors_manifest_sha256 = manifest->sha256;
  }
  try {
    return read_store_vectors(path);
  } catch (const StoreVectorError& error) {
    throw UsageError("cvc check-store: --vectors " + path + ": " + error.what());
  }
}

// Every selected array against `target` (SIGINT and SIGTERM end the run early: the arrays not
// reached are counted as such).
void check_arrays(const StoreVectors& vectors, StoreTarget& target,
                  const CheckStoreRequest& request, StoreRun& run) {
  const auto start = std::chrono::steady_clock::now();
  try {
    check_store_arrays(vectors, target, request.options, run);
  } catch (const StoreVectorError& error) {
    throw UsageError("cvc check-store: --vectors " + request.vectors_path + ": " + error.what());
  }
  target.close();
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int run_check_store(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kCheckStoreHelp;
    return kExitOk;
  }
  CheckStoreRequest request = parse_check_store(arguments);
  // From here on a signal ends the check with its reports, the arrays not reached said so.
  const InterruptSignals signals(on_store_interrupt);
  StoreRun run;
  const StoreVectors vectors = read_checked_vectors(request.vectors_path, run);

  const TemporaryDirectory scratch("cvc-stores");
  request.options.scratch = std::filesystem::canonical(scratch.path());
  request.options.interrupted = &g_store_interrupted;
  ProgressReport progress("arrays");
  request.options.progress = [&](std::size_t done, std::size_t total) {
    progress.update(done, total);
  };
  std::unique_ptr<StoreTarget> target =
      request.cli ? cli_store_target(request.impl, request.name.value_or(request.impl),
                                     request.timeout, &g_store_interrupted)
                  : adapter_store_target(request.impl, request.timeout, request.start_timeout,
                                         &g_store_interrupted);
  run.command = request.impl;
  run.interface_name = request.cli ? "command line" : "adapter";
  run.vectors = request.vectors_path;
  check_arrays(vectors, *target, request, run);
  progress.finish();

  write_store_terminal_report(run, std::cout, request.failures_shown);
  // Opened only now (their paths were checked before the vectors were read), so that vectors
  // refused during the check leave an earlier report in place.
  std::vector<StoreReportFile> files;
  if (request.json_path)
    files.push_back(open_store_report(*request.json_path, &write_store_json_report));
  if (request.junit_path)
    files.push_back(open_store_report(*request.junit_path, &write_store_junit_report));
  for (StoreReportFile& file : files) {
    file.writer(run, file.output->stream());
    file.output->finish();
    std::cerr << "wrote " << file.path.string() << "\n";
  }
  return run.passed() ? kExitOk : kExitNegative;
}

}  // namespace cvc::cli
