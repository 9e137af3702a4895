#include "harness/reports/report_merge.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "harness/reports/report_json_read.hpp"
#include "harness/reports/summary_consistency.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/input_file.hpp"

namespace cvc {
namespace {

// What makes reports shards of one run: each field as text, named as in the JSON report.
struct IdentityField {
  std::string_view name;
  std::string (*value)(const RunSummary& summary);
  bool of_the_adapter;  // known only when the adapter started (its hello)
};

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text.append(text.empty() ? "" : "; ").append(line);
  return text;
}

const IdentityField kIdentity[] = {
    {"run.run_id", [](const RunSummary& s) { return s.info().run_id; }, false},
    {"run.command", [](const RunSummary& s) { return s.info().command; }, false},
    {"run.mode", [](const RunSummary& s) { return s.info().mode; }, false},
    {"run.selection", [](const RunSummary& s) { return s.info().selection; }, false},
    {"run.strict",
     [](const RunSummary& s) { return std::string(s.info().strict ? "true" : "false"); }, false},
    {"harness_version", [](const RunSummary& s) { return s.info().harness_version; }, false},
    {"run.vectors.version", [](const RunSummary& s) { return s.info().vectors_version; }, false},
    {"run.vectors.manifest_sha256",
     [](const RunSummary& s) { return s.info().vectors_manifest_sha256; }, false},
    {"limits",
     [](const RunSummary& s) {
       const SummaryLimits& l = s.limits();
       std::ostringstream text;
       text << "examples_per_group " << l.examples_per_group << ", groups " << l.groups
            << ", incidents " << l.incidents << ", distinct_names " << l.distinct_names
            << ", text_bytes " << l.text_bytes;
       return text.str();
     },
     false},
    {"accounting.outside_selection",
     [](const RunSummary& s) { return joined(s.run_end().outside_selection); }, false},
    {"run.implementation",
     [](const RunSummary& s) {
       const RunInfo& i = s.info();
       return i.implementation_name + " " + i.implementation_version + " (" +
              i.implementation_language + ")";
     },
     true},
    {"run.declaration", [](const RunSummary& s) { return s.info().declaration; }, true},
    {"run.notes", [](const RunSummary& s) { return s.info().notes; }, true},
    {"run.environment",
     [](const RunSummary& s) {
       std::vector<std::string> pairs;
       for (const auto& [name, version] : s.info().environment)
         pairs.push_back(name + " " + version);
       return joined(pairs);
     },
     true},
};

bool adapter_started(const RunSummary& summary) {
  return !summary.info().implementation_name.empty();
}

std::string shard_name(const RunSummary::Shard& shard) {
  return std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

// Refuses a report that is not of the same run as `first`, naming the field that differs.
void check_same_run(const ShardReport& shard, const ShardReport& first) {
  for (const IdentityField& field : kIdentity) {
    if (field.of_the_adapter && !(adapter_started(shard.summary) && adapter_started(first.summary)))
      continue;
    const std::string mine = field.value(shard.summary), theirs = field.value(first.summary);
    if (mine != theirs)
      throw MergeError(shard.name + " is not from the same run as " + first.name + ": " +
                       std::string(field.name) + " is \"" + bounded_quote(mine) + "\" there, \"" +
                       bounded_quote(theirs) + "\" in " + first.name);
  }
}

// Refuses reports that are not shards 1..N of one run, naming what differs.
void check_shards_belong_together(const std::vector<ShardReport>& shards, bool allow_missing) {
  if (shards.empty()) throw MergeError("no report to merge");
  const ShardReport& first = shards.front();
  for (const ShardReport& shard : shards) {
    if (shard.summary.shard().count == 0)
      throw MergeError(shard.name +
                       " is not a shard: its run was not given --shard K/N (run info: shard null)");
    // Without a run id, shards of two runs with the same options (a stale report in the same
    // folder) cannot be told apart.
    if (shard.summary.info().run_id.empty())
      throw MergeError(shard.name +
                       " has no run id (run.run_id): it was written before cvc gave runs ids "
                       "(report version 6 or older); run the shard again with this cvc");
  }
  const std::uint64_t count = first.summary.shard().count;
  std::map<std::uint64_t, const ShardReport*> by_index;
  for (const ShardReport& shard : shards) {
    const RunSummary::Shard& which = shard.summary.shard();
    if (which.count != count)
      throw MergeError(shard.name + " is shard " + shard_name(which) + " but " + first.name +
                       " is shard " + shard_name(first.summary.shard()) +
                       ": they split the run differently");
    const auto [at, added] = by_index.emplace(which.index, &shard);
    if (!added)
      throw MergeError("shard " + shard_name(which) + " is given twice: " + at->second->name +
                       " and " + shard.name);
    check_same_run(shard, first);
  }
  if (allow_missing || by_index.size() == count) return;
  // The count comes from the reports: the missing shards are counted, and only the first few
  // named, never one by one up to a count of 10^12.
  const std::uint64_t missing = count - by_index.size();
  std::string named;
  std::uint64_t listed = 0;
  for (std::uint64_t index = 1; index <= count && listed < kListedItems; ++index) {
    if (by_index.count(index)) continue;
    named.append(named.empty() ? "" : ", ").append(shard_name({index, count}));
    ++listed;
  }
  if (missing > listed) named += " ... and " + std::to_string(missing - listed) + " more";
  throw MergeError("shards missing: " + named + " (" + std::to_string(missing) + " of " +
                   std::to_string(count) + "; a merge needs every shard of the run once, and " +
                   std::to_string(shards.size()) +
                   (shards.size() == 1 ? " report was" : " reports were") + " given)");
}

bool pooled_names(const RunSummary& summary) {
  const auto pooled = [](std::string_view name) { return name == "(other)"; };
  for (const RuleSummary* rule : summary.rules())
    if (pooled(rule->rule)) return true;
  for (const FlagSummary* flag : summary.divergence_flags())
    if (pooled(flag->flag)) return true;
  for (const std::string_view operation : summary.operations())
    if (pooled(operation)) return true;
  for (const UnsupportedReason& reason : summary.unsupported_reasons())
    if (pooled(reason.reason)) return true;
  return false;
}

}  // namespace

ShardReport read_shard_report(const std::filesystem::path& path) {
  std::string text;
  try {
    // A regular file only, its size capped before it is read: a FIFO never blocks the merge.
    text = read_input_file(path.string());
  } catch (const InputFileError& error) {
    throw MergeError(error.what());
  }
  try {
    return {path.string(), read_json_report(parse_report_text(text))};
  } catch (const ReportReadError& error) {
    throw MergeError(path.string() + ": " + error.what());
  }
}

namespace {

// One more shard (in shard order) merged into the result, as one process running its cases too
// would have summed them, with the warnings of what it may have left out.
void merge_one(MergeResult& result, const ShardReport& shard) {
  result.summary.merge(shard.summary);
  if (shard.summary.omitted_group_cases() > 0)
    result.warnings.push_back(shard.name + " hit the limit of " +
                              std::to_string(shard.summary.limits().groups) +
                              " failure groups: the merged groups may differ from a single "
                              "run's (counts do not)");
  if (pooled_names(shard.summary))
    result.warnings.push_back(
        shard.name + " pooled names beyond " +
        std::to_string(shard.summary.limits().distinct_names) +
        " under (other): the merged rules, flags, operations or unsupported reasons may "
        "differ from a single run's (totals do not)");
}

// After the last shard: the merge is no shard; with fewer reports than shards (an interrupted
// --jobs run) it is interrupted. A merged report whose parts disagree is refused like a read one.
void finish_merge(MergeResult& result, std::uint64_t count, std::size_t merged) {
  if (result.warnings.empty() && pooled_names(result.summary))
    result.warnings.push_back(
        "the shards together name more than " +
        std::to_string(result.summary.limits().distinct_names) +
        " rules, flags, operations or unsupported reasons: which are pooled under (other) may "
        "differ from a single "
        "run's");
  result.summary.set_shard({});
  if (merged < count) {
    // Shards that wrote nothing (an interrupted --jobs run): the rest of the selection is unknown.
    RunEnd end = result.summary.run_end();
    end.interrupted = true;
    end.not_reached_known = false;
    result.summary.set_run(result.summary.info(), end);
  }
  if (const std::optional<std::string> disagreement = summary_disagreement(result.summary))
    throw MergeError("the merged report's parts disagree: " + *disagreement);
}

// The indices of the shards, in shard order.
template <typename Shards>
std::vector<std::size_t> shard_order(const Shards& shards) {
  std::vector<std::size_t> order(shards.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return shards[a].summary.shard().index < shards[b].summary.shard().index;
  });
  return order;
}

// What the identity checks read of a report (its run info and end, limits, shard): all the first
// pass over the files keeps of each.
ShardReport identity_only(ShardReport report) {
  RunSummary identity(report.summary.limits());
  identity.set_run(report.summary.info(), report.summary.run_end());
  identity.set_shard(report.summary.shard());
  return {std::move(report.name), std::move(identity)};
}

}  // namespace

MergeResult merge_shard_reports(const std::vector<ShardReport>& shards, bool allow_missing) {
  check_shards_belong_together(shards, allow_missing);
  MergeResult result{RunSummary(shards.front().summary.limits()), {}};
  try {
    for (const std::size_t i : shard_order(shards)) merge_one(result, shards[i]);
    finish_merge(result, shards.front().summary.shard().count, shards.size());
  } catch (const CountOverflow& error) {
    throw MergeError(std::string("the shards' counts cannot be merged: ") + error.what());
  }
  return result;
}

MergeResult merge_shard_report_files(const std::vector<std::filesystem::path>& paths,
                                     bool allow_missing) {
  std::vector<ShardReport> identities;
  for (const std::filesystem::path& path : paths)
    identities.push_back(identity_only(read_shard_report(path)));
  check_shards_belong_together(identities, allow_missing);
  MergeResult result{RunSummary(identities.front().summary.limits()), {}};
  try {
    for (const std::size_t i : shard_order(identities)) {
      const ShardReport shard = read_shard_report(paths[i]);
      if (shard.summary.shard() != identities[i].summary.shard())
        throw MergeError(shard.name + " changed while the reports were being merged");
      check_same_run(shard, identities.front());
      merge_one(result, shard);
    }
    finish_merge(result, identities.front().summary.shard().count, paths.size());
  } catch (const CountOverflow& error) {
    throw MergeError(std::string("the shards' counts cannot be merged: ") + error.what());
  }
  return result;
}

}  // namespace cvc
