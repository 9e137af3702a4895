#include "harness/fuzz/scenario_check.hpp"

#include "harness/fuzz/chain_declaration.hpp"
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

// One element through the chain in the scenario's direction, as the harness compares it.
CastResult chain_result(const ArrayChain& chain, Direction direction, std::uint64_t input,
                        const Readings& readings = {}) {
  const ChainResult result = direction == Direction::Encode
                                 ? encode_through(chain, input, readings)
                                 : decode_through(chain, input, readings);
  return result.as_compared_cast();
}

// The flag=alternative under which the chain gives the answer, or "": every flag, since a chain
// holds cast_value and scale_offset steps (and metadata readings such as the operands').
std::string matching_chain_alternative(const CastScenario& scenario, std::uint64_t input,
                                       bool failed, std::uint64_t bits) {
  const DataType& output = scenario.output();
  for (const FlagInfo& info : all_flags()) {
    for (int k = 1; k <= info.alternative_count(); ++k) {
      const Readings readings = Readings{}.with(info.flag, k);
      try {
        const ArrayChain chain =
            parse_array_chain(*scenario.array_type, chain_codecs(scenario), readings);
        if (answer_matches(output, chain_result(chain, scenario.direction, input, readings), failed,
                           bits))
          return std::string(info.name) + "=" + std::string(info.alternatives[k - 1]);
      } catch (const MetadataError&) {
      }
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

// What the oracle expects of a cast or chain scenario, element by element, and the alternative
// reading an answer matches.
struct ScenarioOracle {
  const CastScenario& scenario;
  CastRule rule;                    // the (chain's) cast_value codec's rule
  std::optional<ArrayChain> chain;  // a chain scenario's

  CastResult expected(std::uint64_t input) const {
    return chain ? chain_result(*chain, scenario.direction, input) : cast_value(rule, input);
  }
  std::string alternative(std::uint64_t input, bool failed, std::uint64_t bits) const {
    return chain ? matching_chain_alternative(scenario, input, failed, bits)
                 : matching_alternative(rule, input, failed, bits);
  }
};

// Why the hello excludes the scenario (capabilities.hpp's sentence), or nullopt.
std::optional<std::string> unsupported_reason(const Handshake& handshake,
                                              const ScenarioOracle& oracle) {
  const CastScenario& scenario = oracle.scenario;
  if (oracle.chain) return undeclared_chain_scenario(handshake, scenario, *oracle.chain);
  const DataType* types[] = {scenario.array_type, scenario.data_type};
  std::optional<std::string> reason =
      undeclared_request(handshake, direction_name(scenario.direction), types);
  if (!reason) reason = undeclared(handshake, scenario.direction, oracle.rule);
  return reason;
}

CheckResult unsupported(std::string detail) {
  CheckResult result;
  result.status = CheckStatus::Unsupported;
  result.detail = std::move(detail);
  return result;
}

// The answer's elements against the oracle's: each one that differs is a mismatch, or a
// divergence when an alternative reading gives it (a mismatch too under --strict).
void compare_elements(const ScenarioOracle& oracle, const CastRequest& request,
                      const AdapterAnswer& answer, bool strict, CheckResult& result) {
  const CastScenario& scenario = oracle.scenario;
  const DataType& output = scenario.output();
  result.elements = scenario.elements.size();
  std::optional<RequestModels> models;  // every model's reading, taken at the first mismatch
  for (std::size_t i = 0; i < scenario.elements.size(); ++i) {
    const std::uint64_t input = scenario.elements[i];
    const CastResult expected_result = oracle.expected(input);
    const std::string expected = result_text(output, expected_result);
    const bool failed = answer.refused[i];
    const std::uint64_t bits = answer.outputs[i];
    if (answer_matches(output, expected_result, failed, bits)) continue;
    const std::string flag = oracle.alternative(input, failed, bits);
    if (!flag.empty() && !strict) {
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
}

}  // namespace

ScenarioChecker::ScenarioChecker(CheckerOptions options)
    : options_(std::move(options)),
      client_(options_.command, options_.timeout, options_.start_timeout) {
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
  const std::optional<CastRule> rule = oracle_rule(scenario);
  if (!rule)  // the generator and the shrinker never send invalid metadata as a cast
    return unsupported("the oracle refuses the scenario's metadata");
  const ScenarioOracle oracle{scenario, *rule, oracle_chain(scenario)};
  if (std::optional<std::string> reason = unsupported_reason(handshake_, oracle))
    return unsupported(*reason);
  ++requests_;
  const CastRequest request = cast_request(scenario);
  const AdapterAnswer answer = client_.cast(request);
  if (answer.status == AdapterAnswer::Status::Incident) return take_incident(answer);
  consecutive_incidents_ = 0;
  const DataType& output = scenario.output();
  CheckResult result;
  switch (answer.status) {
    case AdapterAnswer::Status::Unsupported:
      return unsupported("unsupported: " + answer.message);
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
             with_value(output, result_text(output, oracle.expected(scenario.elements[i]))),
             "rejected: " + answer.message});
      return result;
    }
    default:
      break;
  }
  compare_elements(oracle, request, answer, options_.strict, result);
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
