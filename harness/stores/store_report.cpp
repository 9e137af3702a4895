#include "harness/stores/store_report.hpp"

#include <iomanip>
#include <nlohmann/json.hpp>

#include "harness/text/junit_document.hpp"
#include "harness/text/report_envelope.hpp"
#include "harness/text/text_escape.hpp"

namespace cvc {
namespace {

using json = nlohmann::json;

json store_counts_json(const StoreCounts& counts) {
  return {{"arrays", counts.arrays},
          {"pass", counts.pass},
          {"fail", counts.fail},
          {"unsupported", counts.unsupported},
          {"adapter_error", counts.adapter_error},
          {"not_reached", counts.not_reached}};
}

std::string counts_line(const StoreCounts& counts) {
  std::string line = std::to_string(counts.arrays) + " arrays: " + std::to_string(counts.pass) +
                     " pass, " + std::to_string(counts.fail) + " fail, " +
                     std::to_string(counts.unsupported) + " unsupported, " +
                     std::to_string(counts.adapter_error) + " adapter error";
  if (counts.not_reached > 0) line += ", " + std::to_string(counts.not_reached) + " not reached";
  return line;
}

void counts_table(std::ostream& out, const std::string& title,
                  const std::map<std::string, StoreCounts>& rows) {
  out << "\n" << title << "\n";
  out << "  " << std::left << std::setw(22) << "" << std::right << std::setw(7) << "arrays"
      << std::setw(7) << "pass" << std::setw(7) << "fail" << std::setw(8) << "unsupp"
      << std::setw(8) << "error"
      << "\n";
  for (const auto& [name, counts] : rows)
    out << "  " << std::left << std::setw(22) << name << std::right << std::setw(7) << counts.arrays
        << std::setw(7) << counts.pass << std::setw(7) << counts.fail << std::setw(8)
        << counts.unsupported << std::setw(8) << counts.adapter_error << "\n";
}

}  // namespace

void write_store_terminal_report(const StoreRun& run, std::ostream& out,
                                 std::size_t failures_shown) {
  const StoreImplementation& impl = run.implementation;
  out << "cvc check-store: " << (impl.name.empty() ? run.command : impl.name) << " " << impl.version
      << " (" << run.interface_name << ")\n";
  out << "vectors: " << run.vectors
      << (run.vectors_version.empty() ? "" : " (version " + run.vectors_version + ")")
      << ", store-level family\n";
  if (run.interrupted) out << "INTERRUPTED: the arrays not reached are counted as such\n";
  if (run.aborted)
    out << "ABORTED: " << sanitize_text(run.abort_reason, false)
        << "; the arrays not reached are counted as such\n";
  counts_table(out, "by kind", run.by_kind());
  counts_table(out, "by feature", run.by_feature());
  std::size_t shown = 0, failed = 0;
  for (const StoreOutcome& outcome : run.outcomes) {
    if (outcome.verdict != StoreVerdict::Fail && outcome.verdict != StoreVerdict::AdapterError)
      continue;
    if (failed++ == 0) out << "\nfailures\n";
    if (shown++ >= failures_shown) continue;
    out << "  " << store_verdict_name(outcome.verdict) << " " << outcome.id << " (" << outcome.what
        << ")\n    " << sanitize_text(outcome.detail, false) << "\n";
  }
  if (failed > failures_shown)
    out << "  ... and " << failed - failures_shown << " more (the JSON report has them all)\n";
  std::size_t unsupported = 0;
  for (const StoreOutcome& outcome : run.outcomes)
    if (outcome.verdict == StoreVerdict::Unsupported && unsupported++ == 0)
      out << "\nunsupported (first): " << outcome.id << ": " << outcome.detail << "\n";
  out << "\n"
      << counts_line(run.totals()) << "\n"
      << (run.passed() ? "PASS" : "FAIL") << " (" << std::fixed << std::setprecision(1)
      << run.seconds << " s)\n";
}

void write_store_json_report(const StoreRun& run, std::ostream& out) {
  json arrays = json::array();
  for (const StoreOutcome& outcome : run.outcomes) {
    json entry = {{"id", outcome.id},
                  {"kind", std::string(store_kind_name(outcome.kind))},
                  {"data_type", outcome.data_type},
                  {"features", outcome.features},
                  {"verdict", std::string(store_verdict_name(outcome.verdict))}};
    if (!outcome.detail.empty()) entry["detail"] = outcome.detail;
    if (!outcome.note.empty()) entry["note"] = outcome.note;
    arrays.push_back(std::move(entry));
  }
  json by_kind = json::object(), by_feature = json::object();
  for (const auto& [name, counts] : run.by_kind()) by_kind[name] = store_counts_json(counts);
  for (const auto& [name, counts] : run.by_feature()) by_feature[name] = store_counts_json(counts);
  const StoreImplementation& impl = run.implementation;
  const json fields = {
      {"implementation",
       {{"name", impl.name}, {"version", impl.version}, {"language", impl.language}}},
      {"environment", impl.environment},
      {"notes", impl.notes},
      {"command", run.command},
      {"interface", run.interface_name},
      {"vectors",
       {{"path", run.vectors},
        {"version", run.vectors_version},
        {"manifest_sha256", run.vectors_manifest_sha256}}},
      {"interrupted", run.interrupted},
      {"aborted", run.aborted},
      {"abort_reason", run.abort_reason},
      {"passed", run.passed()},
      {"totals", store_counts_json(run.totals())},
      {"by_kind", by_kind},
      {"by_feature", by_feature},
      {"arrays", arrays}};
  json report = report_envelope(kStoreReportName, kStoreReportVersion, CVC_VERSION);
  report.update(fields);
  out << report.dump(1) << "\n";
}

void write_store_junit_report(const StoreRun& run, std::ostream& out) {
  JunitDocument document;
  document.totals = false;
  document.layout = JunitLayout::Compact;
  JunitSuite suite{"cvc check-store " + run.implementation.name + " " + run.implementation.version,
                   std::nullopt,
                   {},
                   {}};
  for (const StoreOutcome& outcome : run.outcomes) {
    JunitTestcase testcase{
        "stores." + std::string(store_kind_name(outcome.kind)), outcome.id, std::nullopt, {}, {}};
    const std::string message = sanitize_text(outcome.detail, false);
    const std::string detail = sanitize_text(outcome.detail);
    switch (outcome.verdict) {
      case StoreVerdict::Pass:
        break;
      case StoreVerdict::Fail:
        testcase.results.push_back({JunitResult::Kind::Failure, std::nullopt, message, detail});
        break;
      case StoreVerdict::AdapterError:
        testcase.results.push_back({JunitResult::Kind::Error, std::nullopt, message, detail});
        break;
      case StoreVerdict::Unsupported:
      case StoreVerdict::NotReached:
        testcase.results.push_back(
            {JunitResult::Kind::Skipped, std::nullopt, message, std::nullopt});
        break;
    }
    suite.testcases.push_back(std::move(testcase));
  }
  document.suites.push_back(std::move(suite));
  write_junit_document(document, out);
}

}  // namespace cvc
