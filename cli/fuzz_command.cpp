// cvc fuzz: property-based differential fuzzing of an implementation against the oracle, each
// mismatch shrunk to its simplest scenario (harness/fuzz/, docs/fuzz.md).
#include <atomic>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/input.hpp"
#include "cli/interrupt_signals.hpp"
#include "cli/report_files.hpp"
#include "harness/fuzz/fuzz_issue_drafts.hpp"
#include "harness/fuzz/fuzz_report.hpp"
#include "harness/fuzz/fuzz_run.hpp"
#include "harness/reports/report_output.hpp"
#include "harness/sources/case_filter.hpp"
#include "harness/text/progress_report.hpp"
#include "oracle/data_type.hpp"
#include "oracle/io/output_file.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kFuzzHelp =
    R"(usage: cvc fuzz --impl "COMMAND ..." [--seconds N | --cases N] [--seed S] [options]

Differential fuzzing of an implementation through its adapter (harness/protocol/PROTOCOL.md, protocol 1
or 2) against the oracle. Each case is a whole scenario: array and configuration types, encode
or decode, rounding, out_of_range, scalar_map with 0..4 entries (NaN keys of other payloads,
both zeros, infinities, duplicate keys, values equal to other keys, hex and decimal forms, 64-bit
integer keys beyond 2^53), fill values and a batch of elements biased to each type's boundary
values; chains (protocol 2's chain request, to adapters declaring the operation chain): a
scale_offset codec (offset and scale from the array type's boundary values, subnormals, NaN,
infinities, hex forms and the spec's examples), the numcodecs.fixedscaleoffset alias (integral or
float astype, V2 type strings) or transpose, followed by cast_value, judged through the whole
chain; or array metadata for validate (chains of two cast_value codecs, a scale_offset first or
the chain inside sharding_indexed when chains are declared, mutated codec entries:
unknown keys, wrong JSON types, every scalar form, out-of-range and hex-width scalars) judged by
the oracle's verdict. Every mismatch is shrunk, while it still fails the same way, to its simplest
scenario (without the chain's leading codec, simpler operands, fewer scalar_map entries, default
rounding, no out_of_range, one element, the input
with the fewest significant bits and the smallest magnitude, the narrowest types), and each
distinct minimal mismatch is reported once (by its shrunk form and its known-bug models) with the
line that replays it, the cvc cast / cvc validate command that explains it, and the seed and case
index that found it. docs/fuzz.md has the details.

  --impl "COMMAND ..."    the adapter command, run through /bin/sh -c (e.g. "build/cvc adapter")
  --seconds N             stop after N seconds (the time decides how many cases, never which)
  --cases N               stop after N cases (default 2000 when neither limit is given)
  --seed S                the run's seed (default 1); case i of a seed is always the same
  --type NAME             every scenario involves this data type (repeatable)
  --direction encode|decode|validate   only these operations (repeatable; default all three)
  --max-elements N        elements per cast scenario at most (default 256, at most 4096)
  --max-findings N        stop after N distinct findings (default: no limit)
  --shrink-requests N     adapter requests allowed for shrinking each finding (default 400)
  --strict                a result of an alternative reading (a divergence) counts as a mismatch
  --timeout SECONDS       per-request timeout before the adapter is killed and restarted (60)
  --start-timeout SECONDS the wait for the adapter's hello answer at each start (default: the
                          --timeout), for an adapter slow to start (a JVM, a loaded machine)
  --max-incidents-in-a-row N  stop after N requests in a row end in an adapter incident (5)
  --max-incidents N       stop after N requests in all end in an adapter incident, also when
                          they alternate with good answers (50)
  --report-dir DIR        write fuzz.json, fuzz.xml (JUnit) and issues/NN-MODEL.md (an upstream
                          bug-report draft per finding) into DIR
  --json PATH, --junit PATH   write one report form to PATH

Progress: on stderr (in a log, a line per 10 s). Ctrl-C or SIGTERM stops the run and reports what
was found so far. Exit 0 when the run completed and found nothing (no mismatch, no adapter
error); 1 when it found a mismatch (or was interrupted, aborted, lost cases to adapter errors, or
compared nothing); 2 for bad arguments or an implementation that cannot be started (said once,
before any case); 3 for an internal or I/O error (`cvc help exit-codes`).
)";

std::atomic<bool> g_fuzz_interrupted{false};

extern "C" void on_fuzz_interrupt(int) {
  g_fuzz_interrupted = true;
}

struct ReportTarget {
  std::filesystem::path path;
  void (*writer)(const fuzz::FuzzOutcome&, std::ostream&);
  std::unique_ptr<ReportOutput> output;
};

ReportTarget open_target(const std::string& path,
                         void (*writer)(const fuzz::FuzzOutcome&, std::ostream&)) {
  return {path, writer, open_report_output(path, "cvc fuzz")};
}

fuzz::FuzzOptions read_fuzz_arguments(Arguments& arguments, std::string& options_text,
                                      std::vector<ReportTarget>& reports,
                                      std::optional<std::string>& drafts_dir) {
  fuzz::FuzzOptions options;
  options.checker.command = arguments.required_option("impl");
  // 0: not given (neither takes 0).
  const std::uint64_t seconds = arguments.number_option("seconds", 0, {1, 1000000000});
  const std::uint64_t cases = arguments.number_option("cases", 0, {1, 1000000000000});
  options.seed = arguments.number_option("seed", 1, {});
  const std::vector<std::string> types = arguments.repeated_option("type");
  const std::vector<std::string> directions = arguments.repeated_option("direction");
  options.max_elements = arguments.number_option("max-elements", 256, {1, kMaxRequestElements});
  options.max_findings = arguments.number_option("max-findings", 0, {0, 1000000});
  options.shrink_requests = arguments.number_option("shrink-requests", 400, {0, 1000000});
  options.checker.strict = arguments.flag("strict");
  options.checker.timeout = arguments.timeout_option(60);
  options.checker.start_timeout = arguments.start_timeout_option();
  options.checker.max_incidents_in_a_row = arguments.max_incidents_option();
  options.checker.max_incidents = arguments.max_total_incidents_option();
  const std::optional<std::string> report_dir = arguments.option("report-dir");
  std::optional<std::string> json_path = arguments.option("json");
  std::optional<std::string> junit_path = arguments.option("junit");
  if (!arguments.finish().empty()) throw UsageError("cvc fuzz: unexpected positional arguments");

  if (seconds) options.seconds = static_cast<double>(seconds);
  if (cases) options.max_cases = cases;
  if (!seconds && !cases) options.max_cases = 2000;
  for (const std::string& name : types)
    options.types.push_back(&type_argument("cvc fuzz: --type", name));
  if (!directions.empty()) {
    options.encode = options.decode = options.validate = false;
    for (const std::string& direction : directions) {
      name_argument("cvc fuzz", "--direction", direction, kCaseDirections);
      options.encode = options.encode || direction == "encode";
      options.decode = options.decode || direction == "decode";
      options.validate = options.validate || direction == "validate";
    }
  }
  if (report_dir) {
    drafts_dir = *report_dir + "/issues";
    json_path = json_path.value_or(*report_dir + "/fuzz.json");
    junit_path = junit_path.value_or(*report_dir + "/fuzz.xml");
  }
  if (json_path) reports.push_back(open_target(*json_path, &fuzz::write_fuzz_json));
  if (junit_path) reports.push_back(open_target(*junit_path, &fuzz::write_fuzz_junit));

  options_text = "--seed " + std::to_string(options.seed);
  if (seconds) options_text += " --seconds " + std::to_string(seconds);
  if (cases || !seconds) options_text += " --cases " + std::to_string(options.max_cases);
  for (const std::string& name : types) options_text += " --type " + name;
  for (const std::string& direction : directions) options_text += " --direction " + direction;
  options_text += " --max-elements " + std::to_string(options.max_elements);
  if (options.max_findings)
    options_text += " --max-findings " + std::to_string(options.max_findings);
  options_text += " --shrink-requests " + std::to_string(options.shrink_requests);
  if (options.checker.strict) options_text += " --strict";
  return options;
}

// One upstream bug-report draft per finding (harness/fuzz/fuzz_issue_drafts.hpp) into `directory`.
void write_fuzz_issue_drafts(const fuzz::FuzzOutcome& outcome, const std::string& directory) {
  prepare_report_directory(directory, "--report-dir", "cvc fuzz");
  for (std::size_t i = 0; i < outcome.findings.size(); ++i) {
    const std::filesystem::path path =
        std::filesystem::path(directory) / fuzz::fuzz_issue_draft_file_name(outcome, i);
    try {
      write_output_file(path, fuzz::fuzz_issue_draft(outcome, i));
    } catch (const OutputFileError& error) {
      throw std::runtime_error(std::string("cvc fuzz: --report-dir: ") + error.what());
    }
  }
  std::cerr << "wrote " << outcome.findings.size() << " issue drafts into " << directory << "\n";
}

}  // namespace

int run_fuzz(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kFuzzHelp;
    return kExitOk;
  }
  std::string options_text;
  std::vector<ReportTarget> reports;
  std::optional<std::string> drafts_dir;
  fuzz::FuzzOptions options = read_fuzz_arguments(arguments, options_text, reports, drafts_dir);
  const InterruptSignals signals(on_fuzz_interrupt);
  ProgressReport progress("cases");
  // A timed run (--seconds without --cases): its share is of the time.
  if (options.max_cases == 0) progress.set_time_limit(options.seconds);
  options.progress = [&](std::uint64_t cases, std::uint64_t limit, std::uint64_t findings) {
    progress.update(cases, limit, std::to_string(findings) + " findings");
  };
  options.checker.interrupted = &g_fuzz_interrupted;
  fuzz::FuzzOutcome outcome = fuzz::run_fuzz(options);
  progress.finish();
  outcome.options_text = options_text;
  fuzz::write_fuzz_terminal(outcome, std::cout);
  for (ReportTarget& report : reports) {
    report.writer(outcome, report.output->stream());
    report.output->finish();
    std::cerr << "wrote " << report.path.string() << "\n";
  }
  if (drafts_dir) write_fuzz_issue_drafts(outcome, *drafts_dir);
  return fuzz::fuzz_exit_code(outcome) == 0 ? kExitOk : kExitNegative;
}

}  // namespace cvc::cli
