// What a run of the harness produces: one outcome per case, adapter incidents, and the run's
// identity. Outcomes stream to report sinks as they are decided, so memory stays flat however
// long the run is (sinks aggregate counts and keep only a bounded number of failures).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "harness/bug_models/bug_model.hpp"
#include "harness/protocol/adapter_incident.hpp"
#include "oracle/cast_rule.hpp"
#include "oracle/data_type.hpp"

namespace cvc {

struct CastRequest;
struct ValidateRequest;

enum class Verdict : std::uint8_t {
  Pass,          // the implementation's result matches the oracle's default reading
  Divergence,    // it matches the result of an alternative reading (named by `flag`)
  Fail,          // it matches neither
  Unsupported,   // the adapter cannot exercise the case (never counted as passed)
  AdapterError,  // the adapter crashed, hung or answered malformed output for this case
};
inline constexpr int kVerdictCount = 5;
std::string_view verdict_name(Verdict verdict);  // "pass", "divergence", "fail", ...

struct CaseOutcome {
  std::string family;  // "cast", "scalar_map", "metadata", "live"
  std::string where;   // "cast/float16.json group 3 case 17", or "live exhaustive #1234"
  // The case's index in the run's whole selection, in source order (shards number their cases
  // as the single run would): merging shards' examples keeps the single run's first ones.
  std::uint64_t sequence = 0;
  std::string operation;             // "encode", "decode" or "validate"
  const DataType* input = nullptr;   // cast: the input type; validate: the array data type
  const DataType* output = nullptr;  // cast: the output type; validate: the first codec's data_type
  std::string configuration;  // compact JSON of the codec configuration (validate: the chain)
  std::string rule;           // "nearest-even / clamp": rounding and out_of_range, for summaries
  std::string input_text;     // "0x7f (127)" or, for validate, the fill value
  std::string expected;       // the oracle's result: "0x7f (127)", "error:out_of_range", "valid"
  std::string got;            // the implementation's: same forms, or "rejected: <message>"
  std::string explanation;    // the oracle's one-line account of the rule that decided
  Verdict verdict = Verdict::Pass;
  std::string flag;  // for divergences: "E8M0Tie=even-exponent"
  // For a case that did not pass: what kind of wrong it is ("wrong value", "refused valid
  // metadata", "adapter error: crash", ...). Reports group identical failures by cell, rule
  // and kind. For an unsupported case: its reason, the declaration of the hello that excludes it
  // or the adapter's own answer (harness/protocol/capabilities.hpp), by which reports count it.
  std::string kind;
  double seconds = 0;  // this case's share of its request's wall time

  // Diagnosis of a failure (harness/run/diagnosis.hpp): the known-bug models that reproduce the
  // answer exactly, and the key that picks a group's simplest case (smaller is simpler).
  BugModelSet models;
  std::array<std::uint64_t, 5> simplicity{};
  // Valid only while a sink's record() runs (null in kept copies): the request that carried the
  // case and the element's input, from which a sink builds the replay line of a case it keeps.
  const CastRequest* cast_request = nullptr;
  const ValidateRequest* validate_request = nullptr;
  std::uint64_t input_bits = 0;
  // Filled for the cases a report shows as a group's simplest: the protocol request line that
  // replays it, and the `cvc cast` / `cvc validate` command that explains the expected result.
  std::string replay;
  std::string oracle_command;
};

struct RunInfo {
  std::string command;  // --impl
  std::string implementation_name, implementation_version, implementation_language;
  std::string notes;
  std::string mode;  // "vectors DIR" or "live exhaustive" / "live random seed=..., count=..."
  bool strict = false;
  std::string harness_version;  // CVC_VERSION
  std::string started_at;       // UTC, ISO 8601
  // The library versions and runtime the adapter declared (its hello's "environment").
  std::map<std::string, std::string> environment;
  // Vector mode: the vectors' version and the SHA-256 of their manifest.json.
  std::string vectors_version, vectors_manifest_sha256;
  std::string selection;  // the filters ("all", or "--type int8 --direction decode")
  // The run's identity among runs (`cvc run --run-id`, a fresh random one by default): every
  // shard of one run carries the same, and merges refuse shards of another.
  std::string run_id;
  // What the adapter's hello declared (data types, operations, protocol 2 capabilities) as
  // compact JSON (harness/protocol/capabilities.hpp, declaration_text); empty when the adapter
  // never started. Shards whose adapters declared differently are not one run.
  std::string declaration;
};

struct RunEnd {
  bool interrupted = false;  // stopped by a signal: the reports are partial
  bool aborted = false;      // stopped because the adapter could not be restarted
  std::string abort_reason;
  double seconds = 0;
  // Selected cases the run did not reach (known after an abort; after an interruption the rest
  // of the selection is not counted and `not_reached_known` is false).
  std::uint64_t not_reached = 0;
  bool not_reached_known = true;
  // What the source holds that no protocol operation exercises: outside the selection, listed so
  // that every case is accounted for ("scalars.json: 970 cases, family scalars: ...").
  std::vector<std::string> outside_selection;
};

// A report being written while the run goes on.
class ReportSink {
 public:
  virtual ~ReportSink() = default;
  virtual void begin(const RunInfo& info) = 0;
  virtual void record(const CaseOutcome& outcome) = 0;
  // `count` cases with one outcome (the runner's passes and unsupported cases of a batch, which
  // carry no per-case text): by default recorded one by one.
  virtual void record_many(const CaseOutcome& outcome, std::uint64_t count) {
    for (std::uint64_t i = 0; i < count; ++i) record(outcome);
  }
  // `count` cases with one verdict, kind and cell whose texts differ (every case of a cast batch
  // lost to an incident, or refused with its configuration): `describe(i, outcome)` fills case
  // i's texts (where, sequence, input, expected, got, explanation, simplicity). A sink describes
  // only the cases it keeps; by default every one, recorded one by one.
  using Describer = std::function<void(std::uint64_t index, CaseOutcome& outcome)>;
  virtual void record_described(CaseOutcome& outcome, std::uint64_t count,
                                const Describer& describe) {
    for (std::uint64_t i = 0; i < count; ++i) {
      describe(i, outcome);
      record(outcome);
    }
  }
  virtual void incident(const AdapterIncident& incident) = 0;
  virtual void end(const RunEnd& end) = 0;
};

}  // namespace cvc
