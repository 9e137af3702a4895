#include "harness/fuzz/scenario_check.hpp"

#include "harness/protocol/adapter_start.hpp"
#include "harness/protocol/capabilities.hpp"
#include "harness/run/request_models.hpp"
#include "oracle/cast.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/scalar_json.hpp"
#include "vector_format/result_text.hpp"

namespace cvc::fuzz {
namespace {

constexpr std::size_t kIncidentsKept = 20;

std::string with_value(const DataType& type, const std::string& result) {
  if (result.starts_with("error")) return result;
  return result + " (" + describe_value(type, std::stoull(result.substr(2), nullptr, 16)) + ")";
}

// The protocol's rule (harness/protocol/PROTOCOL.md, "How answers are judged"): an expected error
// matches any refusal, a value matches the same bits, a NaN any NaN.
bool answer_matches(const DataType& type, const CastResult& expected, bool failed,
                    std::uint64_t bits) {
  if (!expected.ok()) return failed;
  if (failed) return false;
  return expected.bits == bits ||
         (decode_exact(type, expected.bits).is_nan() && decode_exact(type, bits).is_nan());
}

// The flag=alternative whose result equals the answer, or "".
std::string matching_alternative(const CastRule& rule, std::uint64_t input, bool failed,
                                 std::uint64_t bits) {
  for (const FlagInfo& info : all_flags()) {
    if (!is_cast_flag(info.flag)) continue;
    for (int k = 1; k <= info.alternative_count(); ++k) {
      if (answer_matches(*rule.output, cast_value(rule, input, Readings{}.with(info.flag, k)),
                         failed, bits))
        return std::string(info.name) + "=" + std::string(info.alternatives[k - 1]);
    }
  }
  return "";
}

std::string matching_validate_alternative(const nlohmann::json& metadata, bool got_valid) {
  for (const FlagInfo& info : all_flags())
    for (int k = 1; k <= info.alternative_count(); ++k)
      if (validate_array_metadata(metadata, Readings{}.with(info.flag, k)).valid == got_valid)
        return std::string(info.name) + "=" + std::string(info.alternatives[k - 1]);
  return "";
}

}  // namespace

ScenarioChecker::ScenarioChecker(CheckerOptions options)
    : options_(std::move(options)), client_(options_.command, options_.timeout) {
  client_.set_interrupt_flag(options_.interrupted);
}

ScenarioChecker::~ScenarioChecker() {
  close();
}

void ScenarioChecker::close() {
  client_.close();
  connected_ = false;
}

bool ScenarioChecker::connect() {
  for (int attempt = 0; attempt < options_.max_restarts_in_a_row; ++attempt) {
    AdapterIncident incident;
    if (std::optional<Handshake> handshake = client_.connect(incident)) {
      handshake_ = *handshake;
      connected_ = true;
      return true;
    }
    if (incident.kind == "interrupted") {
      interrupted_ = true;
      return false;
    }
    ++incident_count_;
    if (incidents_.size() < kIncidentsKept) incidents_.push_back(incident);
    abort_reason_ = "the adapter could not be started " +
                    std::to_string(options_.max_restarts_in_a_row) +
                    " times in a row: " + incident.kind + ": " + incident.detail;
  }
  return false;
}

bool ScenarioChecker::start(std::string& why) {
  abort_reason_.clear();
  AdapterIncident incident;
  if (std::optional<Handshake> handshake = start_adapter(client_, options_.command, incident)) {
    handshake_ = *handshake;
    connected_ = true;
    return true;
  }
  interrupted_ = true;
  why = "interrupted";
  return false;
}

CheckResult ScenarioChecker::take_incident(const AdapterAnswer& answer) {
  connected_ = false;
  CheckResult result;
  if (answer.incident->kind == "interrupted") {
    interrupted_ = true;
    result.status = CheckStatus::Stopped;
    return result;
  }
  ++incident_count_;
  ++consecutive_incidents_;
  if (incidents_.size() < kIncidentsKept) incidents_.push_back(*answer.incident);
  result.status = CheckStatus::AdapterError;
  result.detail = answer.incident->kind + ": " + answer.incident->detail;
  if (consecutive_incidents_ >= options_.max_incidents_in_a_row) {
    abort_reason_ = std::to_string(consecutive_incidents_) +
                    " requests in a row ended in an adapter incident (the limit of "
                    "--max-incidents-in-a-row), the last: " +
                    result.detail;
  } else if (incident_count_ >= static_cast<std::uint64_t>(options_.max_incidents)) {
    abort_reason_ = std::to_string(incident_count_) +
                    " requests ended in an adapter incident (the limit of --max-incidents), "
                    "the last: " +
                    result.detail;
  } else if (!connect()) {
    if (abort_reason_.empty() && !interrupted_)
      abort_reason_ = "the adapter could not be restarted";
  }
  return result;
}

CheckResult ScenarioChecker::check(const Scenario& scenario) {
  if (stopped() || (options_.interrupted != nullptr && options_.interrupted->load())) {
    interrupted_ =
        interrupted_ || (options_.interrupted != nullptr && options_.interrupted->load());
    return {CheckStatus::Stopped, {}, {}, "", 0};
  }
  if (!connected_ && !connect()) return {CheckStatus::Stopped, {}, {}, "", 0};
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario)) return check_cast(*cast);
  return check_validate(std::get<ValidateScenario>(scenario));
}

CheckResult ScenarioChecker::check_cast(const CastScenario& scenario) {
  CheckResult result;
  const std::optional<CastRule> rule = oracle_rule(scenario);
  if (!rule) {  // the generator and the shrinker never send invalid metadata as a cast
    result.status = CheckStatus::Unsupported;
    result.detail = "the oracle refuses the scenario's metadata";
    return result;
  }
  const DataType* types[] = {scenario.array_type, scenario.data_type};
  std::optional<std::string> reason =
      undeclared_request(handshake_, direction_name(scenario.direction), types);
  if (!reason) reason = undeclared(handshake_, scenario.direction, *rule);
  if (reason) {
    result.status = CheckStatus::Unsupported;
    result.detail = *reason;
    return result;
  }
  ++requests_;
  const CastRequest request = cast_request(scenario);
  const AdapterAnswer answer = client_.cast(request);
  if (answer.status == AdapterAnswer::Status::Incident) return take_incident(answer);
  consecutive_incidents_ = 0;
  const DataType& output = *rule->output;
  switch (answer.status) {
    case AdapterAnswer::Status::Unsupported:
      result.status = CheckStatus::Unsupported;
      result.detail = "unsupported: " + answer.message;
      return result;
    case AdapterAnswer::Status::Error:
      result.status = CheckStatus::AdapterError;
      result.detail = "adapter error: " + answer.message;
      return result;
    case AdapterAnswer::Status::Rejected: {
      // The oracle's configuration and fill value are valid: refusing them fails every element.
      result.status = CheckStatus::Mismatch;
      result.elements = scenario.elements.size();
      const BugModelSet models =
          RequestModels(model_request(request)).reproducing(ModelAnswer::rejected());
      for (std::size_t i = 0; i < scenario.elements.size(); ++i)
        result.mismatches.push_back(
            {i, "rejected the configuration", models,
             with_value(output, result_text(output, cast_value(*rule, scenario.elements[i]))),
             "rejected: " + answer.message});
      return result;
    }
    default:
      break;
  }
  result.elements = scenario.elements.size();
  std::optional<RequestModels> models;  // every model's reading, taken at the first mismatch
  for (std::size_t i = 0; i < scenario.elements.size(); ++i) {
    const std::uint64_t input = scenario.elements[i];
    const CastResult oracle = cast_value(*rule, input);
    const std::string expected = result_text(output, oracle);
    const bool failed = answer.refused[i];
    const std::uint64_t bits = answer.outputs[i];
    if (answer_matches(output, oracle, failed, bits)) continue;
    const std::string flag = matching_alternative(*rule, input, failed, bits);
    if (!flag.empty() && !options_.strict) {
      ++result.divergences[flag];
      continue;
    }
    Mismatch mismatch;
    mismatch.element = i;
    mismatch.kind = !flag.empty()                   ? "matches " + flag
                    : expected.starts_with("error") ? "a value where the oracle gives an error"
                    : failed                        ? "an error where the oracle gives a value"
                                                    : "wrong value";
    if (!models) models.emplace(model_request(request));
    mismatch.models = models->reproducing(ModelAnswer::element(failed, bits), input);
    mismatch.expected = with_value(output, expected);
    mismatch.got =
        failed ? "error (the element was refused)" : with_value(output, pattern_hex(output, bits));
    result.mismatches.push_back(std::move(mismatch));
  }
  result.status = result.mismatches.empty() ? CheckStatus::Match : CheckStatus::Mismatch;
  return result;
}

CheckResult ScenarioChecker::check_validate(const ValidateScenario& scenario) {
  CheckResult result;
  if (std::optional<std::string> reason = undeclared_operation(handshake_, "validate")) {
    result.status = CheckStatus::Unsupported;
    result.detail = *reason;
    return result;
  }
  const ValidateRequest request = validate_request(scenario);
  const nlohmann::json metadata = {{"data_type", scenario.array_data_type},
                                   {"fill_value", scenario.fill_value},
                                   {"codecs", scenario.codecs}};
  const FillValueCheck expected = validate_array_metadata(metadata);
  ++requests_;
  const AdapterAnswer answer = client_.validate(request);
  if (answer.status == AdapterAnswer::Status::Incident) return take_incident(answer);
  consecutive_incidents_ = 0;
  if (answer.status == AdapterAnswer::Status::Unsupported) {
    result.status = CheckStatus::Unsupported;
    result.detail = "unsupported: " + answer.message;
    return result;
  }
  if (answer.status != AdapterAnswer::Status::Valid &&
      answer.status != AdapterAnswer::Status::Invalid) {
    result.status = CheckStatus::AdapterError;
    result.detail = "adapter error: " + answer.message;
    return result;
  }
  result.elements = 1;
  const bool valid = answer.status == AdapterAnswer::Status::Valid;
  if (valid == expected.valid) return result;
  const std::string flag = matching_validate_alternative(metadata, valid);
  if (!flag.empty() && !options_.strict) {
    ++result.divergences[flag];
    return result;
  }
  Mismatch mismatch;
  mismatch.kind = !flag.empty() ? "matches " + flag
                  : valid       ? "accepted invalid metadata"
                                : "refused valid metadata";
  mismatch.models = models_reproducing(model_request(request), ModelAnswer::verdict(valid));
  mismatch.expected = std::string(expected.valid ? "valid" : "invalid") + ": " + expected.message;
  mismatch.got = std::string(valid ? "valid" : "invalid") +
                 (answer.message.empty() ? "" : ": " + answer.message);
  result.mismatches.push_back(std::move(mismatch));
  result.status = CheckStatus::Mismatch;
  return result;
}

}  // namespace cvc::fuzz
