// The envelope: the same three keys begin every JSON report cvc writes (run, fuzz, check-store).
#include "harness/text/report_envelope.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "harness/fuzz/fuzz_report.hpp"
#include "harness/reports/report_json.hpp"
#include "harness/stores/store_report.hpp"

namespace cvc::report_envelope_test {
namespace {

std::vector<std::string> keys(const nlohmann::ordered_json& object) {
  std::vector<std::string> names;
  for (const auto& item : object.items()) names.push_back(item.key());
  return names;
}

const std::vector<std::string> kEnvelope = {"report", "report_version", "harness_version"};

TEST(ReportEnvelope, TheThreeKeysInOrder) {
  const nlohmann::ordered_json envelope = report_envelope("cvc-test", 7, "9.9.9");
  EXPECT_EQ(keys(envelope), kEnvelope);
  EXPECT_EQ(envelope["report"], "cvc-test");
  EXPECT_EQ(envelope["report_version"], 7);
  EXPECT_EQ(envelope["harness_version"], "9.9.9");
}

// Each report's envelope: its name and version, and the harness version (for the run report the
// run's, which a merge takes from its shards).
TEST(ReportEnvelope, EveryJsonReportHasIt) {
  RunSummary summary;
  RunInfo info;
  info.harness_version = "0.0.1-shards";
  summary.begin(info);
  summary.end({});
  std::ostringstream run;
  write_json_report(summary, run);
  const auto run_report = nlohmann::ordered_json::parse(run.str());
  std::vector<std::string> first = keys(run_report);
  first.resize(kEnvelope.size());
  EXPECT_EQ(first, kEnvelope) << "the run report begins with the envelope";
  EXPECT_EQ(run_report["report"], "cvc-run");
  EXPECT_EQ(run_report["report_version"], kReportVersion);
  EXPECT_EQ(run_report["harness_version"], "0.0.1-shards");

  std::ostringstream fuzz;
  fuzz::write_fuzz_json(fuzz::FuzzOutcome{}, fuzz);
  const auto fuzz_report = nlohmann::json::parse(fuzz.str());
  EXPECT_EQ(fuzz_report["report"], "cvc-fuzz");
  EXPECT_EQ(fuzz_report["report_version"], fuzz::kFuzzReportVersion);
  EXPECT_EQ(fuzz_report["harness_version"], CVC_VERSION);

  std::ostringstream store;
  write_store_json_report(StoreRun{}, store);
  const auto store_report = nlohmann::json::parse(store.str());
  EXPECT_EQ(store_report["report"], "cvc-check-store");
  EXPECT_EQ(store_report["report_version"], kStoreReportVersion);
  EXPECT_EQ(store_report["harness_version"], CVC_VERSION);
  for (const char* old : {"format", "version", "cvc"})
    EXPECT_FALSE(store_report.contains(old)) << old << ": the version-1 header";
}

}  // namespace
}  // namespace cvc::report_envelope_test
