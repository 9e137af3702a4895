// The aggregate of a run, as a report sink: counts per verdict overall, per cell of the
// conformance matrix (operation x input type x output type), per rule and per divergence flag,
// and the failures grouped (cell, rule, kind of failure) with a few examples each. Memory stays
// flat however many outcomes arrive: counts are fixed-size, examples stop at the limits, retained
// texts are cut to a bounded length, and names beyond a bounded number pool under "(other)".
//
// The report forms (terminal, JSON, JUnit, HTML) are written from one RunSummary at the end of
// the run by the write_*_report functions; `cvc run` opens their files before the run starts.
//
// Sinks are not thread-safe: the runner calls them from one thread.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "harness/run/cell_names.hpp"
#include "harness/run/diagnosis.hpp"
#include "harness/run/run_result.hpp"

namespace cvc {

struct SummaryLimits {
  std::size_t examples_per_group = 3;  // outcomes kept as examples of each failure group
  std::size_t groups = 20000;        // failure groups kept; cases of later groups are only counted
  std::size_t incidents = 1000;      // adapter incidents kept (all are counted)
  std::size_t distinct_names = 256;  // rules and flags by name; later names pool as "(other)"
  std::size_t text_bytes = 4096;     // each text field of a kept outcome or incident is cut
};

// A sum of counts that does not fit in 64 bits (only counts read from reports can get there).
class CountOverflow : public std::overflow_error {
 public:
  using std::overflow_error::overflow_error;
};

// `total += count`, or CountOverflow naming `what`.
void add_count(std::uint64_t& total, std::uint64_t count, std::string_view what);

// All verdicts, in Verdict order.
inline constexpr std::array<Verdict, kVerdictCount> kAllVerdicts = {
    Verdict::Pass, Verdict::Divergence, Verdict::Fail, Verdict::Unsupported, Verdict::AdapterError};

struct VerdictCounts {
  std::array<std::uint64_t, kVerdictCount> by_verdict{};

  std::uint64_t operator[](Verdict verdict) const {
    return by_verdict[static_cast<std::size_t>(verdict)];
  }
  // Every sum is checked (oracle/checked_arithmetic.hpp): counts read from a report could
  // otherwise wrap past 2^64 and pass as a small total. Throws CountOverflow.
  void add(Verdict verdict, std::uint64_t count = 1);
  void add(const VerdictCounts& other);
  std::uint64_t total() const;
  // Fail + AdapterError, plus Divergence when strict: what makes the exit code non-zero.
  std::uint64_t failed(bool strict) const;
  // Pass + Divergence + Fail: the cases whose answer was compared with the oracle's.
  std::uint64_t compared() const;
};

// How a cell reads at a glance (the HTML matrix, the JUnit result, the terminal lists), worst
// first: Fail when any case failed or hit an adapter error; else Divergence when any case
// diverged; else PartlyUnsupported when some cases passed and the others were unsupported; else
// Pass when every case passed; Unsupported when every case was unsupported; NotRun: no case.
enum class CellStatus : std::uint8_t {
  NotRun,
  Pass,
  PartlyUnsupported,
  Divergence,
  Fail,
  Unsupported
};
std::string_view cell_status_name(CellStatus status);  // "pass", "partly-unsupported", ...
// A symbol that says the status without colour: "✓" pass, "◐" partly unsupported, "≈" divergence,
// "✗" fail, "–" unsupported, "" not run.
std::string_view cell_status_symbol(CellStatus status);
CellStatus cell_status(const VerdictCounts& counts);
// The share of the cases that passed, in whole percent rounded down (100 only when all passed).
unsigned passed_percent(const VerdictCounts& counts);

struct CellSummary {
  std::string operation;  // "encode", "decode", "validate"
  const DataType* input = nullptr;
  const DataType* output = nullptr;
  VerdictCounts counts;
  double seconds = 0;  // wall time of the requests that carried its cases
  // Its unsupported cases by reason (CaseOutcome::kind: the hello's declaration that excludes
  // them, or the adapter's own answer); they add up to counts[Verdict::Unsupported].
  std::map<std::string, std::uint64_t, std::less<>> unsupported_reasons;

  std::string pair_name() const;  // "float16 -> int8"
  std::string name() const;       // "encode float16 -> int8"
};

// Why a cell's unsupported cases are unsupported, for a tooltip or a message: its one reason, or
// "120 cases: REASON; 30 cases: REASON" (the reasons with the most cases first, at most
// kListedItems, then "... and N more"); empty when it has none.
std::string unsupported_reasons_text(const CellSummary& cell);

// Identical failures: the cases of one cell under one rule that went wrong in the same way (the
// outcome's kind; for divergences, the same flag), counted, with the first few as examples.
struct FailureGroup {
  std::string operation;
  const DataType* input = nullptr;
  const DataType* output = nullptr;
  std::string rule;
  std::string kind;      // "wrong value", "matches E8M0Tie=even-exponent", "adapter error: crash"
  VerdictCounts counts;  // Fail, AdapterError or Divergence
  std::vector<CaseOutcome> examples;

  std::string cell_name() const;  // "encode float16 -> int8"
};

struct RuleSummary {
  std::string rule;  // "nearest-even / clamp", "unsupported_array_type"; "(none)" without one
  VerdictCounts counts;
};

// The cases of one vector family ("cast", "scalar_map", "chain", "metadata"; "live" for a live
// run), so that a reader of the report (the results dashboard) can say how each family went.
struct FamilySummary {
  std::string family;  // "(none)" for an outcome without one
  VerdictCounts counts;
};

// The unsupported cases of the whole run under one reason, and in how many cells.
struct UnsupportedReason {
  std::string reason;
  std::uint64_t cases = 0;
  std::uint64_t cells = 0;
};

// The reason of unsupported cases that came without one, and of those of a report written before
// reasons were recorded (report version 5 and older).
inline constexpr std::string_view kNoUnsupportedReason = "(no reason recorded)";

struct FlagSummary {
  std::string flag;  // "E8M0Tie=even-exponent"; "(unnamed)" for a divergence without one
  std::uint64_t count = 0;
  CaseOutcome first;  // the first divergence with this flag
};

class RunSummary : public ReportSink {
 public:
  explicit RunSummary(SummaryLimits limits = {});

  void begin(const RunInfo& info) override;
  void record(const CaseOutcome& outcome) override;
  // Passes and unsupported cases are only counted: all `count` at once.
  void record_many(const CaseOutcome& outcome, std::uint64_t count) override;
  // Adapter errors are counted at once and only the examples a group keeps are described.
  void record_described(CaseOutcome& outcome, std::uint64_t count,
                        const Describer& describe) override;
  void incident(const AdapterIncident& incident) override;
  void end(const RunEnd& end) override;

  const SummaryLimits& limits() const { return limits_; }
  const RunInfo& info() const { return info_; }
  bool strict() const { return info_.strict; }
  bool began() const { return began_; }
  bool ended() const { return ended_; }
  const RunEnd& run_end() const { return end_; }
  // Ended, neither interrupted nor aborted.
  bool complete() const { return ended_ && !end_.interrupted && !end_.aborted; }

  const VerdictCounts& totals() const { return totals_; }
  // Operations seen, "encode", "decode", "validate" first, then others in the order seen.
  std::vector<std::string_view> operations() const;
  // Every cell with at least one outcome, by operation, then input and output type in table
  // order (a null type last).
  std::vector<const CellSummary*> cells() const;
  std::vector<const CellSummary*> cells(std::string_view operation) const;
  const CellSummary* find_cell(std::string_view operation, const DataType* input,
                               const DataType* output) const;
  // By name; "(other)" pools the names beyond limits().distinct_names.
  std::vector<const RuleSummary*> rules() const;
  // By family name; empty for a report read back from before families were counted.
  std::vector<const FamilySummary*> families() const;
  std::vector<const FlagSummary*> divergence_flags() const;
  // The cells' unsupported reasons summed over the run, most cases first, then by reason; they add
  // up to totals()[Verdict::Unsupported]. Reasons beyond limits().distinct_names pool as
  // "(other)".
  std::vector<UnsupportedReason> unsupported_reasons() const;

  // Failure groups in matrix order (cell, then rule, then kind); the cases of groups beyond
  // limits().groups are counted in omitted_group_cases().
  std::vector<const FailureGroup*> groups() const;
  std::uint64_t omitted_group_cases() const { return omitted_group_cases_; }
  // Cases counted: pass + divergence + fail + unsupported + adapter error.
  std::uint64_t cases_counted() const { return totals_.total(); }
  const std::vector<AdapterIncident>& incidents() const { return incidents_; }
  // Kept or not; a request lost with an earlier one's incident is not another (its cases are
  // counted in incident_cases).
  std::uint64_t incident_count() const { return incident_count_; }
  std::uint64_t incident_cases() const { return incident_cases_; }  // cases they cost
  // Which known bug explains each failure (verdict Fail): groups by model, unexplained first.
  const Diagnosis& diagnosis() const { return diagnosis_; }
  // The failures (verdict Fail) of a diagnosis group's cell, of every group: "N of M failures".
  std::uint64_t cell_failures(const DiagnosisCell& cell) const;

  // --- Merging (cvc merge-reports, cvc run --jobs; harness/reports/report_merge.hpp)
  // --------------------- A JSON report read back (read_json_report) is built from these parts, and
  // shards of one run are merged into the single run's summary with them: counts add up; a failure
  // group keeps the first examples by sequence, a flag its first divergence by sequence, a
  // diagnosis bucket its simplest case (then the first by sequence), exactly what one process would
  // have kept.

  // The shard this summary covers (`cvc run --shard K/N`): 1-based index of count; 0/0 when the
  // run was not sharded (or is the merge of all its shards).
  struct Shard {
    std::uint64_t index = 0, count = 0;
    bool operator==(const Shard&) const = default;
  };
  const Shard& shard() const { return shard_; }
  void set_shard(Shard shard) { shard_ = shard; }

  // The run's identity and end, as read back (paths already relative): begun and ended.
  void set_run(const RunInfo& info, const RunEnd& end);
  // Adds a cell's counts (and the totals) and seconds; its cell is made when new.
  void add_cell(const CellSummary& cell);
  void add_rule(const RuleSummary& rule);
  void add_family(const FamilySummary& family);
  // Adds a flag's count; its first divergence is the one of smaller sequence.
  void add_flag(const FlagSummary& flag);
  // Adds a group's counts; its examples are the first limits().examples_per_group by sequence.
  // Beyond limits().groups, the groups whose first example comes last are dropped and their cases
  // counted as omitted, as a single run would not have made them.
  void add_group(const FailureGroup& group);
  void add_omitted_group_cases(std::uint64_t cases) {
    add_count(omitted_group_cases_, cases, "failure_groups.omitted_cases");
  }
  // Appends kept incidents (up to limits().incidents) and adds the counts of all of them.
  void add_incidents(const std::vector<AdapterIncident>& kept, std::uint64_t count,
                     std::uint64_t cases_affected);
  Diagnosis& diagnosis_to_merge() { return diagnosis_; }
  // Adds a shard of the same run (its identity checked by the caller,
  // harness/reports/report_merge.hpp): this summary then holds what one process running both
  // shards' cases would have held, but for times (started_at: the earlier; seconds: the longer;
  // cell seconds: summed) and incidents (appended in merge order). Interrupted or aborted when
  // either is; not_reached adds up.
  void merge(const RunSummary& other);

 private:
  static constexpr std::size_t kTypeSlots = kDataTypeCount + 1;  // the last: a null type
  struct Operation {
    std::string name;
    std::vector<std::int32_t> cell_index;  // kTypeSlots x kTypeSlots, -1 when not seen
  };
  std::size_t operation_index(std::string_view name);
  CellSummary& cell(const CaseOutcome& outcome);
  // Adds `cases` cases of the outcome's verdict to the totals, its cell and its rule (and an
  // unsupported one's reason).
  void count(const CaseOutcome& outcome, std::uint64_t cases);
  // Adds `cases` unsupported cases of `cell` under `reason`, a name beyond limits().distinct_names
  // distinct reasons pooled as "(other)".
  void add_unsupported_reason(CellSummary& cell, std::string_view reason, std::uint64_t cases);
  void add_to_group(const CaseOutcome& outcome);
  // The outcome's failure group, made when first seen; null beyond limits().groups.
  FailureGroup* group_of(const CaseOutcome& outcome);
  CaseOutcome kept(const CaseOutcome& outcome) const;
  // Paths under the working directory written relative to it, and the home directory as "~":
  // reports are shared, and their readers have other machines.
  std::string relative_paths(std::string text) const;

  SummaryLimits limits_;
  RunInfo info_;
  RunEnd end_;
  bool began_ = false;
  bool ended_ = false;
  VerdictCounts totals_;
  std::vector<Operation> operations_;
  std::vector<CellSummary> cells_;
  std::map<std::string, RuleSummary, std::less<>> rules_;
  std::map<std::string, FamilySummary, std::less<>> families_;
  std::map<std::string, FlagSummary, std::less<>> flags_;
  std::set<std::string, std::less<>> unsupported_reason_names_;  // bounded as rules_ is
  std::map<std::string, std::size_t, std::less<>> group_index_;
  std::vector<FailureGroup> groups_;
  std::uint64_t omitted_group_cases_ = 0;
  std::string working_directory_, home_directory_;
  std::vector<AdapterIncident> incidents_;
  std::uint64_t incident_count_ = 0;
  std::uint64_t incident_cases_ = 0;
  Diagnosis diagnosis_;

  // --- Merging ---
  Shard shard_;
  void drop_groups_beyond_limit();
};

// 0 when the run completed, compared at least one case, and nothing failed: no Fail, no
// AdapterError and, in strict mode, no Divergence. 1 otherwise, also when the run was
// interrupted, aborted or never ended, and when it compared nothing (every case unsupported or an
// adapter error, or an empty selection): such a run certifies nothing.
int exit_code(const RunSummary& summary);
// "PASS", "FAIL", "INCOMPLETE" (interrupted, aborted, not ended) or "NOTHING COMPARED".
std::string_view result_label(const RunSummary& summary);

}  // namespace cvc
