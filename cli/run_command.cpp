// cvc run: certify an implementation through its adapter, against the vectors or live.
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
#include "cli/report_files.hpp"
#include "cli/run_id.hpp"
#include "cli/shard_processes.hpp"
#include "cli/temporary_directory.hpp"
#include "harness/protocol/adapter_start.hpp"
#include "harness/reports/issue_drafts.hpp"
#include "harness/reports/report_merge.hpp"
#include "harness/run/runner.hpp"
#include "harness/sources/live_source.hpp"
#include "harness/sources/slice_source.hpp"
#include "harness/sources/vector_source.hpp"
#include "harness/text/progress_report.hpp"
#include "oracle/data_type.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/output_file.hpp"
#include "vector_format/vector_reader.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kRunHelp =
    R"(usage: cvc run --impl "COMMAND ..." (--vectors DIR | --live exhaustive|random|slice) [options]

Runs an implementation through its adapter (harness/protocol/PROTOCOL.md), compares every result with the
oracle, and reports: a summary per type pair and per rule, then the first failures in full.

  --impl "COMMAND ..."    the adapter command, run through /bin/sh -c (e.g. "build/cvc adapter")
  --vectors DIR           expectations from a published vector folder (vectors/)
  --live exhaustive       expectations from the oracle on the fly: every bit pattern of each input
                          type of 16 bits or fewer (see --max-bits), to every output type
  --live random           seeded boundary-weighted random inputs for every type pair
  --live slice --cast DIRECTION:INPUT:OUTPUT:ROUNDING[:OUT_OF_RANGE]
                          one cell of the exhaustive run alone: every bit pattern of INPUT cast
                          to OUTPUT under that one configuration (e.g. encode:float32:float16:
                          nearest-even; any width, 32-bit inputs included; no other filter)
  --seed N                random mode seed (default 1)
  --count N               random mode inputs per type pair and direction (default 1000)
  --max-bits N            exhaustive mode: input types up to N bits (default 16)
  --type NAME             only cases involving this data type (repeatable)
  --direction encode|decode|validate  only these operations (repeatable)
  --family NAME           only this family: cast, scalar_map, metadata or chain (--vectors),
                          live (--live) (repeatable; a name of neither is refused)
  --strict                divergences (results of an alternative reading) count as failures
  --timeout SECONDS       per-request timeout, for writing a request and for its answer, before
                          the adapter is killed and restarted (60)
  --start-timeout SECONDS the wait for the adapter's hello answer at each start (default: the
                          --timeout), for an adapter slow to start (a JVM, a loaded machine)
  --max-incidents-in-a-row N  abort the run after N requests in a row end in an adapter incident
                          (crash, timeout, malformed answer); the rest is counted not reached (5)
  --max-incidents N       abort the run after N requests in all end in an adapter incident, also
                          when they alternate with good answers (an adapter that writes every
                          answer twice); the rest is counted not reached (50)
)";

constexpr std::string_view kRunHelpRest =
    R"(  --examples N            examples kept per failure group in the JSON report (default 3)
  --issue-drafts DIR      write one Markdown bug-report draft per diagnosis group into DIR
                          (NN-ID.md, replacing the drafts of an earlier run there), with the
                          adapter's reproducer in the library's own terms when it states one;
                          checked before the run (made when absent; a file or a symbolic link
                          is refused), as every report path is
  --max-file-bytes N      refuse vector files larger than N bytes (default 67108864); only
                          regular files are read
  --shard K/N             run only shard K of N (numbered from 1): the source's batches K, K+N,
                          K+2N, ...; write its --json report and merge the N shards' reports
                          with `cvc merge-reports` (docs/scaling.md: a cluster's array job)
  --jobs N                run N shards at once, each a `cvc run --shard K/N` process with its own
                          adapter, and report their merge: the single run's report but for times
                          (default 1: one process)
  --run-id ID             the run's id, written into every report (default: a fresh random id);
                          `cvc merge-reports` merges only shards of one id, so give every shard
                          of one run the same (scripts/slurm/submit does) and each run its own
  --check-arguments       check the arguments (every option, its value and how they combine)
                          and exit: 0 when valid, 2 naming the first problem; runs nothing,
                          reads no vectors and writes no report (scripts/slurm/submit asks this
                          before submitting)
  --progress-lines        progress as lines "cvc-progress DONE TOTAL" on stderr, for a program
                          that runs this one (what --jobs reads from its shards)

The Result line (and every report) says how many of the selected cases were compared:
"Result: PASS: 808 of 252,209 selected cases compared (0.3%), 251,401 unsupported, exit code 0".
Exit 0 when at least one case was compared and nothing failed (no failure, no adapter error; with
--strict no divergence either); 1 otherwise (also when interrupted, aborted, or when nothing was
compared: every case unsupported); 2 for bad arguments or input (also a vector folder that fails
its manifest's SHA-256, and an implementation that cannot be started: said once, before any
case, with no report); 3 for an internal or I/O error (`cvc help exit-codes`). Ctrl-C or SIGTERM stops at once (the
pending request is not counted) and still writes the (partial) reports; with --jobs, the shards
are stopped and their partial reports merged.
)";

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) {
  g_interrupted = true;
}

// "--type int8 --direction decode", or "all cases" without filters: how the run chose its cases.
std::string selection_text(const CaseFilter& filter) {
  std::string text;
  const auto add = [&text](std::string_view option, const std::vector<std::string>& values) {
    for (const std::string& value : values) {
      if (!text.empty()) text += ' ';
      text.append(option).append(" ").append(value);
    }
  };
  add("--type", filter.types);
  add("--direction", filter.directions);
  add("--family", filter.families);
  return text.empty() ? "all cases" : text;
}

}  // namespace

namespace {

// Everything `cvc run` was asked, checked.
struct RunRequest {
  RunnerOptions options;
  std::optional<std::string> vectors, live;
  std::optional<SliceCast> slice;  // --live slice
  LiveOptions live_options;
  CaseFilter filter;
  ReportRequest reports;
  std::optional<std::string> issue_drafts;  // a directory
  SummaryLimits limits;
  bool sharded = false;  // --shard K/N given (also 1/1: its report is a shard's)
  std::uint64_t jobs = 1;
  bool progress_lines = false;
  bool check_arguments = false;  // --check-arguments: check them, run nothing
  // The options that define the run, as given: what each of --jobs' shard processes is given.
  std::vector<std::string> shard_arguments;
};

// "K/N" with 1 <= K <= N: the 0-based index and the count.
std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text) {
  const std::size_t slash = text.find('/');
  const auto digits = [](std::string_view part) {
    return !part.empty() && part.size() <= 18 &&
           part.find_first_not_of("0123456789") == std::string_view::npos;
  };
  if (slash != std::string::npos && digits(std::string_view(text).substr(0, slash)) &&
      digits(std::string_view(text).substr(slash + 1))) {
    const std::uint64_t index = std::stoull(text.substr(0, slash));
    const std::uint64_t count = std::stoull(text.substr(slash + 1));
    if (index >= 1 && index <= count) return {index - 1, count};
  }
  throw UsageError(
      "cvc run: --shard takes K/N with 1 <= K <= N (shards are numbered from 1), not \"" + text +
      "\"");
}

// Every filter value names what the run's cases can have: a data type, an operation, and a
// family of the vector files' with --vectors, "live" with --live (any other name would select
// nothing, and the run would compare nothing).
void check_filter_names(const RunRequest& request) {
  for (const std::string& type : request.filter.types) type_argument("cvc run: --type", type);
  for (const std::string& direction : request.filter.directions)
    name_argument("cvc run", "--direction", direction, kCaseDirections);
  for (const std::string& family : request.filter.families) {
    if (request.live && family != kLiveFamily) {
      if (std::find(kVectorCaseFamilies.begin(), kVectorCaseFamilies.end(), family) !=
          kVectorCaseFamilies.end())
        throw UsageError("cvc run: --family " + family +
                         " selects cases of the vector files, and a --live run has none: its "
                         "cases are of the family live");
      const std::string_view live[] = {kLiveFamily};
      name_argument("cvc run", "--family", family, live);
    }
    if (request.vectors && family == kLiveFamily)
      throw UsageError(
          "cvc run: --family live selects the cases of --live runs, and a --vectors run has "
          "none: its families are cast, scalar_map, metadata and chain");
    if (request.vectors) name_argument("cvc run", "--family", family, kVectorCaseFamilies);
  }
}

// The options that go together, checked once all are read.
void check_run_request(RunRequest& request, const std::optional<std::string>& slice_cast) {
  if (request.vectors.has_value() == request.live.has_value())
    throw UsageError(
        "cvc run: give exactly one of --vectors DIR and --live exhaustive|random|slice");
  static constexpr std::string_view kLiveModes[] = {"exhaustive", "random", "slice"};
  if (request.live) name_argument("cvc run", "--live", *request.live, kLiveModes);
  check_filter_names(request);
  if (slice_cast.has_value() != (request.live == "slice"))
    throw UsageError("cvc run: --cast D:IN:OUT:ROUNDING[:OUT_OF_RANGE] goes with --live slice");
  if (slice_cast) {
    if (!request.filter.types.empty() || !request.filter.directions.empty() ||
        !request.filter.families.empty())
      throw UsageError(
          "cvc run: --live slice takes its cases from --cast alone (no --type, --direction or "
          "--family)");
    try {
      request.slice = parse_slice_cast(*slice_cast);
    } catch (const std::invalid_argument& error) {
      throw UsageError(std::string("cvc run: --cast: ") + error.what());
    }
  }
  if (request.jobs > 1 && request.sharded)
    throw UsageError(
        "cvc run: --jobs and --shard do not combine: split the run into more shards instead "
        "(docs/scaling.md)");
}

RunRequest read_run_arguments(Arguments& arguments) {
  RunRequest request;
  RunnerOptions& options = request.options;
  // Each option that defines the run is also recorded for the shard processes of --jobs.
  std::vector<std::string>& forwarded = request.shard_arguments;
  const auto text_option = [&](std::string_view name) {
    std::optional<std::string> value = arguments.option(name);
    if (value) forwarded.insert(forwarded.end(), {"--" + std::string(name), *value});
    return value;
  };
  const auto number_option = [&](std::string_view name, std::uint64_t fallback, NumberRange range) {
    const std::uint64_t value = arguments.number_option(name, fallback, range);
    forwarded.insert(forwarded.end(), {"--" + std::string(name), std::to_string(value)});
    return value;
  };
  const auto repeated_option = [&](std::string_view name) {
    std::vector<std::string> values = arguments.repeated_option(name);
    for (const std::string& value : values)
      forwarded.insert(forwarded.end(), {"--" + std::string(name), value});
    return values;
  };
  const std::optional<std::string> impl = text_option("impl");
  if (!impl) throw UsageError("cvc run: missing required option --impl");
  options.command = *impl;
  request.vectors = text_option("vectors");
  request.live = text_option("live");
  request.live_options.seed = number_option("seed", 1, {});
  request.live_options.count = number_option("count", 1000, {1, 1000000000});
  request.live_options.max_exhaustive_bits =
      static_cast<int>(number_option("max-bits", 16, {1, 64}));
  const std::optional<std::string> slice_cast = text_option("cast");
  request.filter.types = repeated_option("type");
  request.filter.directions = repeated_option("direction");
  request.filter.families = repeated_option("family");
  options.strict = arguments.flag("strict");
  if (options.strict) forwarded.push_back("--strict");
  options.timeout = arguments.timeout_option(60);
  forwarded.insert(forwarded.end(), {"--timeout", std::to_string(options.timeout.count() / 1000)});
  options.start_timeout = arguments.start_timeout_option();
  if (options.start_timeout.count() > 0)
    forwarded.insert(forwarded.end(),
                     {"--start-timeout", std::to_string(options.start_timeout.count() / 1000)});
  options.max_consecutive_incidents = arguments.max_incidents_option();
  forwarded.insert(forwarded.end(),
                   {"--max-incidents-in-a-row", std::to_string(options.max_consecutive_incidents)});
  options.max_incidents = arguments.max_total_incidents_option();
  forwarded.insert(forwarded.end(), {"--max-incidents", std::to_string(options.max_incidents)});
  set_max_input_file_bytes(
      number_option("max-file-bytes", kDefaultMaxInputFileBytes, kFileBytesRange));
  request.limits.examples_per_group =
      number_option("examples", request.limits.examples_per_group, {0, 1000000});
  request.reports = read_report_arguments(arguments);
  request.issue_drafts = arguments.option("issue-drafts");
  if (const std::optional<std::string> shard = arguments.option("shard")) {
    std::tie(options.shard_index, options.shard_count) = parse_shard(*shard);
    request.sharded = true;
  }
  // Every shard of --jobs gets the same id; without --run-id, a fresh one for this run.
  const std::optional<std::string> run_id = arguments.option("run-id");
  options.run_id = run_id ? checked_run_id(*run_id) : fresh_run_id();
  forwarded.insert(forwarded.end(), {"--run-id", options.run_id});
  request.jobs = arguments.number_option("jobs", 1, {1, 256});
  request.progress_lines = arguments.flag("progress-lines");
  request.check_arguments = arguments.flag("check-arguments");
  if (!arguments.finish().empty()) throw UsageError("cvc run: unexpected positional arguments");

  check_run_request(request, slice_cast);
  options.selection = selection_text(request.filter);
  return request;
}

// The cases: a vector folder (its manifest checked first) or the live generator; names the mode.
std::unique_ptr<CaseSource> open_source(RunRequest& request) {
  RunnerOptions& options = request.options;
  if (request.vectors) {
    std::unique_ptr<VectorCaseSource> source;
    try {
      source = std::make_unique<VectorCaseSource>(*request.vectors, request.filter);
    } catch (const std::runtime_error& error) {
      throw UsageError(std::string("cvc run: --vectors: ") + error.what());
    }
    options.mode = "vectors (folder " + *request.vectors + ")";  // never "vectors vectors"
    // The set's identity is its manifest's SHA-256, never only the version it declares: a modified
    // set is said so in every report ("modified (based on 1.1.0)"), and here with what it lacks.
    const VectorSetIdentity& identity = source->identity();
    options.vectors_version = identity.report_version();
    if (!identity.is_published())
      std::cerr << "cvc run: --vectors " << *request.vectors << ": " << identity.description()
                << "; " << identity.differences() << "\n";
    options.vectors_manifest_sha256 = source->manifest_sha256();
    return source;
  }
  if (request.slice) {
    options.mode = "live slice (every input of " + slice_cast_text(*request.slice) + ")";
    try {
      return std::make_unique<SliceCaseSource>(*request.slice);
    } catch (const std::invalid_argument& error) {
      throw UsageError(std::string("cvc run: --cast: ") + error.what());
    }
  }
  LiveOptions& live = request.live_options;
  live.exhaustive = *request.live == "exhaustive";
  options.mode = live.exhaustive ? "live exhaustive (inputs of " +
                                       std::to_string(live.max_exhaustive_bits) + " bits or fewer)"
                                 : "live random (seed " + std::to_string(live.seed) + ", count " +
                                       std::to_string(live.count) + ")";
  return std::make_unique<LiveCaseSource>(live, request.filter);
}

// The run itself, with its progress (the terminal line or the log's lines; for the program that
// runs this one, --progress-lines), and SIGINT / SIGTERM ending it promptly.
void run_with_progress(CaseSource& source, RunnerOptions options, RunSummary& summary,
                       const RunRequest& request) {
  ProgressReport progress("cases", request.progress_lines);
  auto last_line = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  std::uint64_t last_done = 0, last_total = 0;
  const auto write_progress_line = [&] {
    std::cerr << kProgressLinePrefix << last_done << ' ' << last_total << std::endl;
  };
  options.progress = [&](std::uint64_t done, std::uint64_t total, const std::string& label) {
    // A shard's total is the whole run's; of its own share, only a fraction is known.
    if (!request.progress_lines) return progress.update(done, request.sharded ? 0 : total, label);
    // For the program that runs this one (--jobs): at most ten lines a second, and the last.
    last_done = done;
    last_total = total;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_line < std::chrono::milliseconds(100)) return;
    last_line = now;
    write_progress_line();
  };
  options.interrupted = &g_interrupted;
  try {
    run_cases(source, options, {&summary});
  } catch (const VectorFormatError& error) {
    progress.clear();
    throw UsageError(std::string("cvc run: --vectors: ") + error.what());
  }
  progress.finish();
  if (request.progress_lines) write_progress_line();
}

// Every output of the run checked (and the report files opened as temporary files) before the
// run starts: a drafts path that is a file or a symbolic link is refused now, not after an hour.
std::vector<ReportFile> prepare_outputs(const RunRequest& request) {
  std::vector<ReportFile> reports = open_report_files(request.reports, "cvc run");
  if (request.issue_drafts)
    prepare_report_directory(*request.issue_drafts, "--issue-drafts", "cvc run");
  return reports;
}

// Drafts of an earlier run ("NN-ID.md", regular files only, never through a link) are replaced,
// not mixed with these.
void remove_earlier_drafts(const std::filesystem::path& directory) {
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    const std::string name = entry.path().filename().string();
    if (entry.symlink_status().type() == std::filesystem::file_type::regular && name.size() > 6 &&
        std::isdigit(static_cast<unsigned char>(name[0])) &&
        std::isdigit(static_cast<unsigned char>(name[1])) && name[2] == '-' &&
        name.ends_with(".md"))
      std::filesystem::remove(entry.path());
  }
}

// One draft per diagnosis group; the adapter is started again to state each reproducer. Each
// draft is written whole under a temporary name and renamed into place.
void write_issue_drafts(const RunSummary& summary, const RunRequest& request) {
  const std::filesystem::path directory(*request.issue_drafts);
  prepare_report_directory(directory.string(), "--issue-drafts", "cvc run");
  remove_earlier_drafts(directory);
  const std::vector<DiagnosisGroup> groups = summary.diagnosis().groups();
  AdapterClient client(request.options.command, request.options.timeout,
                       request.options.start_timeout);
  AdapterIncident incident;
  const bool connected = !groups.empty() && client.connect(incident).has_value();
  for (std::size_t i = 0; i < groups.size(); ++i) {
    std::optional<Reproducer> reproducer;
    if (connected && !groups[i].minimal.replay.empty()) {
      nlohmann::json line = nlohmann::json::parse(groups[i].minimal.replay);
      line.erase("id");
      reproducer = client.reproduce(line);
    }
    const std::filesystem::path path = directory / issue_draft_file_name(i, groups[i]);
    try {
      write_output_file(path, issue_draft(summary, groups[i], reproducer));
    } catch (const OutputFileError& error) {
      throw std::runtime_error(std::string("cvc run: --issue-drafts: ") + error.what());
    }
  }
  client.close();
  std::cerr << "wrote " << groups.size() << " issue drafts into " << directory.string() << "\n";
}

// --jobs N: N shard processes at once, their reports merged into the whole run's.
int run_jobs(const RunRequest& request) {
  std::vector<ReportFile> reports = prepare_outputs(request);
  {  // An adapter that cannot be started is said once, here, not by each of N shards.
    AdapterClient client(request.options.command, request.options.timeout,
                         request.options.start_timeout);
    AdapterIncident incident;
    start_adapter(client, request.options.command, incident);
    client.close();
  }
  const TemporaryDirectory directory("cvc-jobs");
  const ShardProcessesResult ran =
      run_shard_processes(request.shard_arguments, request.jobs, directory, g_interrupted);
  if (ran.failed_exit != 0) return ran.failed_exit;
  if (ran.reports.empty()) throw std::runtime_error("--jobs: no shard wrote a report");
  MergeResult merged = merge_shard_report_files(ran.reports, ran.interrupted);
  for (const std::string& warning : merged.warnings)
    std::cerr << "cvc run: warning: " << warning << "\n";
  write_reports(merged.summary, request.reports, reports);
  if (request.issue_drafts) write_issue_drafts(merged.summary, request);
  return exit_code(merged.summary) == 0 ? kExitOk : kExitNegative;
}

}  // namespace

int run_run(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kRunHelp << kReportOptionsHelp << kRunHelpRest;
    return kExitOk;
  }
  RunRequest request = read_run_arguments(arguments);
  if (request.check_arguments) {
    std::cerr << "cvc run: the arguments are valid\n";
    return kExitOk;
  }
  // From here on a signal ends the run with its reports (a --jobs shard may be stopped at once).
  const InterruptSignals signals(on_interrupt);
  if (request.jobs > 1) return run_jobs(request);
  std::vector<ReportFile> reports = prepare_outputs(request);
  const std::unique_ptr<CaseSource> source = open_source(request);
  RunSummary summary(request.limits);
  if (request.sharded)
    summary.set_shard({request.options.shard_index + 1, request.options.shard_count});
  run_with_progress(*source, request.options, summary, request);
  write_reports(summary, request.reports, reports);
  if (request.issue_drafts) write_issue_drafts(summary, request);
  return exit_code(summary) == 0 ? kExitOk : kExitNegative;
}

}  // namespace cvc::cli
