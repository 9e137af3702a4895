// A fuzzer over shard reports (issue 22): real shard reports of a mutant's run (`cvc run --shard
// K/3 --json`, made once), damaged at random (a count changed, failures relabelled as passes in
// cells, groups, totals or rules, huge numbers, wrong types, a shard dropped or given twice, huge
// strings, a huge shard count), are either refused with a MergeError (exit 2 in `cvc
// merge-reports`) or merged into the single run's verdict: never PASS when the run failed, never
// a crash, an exception of another kind or more than 512 MB.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/reports/report_json_read.hpp"
#include "harness/reports/report_merge.hpp"
#include "oracle/io/input_file.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::report_merge_fuzz_test {
namespace {

namespace fs = std::filesystem;

constexpr int kShards = 3;

// The mutant's single run and its three shards, as JSON, made once by the cvc binary.
struct RealReports {
  nlohmann::json single;
  std::vector<nlohmann::json> shards;
};

const RealReports& real_reports() {
  static const RealReports reports = [] {
    const fs::path directory =
        fs::temp_directory_path() / ("cvc-merge-fuzz-" + std::to_string(::getpid()));
    fs::create_directories(directory);
    const std::string cvc = CVC_BINARY;
    const std::string run = "'" + cvc + "' run --impl '" + cvc +
                            " adapter --mutant clamp-instead-of-error' --live exhaustive "
                            "--max-bits 4 --type int4 --type float4_e2m1fn --run-id merge-fuzz";
    RealReports made;
    const auto report = [&](const std::string& options, const std::string& name) {
      const fs::path path = directory / name;
      const int status = std::system(
          (run + " " + options + " --json '" + path.string() + "' >/dev/null 2>&1").c_str());
      EXPECT_EQ(WEXITSTATUS(status), 1) << "the mutant's run fails: " << name;
      return nlohmann::json::parse(read_input_file(path.string()));
    };
    made.single = report("", "single.json");
    for (int k = 1; k <= kShards; ++k)
      made.shards.push_back(report("--shard " + std::to_string(k) + "/" + std::to_string(kShards),
                                   "shard-" + std::to_string(k) + ".json"));
    fs::remove_all(directory);
    return made;
  }();
  return reports;
}

// Every counts object of a report, by its JSON pointer.
std::vector<nlohmann::json::json_pointer> counts_objects(const nlohmann::json& report) {
  std::vector<nlohmann::json::json_pointer> found;
  found.emplace_back("/totals");
  const auto each = [&](const std::string& array, const std::string& inner) {
    const nlohmann::json& items = report.at(nlohmann::json::json_pointer(array));
    for (std::size_t i = 0; i < items.size(); ++i)
      found.emplace_back(array + "/" + std::to_string(i) + inner);
  };
  each("/cells", "/counts");
  each("/rules", "/counts");
  each("/failure_groups/groups", "/counts");
  return found;
}

// Every value of a report (objects and arrays included), by its JSON pointer.
void all_values(const nlohmann::json& value, const std::string& at,
                std::vector<std::string>& found) {
  found.push_back(at);
  if (value.is_object())
    for (const auto& [key, member] : value.items()) all_values(member, at + "/" + key, found);
  if (value.is_array())
    for (std::size_t i = 0; i < value.size(); ++i)
      all_values(value[i], at + "/" + std::to_string(i), found);
}

// Failures and adapter errors counted as passes in one counts object.
void relabel_as_passes(nlohmann::json& counts) {
  counts["pass"] = counts["pass"].get<std::uint64_t>() + counts["fail"].get<std::uint64_t>() +
                   counts["adapter_error"].get<std::uint64_t>();
  counts["fail"] = 0;
  counts["adapter_error"] = 0;
}

enum class Damage {
  ChangeCount,
  RelabelSome,
  RelabelAllCounts,
  HugeNumber,
  WrongType,
  DropShard,
  DuplicateShard,
  HugeString,
  HugeShardCount,
  Count
};

// One damage of the shards (at least one of them is changed, or one is dropped or repeated).
void damage(std::vector<nlohmann::json>& shards, Damage kind) {
  const std::size_t which = *rc::gen::inRange<std::size_t>(0, shards.size());
  nlohmann::json& report = shards[which];
  switch (kind) {
    case Damage::ChangeCount: {
      const auto objects = counts_objects(report);
      nlohmann::json& counts = report[objects[*rc::gen::inRange<std::size_t>(0, objects.size())]];
      const std::string key = *rc::gen::element<std::string>("cases", "pass", "divergence", "fail",
                                                             "unsupported", "adapter_error");
      const std::uint64_t old = counts[key].get<std::uint64_t>();
      counts[key] = old + *rc::gen::inRange<std::uint64_t>(1, 1000);
      break;
    }
    case Damage::RelabelSome: {
      // Failures as passes in a random subset of the places that count them.
      for (const auto& pointer : counts_objects(report))
        if (*rc::gen::arbitrary<bool>()) relabel_as_passes(report[pointer]);
      break;
    }
    case Damage::RelabelAllCounts: {
      // Every count relabelled (the diagnosis and the derived fields left as they were).
      for (nlohmann::json& other : shards)
        for (const auto& pointer : counts_objects(other)) relabel_as_passes(other[pointer]);
      if (*rc::gen::arbitrary<bool>())
        for (nlohmann::json& other : shards) other["exit_code"] = 0;
      break;
    }
    case Damage::HugeNumber: {
      const auto objects = counts_objects(report);
      nlohmann::json& counts = report[objects[*rc::gen::inRange<std::size_t>(0, objects.size())]];
      const std::uint64_t huge = *rc::gen::element<std::uint64_t>(
          std::uint64_t{1} << 63, UINT64_MAX, (std::uint64_t{1} << 63) + 1);
      counts[*rc::gen::element<std::string>("pass", "fail", "adapter_error")] = huge;
      // A second one, so that a wrapped sum could equal the stored cases.
      if (*rc::gen::arbitrary<bool>()) counts["divergence"] = huge;
      break;
    }
    case Damage::WrongType: {
      std::vector<std::string> pointers;
      all_values(report, "", pointers);
      const std::string at = pointers[*rc::gen::inRange<std::size_t>(1, pointers.size())];
      report[nlohmann::json::json_pointer(at)] = *rc::gen::element<nlohmann::json>(
          "text", nullptr, -1, 1.5, nlohmann::json::array(), nlohmann::json::object(), true);
      break;
    }
    case Damage::DropShard:
      shards.erase(shards.begin() + static_cast<std::ptrdiff_t>(which));
      break;
    case Damage::DuplicateShard:
      shards.push_back(shards[which]);
      break;
    case Damage::HugeString: {
      std::vector<std::string> pointers;
      all_values(report, "", pointers);
      std::vector<std::string> strings;
      for (const std::string& at : pointers)
        if (report[nlohmann::json::json_pointer(at)].is_string()) strings.push_back(at);
      report[nlohmann::json::json_pointer(
          strings[*rc::gen::inRange<std::size_t>(0, strings.size())])] =
          std::string(std::size_t{4} << 20, 'x');
      break;
    }
    case Damage::HugeShardCount:
      report["run"]["shard"]["count"] =
          *rc::gen::element<std::uint64_t>(1000000000000, UINT64_MAX, kShards + 1);
      break;
    case Damage::Count:
      break;
  }
}

// The bound; AddressSanitizer's shadow memory and quarantine (freed memory held back to
// catch a use after free) add about as much again, so the sanitized build is held to twice it.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::uint64_t kPeakResidentMegabytes = 1024;
#else
constexpr std::uint64_t kPeakResidentMegabytes = 512;
#endif

std::uint64_t peak_resident_megabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) / 1024;
}

TEST(ReportMergeFuzz, TheRealShardsMergeIntoTheSingleRunsVerdict) {
  const RealReports& reports = real_reports();
  std::vector<ShardReport> shards;
  for (std::size_t k = 0; k < reports.shards.size(); ++k)
    shards.push_back({"shard-" + std::to_string(k + 1), read_json_report(reports.shards[k])});
  const MergeResult merged = merge_shard_reports(shards);
  const RunSummary single = read_json_report(reports.single);
  EXPECT_EQ(exit_code(merged.summary), 1);
  EXPECT_EQ(result_label(merged.summary), result_label(single));
  EXPECT_EQ(merged.summary.totals().by_verdict, single.totals().by_verdict);
  EXPECT_GT(single.totals()[Verdict::Fail], 0u);
}

RC_GTEST_PROP(ReportMergeFuzz, DamagedShardsAreRefusedOrMergeIntoTheSingleRunsVerdict, ()) {
  const RealReports& reports = real_reports();
  std::vector<nlohmann::json> damaged = reports.shards;
  const int damages = *rc::gen::inRange(1, 3);
  for (int i = 0; i < damages; ++i) {
    const auto kind = static_cast<Damage>(*rc::gen::inRange(0, static_cast<int>(Damage::Count)));
    try {
      damage(damaged, kind);
    } catch (const nlohmann::json::exception&) {
      // An earlier damage changed the structure this one edits (a counts object made a string):
      // the report stays damaged as it is.
    }
  }
  std::string refused;
  try {
    std::vector<ShardReport> shards;
    for (std::size_t k = 0; k < damaged.size(); ++k) {
      try {
        // Through the text, as merge-reports reads a file.
        shards.push_back({"shard-" + std::to_string(k + 1),
                          read_json_report(parse_report_text(damaged[k].dump()))});
      } catch (const ReportReadError& error) {
        throw MergeError(error.what());
      }
    }
    const MergeResult merged = merge_shard_reports(shards);
    // Not refused: the single run's verdict (the mutant fails), never PASS.
    RC_ASSERT(exit_code(merged.summary) == 1);
    RC_ASSERT(result_label(merged.summary) != "PASS");
  } catch (const MergeError& error) {
    refused = error.what();
    RC_ASSERT(!refused.empty());
    // A clear message, bounded: a 4 MB string is never quoted whole.
    RC_ASSERT(refused.size() < 4096);
  }
  RC_ASSERT(peak_resident_megabytes() < kPeakResidentMegabytes);
}

}  // namespace
}  // namespace cvc::report_merge_fuzz_test
