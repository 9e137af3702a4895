// cvc check-store: certify an implementation through real Zarr arrays (the store-level vectors).
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/report_files.hpp"
#include "cli/temporary_directory.hpp"
#include "harness/reports/report_output.hpp"
#include "harness/stores/store_report.hpp"
#include "oracle/data_type.hpp"
#include "oracle/input_file.hpp"
#include "oracle/json_exact.hpp"
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
  --report-dir DIR        write stores.json and stores.xml (JUnit) into DIR
  --json PATH, --junit PATH   write one report form to PATH
  --failures N            failed arrays printed with their detail on the terminal (default 20)
  --max-file-bytes N      refuse an index.json or zarr.json larger than N bytes (default 67108864)

Exit 0 when at least one array passed and none failed or ended in an adapter error; 1 otherwise
(also when interrupted, or when every array was unsupported); 2 for bad arguments or malformed
store vectors; 3 for an internal or I/O error.
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

}  // namespace

int run_check_store(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kCheckStoreHelp;
    return kExitOk;
  }
  const std::optional<std::string> impl = arguments.option("impl");
  if (!impl) throw UsageError("cvc check-store: missing required option --impl");
  const bool cli = arguments.flag("cli");
  const std::optional<std::string> name = arguments.option("name");
  const std::string vectors_path = arguments.option("vectors").value_or("vectors");
  StoreCheckOptions options;
  options.kinds = arguments.repeated_option("kind");
  options.features = arguments.repeated_option("feature");
  options.types = arguments.repeated_option("type");
  const std::chrono::milliseconds timeout(
      1000 * std::min<std::uint64_t>(arguments.number_option("timeout", 60), 86400));
  const std::optional<std::string> report_dir = arguments.option("report-dir");
  std::optional<std::string> json_path = arguments.option("json");
  std::optional<std::string> junit_path = arguments.option("junit");
  const std::uint64_t failures_shown = arguments.number_option("failures", 20);
  set_max_input_file_bytes(arguments.number_option("max-file-bytes", kDefaultMaxInputFileBytes));
  if (!arguments.finish().empty())
    throw UsageError("cvc check-store: unexpected positional arguments");
  if (name && !cli) throw UsageError("cvc check-store: --name goes with --cli");
  for (const std::string& kind : options.kinds)
    if (kind != "decode" && kind != "encode" && kind != "open")
      throw UsageError("cvc check-store: --kind takes decode, encode or open, not \"" + kind +
                       "\"");
  for (const std::string& type : options.types)
    if (find_data_type(type) == nullptr)
      throw UsageError("cvc check-store: --type " + type + " is not one of the " +
                       std::to_string(kDataTypeCount) + " data types");
  if (report_dir) {
    json_path = json_path.value_or(*report_dir + "/stores.json");
    junit_path = junit_path.value_or(*report_dir + "/stores.xml");
  }

  const std::optional<ManifestCheck> manifest = checked_manifest(vectors_path);
  StoreVectors vectors;
  try {
    vectors = read_store_vectors(vectors_path);
  } catch (const StoreVectorError& error) {
    throw UsageError("cvc check-store: --vectors " + vectors_path + ": " + error.what());
  }
  std::vector<StoreReportFile> files;
  if (json_path) files.push_back(open_store_report(*json_path, &write_store_json_report));
  if (junit_path) files.push_back(open_store_report(*junit_path, &write_store_junit_report));

  const TemporaryDirectory scratch("cvc-stores");
  options.scratch = std::filesystem::canonical(scratch.path());
  options.interrupted = &g_store_interrupted;
  options.progress = [](std::size_t done, std::size_t total) {
    std::cerr << "\r" << done << "/" << total << " arrays" << (done == total ? "\n" : "")
              << std::flush;
  };
  std::unique_ptr<StoreTarget> target =
      cli ? cli_store_target(*impl, name.value_or(*impl), timeout, &g_store_interrupted)
          : adapter_store_target(*impl, timeout, &g_store_interrupted);
  StoreRun run;
  run.command = *impl;
  run.interface_name = cli ? "command line" : "adapter";
  run.vectors = vectors_path;
  if (manifest) {
    run.vectors_version = manifest->vectors_version;
    run.vectors_manifest_sha256 = manifest->sha256;
  }
  std::signal(SIGINT, on_store_interrupt);
  std::signal(SIGTERM, on_store_interrupt);
  const auto start = std::chrono::steady_clock::now();
  try {
    check_store_arrays(vectors, *target, options, run);
  } catch (const StoreVectorError& error) {
    throw UsageError("cvc check-store: --vectors " + vectors_path + ": " + error.what());
  }
  target->close();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  write_store_terminal_report(run, std::cout, failures_shown);
  for (StoreReportFile& file : files) {
    file.writer(run, file.output->stream());
    file.output->finish();
    std::cerr << "wrote " << file.path.string() << "\n";
  }
  return run.passed() ? kExitOk : kExitNegative;
}

}  // namespace cvc::cli
