// Merging shards' reports (harness/reports/report_merge.hpp, RunSummary's merging block, reading a
// JSON report back): a synthetic run with every verdict, recorded once whole and once split into
// shards as the runner splits it (batches dealt round robin, cases numbered in the whole
// selection), merges into the whole run's JSON report but for times; and merges that must be
// refused are refused, naming what differs.
#include "harness/reports/report_merge.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "harness/reports/report_json_read.hpp"
#include "harness/reports/run_summary.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::report_merge_test {
namespace {

constexpr std::uint64_t kBatch = 7;  // cases per batch: shards take whole batches
// The reasons of the synthetic run's unsupported cases.
constexpr const char* kReasons[] = {
    "the adapter does not declare the data type int2 (hello: data_types)",
    "the adapter does not declare scalar_map for decode (hello: capabilities.decode.scalar_map = "
    "false)",
    "the adapter answered unsupported: no such rounding"};

RunInfo run_info() {
  RunInfo info;
  info.command = "cvc adapter";
  info.implementation_name = "synthetic";
  // A std::string, not "1": GCC 12 warns (-Wstringop-overflow, a known false positive) on the
  // inlined assignment of a one-character literal.
  info.implementation_version = std::string("1");
  info.implementation_language = "c++";
  info.mode = "live exhaustive (inputs of 8 bits or fewer)";
  info.harness_version = CVC_VERSION;
  info.started_at = "2026-01-02T03:04:05Z";
  info.selection = "all cases";
  info.run_id = "synthetic-run";
  info.declaration =
      R"({"capabilities":{"decode":{"scalar_map":false}},"data_types":["float16","float8_e4m3",)"
      R"("int8","uint8"],"operations":["decode","encode"],"protocol":2})";
  return info;
}

// The synthetic run: `count` outcomes over a few cells, rules, flags and model sets, with
// simplicities that tie often (so that ties are decided by sequence).
std::vector<CaseOutcome> synthetic_outcomes(std::uint64_t count, unsigned seed) {
  std::mt19937_64 random(seed);
  const char* types[] = {"int8", "uint8", "float16", "float8_e4m3"};
  const char* rules[] = {"nearest-even", "towards-zero / clamp", "nearest-away / wrap"};
  const char* flags[] = {"E8M0Tie=even-exponent", "DirectedOverflow=ieee-overflow"};
  std::vector<CaseOutcome> outcomes;
  for (std::uint64_t sequence = 0; sequence < count; ++sequence) {
    CaseOutcome outcome;
    // (By sequence, not drawn: the other draws stay as they were.)
    const char* families[] = {"cast", "scalar_map", "chain"};
    outcome.family = families[sequence % 3];
    outcome.sequence = sequence;
    outcome.where = "live exhaustive input #" + std::to_string(sequence);
    outcome.operation = random() % 4 == 0 ? "decode" : "encode";
    outcome.input = find_data_type(types[random() % 4]);
    outcome.output = find_data_type(types[random() % 4]);
    outcome.configuration = "{}";
    outcome.rule = rules[random() % 3];
    outcome.input_text = "0x" + std::to_string(sequence % 256);
    outcome.expected = "0x01 (1)";
    outcome.got = "0x02 (2)";
    outcome.seconds = 0.001 * static_cast<double>(random() % 5);
    const unsigned pick = random() % 10;
    outcome.verdict = pick < 5   ? Verdict::Pass
                      : pick < 7 ? Verdict::Fail
                      : pick < 8 ? Verdict::Divergence
                      : pick < 9 ? Verdict::Unsupported
                                 : Verdict::AdapterError;
    if (outcome.verdict == Verdict::Fail) {
      outcome.kind = random() % 2 ? "wrong value" : "an error where the oracle gives a value";
      outcome.models = BugModelSet::from_mask(random() % 4);  // none, model 0, model 1 or both
      outcome.simplicity = {random() % 2, 8, random() % 2, 0, 0};
      outcome.replay = "{\"cmd\":\"cast\"}";
      outcome.oracle_command = "cvc cast";
    } else if (outcome.verdict == Verdict::Divergence) {
      outcome.flag = flags[random() % 2];
      outcome.kind = "matches " + outcome.flag;
    } else if (outcome.verdict == Verdict::AdapterError) {
      outcome.kind = "adapter error: crash";
    } else if (outcome.verdict == Verdict::Unsupported) {
      const std::size_t reason = random() % 3;
      outcome.kind = kReasons[reason];
      // A reason applies to its cell (harness/reports/reason_applicability.hpp): the type it
      // names is the cell's, the direction it names the cell's.
      if (reason == 0) outcome.input = find_data_type("int2");
      if (reason == 1) outcome.operation = "decode";
    }
    outcomes.push_back(std::move(outcome));
  }
  return outcomes;
}

void record_all(RunSummary& summary, const std::vector<CaseOutcome>& outcomes) {
  for (const CaseOutcome& outcome : outcomes) summary.record(outcome);
}

RunEnd run_end() {
  RunEnd end;
  end.seconds = 1.5;
  end.outside_selection = {"scalars.json: 970 cases"};
  return end;
}

std::string json_text(const RunSummary& summary) {
  std::ostringstream out;
  write_json_report(summary, out);
  return out.str();
}

// The JSON report with its times blanked: started_at, the run's seconds, the cells' seconds.
nlohmann::json without_times(const std::string& text) {
  nlohmann::json report = nlohmann::json::parse(text);
  report["run"]["started_at"] = "";
  report["run"]["seconds"] = 0;
  for (nlohmann::json& cell : report["cells"]) cell["seconds"] = 0;
  return report;
}

// The shards' reports as `cvc run --shard K/N` writes them: batch b goes to shard b mod N.
std::vector<ShardReport> shard_reports(const std::vector<CaseOutcome>& outcomes,
                                       std::uint64_t count, const SummaryLimits& limits) {
  std::vector<ShardReport> shards;
  for (std::uint64_t k = 0; k < count; ++k) {
    RunSummary shard(limits);
    RunInfo info = run_info();
    info.started_at = "2026-01-02T03:04:0" + std::to_string(6 + k) + "Z";
    shard.begin(info);
    shard.set_shard({k + 1, count});
    for (const CaseOutcome& outcome : outcomes)
      if (outcome.sequence / kBatch % count == k) shard.record(outcome);
    shard.end(run_end());
    shards.push_back({"shard-" + std::to_string(k + 1) + ".json",
                      read_json_report(nlohmann::json::parse(json_text(shard)))});
  }
  return shards;
}

std::string single_run_json(const std::vector<CaseOutcome>& outcomes, const SummaryLimits& limits) {
  RunSummary single(limits);
  single.begin(run_info());
  record_all(single, outcomes);
  single.end(run_end());
  return json_text(single);
}

TEST(ReportMergeTest, ShardsMergeIntoTheSingleRunButForTimes) {
  SummaryLimits limits;
  limits.examples_per_group = 2;
  const std::vector<CaseOutcome> outcomes = synthetic_outcomes(3000, 12);
  const nlohmann::json single = without_times(single_run_json(outcomes, limits));
  ASSERT_GT(single["diagnosis"]["buckets"].size(), 10u);
  ASSERT_FALSE(single["divergence_flags"].empty());
  for (const std::uint64_t count : {1u, 2u, 3u}) {
    const MergeResult merged = merge_shard_reports(shard_reports(outcomes, count, limits));
    EXPECT_TRUE(merged.warnings.empty());
    EXPECT_EQ(without_times(json_text(merged.summary)), single) << count << " shards";
  }
}

TEST(ReportMergeTest, ReadingAReportBackWritesItAgainByteForByte) {
  const std::vector<CaseOutcome> outcomes = synthetic_outcomes(500, 3);
  const std::string written = single_run_json(outcomes, {});
  EXPECT_EQ(json_text(read_json_report(nlohmann::json::parse(written))), written);
}

// Why read_json_report refuses the report, or "(read)".
std::string read_error(const nlohmann::json& report) {
  try {
    read_json_report(report);
  } catch (const ReportReadError& error) {
    return error.what();
  }
  return "(read)";
}

// Why merge_shard_reports refuses the shards, or "(merged)".
std::string refusal(const std::vector<ShardReport>& shards) {
  try {
    merge_shard_reports(shards);
  } catch (const MergeError& error) {
    return error.what();
  }
  return "(merged)";
}

// A report as version 4, 5 or 6 wrote it: no families, run id, declaration, result or compared
// count; before 6 no unsupported_reasons; version 4 also without the envelope ("report", the
// harness version in "run").
nlohmann::json as_version(const std::string& text, int version) {
  nlohmann::json report = nlohmann::json::parse(text);
  EXPECT_EQ(report["report_version"], kReportVersion);
  report["report_version"] = version;
  report.erase("families");
  report["run"].erase("run_id");
  report["run"].erase("declaration");
  report.erase("result");
  report["accounting"].erase("compared");
  report["accounting"].erase("compared_share");
  if (version >= 6) return report;
  report.erase("unsupported_reasons");
  for (nlohmann::json& cell : report["cells"]) cell.erase("unsupported_reasons");
  if (version >= 5) return report;
  report["run"]["harness_version"] = report["harness_version"];
  report.erase("report");
  report.erase("harness_version");
  return report;
}

// The report with every unsupported case under the one reason of a report before version 6.
nlohmann::json with_reasons_unrecorded(const std::string& text) {
  nlohmann::json report = nlohmann::json::parse(text);
  std::uint64_t cells = 0;
  for (nlohmann::json& cell : report["cells"]) {
    const std::uint64_t unsupported = cell["counts"]["unsupported"];
    cell["unsupported_reasons"] = nlohmann::json::array();
    if (unsupported == 0) continue;
    cell["unsupported_reasons"].push_back(
        {{"reason", kNoUnsupportedReason}, {"cases", unsupported}});
    ++cells;
  }
  report["unsupported_reasons"] = nlohmann::json::array();
  const std::uint64_t unsupported = report["totals"]["unsupported"];
  if (unsupported > 0)
    report["unsupported_reasons"].push_back(
        {{"reason", kNoUnsupportedReason}, {"cases", unsupported}, {"cells", cells}});
  return report;
}

// What a report of a version before 7 reads back as: no run identity, and (before 8) no families.
nlohmann::json without_run_identity(nlohmann::json report) {
  report["run"]["run_id"] = "";
  report["run"]["declaration"] = nullptr;
  report["families"] = nlohmann::json::array();
  return report;
}

// Versions 4 (before the envelope), 5 (before the reasons) and 6 (before run ids) are still read,
// and written again as this version, their unsupported cases under kNoUnsupportedReason before
// 6; but their shards are not merged: without a run id, shards of two runs with the same options
// cannot be told apart.
TEST(ReportMergeTest, ReportsBeforeVersionSevenAreReadButTheirShardsNotMerged) {
  const std::vector<CaseOutcome> outcomes = synthetic_outcomes(500, 3);
  const std::string written = single_run_json(outcomes, {});
  for (const int version : {4, 5})
    EXPECT_EQ(nlohmann::json::parse(json_text(read_json_report(as_version(written, version)))),
              without_run_identity(with_reasons_unrecorded(written)))
        << version;
  EXPECT_EQ(nlohmann::json::parse(json_text(read_json_report(as_version(written, 6)))),
            without_run_identity(nlohmann::json::parse(written)));
  for (const int version : {4, 6}) {
    std::vector<ShardReport> shards = shard_reports(outcomes, 2, {});
    for (ShardReport& shard : shards)
      shard.summary = read_json_report(as_version(json_text(shard.summary), version));
    EXPECT_EQ(refusal(shards),
              "shard-1.json has no run id (run.run_id): it was written before cvc gave runs ids "
              "(report version 6 or older); run the shard again with this cvc")
        << version;
  }
}

// Every unsupported case has one reason, in the run and in its cell: a report whose reasons do not
// add up to its unsupported counts, or are not its cells' summed, is refused, naming the field.
TEST(ReportMergeTest, ReasonsThatDoNotAddUpToTheUnsupportedCasesAreRefused) {
  const std::vector<CaseOutcome> outcomes = synthetic_outcomes(300, 5);
  const std::string written = single_run_json(outcomes, {});
  const nlohmann::json report = nlohmann::json::parse(written);
  // As written, they add up.
  std::uint64_t reasoned = 0;
  for (const nlohmann::json& reason : report["unsupported_reasons"])
    reasoned += reason["cases"].get<std::uint64_t>();
  ASSERT_GT(reasoned, 0u);
  EXPECT_EQ(reasoned, report["totals"]["unsupported"]);
  EXPECT_EQ(report["unsupported_reasons"].size(), 3u);
  std::size_t cell = 0;
  while (report["cells"][cell]["unsupported_reasons"].empty()) ++cell;
  const std::string at = "cells[" + std::to_string(cell) + "]";
  nlohmann::json tampered = report;
  nlohmann::json& first = tampered["cells"][cell]["unsupported_reasons"][0]["cases"];
  first = first.get<std::uint64_t>() + 1;
  EXPECT_NE(read_error(tampered).find(at + ".unsupported_reasons: count "), std::string::npos)
      << read_error(tampered);
  EXPECT_NE(read_error(tampered).find(" unsupported: every unsupported case has one reason"),
            std::string::npos);
  tampered = report;
  tampered["cells"][cell].erase("unsupported_reasons");
  EXPECT_EQ(read_error(tampered), at + ": has no \"unsupported_reasons\"");
  tampered = report;
  tampered["cells"][cell]["unsupported_reasons"].push_back(
      tampered["cells"][cell]["unsupported_reasons"][0]);
  EXPECT_NE(read_error(tampered).find("repeats"), std::string::npos) << read_error(tampered);
  tampered = report;
  nlohmann::json& run_first = tampered["unsupported_reasons"][0]["cases"];
  run_first = run_first.get<std::uint64_t>() - 1;
  EXPECT_EQ(read_error(tampered), "unsupported_reasons: count " + std::to_string(reasoned - 1) +
                                      " cases, but the totals count " + std::to_string(reasoned) +
                                      " unsupported: every unsupported case has one reason");
  tampered = report;
  tampered["unsupported_reasons"][0]["reason"] = "relabelled";
  EXPECT_NE(read_error(tampered).find("unsupported_reasons[0]: is "), std::string::npos)
      << read_error(tampered);
  tampered = report;
  tampered.erase("unsupported_reasons");
  EXPECT_EQ(read_error(tampered), "the report: has no \"unsupported_reasons\"");
}

TEST(ReportMergeTest, AShardThatHitTheGroupsLimitIsWarnedAbout) {
  SummaryLimits limits;
  limits.groups = 5;  // far fewer than the run's groups: each shard hits it too
  const std::vector<CaseOutcome> outcomes = synthetic_outcomes(400, 5);
  const nlohmann::json single = without_times(single_run_json(outcomes, limits));
  ASSERT_GT(single["failure_groups"]["omitted_cases"], 0);
  const MergeResult merged = merge_shard_reports(shard_reports(outcomes, 2, limits));
  // A shard that hit the limit has dropped groups the whole run keeps: said, not hidden.
  EXPECT_FALSE(merged.warnings.empty());
  const nlohmann::json got = without_times(json_text(merged.summary));
  EXPECT_EQ(got["totals"], single["totals"]);
}

TEST(ReportMergeTest, GroupsBeyondTheLimitAcrossShardsAreDroppedAsASingleRunDrops) {
  SummaryLimits limits;
  const std::vector<CaseOutcome> outcomes = synthetic_outcomes(2000, 9);
  // The limit just under the run's groups: no shard reaches it, the merge goes over it.
  limits.groups =
      without_times(single_run_json(outcomes, limits))["failure_groups"]["groups"].size() - 3;
  const nlohmann::json single = without_times(single_run_json(outcomes, limits));
  ASSERT_GT(single["failure_groups"]["omitted_cases"], 0);
  const MergeResult merged = merge_shard_reports(shard_reports(outcomes, 2, limits));
  EXPECT_TRUE(merged.warnings.empty());
  EXPECT_EQ(without_times(json_text(merged.summary)), single);
}

// A perturbed shard merges into something else: the comparison above can fail.
TEST(ReportMergeTest, APerturbedShardNoLongerMergesIntoTheSingleRun) {
  SummaryLimits limits;
  limits.examples_per_group = 2;
  const std::vector<CaseOutcome> outcomes = synthetic_outcomes(1000, 4);
  const nlohmann::json single = without_times(single_run_json(outcomes, limits));
  std::vector<ShardReport> shards = shard_reports(outcomes, 2, limits);
  nlohmann::json second = nlohmann::json::parse(json_text(shards[1].summary));
  // One example's sequence made the smallest of its group: the merge picks it first.
  nlohmann::json& examples = second["failure_groups"]["groups"][0]["examples"];
  examples[examples.size() - 1]["sequence"] = 0;
  std::swap(examples[0], examples[examples.size() - 1]);
  shards[1].summary = read_json_report(second);
  EXPECT_NE(without_times(json_text(merge_shard_reports(shards).summary)), single);
}

TEST(ReportMergeTest, TiesOfSimplicityGoToTheSmallerSequenceWhicheverShardHasIt) {
  CaseOutcome failure = synthetic_outcomes(1, 1).front();
  failure.verdict = Verdict::Fail;
  failure.kind = "wrong value";
  failure.models = {};
  failure.simplicity = {0, 8, 1, 0, 0};
  RunSummary first, second;
  for (RunSummary* shard : {&first, &second}) shard->begin(run_info());
  failure.sequence = 50;
  failure.where = "later";
  first.record(failure);
  failure.sequence = 10;
  failure.where = "earlier";
  second.record(failure);
  first.merge(second);
  const std::vector<DiagnosisGroup> groups = first.diagnosis().groups();
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].minimal.where, "earlier");
  EXPECT_EQ(groups[0].cases, 2u);
}

// --- Merges refused -----------------------------------------------------------------------------

TEST(ReportMergeTest, MissingDuplicateAndForeignShardsAreRefusedNamingWhy) {
  const std::vector<CaseOutcome> outcomes = synthetic_outcomes(300, 2);
  std::vector<ShardReport> three = shard_reports(outcomes, 3, {});
  EXPECT_EQ(refusal({three[0], three[2]}),
            "shards missing: 2/3 (1 of 3; a merge needs every shard of the run once, and 2 "
            "reports were given)");
  EXPECT_EQ(refusal({three[0], three[1], three[1], three[2]}),
            "shard 2/3 is given twice: shard-2.json and shard-2.json");
  std::vector<ShardReport> two = shard_reports(outcomes, 2, {});
  EXPECT_EQ(refusal({three[0], two[1]}),
            "shard-2.json is shard 2/2 but shard-1.json is shard 1/3: they split the run "
            "differently");
  RunInfo other = run_info();
  other.selection = "--type int8";
  three[1].summary.set_run(other, three[1].summary.run_end());
  EXPECT_EQ(refusal(three),
            "shard-2.json is not from the same run as shard-1.json: run.selection is \"--type "
            "int8\" there, \"all cases\" in shard-1.json");
  three[1].summary.set_shard({});
  EXPECT_NE(refusal(three).find("shard-2.json is not a shard"), std::string::npos);
  EXPECT_EQ(refusal({}), "no report to merge");
}

// Shards of two runs (a stale shard report of an earlier submission beside this one's) are refused,
// naming the file and the run id; so are shards whose adapters declared differently in their
// hellos (another set of data types): both once merged into one PASS.
TEST(ReportMergeTest, ShardsOfAnotherRunOrAnotherDeclarationAreRefused) {
  const std::vector<CaseOutcome> outcomes = synthetic_outcomes(300, 2);
  std::vector<ShardReport> three = shard_reports(outcomes, 3, {});
  ASSERT_EQ(refusal(three), "(merged)");
  std::vector<ShardReport> stale = three;
  RunInfo other = run_info();
  other.run_id = "an-earlier-run";
  stale[2].summary.set_run(other, stale[2].summary.run_end());
  EXPECT_EQ(refusal(stale),
            "shard-3.json is not from the same run as shard-1.json: run.run_id is "
            "\"an-earlier-run\" there, \"synthetic-run\" in shard-1.json");
  std::vector<ShardReport> declared = three;
  other = run_info();
  other.declaration = R"({"capabilities":null,"data_types":["int8"],"operations":["encode"],)"
                      R"("protocol":2})";
  declared[1].summary.set_run(other, declared[1].summary.run_end());
  EXPECT_NE(refusal(declared).find("shard-2.json is not from the same run as shard-1.json: "
                                   "run.declaration is \"{\"capabilities\":null,\"data_types\":"
                                   "[\"int8\"]"),
            std::string::npos)
      << refusal(declared);
}

// The reason of an unsupported cell must be one the harness could have written for that cell
// under the run's declaration: another cell's type or direction, a type the declaration declares,
// or a text the harness never writes is refused, naming the cell.
TEST(ReportMergeTest, AnUnsupportedReasonThatCannotApplyToItsCellIsRefused) {
  const nlohmann::json report =
      nlohmann::json::parse(single_run_json(synthetic_outcomes(300, 5), {}));
  ASSERT_EQ(read_error(report), "(read)");
  // The first cell counting reason 0 (the data type int2, its input) and one counting reason 1.
  std::size_t type_cell = 0, decode_cell = 0;
  while (report["cells"][type_cell]["unsupported_reasons"].empty() ||
         report["cells"][type_cell]["unsupported_reasons"][0]["reason"] != kReasons[0])
    ++type_cell;
  while (report["cells"][decode_cell]["operation"] != "decode" ||
         report["cells"][decode_cell]["unsupported_reasons"].empty())
    ++decode_cell;
  const auto with_reason = [&](std::size_t cell, const std::string& reason) {
    nlohmann::json tampered = report;
    tampered["cells"][cell]["unsupported_reasons"][0]["reason"] = reason;
    return read_error(tampered);
  };
  const std::string not_the_cells = with_reason(
      type_cell, "the adapter does not declare the data type float64 (hello: data_types)");
  EXPECT_NE(not_the_cells.find("cannot be a reason of"), std::string::npos) << not_the_cells;
  EXPECT_NE(not_the_cells.find("it names the data type float64, not one of the cell's"),
            std::string::npos)
      << not_the_cells;
  EXPECT_NE(with_reason(decode_cell,
                        "the adapter does not declare scalar_map for encode (hello: "
                        "capabilities.encode.scalar_map = false)")
                .find("it is about encode, and the cell is decode"),
            std::string::npos);
  EXPECT_NE(with_reason(decode_cell,
                        "the adapter does not declare the operation encode (hello: operations)")
                .find("it names the operation encode, not the cell's"),
            std::string::npos);
  EXPECT_NE(with_reason(decode_cell, "the adapter does not declare anything (hello: x)")
                .find("the harness writes no such reason"),
            std::string::npos);
  // The declaration says int2 is declared: then "does not declare int2" cannot be.
  nlohmann::json declared = report;
  declared["run"]["declaration"]["data_types"].push_back("int2");
  EXPECT_NE(read_error(declared).find("run.declaration declares the data type int2"),
            std::string::npos)
      << read_error(declared);
}

// A shard count from a report is never iterated nor allocated from: 10^12 shards, one report
// given, is refused at once naming the first missing ones and how many more.
TEST(ReportMergeTest, AHugeShardCountIsRefusedAtOnce) {
  std::vector<ShardReport> one = shard_reports(synthetic_outcomes(30, 3), 1, {});
  one[0].summary.set_shard({1, 1000000000000});
  const std::string refused = refusal(one);
  EXPECT_EQ(refused.find("shards missing: 2/1000000000000, 3/1000000000000"), 0u) << refused;
  EXPECT_NE(refused.find("... and 999999999979 more (999999999999 of 1000000000000;"),
            std::string::npos)
      << refused;
  EXPECT_LT(refused.size(), 1000u);
}

TEST(ReportMergeTest, AReportThatIsNotOneIsRefusedNamingTheField) {
  const std::string written = single_run_json(synthetic_outcomes(100, 6), {});
  nlohmann::json report = nlohmann::json::parse(written);
  report["diagnosis"]["buckets"][0].erase("simplicity");
  EXPECT_EQ(read_error(report), "diagnosis.buckets[0]: has no \"simplicity\"");
  // The families (version 8) are required, and must add up to the totals.
  report = nlohmann::json::parse(written);
  ASSERT_EQ(report["families"].size(), 3u) << report["families"].dump();
  report.erase("families");
  EXPECT_EQ(read_error(report), "the report: has no \"families\"");
  report = nlohmann::json::parse(written);
  for (const char* key : {"pass", "cases"})
    report["families"][0]["counts"][key] =
        report["families"][0]["counts"][key].get<std::uint64_t>() + 1;
  EXPECT_NE(read_error(report).find("families: they count"), std::string::npos)
      << read_error(report);
  report = nlohmann::json::parse(written);
  report["totals"]["pass"] = report["totals"]["pass"].get<std::uint64_t>() + 1;
  EXPECT_EQ(read_error(report), "totals: counts do not add up to cases");
  report = nlohmann::json::parse(written);
  report["report_version"] = 3;
  EXPECT_EQ(read_error(report),
            "report_version: is 3: only versions 4 to 8 can be merged (run again with this cvc)");
  report["report_version"] = 9;
  EXPECT_NE(read_error(report).find("report_version: is 9: only versions 4 to 8"),
            std::string::npos);
  report = nlohmann::json::parse(written);
  report["report"] = "cvc-fuzz";
  EXPECT_EQ(read_error(report), "report: is \"cvc-fuzz\", not \"cvc-run\": not a cvc run report");
  report.erase("report");
  EXPECT_EQ(read_error(report), "the report: has no \"report\"");
  report = nlohmann::json::parse(written);
  report.erase("harness_version");
  EXPECT_EQ(read_error(report), "the report: has no \"harness_version\"");
  EXPECT_EQ(read_error(nlohmann::json::array()), "the report: is not a JSON object");
  EXPECT_NE(read_error({{"name", "x"}}).find("not a cvc run report"), std::string::npos);
}

}  // namespace
}  // namespace cvc::report_merge_test
