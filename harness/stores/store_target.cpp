#include "harness/stores/store_target.hpp"

#include <fstream>

#include "harness/protocol/adapter_start.hpp"
#include "harness/protocol/capabilities.hpp"
#include "harness/text/shell_quote.hpp"
#include "oracle/hex_digits.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

const char* operation_of(StoreKind kind) {
  return kind == StoreKind::Decode   ? "read_array"
         : kind == StoreKind::Encode ? "write_array"
                                     : "open_array";
}

json selection_json(const Selection& selection) {
  json ranges = json::array();
  for (const auto& [start, stop] : selection) ranges.push_back({start, stop});
  return ranges;
}

AdapterAnswer answer_of(AdapterAnswer::Status status, std::string message = "") {
  AdapterAnswer answer{status, {}, {}, std::move(message), {}};
  return answer;
}

class AdapterStoreTarget : public StoreTarget {
 public:
  AdapterStoreTarget(std::string command, std::chrono::milliseconds timeout,
                     std::chrono::milliseconds start_timeout, const std::atomic<bool>* interrupted)
      : command_(command), client_(std::move(command), timeout, start_timeout) {
    client_.set_interrupt_flag(interrupted);
  }

  std::optional<std::string> unsupported(const StoreCase& store_case) override {
    if (!ensure_connected()) return std::nullopt;  // the next operation reports the incident
    if (std::optional<std::string> why =
            undeclared_operation(*handshake_, operation_of(store_case.kind)))
      return why;
    for (const std::string& type : store_case.types)
      if (std::optional<std::string> why = undeclared_data_type(*handshake_, type)) return why;
    return undeclared_store_codecs(*handshake_, store_case);
  }
  AdapterAnswer open(const fs::path& array) override {
    if (!ensure_connected()) return handshake_failure();
    return client_.open_array(array.string());
  }
  AdapterAnswer read(const fs::path& array, const DataType& type, std::uint64_t count) override {
    if (!ensure_connected()) return handshake_failure();
    return client_.read_array(array.string(), type, count);
  }
  AdapterAnswer write(const fs::path& array, const json& metadata, const DataType& type,
                      const Selection& selection,
                      const std::vector<std::uint64_t>& values) override {
    if (!ensure_connected()) return handshake_failure();
    return client_.write_array(array.string(), metadata, type, selection_json(selection), values);
  }
  bool can_read() override {
    return ensure_connected() && handshake_->operations.contains("read_array");
  }
  StoreImplementation implementation() const override {
    if (!handshake_) return {};
    return {handshake_->name, handshake_->version, handshake_->language, handshake_->notes,
            handshake_->environment};
  }
  void close() override { client_.close(); }

 private:
  bool ensure_connected() {
    if (client_.connected()) return true;
    last_incident_ = AdapterIncident{};
    // The first start throws CannotStartError when the adapter cannot be started at all.
    std::optional<Handshake> handshake = handshake_
                                             ? client_.connect(*last_incident_)
                                             : start_adapter(client_, command_, *last_incident_);
    if (!handshake) return false;
    last_incident_.reset();
    handshake_ = std::move(handshake);
    return true;
  }
  AdapterAnswer handshake_failure() {
    AdapterAnswer answer = answer_of(AdapterAnswer::Status::Incident,
                                     last_incident_ ? last_incident_->detail : "no handshake");
    answer.incident = last_incident_;
    return answer;
  }

  std::string command_;
  AdapterClient client_;
  std::optional<Handshake> handshake_;
  std::optional<AdapterIncident> last_incident_;
};

AdapterAnswer cli_incident(std::string kind, std::string detail, std::string stderr_tail) {
  AdapterIncident incident;
  incident.kind = std::move(kind);
  incident.detail = std::move(detail);
  incident.stderr_tail = std::move(stderr_tail);
  AdapterAnswer answer = answer_of(AdapterAnswer::Status::Incident, incident.detail);
  answer.incident = std::move(incident);
  return answer;
}

// "0x..." bits of `type` as the command line prints them: hex digits of either case.
std::optional<std::uint64_t> cli_bits(const json& value, const DataType& type) {
  if (!value.is_string()) return std::nullopt;
  const std::string text = value.get<std::string>();
  if (!text.starts_with("0x") || text.size() < 3 || text.size() > 18) return std::nullopt;
  std::uint64_t bits = 0;
  for (std::size_t k = 2; k < text.size(); ++k) {
    const int digit = hex_digit_value(text[k]);
    if (digit < 0) return std::nullopt;
    bits = bits << 4 | static_cast<std::uint64_t>(digit);
  }
  if ((bits & ~type.bit_mask()) != 0) return std::nullopt;
  return bits;
}

class CliStoreTarget : public StoreTarget {
 public:
  CliStoreTarget(std::string command, std::string name, std::chrono::milliseconds timeout,
                 const std::atomic<bool>* interrupted)
      : command_(std::move(command)),
        name_(std::move(name)),
        timeout_(timeout),
        interrupted_(interrupted) {}

  std::optional<std::string> unsupported(const StoreCase&) override { return std::nullopt; }
  AdapterAnswer open(const fs::path& array) override {
    json output;
    if (std::optional<AdapterAnswer> failed = run({"open", array.string()}, output)) return *failed;
    if (output.contains("metadata") && output["metadata"] == "valid")
      return answer_of(AdapterAnswer::Status::Valid);
    if (output.contains("metadata") && output["metadata"] == "invalid")
      return answer_of(AdapterAnswer::Status::Invalid, message_of(output));
    return malformed("an open answer without \"metadata\": \"valid\" or \"invalid\"", output);
  }
  AdapterAnswer read(const fs::path& array, const DataType& type, std::uint64_t count) override {
    json output;
    if (std::optional<AdapterAnswer> failed = run({"read", array.string()}, output)) return *failed;
    if (output.contains("error"))
      return answer_of(AdapterAnswer::Status::Rejected, message_of(output));
    if (!output.contains("values") || !output["values"].is_array() ||
        output["values"].size() != count)
      return malformed("a read answer without \"values\": an array of " + std::to_string(count) +
                           " \"0x\" hex patterns",
                       output);
    AdapterAnswer answer = answer_of(AdapterAnswer::Status::Ok);
    for (const json& value : output["values"]) {
      const std::optional<std::uint64_t> bits = cli_bits(value, type);
      if (!bits)
        return malformed("values holds " + bounded_quote(value.dump()) +
                             ", not a \"0x\" hex pattern of " + std::string(type.name),
                         output);
      answer.outputs.push_back(*bits);
    }
    return answer;
  }
  AdapterAnswer write(const fs::path& array, const json&, const DataType& type,
                      const Selection& selection,
                      const std::vector<std::uint64_t>& values) override {
    json request = {{"data_type", std::string(type.name)},
                    {"selection", selection_json(selection)},
                    {"values", json::array()}};
    for (const std::uint64_t value : values) request["values"].push_back(pattern_hex(type, value));
    const fs::path file = array.parent_path() / "write.json";
    std::ofstream(file) << request.dump() << "\n";
    json output;
    if (std::optional<AdapterAnswer> failed = run({"write", array.string(), file.string()}, output))
      return *failed;
    if (output.contains("error"))
      return answer_of(AdapterAnswer::Status::Rejected, message_of(output));
    if (output.contains("ok") && output["ok"] == true) return answer_of(AdapterAnswer::Status::Ok);
    return malformed("a write answer without \"ok\": true or \"error\"", output);
  }
  bool can_read() override { return true; }
  StoreImplementation implementation() const override {
    return {name_, "unknown", "unknown", "through the store command line (no adapter)", {}};
  }

 private:
  static std::string message_of(const json& output) {
    const char* key = output.contains("error") ? "error" : "message";
    return output.contains(key) && output[key].is_string()
               ? bounded_quote(output[key].get<std::string>())
               : "";
  }
  static AdapterAnswer malformed(const std::string& why, const json& output) {
    return cli_incident("malformed", why + ": " + bounded_quote(dump_json_exact(output), 300), "");
  }

  // Runs `COMMAND ARGS...`; its one line of JSON in `output`, or the answer when it gave none
  // (an incident; or unsupported when it printed {"unsupported": ...}).
  std::optional<AdapterAnswer> run(const std::vector<std::string>& arguments, json& output) {
    std::string command = command_;
    // Appended piece by piece: GCC 12 warns falsely about `"literal" + std::string` here.
    for (const std::string& argument : arguments)
      command.append(" ").append(shell_quoted(argument));
    AdapterProcess process(command);
    process.set_interrupt_flag(interrupted_);
    try {
      process.start();
    } catch (const std::exception& error) {
      return cli_incident("crash", error.what(), "");
    }
    std::string line, extra;
    const AdapterProcess::Status status = process.read_line(line, timeout_);
    const AdapterProcess::Status after =
        status == AdapterProcess::Status::Done ? process.read_line(extra, timeout_) : status;
    const std::string ended = process.stop(std::chrono::milliseconds(500));
    if (status == AdapterProcess::Status::Interrupted ||
        after == AdapterProcess::Status::Interrupted)
      return cli_incident("interrupted", "the run was interrupted (SIGINT or SIGTERM)", "");
    if (status == AdapterProcess::Status::Timeout || after == AdapterProcess::Status::Timeout)
      return cli_incident(
          "timeout",
          "no answer within " + std::to_string(timeout_.count() / 1000) + " s (" + ended + ")",
          process.stderr_tail());
    if (status == AdapterProcess::Status::TooLong || after == AdapterProcess::Status::TooLong)
      return cli_incident(
          "malformed",
          std::string(status == AdapterProcess::Status::TooLong ? "the" : "a second") +
              " line on stdout is longer than the limit of " +
              std::to_string(AdapterProcess::kMaxLineBytes) +
              " bytes: more than that was read without a newline",
          process.stderr_tail());
    if (status != AdapterProcess::Status::Done)
      return cli_incident("crash", "no line on stdout (" + ended + ")", process.stderr_tail());
    if (after == AdapterProcess::Status::Done)
      return cli_incident("malformed", "more than one line on stdout: " + bounded_quote(extra),
                          process.stderr_tail());
    if (ended != "exit status 0")
      return cli_incident("crash", "the program ended with " + ended + " after answering",
                          process.stderr_tail());
    try {
      output = parse_json_exact(line);
    } catch (const std::exception& error) {
      return cli_incident("malformed",
                          std::string("not JSON (") + error.what() + "): " + bounded_quote(line),
                          process.stderr_tail());
    }
    if (!output.is_object())
      return cli_incident("malformed", "not a JSON object: " + bounded_quote(line),
                          process.stderr_tail());
    if (output.contains("unsupported"))
      return answer_of(AdapterAnswer::Status::Unsupported,
                       output["unsupported"].is_string()
                           ? bounded_quote(output["unsupported"].get<std::string>())
                           : "");
    return std::nullopt;
  }

  std::string command_, name_;
  std::chrono::milliseconds timeout_;
  const std::atomic<bool>* interrupted_;
};

}  // namespace

std::optional<std::string> undeclared_store_codecs(const Handshake& handshake,
                                                   const StoreCase& store_case) {
  std::vector<std::string> others;
  for (const std::string& codec : store_case.codecs)
    if (codec != "cast_value") others.push_back(codec);
  if (others.empty()) return std::nullopt;
  if (!handshake.capabilities.chain.codecs && !handshake.operations.contains("chain"))
    return "the adapter does not declare the codec " + others.front() +
           " (hello: neither capabilities.chain.codecs nor the operation chain)";
  // Writing runs the chain's encode; reading and opening, its decode.
  const Direction direction =
      store_case.kind == StoreKind::Encode ? Direction::Encode : Direction::Decode;
  return undeclared_chain(handshake, direction, others);
}

std::unique_ptr<StoreTarget> adapter_store_target(std::string command,
                                                  std::chrono::milliseconds timeout,
                                                  std::chrono::milliseconds start_timeout,
                                                  const std::atomic<bool>* interrupted) {
  return std::make_unique<AdapterStoreTarget>(std::move(command), timeout, start_timeout,
                                              interrupted);
}

std::unique_ptr<StoreTarget> cli_store_target(std::string command, std::string name,
                                              std::chrono::milliseconds timeout,
                                              const std::atomic<bool>* interrupted) {
  return std::make_unique<CliStoreTarget>(std::move(command), std::move(name), timeout,
                                          interrupted);
}

}  // namespace cvc
