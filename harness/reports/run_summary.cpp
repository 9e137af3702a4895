#include "harness/reports/run_summary.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <tuple>
#include <utility>

#include "harness/text/text_escape.hpp"
#include "oracle/checked_arithmetic.hpp"
#include "oracle/io/bounded_quote.hpp"

namespace cvc {
namespace {

constexpr std::array<std::string_view, 6> kCellStatusNames = {
    "not-run", "pass", "partly-unsupported", "divergence", "fail", "unsupported"};
constexpr std::array<std::string_view, 6> kCellStatusSymbols = {"",       "\u2713", "\u25d0",
                                                                "\u2248", "\u2717", "\u2013"};
constexpr std::string_view kOther = "(other)";

bool is_failure(Verdict verdict) {
  return verdict == Verdict::Fail || verdict == Verdict::AdapterError;
}

const DataType* slot_type(std::size_t slot) {
  return slot < kDataTypeCount ? &all_data_types()[slot] : nullptr;
}

// The entry for `name` in a bounded name map, whose `name_field` holds its key; new names beyond
// `limit` go to "(other)".
template <typename Entry>
Entry& bounded_entry(std::map<std::string, Entry, std::less<>>& entries, std::string_view name,
                     std::size_t limit, std::string Entry::*name_field) {
  if (const auto found = entries.find(name); found != entries.end()) return found->second;
  if (entries.size() >= limit) name = kOther;
  const auto [entry, added] = entries.try_emplace(std::string(name));
  if (added) entry->second.*name_field = entry->first;
  return entry->second;
}

template <typename Entry>
std::vector<const Entry*> values_of(const std::map<std::string, Entry, std::less<>>& entries) {
  std::vector<const Entry*> values;
  values.reserve(entries.size());
  for (const auto& [name, entry] : entries) values.push_back(&entry);
  return values;
}

}  // namespace

void add_count(std::uint64_t& total, std::uint64_t count, std::string_view what) {
  const std::optional<std::uint64_t> sum = checked_sum(total, count);
  if (!sum)
    throw CountOverflow(std::string(what) + " add up to more than 2^64 - 1 (" +
                        std::to_string(total) + " + " + std::to_string(count) + ")");
  total = *sum;
}

void VerdictCounts::add(Verdict verdict, std::uint64_t count) {
  std::uint64_t& total = by_verdict[static_cast<std::size_t>(verdict)];
  const std::optional<std::uint64_t> sum = checked_sum(total, count);
  if (sum) {
    total = *sum;
    return;
  }
  add_count(total, count, std::string(verdict_name(verdict)) + " counts");  // throws
}

void VerdictCounts::add(const VerdictCounts& other) {
  for (const Verdict verdict : kAllVerdicts) add(verdict, other[verdict]);
}

std::uint64_t VerdictCounts::total() const {
  std::uint64_t sum = 0;
  for (const std::uint64_t count : by_verdict) add_count(sum, count, "the counts of the verdicts");
  return sum;
}

std::uint64_t VerdictCounts::failed(bool strict) const {
  std::uint64_t sum = (*this)[Verdict::Fail];
  add_count(sum, (*this)[Verdict::AdapterError], "fail and adapter_error counts");
  if (strict) add_count(sum, (*this)[Verdict::Divergence], "fail and divergence counts");
  return sum;
}

std::string_view cell_status_name(CellStatus status) {
  return kCellStatusNames[static_cast<std::size_t>(status)];
}

std::string_view cell_status_symbol(CellStatus status) {
  return kCellStatusSymbols[static_cast<std::size_t>(status)];
}

CellStatus cell_status(const VerdictCounts& counts) {
  if (counts.failed(false) > 0) return CellStatus::Fail;
  if (counts[Verdict::Divergence] > 0) return CellStatus::Divergence;
  if (counts[Verdict::Pass] > 0)
    return counts[Verdict::Unsupported] > 0 ? CellStatus::PartlyUnsupported : CellStatus::Pass;
  if (counts[Verdict::Unsupported] > 0) return CellStatus::Unsupported;
  return CellStatus::NotRun;
}

unsigned passed_percent(const VerdictCounts& counts) {
  const std::uint64_t total = counts.total();
  if (total == 0) return 0;
  if (const std::optional<std::uint64_t> hundredfold = checked_product(counts[Verdict::Pass], 100))
    return static_cast<unsigned>(*hundredfold / total);
  // Counts beyond 2^64 / 100 (only a report's): the share from the long double quotient.
  const auto share = static_cast<unsigned>(
      100.0L * static_cast<long double>(counts[Verdict::Pass]) / static_cast<long double>(total));
  return counts[Verdict::Pass] < total ? std::min(share, 99u) : 100u;
}

std::string CellSummary::pair_name() const {
  return cvc::pair_name(input, output);
}

std::string CellSummary::name() const {
  return cell_name(operation, input, output);
}

std::string FailureGroup::cell_name() const {
  return cvc::cell_name(operation, input, output);
}

RunSummary::RunSummary(SummaryLimits limits) : limits_(limits) {
  std::error_code error;
  working_directory_ = std::filesystem::current_path(error).string();
  if (error || working_directory_ == "/") working_directory_.clear();
  if (const char* home = std::getenv("HOME"); home != nullptr && std::string_view(home).size() > 1)
    home_directory_ = home;
}

std::string RunSummary::relative_paths(std::string text) const {
  const auto replace_prefix = [&text](const std::string& directory, std::string_view by) {
    if (directory.empty()) return;
    const std::string prefix = directory + "/";
    for (std::size_t at = text.find(prefix); at != std::string::npos;
         at = text.find(prefix, at + by.size()))
      text.replace(at, prefix.size(), by);
  };
  replace_prefix(working_directory_, "");
  replace_prefix(home_directory_, "~/");
  return text;
}

void RunSummary::begin(const RunInfo& info) {
  info_ = info;
  for (std::string* text : {&info_.command, &info_.mode, &info_.notes})
    *text = relative_paths(*text);
  began_ = true;
}

void RunSummary::end(const RunEnd& end) {
  end_ = end;
  ended_ = true;
}

std::size_t RunSummary::operation_index(std::string_view name) {
  for (std::size_t i = 0; i < operations_.size(); ++i)
    if (operations_[i].name == name) return i;
  if (operations_.size() >= limits_.distinct_names) {
    name = kOther;
    for (std::size_t i = 0; i < operations_.size(); ++i)
      if (operations_[i].name == name) return i;
  }
  operations_.push_back(
      Operation{std::string(name), std::vector<std::int32_t>(kTypeSlots * kTypeSlots, -1)});
  return operations_.size() - 1;
}

CellSummary& RunSummary::cell(const CaseOutcome& outcome) {
  Operation& operation = operations_[operation_index(outcome.operation)];
  const std::size_t input = type_slot(outcome.input);
  const std::size_t output = type_slot(outcome.output);
  std::int32_t& index = operation.cell_index[input * kTypeSlots + output];
  if (index < 0) {
    index = static_cast<std::int32_t>(cells_.size());
    CellSummary& added = cells_.emplace_back();
    added.operation = operation.name;
    added.input = slot_type(input);
    added.output = slot_type(output);
  }
  return cells_[static_cast<std::size_t>(index)];
}

CaseOutcome RunSummary::kept(const CaseOutcome& outcome) const {
  CaseOutcome copy = outcome;
  for (std::string* text :
       {&copy.family, &copy.where, &copy.operation, &copy.configuration, &copy.rule,
        &copy.input_text, &copy.expected, &copy.got, &copy.explanation, &copy.flag, &copy.kind}) {
    *text = relative_paths(std::move(*text));
    if (text->size() > limits_.text_bytes) *text = truncate_text(*text, limits_.text_bytes);
  }
  copy.cast_request = nullptr;
  copy.validate_request = nullptr;
  return copy;
}

void RunSummary::add_to_group(const CaseOutcome& outcome) {
  FailureGroup* group = group_of(outcome);
  if (group == nullptr) {
    ++omitted_group_cases_;
    return;
  }
  group->counts.add(outcome.verdict);
  if (group->examples.size() < limits_.examples_per_group) group->examples.push_back(kept(outcome));
}

FailureGroup* RunSummary::group_of(const CaseOutcome& outcome) {
  const std::string_view kind =
      outcome.kind.empty() ? std::string_view("(unclassified)") : outcome.kind;
  std::string key;
  for (const std::string_view part :
       {std::string_view(outcome.operation), type_label(outcome.input), type_label(outcome.output),
        std::string_view(outcome.rule), kind}) {
    key.append(part);
    key.push_back('\x1f');
  }
  auto found = group_index_.find(key);
  if (found == group_index_.end()) {
    if (groups_.size() >= limits_.groups) return nullptr;
    found = group_index_.emplace(std::move(key), groups_.size()).first;
    FailureGroup& added = groups_.emplace_back();
    added.operation = outcome.operation;
    added.input = slot_type(type_slot(outcome.input));
    added.output = slot_type(type_slot(outcome.output));
    added.rule = outcome.rule;
    added.kind = kind;
  }
  return &groups_[found->second];
}

void RunSummary::count(const CaseOutcome& outcome, std::uint64_t cases) {
  const Verdict verdict = outcome.verdict;
  totals_.add(verdict, cases);
  CellSummary& counted = cell(outcome);
  counted.counts.add(verdict, cases);
  counted.seconds += outcome.seconds * static_cast<double>(cases);
  bounded_entry(rules_, outcome.rule.empty() ? std::string_view("(none)") : outcome.rule,
                limits_.distinct_names, &RuleSummary::rule)
      .counts.add(verdict, cases);
  bounded_entry(families_, outcome.family.empty() ? std::string_view("(none)") : outcome.family,
                limits_.distinct_names, &FamilySummary::family)
      .counts.add(verdict, cases);
  if (verdict != Verdict::Unsupported) return;
  if (outcome.kind.empty()) {
    add_unsupported_reason(counted, kNoUnsupportedReason, cases);
    return;
  }
  // Quoted as any kept text is: an adapter's own answer may name a path of this machine.
  std::string reason = relative_paths(outcome.kind);
  if (reason.size() > limits_.text_bytes) reason = truncate_text(reason, limits_.text_bytes);
  add_unsupported_reason(counted, reason, cases);
}

void RunSummary::add_unsupported_reason(CellSummary& cell, std::string_view reason,
                                        std::uint64_t cases) {
  auto name = unsupported_reason_names_.find(reason);
  if (name == unsupported_reason_names_.end())
    name =
        unsupported_reason_names_
            .emplace(unsupported_reason_names_.size() >= limits_.distinct_names ? kOther : reason)
            .first;
  add_count(cell.unsupported_reasons[*name], cases, "a cell's unsupported_reasons");
}

std::string unsupported_reasons_text(const CellSummary& cell) {
  const auto& reasons = cell.unsupported_reasons;
  if (reasons.size() == 1) return reasons.begin()->first;
  std::vector<std::pair<std::uint64_t, std::string_view>> ranked;
  for (const auto& [reason, cases] : reasons) ranked.emplace_back(cases, reason);
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> items;
  for (const auto& [cases, reason] : ranked)
    items.push_back(std::to_string(cases) + " cases: " + std::string(reason));
  return bounded_list(items, "; ");
}

std::vector<UnsupportedReason> RunSummary::unsupported_reasons() const {
  std::map<std::string_view, UnsupportedReason> by_reason;
  for (const CellSummary& cell : cells_)
    for (const auto& [reason, cases] : cell.unsupported_reasons) {
      UnsupportedReason& summed = by_reason[reason];
      summed.reason = reason;
      add_count(summed.cases, cases, "unsupported_reasons' cases");
      ++summed.cells;
    }
  std::vector<UnsupportedReason> reasons;
  for (auto& [name, reason] : by_reason) reasons.push_back(std::move(reason));
  std::stable_sort(
      reasons.begin(), reasons.end(),
      [](const UnsupportedReason& a, const UnsupportedReason& b) { return a.cases > b.cases; });
  return reasons;
}

void RunSummary::record(const CaseOutcome& outcome) {
  const Verdict verdict = outcome.verdict;
  count(outcome, 1);
  if (is_failure(verdict) || verdict == Verdict::Divergence) add_to_group(outcome);
  if (verdict == Verdict::Fail) {
    if (CaseOutcome* simplest = diagnosis_.record(outcome)) {
      *simplest = kept(outcome);
      simplest->replay = relative_paths(replay_line(outcome));
      simplest->oracle_command = oracle_command(outcome);
    }
  }
  if (verdict == Verdict::Divergence) {
    FlagSummary& flag =
        bounded_entry(flags_, outcome.flag.empty() ? std::string_view("(unnamed)") : outcome.flag,
                      limits_.distinct_names, &FlagSummary::flag);
    if (flag.count++ == 0) flag.first = kept(outcome);
  }
}

void RunSummary::record_many(const CaseOutcome& outcome, std::uint64_t count) {
  const Verdict verdict = outcome.verdict;
  if (verdict != Verdict::Pass && verdict != Verdict::Unsupported) {
    // Failures and divergences are grouped and diagnosed case by case.
    ReportSink::record_many(outcome, count);
    return;
  }
  this->count(outcome, count);
}

void RunSummary::record_described(CaseOutcome& outcome, std::uint64_t count,
                                  const Describer& describe) {
  if (outcome.verdict != Verdict::AdapterError) {
    // A failure is diagnosed, case by case.
    ReportSink::record_described(outcome, count, describe);
    return;
  }
  // As `count` records would: counted, grouped, the group's first examples kept.
  this->count(outcome, count);
  FailureGroup* group = group_of(outcome);
  if (group == nullptr) {
    omitted_group_cases_ += count;
    return;
  }
  group->counts.add(outcome.verdict, count);
  for (std::uint64_t i = 0; i < count && group->examples.size() < limits_.examples_per_group; ++i) {
    describe(i, outcome);
    group->examples.push_back(kept(outcome));
  }
}

void RunSummary::incident(const AdapterIncident& incident) {
  incident_cases_ += incident.cases_affected;
  // A pipelined request lost with an earlier one's incident is part of that incident: its cases
  // are counted, the incident is not listed again.
  if (incident.lost_with_earlier) return;
  ++incident_count_;
  if (incidents_.size() >= limits_.incidents) return;
  AdapterIncident copy = incident;
  for (std::string* text : {&copy.kind, &copy.detail, &copy.request, &copy.stderr_tail}) {
    *text = relative_paths(std::move(*text));
    if (text->size() > limits_.text_bytes) *text = truncate_text(*text, limits_.text_bytes);
  }
  incidents_.push_back(std::move(copy));
}

std::uint64_t RunSummary::cell_failures(const DiagnosisCell& cell) const {
  const CellSummary* counted = find_cell(cell.operation, cell.input, cell.output);
  return counted == nullptr ? 0 : counted->counts[Verdict::Fail];
}

std::vector<std::string_view> RunSummary::operations() const {
  std::vector<std::pair<std::size_t, std::string_view>> ranked;
  for (std::size_t i = 0; i < operations_.size(); ++i)
    ranked.emplace_back(operation_rank(operations_[i].name, i), operations_[i].name);
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string_view> names;
  for (const auto& [rank, name] : ranked) names.push_back(name);
  return names;
}

std::vector<const CellSummary*> RunSummary::cells(std::string_view operation) const {
  std::vector<const CellSummary*> found;
  for (const Operation& candidate : operations_) {
    if (candidate.name != operation) continue;
    for (const std::int32_t index : candidate.cell_index)
      if (index >= 0) found.push_back(&cells_[static_cast<std::size_t>(index)]);
  }
  return found;
}

std::vector<const CellSummary*> RunSummary::cells() const {
  std::vector<const CellSummary*> all;
  all.reserve(cells_.size());
  for (const std::string_view operation : operations()) {
    const std::vector<const CellSummary*> some = cells(operation);
    all.insert(all.end(), some.begin(), some.end());
  }
  return all;
}

const CellSummary* RunSummary::find_cell(std::string_view operation, const DataType* input,
                                         const DataType* output) const {
  for (const Operation& candidate : operations_) {
    if (candidate.name != operation) continue;
    const std::int32_t index =
        candidate.cell_index[type_slot(input) * kTypeSlots + type_slot(output)];
    return index < 0 ? nullptr : &cells_[static_cast<std::size_t>(index)];
  }
  return nullptr;
}

std::vector<const FailureGroup*> RunSummary::groups() const {
  std::vector<const FailureGroup*> sorted;
  sorted.reserve(groups_.size());
  for (const FailureGroup& group : groups_) sorted.push_back(&group);
  std::vector<std::string_view> order = operations();
  const auto rank = [&](const FailureGroup* group) {
    const auto at = std::find(order.begin(), order.end(), group->operation);
    return std::tuple(static_cast<std::size_t>(at - order.begin()), type_slot(group->input),
                      type_slot(group->output), std::string_view(group->rule),
                      std::string_view(group->kind));
  };
  std::sort(sorted.begin(), sorted.end(),
            [&](const FailureGroup* a, const FailureGroup* b) { return rank(a) < rank(b); });
  return sorted;
}

std::vector<const RuleSummary*> RunSummary::rules() const {
  return values_of(rules_);
}

std::vector<const FamilySummary*> RunSummary::families() const {
  return values_of(families_);
}

std::vector<const FlagSummary*> RunSummary::divergence_flags() const {
  return values_of(flags_);
}

std::uint64_t VerdictCounts::compared() const {
  std::uint64_t sum = (*this)[Verdict::Pass];
  add_count(sum, (*this)[Verdict::Divergence], "pass and divergence counts");
  add_count(sum, (*this)[Verdict::Fail], "pass, divergence and fail counts");
  return sum;
}

int exit_code(const RunSummary& summary) {
  if (!summary.complete()) return 1;
  if (summary.totals().compared() == 0) return 1;
  return summary.totals().failed(summary.strict()) == 0 ? 0 : 1;
}

std::string_view result_label(const RunSummary& summary) {
  if (!summary.complete()) return "INCOMPLETE";
  if (summary.totals().compared() == 0) return "NOTHING COMPARED";
  return exit_code(summary) == 0 ? "PASS" : "FAIL";
}

}  // namespace cvc

// --- Merging ---------------------------------------------------------------------------------

namespace cvc {
namespace {

// The sequence of a group's first case: its first example's (a group without examples, kept
// with --examples 0, sorts last).
std::uint64_t group_first_sequence(const FailureGroup& group) {
  return group.examples.empty() ? UINT64_MAX : group.examples.front().sequence;
}

// A group's key in group_index_, as add_to_group makes it from an outcome.
std::string merged_group_key(const FailureGroup& group) {
  std::string key;
  for (const std::string_view part :
       {std::string_view(group.operation), type_label(group.input), type_label(group.output),
        std::string_view(group.rule), std::string_view(group.kind)}) {
    key.append(part);
    key.push_back('\x1f');
  }
  return key;
}

}  // namespace

void RunSummary::set_run(const RunInfo& info, const RunEnd& end) {
  info_ = info;
  end_ = end;
  began_ = ended_ = true;
}

void RunSummary::add_cell(const CellSummary& cell) {
  CaseOutcome where;
  where.operation = cell.operation;
  where.input = cell.input;
  where.output = cell.output;
  CellSummary& counted = this->cell(where);
  counted.counts.add(cell.counts);
  counted.seconds += cell.seconds;
  totals_.add(cell.counts);
  for (const auto& [reason, cases] : cell.unsupported_reasons)
    add_unsupported_reason(counted, reason, cases);
}

void RunSummary::add_rule(const RuleSummary& rule) {
  bounded_entry(rules_, rule.rule, limits_.distinct_names, &RuleSummary::rule)
      .counts.add(rule.counts);
}

void RunSummary::add_family(const FamilySummary& family) {
  bounded_entry(families_, family.family, limits_.distinct_names, &FamilySummary::family)
      .counts.add(family.counts);
}

void RunSummary::add_flag(const FlagSummary& flag) {
  if (flag.count == 0) return;
  FlagSummary& merged =
      bounded_entry(flags_, flag.flag, limits_.distinct_names, &FlagSummary::flag);
  if (merged.count == 0 || flag.first.sequence < merged.first.sequence) merged.first = flag.first;
  merged.count += flag.count;
}

void RunSummary::add_group(const FailureGroup& group) {
  const auto [found, added] = group_index_.try_emplace(merged_group_key(group), groups_.size());
  if (added) {
    FailureGroup& made = groups_.emplace_back(group);
    made.examples.clear();
    made.counts = {};
  }
  FailureGroup& merged = groups_[found->second];
  merged.counts.add(group.counts);
  std::vector<CaseOutcome> examples;
  std::merge(merged.examples.begin(), merged.examples.end(), group.examples.begin(),
             group.examples.end(), std::back_inserter(examples),
             [](const CaseOutcome& a, const CaseOutcome& b) { return a.sequence < b.sequence; });
  if (examples.size() > limits_.examples_per_group) examples.resize(limits_.examples_per_group);
  merged.examples = std::move(examples);
  if (groups_.size() > limits_.groups) drop_groups_beyond_limit();
}

void RunSummary::drop_groups_beyond_limit() {
  std::vector<std::size_t> order(groups_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return group_first_sequence(groups_[a]) < group_first_sequence(groups_[b]);
  });
  std::vector<FailureGroup> kept;
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    FailureGroup& group = groups_[order[rank]];
    if (rank < limits_.groups) {
      kept.push_back(std::move(group));
    } else {
      add_omitted_group_cases(group.counts.total());
    }
  }
  groups_ = std::move(kept);
  group_index_.clear();
  for (std::size_t i = 0; i < groups_.size(); ++i) {
    group_index_.emplace(merged_group_key(groups_[i]), i);
  }
}

void RunSummary::add_incidents(const std::vector<AdapterIncident>& kept, std::uint64_t count,
                               std::uint64_t cases_affected) {
  add_count(incident_count_, count, "incidents.count");
  add_count(incident_cases_, cases_affected, "incidents.cases_affected");
  for (const AdapterIncident& incident : kept)
    if (incidents_.size() < limits_.incidents) incidents_.push_back(incident);
}

void RunSummary::merge(const RunSummary& other) {
  if (!began_) {
    info_ = other.info_;
  } else {
    if (!other.info_.started_at.empty() &&
        (info_.started_at.empty() || other.info_.started_at < info_.started_at))
      info_.started_at = other.info_.started_at;
    // A shard whose adapter never started names no implementation: the others' name it.
    if (info_.implementation_name.empty()) {
      const std::string started_at = info_.started_at;
      info_ = other.info_;
      info_.started_at = started_at;
    }
  }
  if (!ended_) {
    end_ = other.end_;
  } else {
    end_.interrupted = end_.interrupted || other.end_.interrupted;
    end_.aborted = end_.aborted || other.end_.aborted;
    if (end_.abort_reason.empty()) end_.abort_reason = other.end_.abort_reason;
    end_.seconds = std::max(end_.seconds, other.end_.seconds);
    add_count(end_.not_reached, other.end_.not_reached, "accounting.not_reached");
    end_.not_reached_known = end_.not_reached_known && other.end_.not_reached_known;
  }
  began_ = began_ || other.began_;
  ended_ = ended_ || other.ended_;
  for (const CellSummary& cell : other.cells_) add_cell(cell);
  for (const auto& [name, rule] : other.rules_) add_rule(rule);
  for (const auto& [name, family] : other.families_) add_family(family);
  for (const auto& [name, flag] : other.flags_) add_flag(flag);
  for (const FailureGroup& group : other.groups_) add_group(group);
  add_omitted_group_cases(other.omitted_group_cases_);
  add_incidents(other.incidents_, other.incident_count_, other.incident_cases_);
  for (const Diagnosis::BucketEntry& bucket : other.diagnosis_.buckets())
    diagnosis_.add_bucket(bucket);
}

}  // namespace cvc
