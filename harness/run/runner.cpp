#include "harness/run/runner.hpp"

#include <algorithm>
#include <ctime>
#include <deque>
#include <span>
#include <stdexcept>

#include "generators/case_results.hpp"
#include "harness/protocol/adapter_client.hpp"
#include "harness/protocol/adapter_start.hpp"
#include "harness/protocol/capabilities.hpp"
#include "harness/run/cell_names.hpp"
#include "harness/run/diagnosis.hpp"
#include "harness/run/request_models.hpp"
#include "oracle/cast.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc {
namespace {

std::string now_utc() {
  const std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

std::string describe(const DataType& type, const std::string& result) {
  if (result.starts_with("error")) return result;
  const std::uint64_t bits = std::stoull(result.substr(2), nullptr, 16);
  return result + " (" + describe_value(type, bits) + ")";
}

// "encode" and "decode" for casts; a chain's elements are counted in cells of their own, "chain
// encode" and "chain decode", apart from the single cast_value casts of the same types.
std::string batch_operation(const CastBatch& batch) {
  return (batch.chain ? "chain " : "") + std::string(direction_name(batch.request.direction));
}

// What the oracle's chain does with element `index`: where it fails, or the codecs it went
// through.
std::string chain_explanation(const CastBatch& batch, std::size_t index) {
  std::string codecs;
  for (const std::string& name : batch.chain->codec_names)
    codecs += (codecs.empty() ? "" : " -> ") + name;
  const std::string& error_at = batch.chain->error_at[index];
  return std::string(direction_name(batch.request.direction)) + " through " + codecs +
         (error_at.empty() ? "" : "; the oracle's chain fails at " + error_at);
}

class Run {
 public:
  Run(const RunnerOptions& options, const std::vector<ReportSink*>& sinks)
      : options_(options),
        sinks_(sinks),
        client_(options.command, options.timeout, options.start_timeout) {
    client_.set_interrupt_flag(options.interrupted);
  }

  RunEnd run(CaseSource& source) {
    const auto started = std::chrono::steady_clock::now();
    RunEnd end;
    RunInfo info;
    info.command = options_.command;
    info.mode = options_.mode;
    info.strict = options_.strict;
    info.harness_version = CVC_VERSION;
    info.started_at = now_utc();
    info.vectors_version = options_.vectors_version;
    info.vectors_manifest_sha256 = options_.vectors_manifest_sha256;
    info.selection = options_.selection;
    info.run_id = options_.run_id;
    // The first start throws CannotStartError when the adapter cannot be started at all: no
    // report, no incidents, the run never began.
    if (!start()) {
      end.interrupted = true;
    } else {
      info.implementation_name = handshake_.name;
      info.implementation_version = handshake_.version;
      info.implementation_language = handshake_.language;
      info.notes = handshake_.notes;
      info.environment = handshake_.environment;
      info.declaration = declaration_text(handshake_);
    }
    // What the adapter does not declare is counted from the batch's header, never built.
    source.set_cast_gate([this](const CastBatch& header) { return !unsupported_reason(header); });
    for (ReportSink* sink : sinks_) sink->begin(info);
    for (const AdapterIncident& incident : early_incidents_)
      for (ReportSink* sink : sinks_) sink->incident(incident);
    CaseBatch batch;
    while (!end.aborted && !end.interrupted && next_in_shard(source, batch)) {
      if (options_.interrupted != nullptr && options_.interrupted->load()) {
        end.interrupted = true;
        break;
      }
      if (CastBatch* cast = std::get_if<CastBatch>(&batch)) {
        run_cast(*cast);
      } else {
        // A validation is synchronous: the casts in flight are answered first, and an incident
        // among them restarts the adapter before it.
        finish_in_flight();
        if (!restart_if_stopped(end)) {
          if (end.aborted) end.not_reached += 1;
          break;
        }
        run_validate(std::get<ValidateBatch>(batch));
      }
      if (!restart_if_stopped(end)) break;
      if (options_.progress) options_.progress(done_, source.total_cases(), label_);
    }
    finish_in_flight();
    if (options_.progress)
      options_.progress(done_, source.total_cases(), label_);  // those in flight, answered
    client_.close();
    // Every selected case is accounted for: after an abort, the cases never sent are counted
    // (an interruption stops at once, leaving the rest uncounted and saying so).
    if (end.aborted) {
      end.not_reached += rest_of_shard(source);
    } else if (end.interrupted) {
      end.not_reached_known = false;
    }
    source.set_cast_gate({});  // it reads this run's hello
    end.outside_selection = source.outside_selection();
    end.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    for (ReportSink* sink : sinks_) sink->end(end);
    return end;
  }

 private:
  // After an incident: the casts in flight (lost with the adapter) are answered, and the adapter
  // restarted, unless the run is interrupted or must abort (then false, with `end` saying why).
  bool restart_if_stopped(RunEnd& end) {
    if (!connected_ || interrupted_) finish_in_flight();
    if (interrupted_) {
      end.interrupted = true;
      return false;
    }
    if (consecutive_incidents_ >= options_.max_consecutive_incidents) {
      end.aborted = true;
      end.abort_reason = std::to_string(consecutive_incidents_) +
                         " requests in a row ended in an adapter incident (the limit of "
                         "--max-incidents-in-a-row), the last: " +
                         last_incident_.kind + ": " + last_incident_.detail;
      return false;
    }
    if (incidents_ >= options_.max_incidents) {
      end.aborted = true;
      end.abort_reason = std::to_string(incidents_) +
                         " requests ended in an adapter incident (the limit of "
                         "--max-incidents), the last: " +
                         last_incident_.kind + ": " + last_incident_.detail;
      return false;
    }
    if (!connected_ && !connect()) {
      end.interrupted = interrupted_;
      end.aborted = !interrupted_;
      end.abort_reason = "the adapter could not be restarted " +
                         std::to_string(options_.max_restarts_in_a_row) +
                         " times in a row: " + last_incident_.detail;
      return false;
    }
    return true;
  }

  // The first start, once (an adapter that fails its first hello is a bad --impl, not flaky);
  // false only when interrupted.
  bool start() {
    AdapterIncident incident;
    const std::optional<Handshake> handshake = start_adapter(client_, options_.command, incident);
    if (!handshake) {
      interrupted_ = true;
      return false;
    }
    handshake_ = *handshake;
    connected_ = started_ = true;
    return true;
  }

  // Restarts the adapter, with up to max_restarts_in_a_row attempts.
  bool connect() {
    for (int attempt = 0; attempt < options_.max_restarts_in_a_row; ++attempt) {
      AdapterIncident incident;
      if (std::optional<Handshake> handshake = client_.connect(incident)) {
        if (started_) report_incident({"restart", "the adapter was restarted", "", 0, ""});
        handshake_ = *handshake;
        connected_ = started_ = true;
        return true;
      }
      if (incident.kind == "interrupted") {
        interrupted_ = true;
        return false;
      }
      last_incident_ = incident;
      report_incident(incident);
    }
    return false;
  }

  // An answer's incident: recorded, counted towards the abort limit; false when the incident is
  // the run's interruption (the request's cases are then not counted: they were not decided).
  bool take_incident(const AdapterAnswer& answer) {
    connected_ = false;
    if (answer.incident->kind == "interrupted") {
      interrupted_ = true;
      return false;
    }
    if (!answer.incident->lost_with_earlier) {
      ++consecutive_incidents_;
      ++incidents_;
    }
    last_incident_ = *answer.incident;
    report_incident(*answer.incident);
    return true;
  }

  void report_incident(const AdapterIncident& incident) {
    if (sinks_begun_) {
      for (ReportSink* sink : sinks_) sink->incident(incident);
    } else {
      early_incidents_.push_back(incident);
    }
  }

  void emit(CaseOutcome& outcome) {
    sinks_begun_ = true;
    ++done_;
    for (ReportSink* sink : sinks_) sink->record(outcome);
  }

  // `count` cases with the same outcome (passes, unsupported cases), handed over at once.
  void emit_many(const CaseOutcome& outcome, std::uint64_t count) {
    sinks_begun_ = true;
    done_ += count;
    for (ReportSink* sink : sinks_) sink->record_many(outcome, count);
  }

  // The next batch of this runner's shard (every batch when not sharded); the other shards'
  // batches are passed over without building them. Numbers the batch's first case in the whole
  // selection, so that shards' outcomes merge into the order of a single run.
  bool next_in_shard(CaseSource& source, CaseBatch& batch) {
    if (!seek_own_batch(source) || !source.next(batch)) return false;
    ++batch_index_;
    batch_first_case_ = next_case_;
    next_case_ += case_count(batch);
    return true;
  }

  // Passes over the other shards' batches up to this shard's next one, in one skip (arithmetic in
  // live mode); false when the source ends first.
  bool seek_own_batch(CaseSource& source) {
    const std::uint64_t count = options_.shard_count;
    const std::uint64_t others = (options_.shard_index + count - batch_index_ % count) % count;
    if (others == 0) return true;
    const CaseSource::Skipped skipped = source.skip(others);
    batch_index_ += skipped.batches;
    next_case_ += skipped.cases;
    return skipped.batches == others;
  }

  // The cases of this shard's batches not taken (after an abort), counted without building them.
  std::uint64_t rest_of_shard(CaseSource& source) {
    if (options_.shard_count == 1) return source.skip(UINT64_MAX).cases;
    std::uint64_t cases = 0;
    while (seek_own_batch(source)) {
      const CaseSource::Skipped own = source.skip(1);
      if (own.batches == 0) break;
      ++batch_index_;
      cases += own.cases;
    }
    return cases;
  }

  // Why the adapter's hello excludes a cast or chain batch (the reason its cases are counted
  // unsupported under, harness/protocol/capabilities.hpp), or nullopt when it is to be sent: the
  // operation and every type the batch involves, then what the capabilities declare (for a chain:
  // its direction and codecs, and each cast_value step's rule).
  std::optional<std::string> unsupported_reason(const CastBatch& batch) const {
    const Direction direction = batch.request.direction;
    if (batch.chain) {
      std::optional<std::string> reason =
          undeclared_request(handshake_, "chain", batch.chain->types);
      if (!reason) reason = undeclared_chain(handshake_, direction, batch.chain->codec_names);
      for (const CastRule& rule : batch.chain->cast_rules)
        if (!reason) reason = undeclared(handshake_, direction, rule);
      return reason;
    }
    const DataType* types[] = {batch.request.input, batch.request.output, batch.request.array_type};
    if (std::optional<std::string> reason =
            undeclared_request(handshake_, direction_name(direction), types))
      return reason;
    // Protocol 2: what the hello's capabilities exclude is never sent either.
    return undeclared(handshake_, direction, batch.rule);
  }

  // The outcome fields every case of a cast batch shares; per-case texts are added only to the
  // cases that do not pass.
  CaseOutcome cast_outcome(const CastBatch& batch) const {
    CaseOutcome outcome;
    outcome.family = batch.family;
    outcome.operation = batch_operation(batch);
    outcome.input = batch.request.input;
    outcome.output = batch.request.output;
    outcome.configuration = batch.configuration;
    outcome.rule = batch.rule_label;
    outcome.cast_request = &batch.request;
    return outcome;
  }

  // `count` cases of one verdict and kind, each described only where a sink keeps it.
  void emit_each(CaseOutcome& outcome, std::uint64_t count, const ReportSink::Describer& describe) {
    sinks_begun_ = true;
    done_ += count;
    for (ReportSink* sink : sinks_) sink->record_described(outcome, count, describe);
  }

  // Fills the texts of a case that did not pass and hands it to the sinks.
  void emit_described(CaseOutcome& outcome, const CastBatch& batch, std::size_t index,
                      const std::string& got) {
    describe_case(outcome, batch, index, got);
    emit(outcome);
  }

  // The texts of a case that did not pass.
  void describe_case(CaseOutcome& outcome, const CastBatch& batch, std::size_t index,
                     const std::string& got) const {
    const ExpectedElement& element = batch.elements[index];
    const DataType& input = *batch.request.input;
    outcome.where = batch.where(element);
    outcome.sequence = batch_first_case_ + index;
    outcome.input_bits = element.input;
    outcome.input_text = describe(input, pattern_hex(input, element.input));
    outcome.expected =
        describe(*batch.request.output, expected_text(*batch.request.output, element.expected));
    outcome.got = got;
    if (batch.chain) {
      // Simplest first: the configuration and input as for a cast between the chain's ends.
      CastRule ends = batch.rule;
      ends.input = batch.request.input;
      ends.output = batch.request.output;
      outcome.simplicity = cast_simplicity(ends, element.input);
      outcome.explanation = chain_explanation(batch, index);
    } else {
      outcome.simplicity = cast_simplicity(batch.rule, element.input);
      outcome.explanation = explain(batch.rule, cast_value(batch.rule, element.input));
    }
  }

  // Every case of the batch has the same verdict (unsupported, refused, lost to an incident).
  void finish_all(const CastBatch& batch, Verdict verdict, const std::string& got,
                  const std::string& kind) {
    CaseOutcome outcome = cast_outcome(batch);
    outcome.verdict = verdict;
    outcome.kind = kind;
    outcome.got = got;
    outcome.seconds = batch_seconds_;
    if (verdict == Verdict::Unsupported) {
      // Counted, not described: an unsupported case is never shown one by one.
      const std::uint64_t cases = case_count(batch);
      if (cases != 0) {
        outcome.where = batch.first_where();
        outcome.sequence = batch_first_case_;
      }
      emit_many(outcome, cases);
      return;
    }
    // A refused configuration is diagnosed once for the request; nothing else is a failure.
    const BugModelSet models =
        verdict != Verdict::Fail
            ? BugModelSet()
            : RequestModels(model_request(batch.request)).reproducing(ModelAnswer::rejected());
    outcome.models = models;
    emit_each(outcome, batch.elements.size(), [&](std::uint64_t i, CaseOutcome& described) {
      describe_case(described, batch, i, got);
    });
  }

  // A cast batch sent to the adapter and not yet answered.
  struct InFlight {
    CastBatch batch;
    std::uint64_t first_case = 0;
    std::chrono::steady_clock::time_point sent;
  };
  // Casts are pipelined (AdapterClient::send_cast): the runner builds and sends batch k+1 while
  // the adapter answers k. Outcomes still reach the sinks in source order: a batch that is not
  // sent (unsupported) or a validation first finishes the batches in flight. Eight in flight:
  // vector groups are small (about 200 elements), and their requests are mostly waiting.
  static constexpr std::size_t kCastsInFlight = 8;

  void run_cast(CastBatch& batch) {
    sinks_begun_ = true;
    label_ = cell_name(batch_operation(batch), batch.request.input, batch.request.output);
    if (const std::optional<std::string> unsupported = unsupported_reason(batch)) {
      finish_in_flight();
      batch_seconds_ = 0;
      finish_all(batch, Verdict::Unsupported, *unsupported, *unsupported);
      return;
    }
    if (batch.unbuilt_cases != 0)  // the gate and this check read the same hello
      throw std::logic_error("a cast batch the adapter declares was not built");
    batch.request.elements.resize(batch.elements.size());
    for (std::size_t i = 0; i < batch.elements.size(); ++i)
      batch.request.elements[i] = batch.elements[i].input;
    // A deque keeps the batch in place while it is in flight (outcomes point at its request).
    in_flight_.push_back({std::move(batch), batch_first_case_, std::chrono::steady_clock::now()});
    client_.send_cast(in_flight_.back().batch.request);
    while (in_flight_.size() >= kCastsInFlight) finish_oldest_cast();
  }

  void finish_in_flight() {
    while (!in_flight_.empty()) finish_oldest_cast();
  }

  // Receives the answer of the oldest batch in flight and records its outcomes.
  void finish_oldest_cast() {
    const AdapterAnswer answer = client_.receive_cast();
    InFlight& oldest = in_flight_.front();
    CastBatch& batch = oldest.batch;
    batch_first_case_ = oldest.first_case;
    if (answer.status != AdapterAnswer::Status::Incident) consecutive_incidents_ = 0;
    batch_seconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - oldest.sent).count() /
        static_cast<double>(std::max<std::size_t>(1, batch.elements.size()));
    record_answer(batch, answer);
    in_flight_.pop_front();
  }

  void record_answer(const CastBatch& batch, const AdapterAnswer& answer) {
    switch (answer.status) {
      case AdapterAnswer::Status::Incident:
        if (!take_incident(answer)) return;
        finish_all(batch, Verdict::AdapterError,
                   answer.incident->kind + ": " + answer.incident->detail,
                   "adapter error: " + answer.incident->kind);
        return;
      case AdapterAnswer::Status::Unsupported: {
        const std::string reason = adapter_unsupported_reason(answer.message);
        finish_all(batch, Verdict::Unsupported, reason, reason);
        return;
      }
      case AdapterAnswer::Status::Error:
        finish_all(batch, Verdict::AdapterError, "adapter error: " + answer.message,
                   "adapter error: an error answer");
        return;
      case AdapterAnswer::Status::Rejected:
        // The oracle's configuration and fill value are valid: refusing them is a failure.
        finish_all(batch, Verdict::Fail, "rejected the configuration: " + answer.message,
                   "rejected the configuration");
        return;
      default:
        break;
    }
    compare_answer(batch, answer);
  }

  // Compares each element's answer with its expectation: the passes are only counted; a case
  // that does not pass is described, diagnosed and matched against the alternative readings.
  void compare_answer(const CastBatch& batch, const AdapterAnswer& answer) {
    const DataType& output = *batch.request.output;
    CaseOutcome outcome = cast_outcome(batch);
    outcome.seconds = batch_seconds_;
    std::uint64_t passed = 0;
    std::optional<RequestModels> models;  // every model's reading, taken at the first failure
    for (std::size_t i = 0; i < batch.elements.size(); ++i) {
      const ExpectedElement& element = batch.elements[i];
      const bool failed = answer.refused[i];
      const std::uint64_t bits = answer.outputs[i];
      if (result_matches(output, element.expected, failed, bits)) {
        ++passed;
        continue;
      }
      outcome.verdict = Verdict::Fail;
      outcome.flag.clear();
      outcome.models = {};
      outcome.kind = element.expected.is_error() ? "a value where the oracle gives an error"
                     : failed                    ? "an error where the oracle gives a value"
                                                 : "wrong value";
      for (const auto& [name, result] : alternatives_of(batch, element)) {
        if (result_matches(output, result, failed, bits)) {
          outcome.verdict = Verdict::Divergence;
          outcome.flag = name;
          outcome.kind = "matches " + name;
          break;
        }
      }
      if (outcome.verdict == Verdict::Fail) {
        if (!models) models.emplace(model_request(batch.request));
        outcome.models = models->reproducing(ModelAnswer::element(failed, bits), element.input);
      }
      emit_described(
          outcome, batch, i,
          failed ? "error (the element was refused)" : describe(output, pattern_hex(output, bits)));
    }
    if (passed == 0) return;
    outcome.verdict = Verdict::Pass;
    outcome.flag.clear();
    outcome.kind.clear();
    outcome.models = {};
    outcome.where = batch.where(batch.elements.front());
    outcome.sequence = batch_first_case_;
    emit_many(outcome, passed);
  }

  // The alternative results of an element: listed in the vectors, or computed (live mode).
  std::vector<std::pair<std::string, ExpectedResult>> alternatives_of(
      const CastBatch& batch, const ExpectedElement& element) const {
    if (!batch.compute_alternatives) return element.alternatives;
    std::vector<std::pair<std::string, ExpectedResult>> alternatives;
    for (const FlagInfo& info : all_flags()) {
      if (!is_cast_flag(info.flag)) continue;
      for (int k = 1; k <= info.alternative_count(); ++k) {
        const ExpectedResult result = ExpectedResult::of(
            cast_value(batch.rule, element.input, Readings{}.with(info.flag, k)));
        if (result != element.expected)
          alternatives.emplace_back(
              std::string(info.name) + "=" + std::string(info.alternatives[k - 1]), result);
      }
    }
    return alternatives;
  }

  void run_validate(ValidateBatch& batch) {
    sinks_begun_ = true;
    label_ = "validate " + std::string(type_label(batch.request.array_type));
    CaseOutcome outcome;
    outcome.family = batch.family;
    outcome.where = batch.where;
    outcome.sequence = batch_first_case_;
    outcome.operation = "validate";
    outcome.input = batch.request.array_type;
    outcome.output = first_cast_data_type(batch.request.codecs);
    outcome.configuration = dump_json_exact(batch.request.codecs);
    outcome.rule = batch.rule.empty() ? "fill value round trip" : batch.rule;
    outcome.input_text = "data_type " + dump_json_exact(batch.request.array_data_type) +
                         ", fill value " + dump_json_exact(batch.request.fill_value);
    outcome.expected = batch.expected;
    outcome.explanation = batch.expected_reason;
    outcome.validate_request = &batch.request;
    outcome.simplicity = validate_simplicity(outcome.configuration.size());
    const DataType* types[] = {batch.request.array_type, outcome.output};
    if (const std::optional<std::string> reason =
            undeclared_request(handshake_, "validate", types)) {
      outcome.verdict = Verdict::Unsupported;
      outcome.got = outcome.kind = *reason;
      emit(outcome);
      return;
    }
    const auto sent = std::chrono::steady_clock::now();
    const AdapterAnswer answer = client_.validate(batch.request);
    if (answer.status != AdapterAnswer::Status::Incident) consecutive_incidents_ = 0;
    outcome.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
    std::string got;
    switch (answer.status) {
      case AdapterAnswer::Status::Valid:
        got = "valid";
        break;
      case AdapterAnswer::Status::Invalid:
        got = "invalid";
        break;
      case AdapterAnswer::Status::Unsupported:
        outcome.verdict = Verdict::Unsupported;
        outcome.got = outcome.kind = adapter_unsupported_reason(answer.message);
        emit(outcome);
        return;
      case AdapterAnswer::Status::Incident:
        if (!take_incident(answer)) return;
        outcome.verdict = Verdict::AdapterError;
        outcome.got = answer.incident->kind + ": " + answer.incident->detail;
        outcome.kind = "adapter error: " + answer.incident->kind;
        emit(outcome);
        return;
      default:
        outcome.verdict = Verdict::AdapterError;
        outcome.got = "adapter error: " + answer.message;
        outcome.kind = "adapter error: an error answer";
        emit(outcome);
        return;
    }
    outcome.got = got + (answer.message.empty() ? "" : ": " + answer.message);
    if (got == batch.expected) {
      outcome.verdict = Verdict::Pass;
    } else {
      outcome.verdict = Verdict::Fail;
      outcome.kind = got == "valid" ? "accepted invalid metadata" : "refused valid metadata";
      if (batch.request.array_type != nullptr)
        outcome.models =
            models_reproducing(model_request(batch.request), ModelAnswer::verdict(got == "valid"));
      for (const auto& [name, verdict] : validate_alternatives(batch)) {
        if (verdict == got) {
          outcome.verdict = Verdict::Divergence;
          outcome.flag = name;
          outcome.kind = "matches " + name;
          break;
        }
      }
    }
    emit(outcome);
  }

  std::map<std::string, std::string> validate_alternatives(const ValidateBatch& batch) const {
    if (!batch.compute_alternatives) return batch.alternatives;
    std::map<std::string, std::string> alternatives;
    for (const FlagInfo& info : all_flags()) {
      for (int k = 1; k <= info.alternative_count(); ++k) {
        const bool valid =
            validate_array_metadata(*batch.request.array_type, batch.request.fill_value,
                                    batch.request.codecs, Readings{}.with(info.flag, k))
                .valid;
        if ((valid ? "valid" : "invalid") != batch.expected)
          alternatives[std::string(info.name) + "=" + std::string(info.alternatives[k - 1])] =
              valid ? "valid" : "invalid";
      }
    }
    return alternatives;
  }

  const RunnerOptions& options_;
  const std::vector<ReportSink*>& sinks_;
  AdapterClient client_;
  Handshake handshake_;
  bool connected_ = false, started_ = false, sinks_begun_ = false, interrupted_ = false;
  int consecutive_incidents_ = 0;
  int incidents_ = 0;  // every request's incident, for --max-incidents
  AdapterIncident last_incident_;
  std::vector<AdapterIncident> early_incidents_;
  std::uint64_t done_ = 0;
  std::string label_;
  std::uint64_t batch_index_ = 0;       // batches of the source taken or passed over so far
  std::uint64_t next_case_ = 0;         // cases of the source taken or passed over so far
  std::uint64_t batch_first_case_ = 0;  // the current batch's first case in the selection
  double batch_seconds_ = 0;            // the current cast batch's wall time per case
  std::deque<InFlight> in_flight_;      // cast batches sent, oldest first
};

}  // namespace

bool result_matches(const DataType& type, const ExpectedResult& expected, bool got_failed,
                    std::uint64_t got_bits) {
  if (expected.is_error()) return got_failed;
  if (got_failed) return false;
  if (expected.bits == got_bits) return true;
  return type.has_nan() && decode_exact(type, expected.bits).is_nan() &&
         decode_exact(type, got_bits).is_nan();
}

RunEnd run_cases(CaseSource& source, const RunnerOptions& options,
                 const std::vector<ReportSink*>& sinks) {
  Run run(options, sinks);
  return run.run(source);
}

}  // namespace cvc
