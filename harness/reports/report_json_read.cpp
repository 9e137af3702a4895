// Reading a version-4 to 7 JSON report back into the RunSummary it was written from (for
// merging shards' reports): every field is checked, and an error names it by its path in the
// report. Version 5 has the envelope of every cvc report ("report", "report_version",
// "harness_version"), version 4 "report_version" and run.harness_version; version 6 adds the
// unsupported cases' reasons (before it they are read as kNoUnsupportedReason); version 7 the
// run id, the hello's declaration and what the verdict covers (before it the run id and the
// declaration are read empty, and merges refuse a shard without a run id).
#include "harness/reports/report_json_read.hpp"

#include <utility>

#include "harness/reports/summary_consistency.hpp"
#include "harness/reports/verdict_text.hpp"
#include "oracle/io/bounded_quote.hpp"

namespace cvc {
namespace {

// The first version with the envelope (harness/text/report_envelope.hpp).
constexpr int kFirstVersionWithEnvelope = 5;
// The first version with the unsupported cases' reasons; before it, a cell's unsupported cases
// are read under kNoUnsupportedReason.
constexpr int kFirstVersionWithReasons = 6;
// The first version with run.run_id, run.declaration, "result" and accounting.compared.
constexpr int kFirstVersionWithRunId = 7;
constexpr int kFirstVersionWithFamilies = 8;

// One JSON value and its path in the report ("diagnosis.buckets[2]"), with typed accessors that
// throw ReportReadError naming the path.
class ReportField {
 public:
  ReportField(const nlohmann::json& value, std::string path)
      : value_(value), path_(std::move(path)) {}

  ReportField operator[](std::string_view key) const {
    if (!value_.is_object()) fail("is not an object");
    const auto found = value_.find(std::string(key));
    if (found == value_.end()) fail("has no \"" + std::string(key) + "\"");
    return {*found, path_.empty() ? std::string(key) : path_ + "." + std::string(key)};
  }
  std::size_t size() const {
    if (!value_.is_array()) fail("is not an array");
    return value_.size();
  }
  ReportField operator[](std::size_t index) const {
    if (index >= size()) fail("has no item " + std::to_string(index));
    return {value_[index], path_ + "[" + std::to_string(index) + "]"};
  }
  bool is_null() const { return value_.is_null(); }
  // A text for a message: the report's text quoted bounded (it may be megabytes long).
  std::string quoted() const { return "\"" + bounded_quote(text()) + "\""; }
  // Any value for a message: its JSON text quoted bounded.
  std::string quoted_json() const { return bounded_quote(value_.dump()); }
  std::string text() const {
    if (!value_.is_string()) fail("is not a string");
    return value_.get<std::string>();
  }
  std::uint64_t count() const {
    if (!value_.is_number_unsigned() &&
        !(value_.is_number_integer() && value_.get<std::int64_t>() >= 0))
      fail("is not a non-negative integer");
    return value_.get<std::uint64_t>();
  }
  double number() const {
    if (!value_.is_number()) fail("is not a number");
    return value_.get<double>();
  }
  bool boolean() const {
    if (!value_.is_boolean()) fail("is not true or false");
    return value_.get<bool>();
  }
  // A type name as reports write it: one of the 26, or "(other)" (null).
  const DataType* type() const {
    const std::string name = text();
    if (name == type_label(nullptr)) return nullptr;
    const DataType* type = find_data_type(name);
    if (type == nullptr) fail("names no data type: " + quoted());
    return type;
  }
  const nlohmann::json& value() const { return value_; }
  [[noreturn]] void fail(const std::string& problem) const {
    throw ReportReadError((path_.empty() ? "the report" : path_) + ": " + problem);
  }

 private:
  const nlohmann::json& value_;
  std::string path_;
};

Verdict verdict_of(const ReportField& field) {
  const std::string name = field.text();
  for (const Verdict verdict : kAllVerdicts)
    if (verdict_name(verdict) == name) return verdict;
  field.fail("is not a verdict: " + field.quoted());
}

VerdictCounts counts_of(const ReportField& field) {
  VerdictCounts counts;
  for (const Verdict verdict : kAllVerdicts)
    counts.add(verdict, field[verdict_name(verdict)].count());
  std::uint64_t total = 0;
  try {
    total = counts.total();
  } catch (const CountOverflow&) {
    field.fail("counts add up to more than 2^64 - 1 (a wrapped sum is no total)");
  }
  if (total != field["cases"].count()) field.fail("counts do not add up to cases");
  return counts;
}

// The text fields of an outcome, by their key in the report.
constexpr std::pair<const char*, std::string CaseOutcome::*> kOutcomeTexts[] = {
    {"family", &CaseOutcome::family},
    {"where", &CaseOutcome::where},
    {"operation", &CaseOutcome::operation},
    {"configuration", &CaseOutcome::configuration},
    {"rule", &CaseOutcome::rule},
    {"input", &CaseOutcome::input_text},
    {"expected", &CaseOutcome::expected},
    {"got", &CaseOutcome::got},
    {"explanation", &CaseOutcome::explanation},
    {"flag", &CaseOutcome::flag},
    {"kind", &CaseOutcome::kind}};

CaseOutcome outcome_of(const ReportField& field) {
  CaseOutcome outcome;
  outcome.verdict = verdict_of(field["verdict"]);
  for (const auto& [key, member] : kOutcomeTexts) outcome.*member = field[key].text();
  outcome.sequence = field["sequence"].count();
  outcome.input = field["input_type"].type();
  outcome.output = field["output_type"].type();
  return outcome;
}

constexpr std::pair<const char*, std::size_t SummaryLimits::*> kLimits[] = {
    {"examples_per_group", &SummaryLimits::examples_per_group},
    {"groups", &SummaryLimits::groups},
    {"incidents", &SummaryLimits::incidents},
    {"distinct_names", &SummaryLimits::distinct_names},
    {"text_bytes", &SummaryLimits::text_bytes}};

SummaryLimits limits_of(const ReportField& field) {
  SummaryLimits limits;
  for (const auto& [key, member] : kLimits) limits.*member = field[key].count();
  return limits;
}

RunInfo info_of(const ReportField& report, int report_version) {
  const ReportField run = report["run"];
  RunInfo info;
  info.command = run["command"].text();
  const ReportField implementation = run["implementation"];
  info.implementation_name = implementation["name"].text();
  info.implementation_version = implementation["version"].text();
  info.implementation_language = implementation["language"].text();
  info.notes = run["notes"].text();
  const ReportField environment = run["environment"];
  if (!environment.value().is_object()) environment.fail("is not an object");
  for (const auto& [name, version] : environment.value().items())
    info.environment[name] =
        ReportField(version, "run.environment.\"" + bounded_quote(name) + "\"").text();
  info.mode = run["mode"].text();
  info.selection = run["selection"].text();
  info.vectors_version = run["vectors"]["version"].text();
  info.vectors_manifest_sha256 = run["vectors"]["manifest_sha256"].text();
  info.strict = run["strict"].boolean();
  const bool enveloped = report_version >= kFirstVersionWithEnvelope;  // else in "run"
  info.harness_version = (enveloped ? report : run)["harness_version"].text();
  info.started_at = run["started_at"].text();
  if (report_version >= kFirstVersionWithRunId) {
    info.run_id = run["run_id"].text();
    const ReportField declaration = run["declaration"];
    if (!declaration.is_null() && !declaration.value().is_object())
      declaration.fail("is not an object or null");
    // Compact with its keys sorted (nlohmann::json): equal declarations give equal texts.
    if (!declaration.is_null()) info.declaration = declaration.value().dump();
  }
  return info;
}

RunEnd end_of(const ReportField& report) {
  RunEnd end;
  end.interrupted = report["interrupted"].boolean();
  end.aborted = report["aborted"].boolean();
  end.abort_reason = report["abort_reason"].text();
  end.seconds = report["run"]["seconds"].number();
  const ReportField accounting = report["accounting"];
  end.not_reached_known = !accounting["not_reached"].is_null();
  if (end.not_reached_known) end.not_reached = accounting["not_reached"].count();
  const ReportField outside = accounting["outside_selection"];
  for (std::size_t i = 0; i < outside.size(); ++i)
    end.outside_selection.push_back(outside[i].text());
  return end;
}

RunSummary::Shard shard_of(const ReportField& field) {
  if (field.is_null()) return {};
  const RunSummary::Shard shard{field["index"].count(), field["count"].count()};
  if (shard.count == 0 || shard.index == 0 || shard.index > shard.count)
    field.fail("is not a shard K of N with 1 <= K <= N");
  return shard;
}

BugModelSet models_of(const ReportField& field) {
  BugModelSet models;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const std::string id = field[i].text();
    const BugModel* model = find_bug_model(id);
    if (model == nullptr) field[i].fail("is no known-bug model of this cvc: " + field[i].quoted());
    models.insert(bug_model_index(*model));
  }
  return models;
}

Diagnosis::BucketEntry bucket_of(const ReportField& field) {
  Diagnosis::BucketEntry bucket;
  bucket.operation = field["operation"].text();
  bucket.input = field["input_type"].type();
  bucket.output = field["output_type"].type();
  bucket.models = models_of(field["models"]);
  bucket.kind = field["kind"].text();
  bucket.cases = field["cases"].count();
  const ReportField simplicity = field["simplicity"];
  if (simplicity.size() != bucket.simplest.size()) simplicity.fail("does not have 5 numbers");
  for (std::size_t i = 0; i < bucket.simplest.size(); ++i)
    bucket.simplest[i] = simplicity[i].count();
  const ReportField minimal = field["minimal"];
  bucket.minimal = outcome_of(minimal);
  bucket.minimal.models = bucket.models;
  bucket.minimal.simplicity = bucket.simplest;
  bucket.minimal.replay = minimal["replay"].text();
  bucket.minimal.oracle_command = minimal["oracle_command"].text();
  return bucket;
}

// A cell's unsupported cases by reason: each reason once, within limits().distinct_names (and
// "(other)"), adding up to the cell's unsupported count. A report before version 6 has none: its
// unsupported cases are read under kNoUnsupportedReason.
std::map<std::string, std::uint64_t, std::less<>> cell_reasons_of(const ReportField& cell,
                                                                  const VerdictCounts& counts,
                                                                  int report_version,
                                                                  const SummaryLimits& limits) {
  std::map<std::string, std::uint64_t, std::less<>> reasons;
  const std::uint64_t unsupported = counts[Verdict::Unsupported];
  if (report_version < kFirstVersionWithReasons) {
    if (unsupported > 0) reasons.emplace(kNoUnsupportedReason, unsupported);
    return reasons;
  }
  const ReportField listed = cell["unsupported_reasons"];
  if (listed.size() > limits.distinct_names + 1)
    listed.fail("has " + std::to_string(listed.size()) +
                " reasons, more than limits.distinct_names (" +
                std::to_string(limits.distinct_names) + ") and (other)");
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < listed.size(); ++i) {
    const std::uint64_t cases = listed[i]["cases"].count();
    if (cases == 0) listed[i]["cases"].fail("is 0: a reason is listed for the cases it has");
    try {
      add_count(sum, cases, "the reasons' cases");
    } catch (const CountOverflow& error) {
      listed[i]["cases"].fail(error.what());
    }
    if (!reasons.emplace(listed[i]["reason"].text(), cases).second)
      listed[i]["reason"].fail("repeats " + listed[i]["reason"].quoted());
  }
  if (sum != unsupported)
    listed.fail("count " + std::to_string(sum) + " cases, but the cell counts " +
                std::to_string(unsupported) +
                " unsupported: every unsupported case has one reason");
  return reasons;
}

// The failure groups, within the limits a run keeps (adding more would cost a sort each).
void read_failure_groups(const ReportField& report, RunSummary& summary) {
  const ReportField failure_groups = report["failure_groups"];
  const ReportField groups = failure_groups["groups"];
  if (groups.size() > summary.limits().groups)
    groups.fail("has " + std::to_string(groups.size()) + " groups, more than limits.groups (" +
                std::to_string(summary.limits().groups) + ")");
  for (std::size_t i = 0; i < groups.size(); ++i) {
    FailureGroup group;
    group.operation = groups[i]["operation"].text();
    group.input = groups[i]["input_type"].type();
    group.output = groups[i]["output_type"].type();
    group.rule = groups[i]["rule"].text();
    group.kind = groups[i]["kind"].text();
    group.counts = counts_of(groups[i]["counts"]);
    const ReportField examples = groups[i]["examples"];
    if (examples.size() > summary.limits().examples_per_group)
      examples.fail("has " + std::to_string(examples.size()) +
                    " examples, more than limits.examples_per_group (" +
                    std::to_string(summary.limits().examples_per_group) + ")");
    for (std::size_t e = 0; e < examples.size(); ++e)
      group.examples.push_back(outcome_of(examples[e]));
    summary.add_group(group);
  }
  summary.add_omitted_group_cases(failure_groups["omitted_cases"].count());
}

// The diagnosis buckets, their cases summed checked (Diagnosis adds them unchecked).
void read_diagnosis(const ReportField& report, RunSummary& summary) {
  const ReportField buckets = report["diagnosis"]["buckets"];
  std::uint64_t diagnosed = 0;
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    const Diagnosis::BucketEntry bucket = bucket_of(buckets[i]);
    try {
      add_count(diagnosed, bucket.cases, "the buckets' cases");
    } catch (const CountOverflow& error) {
      buckets[i]["cases"].fail(error.what());
    }
    summary.diagnosis_to_merge().add_bucket(bucket);
  }
  if (summary.diagnosis().failures() != report["diagnosis"]["failures"].count() ||
      summary.diagnosis().explained() != report["diagnosis"]["explained"].count())
    report["diagnosis"]["buckets"].fail("do not add up to the diagnosis' failures and explained");
}

// The kept incidents, within limits().incidents, and the counts of all of them.
void read_incidents(const ReportField& report, RunSummary& summary) {
  const ReportField incidents = report["incidents"];
  const ReportField retained = incidents["retained"];
  if (retained.size() > summary.limits().incidents)
    retained.fail("has " + std::to_string(retained.size()) +
                  " incidents, more than limits.incidents (" +
                  std::to_string(summary.limits().incidents) + ")");
  std::vector<AdapterIncident> kept;
  for (std::size_t i = 0; i < retained.size(); ++i)
    kept.push_back({retained[i]["kind"].text(), retained[i]["detail"].text(),
                    retained[i]["request"].text(), retained[i]["cases_affected"].count(),
                    retained[i]["stderr_tail"].text()});
  summary.add_incidents(kept, incidents["count"].count(), incidents["cases_affected"].count());
}

// The run's unsupported reasons are its cells' summed: they add up to the totals' unsupported
// count (checked first, for its own message), and each is what the cells give.
void check_unsupported_reasons(const ReportField& listed, const RunSummary& summary) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < listed.size(); ++i) {
    try {
      add_count(sum, listed[i]["cases"].count(), "the reasons' cases");
    } catch (const CountOverflow& error) {
      listed[i]["cases"].fail(error.what());
    }
  }
  const std::uint64_t unsupported = summary.totals()[Verdict::Unsupported];
  if (sum != unsupported)
    listed.fail("count " + std::to_string(sum) + " cases, but the totals count " +
                std::to_string(unsupported) +
                " unsupported: every unsupported case has one reason");
  const std::vector<UnsupportedReason> derived = summary.unsupported_reasons();
  if (listed.size() != derived.size())
    listed.fail("has " + std::to_string(listed.size()) + " reasons but the cells give " +
                std::to_string(derived.size()));
  for (std::size_t i = 0; i < derived.size(); ++i) {
    const ReportField reason = listed[i];
    if (reason["reason"].text() != derived[i].reason ||
        reason["cases"].count() != derived[i].cases || reason["cells"].count() != derived[i].cells)
      reason.fail("is " + reason.quoted_json() + " but the cells give \"" +
                  bounded_quote(derived[i].reason) + "\": " + std::to_string(derived[i].cases) +
                  " cases in " + std::to_string(derived[i].cells) + " cells");
  }
}

// The fields a report derives from its counts (its verdict, the accounting, each cell's status,
// the diagnosis groups) must be what its counts give: a report relabelled in one place only
// disagrees with itself.
void check_derived_fields(const ReportField& report, const RunSummary& summary) {
  const auto expect = [](const ReportField& field, const nlohmann::json& derived) {
    if (field.value() != derived)
      field.fail("is " + bounded_quote(field.value().dump()) + " but the report's counts give " +
                 bounded_quote(derived.dump()));
  };
  expect(report["complete"], summary.complete());
  if (report["report_version"].value().get<std::int64_t>() >= kFirstVersionWithReasons)
    check_unsupported_reasons(report["unsupported_reasons"], summary);
  expect(report["exit_code"], exit_code(summary));
  const ReportField accounting = report["accounting"];
  expect(accounting["counted"], summary.cases_counted());
  if (summary.run_end().not_reached_known) {
    std::uint64_t selected = summary.cases_counted();
    try {
      add_count(selected, summary.run_end().not_reached, "counted and not_reached");
    } catch (const CountOverflow& error) {
      accounting["not_reached"].fail(error.what());
    }
    expect(accounting["selected"], selected);
  }
  if (report["report_version"].value().get<std::int64_t>() >= kFirstVersionWithRunId) {
    const std::optional<std::uint64_t> selected = selected_cases(summary);
    const std::uint64_t compared = summary.totals().compared();
    expect(accounting["compared"], compared);
    expect(accounting["compared_share"],
           selected ? nlohmann::json(share_text(compared, *selected)) : nlohmann::json());
    expect(report["result"], verdict_text(summary));
  }
  const ReportField cells = report["cells"];
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const VerdictCounts counts = counts_of(cells[i]["counts"]);
    expect(cells[i]["status"], std::string(cell_status_name(cell_status(counts))));
    expect(cells[i]["passed_percent"], passed_percent(counts));
  }
  const ReportField groups = report["diagnosis"]["groups"];
  const std::vector<DiagnosisGroup> derived = summary.diagnosis().groups();
  if (groups.size() != derived.size())
    groups.fail("has " + std::to_string(groups.size()) + " groups but the buckets give " +
                std::to_string(derived.size()));
  for (std::size_t i = 0; i < derived.size(); ++i) {
    expect(groups[i]["id"], derived[i].id());
    expect(groups[i]["cases"], derived[i].cases);
  }
}

}  // namespace

nlohmann::json parse_report_text(std::string_view text) {
  const auto bounded_depth = [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
    if (depth > kMaxReportDepth)
      throw ReportReadError("not a cvc run report: nested deeper than " +
                            std::to_string(kMaxReportDepth) + " levels");
    return true;
  };
  try {
    return nlohmann::json::parse(text, bounded_depth);
  } catch (const nlohmann::json::exception& error) {
    // nlohmann's text after its "[json.exception.parse_error.N] " tag; it may quote the input.
    const std::string_view what = error.what();
    const std::size_t tag_end = what.find("] ");
    const std::string_view account =
        tag_end == std::string_view::npos ? what : what.substr(tag_end + 2);
    const auto* parse_error = dynamic_cast<const nlohmann::json::parse_error*>(&error);
    throw ReportReadError("not JSON" +
                          (parse_error == nullptr
                               ? std::string()
                               : " (at byte " + std::to_string(parse_error->byte) + ")") +
                          ": " + bounded_quote(account));
  }
}

RunSummary read_json_report(const nlohmann::json& json) {
  const ReportField report(json, "");
  if (!json.is_object()) report.fail("is not a JSON object");
  if (!json.contains("report_version") || !json["report_version"].is_number_integer())
    report.fail("has no report_version: not a cvc run report");
  const ReportField version_field = report["report_version"];
  const std::int64_t version = version_field.value().get<std::int64_t>();
  if (version < kOldestMergeableReportVersion || version > kReportVersion)
    version_field.fail("is " + bounded_quote(version_field.value().dump()) + ": only versions " +
                       std::to_string(kOldestMergeableReportVersion) + " to " +
                       std::to_string(kReportVersion) + " can be merged (run again with this cvc)");
  if (version >= kFirstVersionWithEnvelope && report["report"].text() != kReportName)
    report["report"].fail("is " + report["report"].quoted() + ", not \"" +
                          std::string(kReportName) + "\": not a cvc run report");
  RunSummary summary(limits_of(report["limits"]));
  summary.set_run(info_of(report, static_cast<int>(version)), end_of(report));
  summary.set_shard(shard_of(report["run"]["shard"]));
  const ReportField cells = report["cells"];
  for (std::size_t i = 0; i < cells.size(); ++i) {
    CellSummary cell;
    cell.operation = cells[i]["operation"].text();
    cell.input = cells[i]["input_type"].type();
    cell.output = cells[i]["output_type"].type();
    cell.counts = counts_of(cells[i]["counts"]);
    cell.seconds = cells[i]["seconds"].number();
    cell.unsupported_reasons =
        cell_reasons_of(cells[i], cell.counts, static_cast<int>(version), summary.limits());
    summary.add_cell(cell);
  }
  const VerdictCounts totals = counts_of(report["totals"]);
  if (totals.by_verdict != summary.totals().by_verdict)
    report["totals"].fail("are not the sum of the cells' counts");
  const ReportField rules = report["rules"];
  for (std::size_t i = 0; i < rules.size(); ++i)
    summary.add_rule({rules[i]["rule"].text(), counts_of(rules[i]["counts"])});
  if (version >= kFirstVersionWithFamilies) {
    const ReportField families = report["families"];
    for (std::size_t i = 0; i < families.size(); ++i)
      summary.add_family({families[i]["family"].text(), counts_of(families[i]["counts"])});
  }
  const ReportField flags = report["divergence_flags"];
  for (std::size_t i = 0; i < flags.size(); ++i)
    summary.add_flag(
        {flags[i]["flag"].text(), flags[i]["cases"].count(), outcome_of(flags[i]["first"])});
  read_failure_groups(report, summary);
  read_diagnosis(report, summary);
  read_incidents(report, summary);
  if (const std::optional<std::string> disagreement = summary_disagreement(summary))
    report.fail("its parts disagree: " + *disagreement);
  check_derived_fields(report, summary);
  return summary;
}

}  // namespace cvc
