// cvc replay: one protocol request line sent to an adapter and its answer compared with the
// oracle, element by element: the reproducer a report gives for each diagnosis group.
#include <iostream>

#include "cli/commands.hpp"
#include "harness/protocol/adapter_start.hpp"
#include "harness/protocol/replay_request.hpp"
#include "harness/run/diagnosis.hpp"
#include "harness/run/request_models.hpp"
#include "harness/run/runner.hpp"
#include "oracle/cast.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/scalar_json.hpp"
#include "vector_format/result_text.hpp"

namespace cvc::cli {
namespace {

constexpr const char* kReplayHelp =
    R"(usage: cvc replay --impl COMMAND [--timeout SECONDS] [--start-timeout SECONDS] REQUEST

Sends one request of the adapter protocol (harness/protocol/PROTOCOL.md) to an adapter after the
handshake, prints its answer and compares it with the oracle: per element the input, the
expected result, the adapter's, and the known-bug models (docs/bug-models.md) that reproduce a
mismatch. Reports print such a command for the simplest case of each diagnosis group.

  --impl COMMAND       the adapter command line (run through /bin/sh -c), as for cvc run
  --timeout SECONDS    how long to wait for each answer (default 60)
  --start-timeout SECONDS  how long to wait for the hello answer (default: the --timeout)
  REQUEST              a cast, chain or validate request line (JSON), or @FILE holding one

A request of more than 64 elements prints only its first 20 mismatching elements, then how many
of its elements match.

Exit 0 when the answer matches the oracle (at least one element compared), 1 when it does not
(or the adapter answered unsupported, rejected, error, or misbehaved), 2 for bad arguments and
for a request the oracle refuses (an invalid fill value, codec or elements: named, never sent to
the adapter) or that selects nothing ("count": 0: nothing would be compared), and for an
implementation that cannot be started; 3 for an internal or I/O error (`cvc help exit-codes`).
)";

// An error message quoting the request is cut to this many bytes (and says its size).
constexpr std::size_t kMessageBytes = 1000;

// What the adapter said (a message, an incident's detail), bounded: it may be megabytes long.
std::string adapter_text(std::string_view text) {
  return bounded_quote(text, kMessageBytes);
}

std::string request_text(const std::string& argument) {
  if (!argument.starts_with("@")) return argument;
  try {
    return read_input_file(argument.substr(1));
  } catch (const InputFileError& error) {
    throw UsageError(std::string("cvc replay: ") + error.what());
  }
}

std::string model_names(BugModelSet models) {
  std::string names;
  for (std::size_t i = 0; i < bug_models().size(); ++i) {
    if (!models.contains(i)) continue;
    names.append(names.empty() ? "" : ", ");
    names.append(bug_models()[i].id);
  }
  return names.empty() ? "none (unexplained)" : names;
}

// Which elements a replay prints: every one of a request of up to kElementsListed (a
// reproducer's one element, a failure group's few), else only the first kMismatchesListed
// mismatches; then one line with the counts. A request of 30 M elements is compared whole but
// prints a few lines, not gigabytes.
class ElementListing {
 public:
  static constexpr std::size_t kElementsListed = 64;
  static constexpr std::size_t kMismatchesListed = 20;

  explicit ElementListing(std::size_t count) : count_(count) {}
  // Counts one element; true when it is to be printed.
  bool shows(bool matches) {
    mismatches_ += matches ? 0 : 1;
    return count_ <= kElementsListed || (!matches && mismatches_ <= kMismatchesListed);
  }
  // The closing line of a long request; its exit status (0 when every element matched).
  int finish() const {
    if (count_ > kElementsListed)
      std::cout << count_ - mismatches_ << " of " << count_ << " elements match"
                << (mismatches_ > kMismatchesListed
                        ? " (the first " + std::to_string(kMismatchesListed) +
                              " mismatches printed)"
                        : std::string(mismatches_ == 0 ? "" : " (every mismatch printed)"))
                << "\n";
    return mismatches_ == 0 ? kExitOk : kExitNegative;
  }

 private:
  std::size_t count_;
  std::size_t mismatches_ = 0;
};

// An answer to a cast or chain request that carries no elements (an incident, a refusal): printed,
// with the models that refuse the configuration when it was rejected; false for an ok answer.
bool print_unanswered(const AdapterAnswer& answer, const RequestModels& models) {
  if (answer.status == AdapterAnswer::Status::Incident) {
    std::cout << "adapter incident: " << answer.incident->kind << ": "
              << adapter_text(answer.incident->detail) << "\n";
    return true;
  }
  if (answer.status == AdapterAnswer::Status::Ok) return false;
  const bool rejected = answer.status == AdapterAnswer::Status::Rejected;
  std::cout << (rejected ? "rejected" : "not answered") << ": " << adapter_text(answer.message)
            << "\n";
  if (rejected)
    std::cout << "models that refuse it: "
              << model_names(models.reproducing(ModelAnswer::rejected())) << "\n";
  return true;
}

int replay_cast(AdapterClient& client, const CastRequest& request, const CastRule& rule) {
  const AdapterAnswer answer = client.cast(request);
  const RequestModels models(model_request(request));
  if (print_unanswered(answer, models)) return kExitNegative;
  ElementListing listing(request.elements.size());
  for (std::size_t i = 0; i < request.elements.size(); ++i) {
    const std::uint64_t input = request.elements[i];
    const CastResult expected = cast_value(rule, input);
    const bool failed = answer.refused[i];
    const bool matches =
        result_matches(*rule.output, ExpectedResult::of(expected), failed, answer.outputs[i]);
    if (!listing.shows(matches)) continue;
    std::cout << "element " << i << ": input " << pattern_hex(*rule.input, input) << " ("
              << describe_value(*rule.input, input) << ")\n  expected "
              << result_text(*rule.output, expected);
    if (expected.ok()) std::cout << " (" << describe_value(*rule.output, expected.bits) << ")";
    std::cout << ": " << explain(rule, expected) << "\n  got      ";
    if (failed) {
      std::cout << "error (the element was refused)";
    } else {
      std::cout << pattern_hex(*rule.output, answer.outputs[i]) << " ("
                << describe_value(*rule.output, answer.outputs[i]) << ")";
    }
    std::cout << "\n  " << (matches ? "match" : "MISMATCH");
    if (!matches)
      std::cout << "; known-bug models reproducing it: "
                << model_names(
                       models.reproducing(ModelAnswer::element(failed, answer.outputs[i]), input));
    std::cout << "\n";
  }
  return listing.finish();
}

// A chain request: each element against the oracle's chain (oracle/codec_chain.hpp).
int replay_chain(AdapterClient& client, const CastRequest& request, const ArrayChain& chain) {
  const AdapterAnswer answer = client.cast(request);
  const RequestModels models(model_request(request));
  if (print_unanswered(answer, models)) return kExitNegative;
  const DataType& input_type = *request.input;
  const DataType& output_type = *request.output;
  ElementListing listing(request.elements.size());
  for (std::size_t i = 0; i < request.elements.size(); ++i) {
    const std::uint64_t input = request.elements[i];
    const ChainResult expected = request.direction == Direction::Encode
                                     ? encode_through(chain, input)
                                     : decode_through(chain, input);
    ExpectedResult compared;
    compared.bits = expected.bits;
    if (!expected.ok()) compared.error = CastError::OutOfRange;  // any refusal matches
    const bool failed = answer.refused[i];
    const bool matches = result_matches(output_type, compared, failed, answer.outputs[i]);
    if (!listing.shows(matches)) continue;
    std::cout << "element " << i << ": input " << pattern_hex(input_type, input) << " ("
              << describe_value(input_type, input) << ")\n  expected ";
    if (expected.ok())
      std::cout << pattern_hex(output_type, expected.bits) << " ("
                << describe_value(output_type, expected.bits) << ")";
    else
      std::cout << "error:" << expected.error_name() << " at "
                << chain.steps[static_cast<std::size_t>(expected.failed_step)].path;
    std::cout << "\n  got      ";
    if (failed)
      std::cout << "error (the element was refused)";
    else
      std::cout << pattern_hex(output_type, answer.outputs[i]) << " ("
                << describe_value(output_type, answer.outputs[i]) << ")";
    std::cout << "\n  " << (matches ? "match" : "MISMATCH");
    if (!matches)
      std::cout << "; known-bug models reproducing it: "
                << model_names(
                       models.reproducing(ModelAnswer::element(failed, answer.outputs[i]), input))
                << "\n  explain: " << chain_command(request, input);
    std::cout << "\n";
  }
  return listing.finish();
}

int replay_validate(AdapterClient& client, const ValidateRequest& request) {
  const FillValueCheck expected = validate_array_metadata({{"data_type", request.array_data_type},
                                                           {"fill_value", request.fill_value},
                                                           {"codecs", request.codecs}});
  const AdapterAnswer answer = client.validate(request);
  std::cout << "expected " << (expected.valid ? "valid" : "invalid") << ": " << expected.message
            << "\n";
  if (answer.status == AdapterAnswer::Status::Incident) {
    std::cout << "adapter incident: " << answer.incident->kind << ": "
              << adapter_text(answer.incident->detail) << "\n";
    return kExitNegative;
  }
  if (answer.status != AdapterAnswer::Status::Valid &&
      answer.status != AdapterAnswer::Status::Invalid) {
    std::cout << "not answered: " << adapter_text(answer.message) << "\n";
    return kExitNegative;
  }
  const bool valid = answer.status == AdapterAnswer::Status::Valid;
  std::cout << "got      " << (valid ? "valid" : "invalid")
            << (answer.message.empty() ? "" : ": " + adapter_text(answer.message)) << "\n";
  if (valid == expected.valid) {
    std::cout << "match\n";
    return kExitOk;
  }
  std::cout << "MISMATCH";
  if (request.array_type != nullptr)
    std::cout << "; known-bug models reproducing it: "
              << model_names(
                     models_reproducing(model_request(request), ModelAnswer::verdict(valid)));
  std::cout << "\n";
  return kExitNegative;
}

}  // namespace

int run_replay(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kReplayHelp;
    return kExitOk;
  }
  const std::string command = arguments.required_option("impl");
  const std::chrono::milliseconds timeout = arguments.timeout_option(60);
  const std::chrono::milliseconds start_timeout = arguments.start_timeout_option();
  const std::vector<std::string> rest = arguments.finish();
  if (rest.size() != 1)
    throw UsageError("cvc replay: give exactly one REQUEST (see cvc replay --help)");
  ReplayRequest replay;
  try {
    replay = parse_request_line(request_text(rest[0]));
  } catch (const ReplayError& error) {
    // The message may quote the request's text (a fill value, a codec): bounded.
    throw UsageError("cvc replay: REQUEST: " + bounded_quote(error.what(), kMessageBytes));
  }
  if (replay.cast && replay.cast->elements.empty())
    throw UsageError(
        "cvc replay: REQUEST: count is 0: the request selects no element, so nothing would be "
        "compared (a replay that compares nothing never passes)");
  AdapterClient client(command, timeout, start_timeout);
  AdapterIncident incident;
  const std::optional<Handshake> handshake = start_adapter(client, command, incident);
  if (!handshake) {  // interrupted: an adapter that cannot start is CannotStartError
    std::cout << "the adapter could not be started: " << incident.kind << ": "
              << adapter_text(incident.detail) << "\n";
    return kExitNegative;
  }
  std::cout << "adapter: " << adapter_text(handshake->name) << " "
            << adapter_text(handshake->version) << "\n";
  const int status = replay.chain  ? replay_chain(client, *replay.cast, *replay.chain)
                     : replay.cast ? replay_cast(client, *replay.cast, replay.rule)
                                   : replay_validate(client, *replay.validate);
  client.close();
  return status;
}

}  // namespace cvc::cli
