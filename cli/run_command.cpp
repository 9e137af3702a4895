// cvc run: certify an implementation through its adapter, against the vectors or live.
#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "harness/issue_drafts.hpp"
#include "harness/live_source.hpp"
#include "harness/report_html.hpp"
#include "harness/report_json.hpp"
#include "harness/report_junit.hpp"
#include "harness/report_output.hpp"
#include "harness/report_terminal.hpp"
#include "harness/runner.hpp"
#include "harness/vector_source.hpp"
#include "oracle/input_file.hpp"
#include "vector_format/vector_reader.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kRunHelp =
    R"(usage: cvc run --impl "COMMAND ..." (--vectors DIR | --live exhaustive|random) [options]

Runs an implementation through its adapter (harness/PROTOCOL.md), compares every result with the
oracle, and reports: a summary per type pair and per rule, then the first failures in full.

  --impl "COMMAND ..."    the adapter command, run through /bin/sh -c (e.g. "build/cvc adapter")
  --vectors DIR           expectations from a published vector folder (vectors/)
  --live exhaustive       expectations from the oracle on the fly: every bit pattern of each input
                          type of 16 bits or fewer (see --max-bits), to every output type
  --live random           seeded boundary-weighted random inputs for every type pair
  --seed N                random mode seed (default 1)
  --count N               random mode inputs per type pair and direction (default 1000)
  --max-bits N            exhaustive mode: input types up to N bits (default 16)
  --type NAME             only cases involving this data type (repeatable)
  --direction encode|decode|validate  only these operations (repeatable)
  --family NAME           only this vector family: cast, scalar_map, metadata, live (repeatable)
  --strict                divergences (results of an alternative reading) count as failures
  --timeout SECONDS       per-request timeout, for writing a request and for its answer, before
                          the adapter is killed and restarted (60)
  --max-incidents-in-a-row N  abort the run after N requests in a row end in an adapter incident
                          (crash, timeout, malformed answer); the rest is counted not reached (5)
  --report-dir DIR        write report.json, report.xml (JUnit) and report.html into DIR
  --json PATH, --junit PATH, --html PATH   write one report form to PATH
  --failures N            failure groups printed with an example on the terminal (default 20)
  --examples N            examples kept per failure group in the JSON report (default 3)
  --issue-drafts DIR      write one Markdown bug-report draft per diagnosis group into DIR
                          (NN-ID.md, replacing the drafts of an earlier run there), with the
                          adapter's reproducer in the library's own terms when it states one
  --max-file-bytes N      refuse vector files larger than N bytes (default 67108864); only
                          regular files are read

Exit 0 when at least one case was compared and nothing failed (no failure, no adapter error; with
--strict no divergence either); 1 otherwise (also when interrupted, aborted, or when nothing was
compared: every case unsupported); 2 for bad arguments or input (also a vector folder that fails
its manifest's SHA-256); 3 for an internal or I/O error. Ctrl-C or SIGTERM stops at once (the
pending request is not counted) and still writes the (partial) reports.
)";

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) {
  g_interrupted = true;
}

// A report file, opened before the run so that an unwritable path stops it before it starts.
struct ReportFile {
  std::filesystem::path path;
  void (*writer)(const RunSummary&, std::ostream&);
  std::unique_ptr<ReportOutput> output;
};

ReportFile open_report(const std::string& path, void (*writer)(const RunSummary&, std::ostream&)) {
  const std::filesystem::path file(path);
  try {
    if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path());
    return {file, writer, std::make_unique<ReportOutput>(file)};
  } catch (const std::exception& error) {
    throw UsageError("cvc run: cannot write the report " + path + ": " + error.what());
  }
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
  LiveOptions live_options;
  CaseFilter filter;
  std::optional<std::string> json_path, junit_path, html_path;
  std::optional<std::string> issue_drafts;  // a directory
  SummaryLimits limits;
  TerminalOptions terminal;
};

RunRequest read_run_arguments(Arguments& arguments) {
  RunRequest request;
  RunnerOptions& options = request.options;
  options.command = arguments.required_option("impl");
  request.vectors = arguments.option("vectors");
  request.live = arguments.option("live");
  request.live_options.seed = arguments.number_option("seed", 1);
  request.live_options.count = arguments.number_option("count", 1000);
  request.live_options.max_exhaustive_bits =
      static_cast<int>(arguments.number_option("max-bits", 16));
  request.filter.types = arguments.repeated_option("type");
  request.filter.directions = arguments.repeated_option("direction");
  request.filter.families = arguments.repeated_option("family");
  options.strict = arguments.flag("strict");
  options.timeout = std::chrono::milliseconds(
      1000 * std::min<std::uint64_t>(arguments.number_option("timeout", 60), 86400));
  options.max_consecutive_incidents = static_cast<int>(
      std::max<std::uint64_t>(1, arguments.number_option("max-incidents-in-a-row", 5)));
  const std::optional<std::string> report_dir = arguments.option("report-dir");
  request.json_path = arguments.option("json");
  request.junit_path = arguments.option("junit");
  request.html_path = arguments.option("html");
  request.issue_drafts = arguments.option("issue-drafts");
  set_max_input_file_bytes(arguments.number_option("max-file-bytes", kDefaultMaxInputFileBytes));
  request.limits.examples_per_group =
      arguments.number_option("examples", request.limits.examples_per_group);
  request.terminal.failures_shown = arguments.number_option("failures", 20);
  if (!arguments.finish().empty()) throw UsageError("cvc run: unexpected positional arguments");

  for (const std::string& type : request.filter.types)
    if (find_data_type(type) == nullptr)
      throw UsageError("cvc run: --type " + type + " is not one of the 26 data types");
  for (const std::string& direction : request.filter.directions)
    if (direction != "encode" && direction != "decode" && direction != "validate")
      throw UsageError("cvc run: --direction takes encode, decode or validate");
  if (request.vectors.has_value() == request.live.has_value())
    throw UsageError("cvc run: give exactly one of --vectors DIR and --live exhaustive|random");
  if (request.live && *request.live != "exhaustive" && *request.live != "random")
    throw UsageError("cvc run: --live takes exhaustive or random");
  if (report_dir) {
    request.json_path = request.json_path.value_or(*report_dir + "/report.json");
    request.junit_path = request.junit_path.value_or(*report_dir + "/report.xml");
    request.html_path = request.html_path.value_or(*report_dir + "/report.html");
  }
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
    options.mode = "vectors " + *request.vectors;
    options.vectors_version = source->vectors_version();
    options.vectors_manifest_sha256 = source->manifest_sha256();
    return source;
  }
  LiveOptions& live = request.live_options;
  live.exhaustive = *request.live == "exhaustive";
  options.mode = live.exhaustive ? "live exhaustive (inputs of " +
                                       std::to_string(live.max_exhaustive_bits) + " bits or fewer)"
                                 : "live random (seed " + std::to_string(live.seed) + ", count " +
                                       std::to_string(live.count) + ")";
  return std::make_unique<LiveCaseSource>(live, request.filter);
}

std::vector<ReportFile> open_reports(const RunRequest& request) {
  std::vector<ReportFile> reports;
  if (request.json_path) reports.push_back(open_report(*request.json_path, &write_json_report));
  if (request.junit_path) reports.push_back(open_report(*request.junit_path, &write_junit_report));
  if (request.html_path) reports.push_back(open_report(*request.html_path, &write_html_report));
  return reports;
}

// The run itself, with a progress line, and SIGINT / SIGTERM ending it promptly.
void run_with_progress(CaseSource& source, RunnerOptions options, RunSummary& summary) {
  ProgressLine progress;
  options.progress = [&](std::uint64_t done, std::uint64_t total, const std::string& label) {
    progress.update(done, total, label);
  };
  options.interrupted = &g_interrupted;
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  try {
    run_cases(source, options, {&summary});
  } catch (const VectorFormatError& error) {
    progress.clear();
    throw UsageError(std::string("cvc run: --vectors: ") + error.what());
  }
  progress.clear();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

// One draft per diagnosis group; the adapter is started again to state each reproducer.
void write_issue_drafts(const RunSummary& summary, const RunRequest& request) {
  const std::filesystem::path directory(*request.issue_drafts);
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error)
    throw std::runtime_error("cvc run: --issue-drafts: cannot create " + directory.string() + ": " +
                             error.message());
  // Drafts of an earlier run ("NN-ID.md") are replaced, not mixed with these.
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.size() > 6 && std::isdigit(name[0]) &&
        std::isdigit(name[1]) && name[2] == '-' && name.ends_with(".md"))
      std::filesystem::remove(entry.path());
  }
  const std::vector<DiagnosisGroup> groups = summary.diagnosis().groups();
  AdapterClient client(request.options.command, request.options.timeout);
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
    std::ofstream file(path);
    file << issue_draft(summary, groups[i], reproducer);
    if (!file.flush())
      throw std::runtime_error("cvc run: --issue-drafts: cannot write " + path.string());
  }
  client.close();
  std::cerr << "wrote " << groups.size() << " issue drafts into " << directory.string() << "\n";
}

}  // namespace

int run_run(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kRunHelp;
    return kExitOk;
  }
  RunRequest request = read_run_arguments(arguments);
  const std::unique_ptr<CaseSource> source = open_source(request);
  std::vector<ReportFile> reports = open_reports(request);
  RunSummary summary(request.limits);
  run_with_progress(*source, request.options, summary);
  write_terminal_report(summary, std::cout, request.terminal);
  for (ReportFile& report : reports) {
    report.writer(summary, report.output->stream());
    report.output->finish();
    std::cerr << "wrote " << report.path.string() << "\n";
  }
  if (request.issue_drafts) write_issue_drafts(summary, request);
  return exit_code(summary) == 0 ? kExitOk : kExitNegative;
}

}  // namespace cvc::cli
