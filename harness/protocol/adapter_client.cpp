#include "harness/protocol/adapter_client.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>

#include "harness/protocol/element_packing.hpp"
#include "harness/protocol/elements_field.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc {
namespace {

constexpr std::size_t kShownLineBytes = 300;

std::string truncated(const std::string& text) {
  return text.size() <= kShownLineBytes ? text : text.substr(0, kShownLineBytes) + "...";
}

AdapterAnswer incident_answer(AdapterIncident incident) {
  AdapterAnswer answer{AdapterAnswer::Status::Incident, {}, {}, incident.detail, {}};
  answer.incident = std::move(incident);
  return answer;
}

std::string optional_string(const nlohmann::json& object, const char* key) {
  return object.contains(key) && object[key].is_string() ? object[key].get<std::string>() : "";
}

std::string quoted_text(std::string_view text) {
  return dump_json_exact(std::string(text));
}

template <typename Names>
std::string joined_names(const Names& names, std::string_view separator = ", ") {
  std::string text;
  for (const auto& name : names) {
    if (name.empty()) continue;
    if (!text.empty()) text += separator;
    text += name;
  }
  return text;
}

// --- The hello answer -------------------------------------------------------------------------

// The element encodings the hello offers (harness/protocol/PROTOCOL.md, Protocol 2), hex first: the
// protocol-1 form, which every adapter writes.
nlohmann::json offered_encodings() {
  return {std::string(encoding_name(ElementEncoding::Hex)),
          std::string(encoding_name(ElementEncoding::Base64))};
}

// The forms of "failed" the hello offers (PROTOCOL.md, "Failed ranges"), indices first: the
// form every adapter writes unless it chooses another.
nlohmann::json offered_failed_forms() {
  return {std::string(failed_form_name(FailedForm::Indices)),
          std::string(failed_form_name(FailedForm::Ranges))};
}

std::optional<std::string> read_implementation(const nlohmann::json& answer, Handshake& handshake) {
  if (!answer.contains("implementation")) return "no implementation in the hello answer";
  const nlohmann::json& implementation = answer["implementation"];
  if (!implementation.is_object()) return "implementation is not a JSON object";
  for (const auto& [key, value] : implementation.items())
    if (key != "name" && key != "version" && key != "language")
      return "implementation." + key +
             " is an unknown key (implementation has only name, version, language)";
  for (const char* key : {"name", "version", "language"}) {
    const std::string field = std::string("implementation.") + key;
    if (!implementation.contains(key)) return "no " + field + " in the hello answer";
    if (!implementation[key].is_string() || implementation[key].get<std::string>().empty())
      return field + " is not a non-empty string";
  }
  handshake.name = implementation["name"].get<std::string>();
  handshake.version = implementation["version"].get<std::string>();
  handshake.language = implementation["language"].get<std::string>();
  return std::nullopt;
}

// data_types and operations: arrays of known names.
std::optional<std::string> read_names(const nlohmann::json& answer, Handshake& handshake) {
  for (const char* key : {"data_types", "operations"}) {
    if (!answer.contains(key)) return std::string("no ") + key + " in the hello answer";
    if (!answer[key].is_array()) return std::string(key) + " is not a JSON array";
    for (const nlohmann::json& item : answer[key]) {
      if (!item.is_string()) return std::string(key) + " holds a non-string";
      (std::string(key) == "data_types" ? handshake.data_types : handshake.operations)
          .insert(item.get<std::string>());
    }
  }
  // Names the harness does not know would silently make cases unsupported: refuse them.
  std::string unknown;
  for (const std::string& name : handshake.data_types)
    if (find_data_type(name) == nullptr)
      unknown += (unknown.empty() ? "" : ", ") + quoted_text(name);
  if (!unknown.empty())
    return "data_types names types that are not among the " + std::to_string(kDataTypeCount) +
           " (oracle/data_type.hpp): " + unknown;
  const bool two = handshake.protocol >= 2;
  const auto protocol_two_operation = [](const std::string& name) {
    return name == "reproduce" || name == "chain" || name == "open_array" || name == "read_array" ||
           name == "write_array";
  };
  for (const std::string& name : handshake.operations)
    if (name != "encode" && name != "decode" && name != "validate" &&
        !(two && protocol_two_operation(name)))
      unknown += (unknown.empty() ? "" : ", ") + quoted_text(name);
  if (!unknown.empty())
    return std::string("operations names operations other than ") +
           (two ? "encode, decode, validate, and reproduce, chain, open_array, read_array, "
                  "write_array (protocol 2)"
                : "encode, decode and validate (protocol 1; reproduce is protocol 2's)") +
           ": " + unknown;
  return std::nullopt;
}

// A choice among what the hello offered (`encoding`, `failed_form`): `key`, when present, read
// into `chosen` by `parse`; the reason, quoting the offer, when it names something else.
template <typename Choice, typename Parse>
std::optional<std::string> read_choice(const nlohmann::json& answer, const std::string& key,
                                       const std::string& what, const nlohmann::json& offered,
                                       Parse parse, Choice& chosen) {
  if (!answer.contains(key)) return std::nullopt;
  const nlohmann::json& value = answer[key];
  const std::optional<Choice> read =
      value.is_string() ? parse(value.get<std::string>()) : std::nullopt;
  if (!read)
    return key + " is " + dump_json_exact(value) + ", not one of the " + what +
           " the hello offered: " + offered.dump();
  chosen = *read;
  return std::nullopt;
}

// The hello answer read into `handshake`; the reason, naming the field, when it is malformed.
std::optional<std::string> read_hello(const nlohmann::json& answer, Handshake& handshake) {
  if (!answer.contains("protocol"))
    return "no protocol in the hello answer (the version the adapter speaks: 1 or 2)";
  const std::optional<std::string> version = json_number_text(answer["protocol"]);
  if (version != "1" && version != "2")
    return "protocol is " + dump_json_exact(answer["protocol"]) +
           ": this harness speaks protocol 1 and 2 (answer 2 only to a hello whose max_protocol "
           "is 2 or more)";
  handshake.protocol = *version == "1" ? 1 : 2;
  static constexpr std::string_view kKeys[] = {"protocol",     "implementation", "data_types",
                                               "operations",   "notes",          "environment",
                                               "capabilities", "encoding",       "failed_form"};
  // The protocol 2 keys, each with what it declares (for the message).
  static constexpr std::pair<std::string_view, std::string_view> kProtocolTwoKeys[] = {
      {"capabilities", "capabilities"},
      {"encoding", "an encoding"},
      {"failed_form", "a form of failed"}};
  for (const auto& [key, value] : answer.items()) {
    for (const auto& [two_key, declares] : kProtocolTwoKeys)
      if (key == two_key && handshake.protocol == 1)
        return key + " is a protocol 2 key, but the answer says protocol 1 (answer \"protocol\": " +
               "2 to declare " + std::string(declares) + ")";
    if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys))
      return key + " is an unknown key of the hello answer (it has only " + joined_names(kKeys) +
             ")";
  }
  if (std::optional<std::string> why = read_implementation(answer, handshake)) return why;
  if (answer.contains("notes")) {
    if (!answer["notes"].is_string()) return "notes is not a string";
    handshake.notes = answer["notes"].get<std::string>();
  }
  if (answer.contains("environment")) {
    const nlohmann::json& environment = answer["environment"];
    if (!environment.is_object()) return "environment is not a JSON object";
    for (const auto& [key, value] : environment.items()) {
      if (!value.is_string()) return "environment." + key + " is not a string";
      handshake.environment[key] = value.get<std::string>();
    }
  }
  if (std::optional<std::string> why = read_names(answer, handshake)) return why;
  if (std::optional<std::string> why =
          read_choice(answer, "encoding", "encodings", offered_encodings(), parse_element_encoding,
                      handshake.encoding))
    return why;
  if (std::optional<std::string> why =
          read_choice(answer, "failed_form", "forms", offered_failed_forms(), parse_failed_form,
                      handshake.failed_form))
    return why;
  if (answer.contains("capabilities")) {
    try {
      handshake.capabilities = parse_capabilities(answer["capabilities"]);
      handshake.capabilities_declared = answer["capabilities"];
    } catch (const CapabilitiesError& error) {
      return error.what();
    }
  }
  return std::nullopt;
}

// --- Answers to requests ----------------------------------------------------------------------

// The answer status of a status name that answer_form_problem accepted ("rejected" for casts,
// "refused" for store reads and writes: both a refusal by the implementation).
AdapterAnswer::Status status_named(const std::string& status) {
  return status == "ok"                                ? AdapterAnswer::Status::Ok
         : status == "valid"                           ? AdapterAnswer::Status::Valid
         : status == "invalid"                         ? AdapterAnswer::Status::Invalid
         : status == "rejected" || status == "refused" ? AdapterAnswer::Status::Rejected
         : status == "unsupported"                     ? AdapterAnswer::Status::Unsupported
                                                       : AdapterAnswer::Status::Error;
}

// Why `answer` (to a request of `kind`: cast, validate, reproduce) follows none of `forms`,
// naming the key or the status; nullopt when it has a known status and only that form's keys.
std::optional<std::string> answer_form_problem(const nlohmann::json& answer, std::string_view kind,
                                               std::span<const AnswerForm> forms) {
  std::vector<std::string_view> keys = {"id", "status"}, statuses;
  for (const AnswerForm& form : forms) {
    statuses.push_back(form.status);
    for (std::string_view key : form.keys)
      if (!key.empty() && std::find(keys.begin(), keys.end(), key) == keys.end())
        keys.push_back(key);
  }
  const std::string a = "a " + std::string(kind) + " answer";
  for (const auto& [key, value] : answer.items())
    if (std::find(keys.begin(), keys.end(), key) == keys.end())
      return quoted_text(key) + " is an unknown key in " + a + " (it has only " +
             joined_names(keys) + ")";
  if (!answer.contains("status") || !answer["status"].is_string())
    return a + " without a status (a string: " + joined_names(statuses, ", ") + ")";
  const std::string& status = answer["status"].get_ref<const std::string&>();
  const auto form = std::find_if(forms.begin(), forms.end(),
                                 [&](const AnswerForm& each) { return each.status == status; });
  if (form == forms.end())
    return "status is " + quoted_text(status) + ", not one of " + joined_names(statuses, ", ");
  for (const auto& [key, value] : answer.items())
    if (key != "id" && key != "status" &&
        std::find(form->keys.begin(), form->keys.end(), key) == form->keys.end())
      return quoted_text(key) + " is not allowed in " + a + " of status " + quoted_text(status) +
             " (harness/protocol/schemas/" + std::string(kind) + "-answer.schema.json)";
  if (answer.contains("message") && !answer["message"].is_string())
    return "message is not a string";
  return std::nullopt;
}

}  // namespace

namespace {

// An element index of a "failed" list written other than as plain digits read apart (an exact
// number node): its digits, at most 19 of them; nullopt for a sign, fraction, exponent or
// anything that is not a number.
std::optional<std::uint64_t> failed_index(const nlohmann::json& index) {
  const std::optional<std::string> text = json_number_text(index);
  if (!text || text->empty() || text->find_first_not_of("0123456789") != std::string::npos ||
      text->size() > 19)
    return std::nullopt;
  return std::stoull(*text);
}

// A "failed" list the plain reader left in the JSON, read into `read`, its form read from its
// shape as the plain reader reads it (a first item that is an array: ranges). A problem for an
// item that is not an index (a sign, a fraction, a string: quoted as the adapter wrote it, never
// as a number it did not write) or ranges whose items are not all pairs; mark_failed checks the
// rest.
std::optional<std::string> failed_list_read(const nlohmann::json& list, FailedList& read) {
  read.form = !list.empty() && list.front().is_array() ? FailedForm::Ranges : FailedForm::Indices;
  const auto index = [&read](const nlohmann::json& item,
                             const nlohmann::json& quoted) -> std::optional<std::string> {
    const std::optional<std::uint64_t> number = failed_index(item);
    if (!number)
      return "failed holds " + truncated(dump_json_exact(quoted)) + ", which is not " +
             (read.form == FailedForm::Ranges
                  ? "a range [begin, end] of element indices (whole numbers in digits)"
                  : "an element index (a whole number in digits)");
    read.numbers.push_back(*number);
    return std::nullopt;
  };
  for (const nlohmann::json& item : list) {
    if (read.form == FailedForm::Indices) {
      if (std::optional<std::string> problem = index(item, item)) return problem;
      continue;
    }
    if (!item.is_array() || item.size() != 2)
      return "failed holds " + truncated(dump_json_exact(item)) +
             ", which is not a range [begin, end]";
    for (const nlohmann::json& bound : item)
      if (std::optional<std::string> problem = index(bound, item)) return problem;
  }
  return std::nullopt;
}

// The cast (or chain) request of `request`'s elements [offset, offset + size).
nlohmann::json cast_part_message(const CastRequest& request, std::size_t offset, std::size_t size,
                                 std::uint64_t id, ElementEncoding encoding) {
  const std::span<const std::uint64_t> elements(request.elements.data() + offset, size);
  nlohmann::json message = {{"cmd", request.is_chain() ? "chain" : "cast"},
                            {"id", id},
                            {"direction", std::string(direction_name(request.direction))},
                            {"array_data_type", std::string(request.array_type->name)},
                            {"fill_value", request.fill_value}};
  if (request.is_chain())
    message["codecs"] = request.chain;
  else
    message["codec"] = request.codec;
  message["count"] = size;
  message["elements"] = pack_elements(*request.input, elements, encoding);
  return message;
}

}  // namespace

nlohmann::json cast_message(const CastRequest& request, std::uint64_t id,
                            ElementEncoding encoding) {
  return cast_part_message(request, 0, request.elements.size(), id, encoding);
}

nlohmann::json validate_message(const ValidateRequest& request, std::uint64_t id) {
  return {{"cmd", "validate"},
          {"id", id},
          {"array_data_type", request.array_data_type},
          {"fill_value", request.fill_value},
          {"codecs", request.codecs}};
}

AdapterClient::AdapterClient(std::string command, std::chrono::milliseconds timeout,
                             std::chrono::milliseconds start_timeout)
    : process_(std::move(command)),
      timeout_(timeout),
      start_timeout_(start_timeout.count() > 0 ? start_timeout : timeout) {}

AdapterIncident AdapterClient::make_incident(std::string kind, std::string detail,
                                             const std::string& what, std::uint64_t cases) {
  AdapterIncident incident;
  incident.kind = std::move(kind);
  incident.detail = std::move(detail);
  incident.request = what;
  incident.cases_affected = cases;
  incident.stderr_tail = process_.stderr_tail();
  return incident;
}

void AdapterClient::stop_after(AdapterIncident& incident) {
  const std::string ended = process_.stop(std::chrono::milliseconds(200));
  if (incident.kind == "crash") incident.detail += " (" + ended + ")";
  if (incident.kind != "interrupted") incident.stderr_tail = process_.stderr_tail();
  connected_ = false;
  write_failed_.reset();
  // What was sent after the request that ended the adapter is lost with it.
  for (PendingCast& other : pending_) {
    if (other.decided) continue;
    AdapterIncident lost = incident;
    lost.detail = "lost with the adapter: an earlier pending request (" + incident.request +
                  ") ended in a " + incident.kind + ": " + incident.detail;
    lost.request = other.what;
    lost.cases_affected = other.count;
    lost.lost_with_earlier = true;
    other.decided = incident_answer(std::move(lost));
  }
}

std::optional<AdapterIncident> AdapterClient::write_request(nlohmann::json request,
                                                            const std::string& what,
                                                            std::uint64_t cases) {
  switch (process_.write_line(dump_line_elements_apart(std::move(request)), timeout_)) {
    case AdapterProcess::Status::Done:
      return std::nullopt;
    case AdapterProcess::Status::Timeout:
      return make_incident("timeout",
                           "the adapter stopped reading its stdin: the request could not be "
                           "written within " +
                               std::to_string(timeout_.count() / 1000.0) + " s",
                           what, cases);
    case AdapterProcess::Status::Interrupted:
      return make_incident("interrupted", "the run was interrupted (SIGINT or SIGTERM)", what,
                           cases);
    default:
      return make_incident("crash", "the adapter's stdin is closed (its process has exited)", what,
                           cases);
  }
}

std::optional<nlohmann::json> AdapterClient::read_answer(const nlohmann::json& id,
                                                         const std::string& what,
                                                         std::uint64_t cases,
                                                         AdapterIncident& incident,
                                                         std::optional<FailedList>* failed) {
  const auto fail = [&](std::string kind, std::string detail) -> std::optional<nlohmann::json> {
    incident = make_incident(std::move(kind), std::move(detail), what, cases);
    stop_after(incident);
    return std::nullopt;
  };
  std::string line;
  switch (process_.read_line(line, timeout_)) {
    case AdapterProcess::Status::Done:
      break;
    case AdapterProcess::Status::Timeout:
      return fail("timeout",
                  "no answer within " + std::to_string(timeout_.count() / 1000.0) + " s");
    case AdapterProcess::Status::TooLong:
      return fail("malformed", "an answer line longer than " +
                                   std::to_string(AdapterProcess::kMaxLineBytes >> 20) +
                                   " MiB, the protocol's limit: " + truncated(line));
    case AdapterProcess::Status::Interrupted:
      return fail("interrupted", "the run was interrupted (SIGINT or SIGTERM)");
    case AdapterProcess::Status::Closed:
      return fail("crash", "the adapter exited or closed its stdout with the request pending");
  }
  nlohmann::json answer;
  try {
    if (failed) {
      ProtocolLine read = parse_line_apart(line);
      answer = std::move(read.message);
      *failed = std::move(read.failed);
    } else {
      answer = parse_line_elements_apart(line);
    }
  } catch (const JsonError& error) {
    return fail("malformed", "not JSON (" + std::string(error.what()) + "): " + truncated(line));
  }
  if (!answer.is_object()) return fail("malformed", "not a JSON object: " + truncated(line));
  if (!id.is_null() &&
      (!answer.contains("id") || dump_json_exact(answer["id"]) != dump_json_exact(id)))
    return fail("malformed", "answer id differs from request id " + dump_json_exact(id) + ": " +
                                 truncated(line));
  return answer;
}

std::optional<nlohmann::json> AdapterClient::exchange(const nlohmann::json& request,
                                                      const std::string& what, std::uint64_t cases,
                                                      AdapterIncident& incident) {
  if (std::optional<AdapterIncident> failed = write_request(request, what, cases)) {
    incident = std::move(*failed);
    stop_after(incident);
    return std::nullopt;
  }
  return read_answer(request.value("id", nlohmann::json()), what, cases, incident);
}

std::optional<Handshake> AdapterClient::connect(AdapterIncident& incident) {
  if (connected_) process_.stop(std::chrono::milliseconds(200));
  if (std::any_of(pending_.begin(), pending_.end(),
                  [](const PendingCast& cast) { return !cast.decided; })) {
    AdapterIncident restart = make_incident(
        "restart", "the harness restarted the adapter with requests pending", "restart", 0);
    stop_after(restart);
  }
  connected_ = reproduce_declared_ = false;
  write_failed_.reset();
  encoding_ = ElementEncoding::Hex;
  failed_form_ = FailedForm::Indices;
  try {
    process_.start();
  } catch (const std::exception& error) {
    incident = make_incident("handshake", error.what(), "start", 0);
    return std::nullopt;
  }
  // "protocol": 1 is what every adapter understands; "max_protocol" lets a newer one say more,
  // and "encodings" lets a protocol-2 adapter choose how elements are written.
  const nlohmann::json hello = {{"cmd", "hello"},
                                {"protocol", 1},
                                {"max_protocol", kProtocolVersion},
                                {"encodings", offered_encodings()},
                                {"failed_forms", offered_failed_forms()}};
  // The hello is waited for with start_timeout_; every later request with timeout_.
  const std::chrono::milliseconds request_timeout = timeout_;
  timeout_ = start_timeout_;
  const std::optional<nlohmann::json> answer = exchange(hello, "hello", 0, incident);
  timeout_ = request_timeout;
  if (!answer) {
    if (incident.kind == "timeout" && incident.detail.starts_with("no answer"))
      incident.detail += " (did the adapter flush its stdout after writing the hello answer?)";
    if (incident.kind != "interrupted") incident.kind = "handshake";
    return std::nullopt;
  }
  Handshake handshake;
  if (const std::optional<std::string> why = read_hello(*answer, handshake)) {
    incident =
        make_incident("handshake", *why + ": " + truncated(dump_json_exact(*answer)), "hello", 0);
    process_.stop(std::chrono::milliseconds(200));
    return std::nullopt;
  }
  connected_ = true;
  reproduce_declared_ = handshake.operations.count("reproduce") != 0;
  encoding_ = handshake.encoding;
  failed_form_ = handshake.failed_form;
  return handshake;
}

AdapterIncident AdapterClient::malformed(const std::string& why, const nlohmann::json& answer,
                                         const std::string& what, std::uint64_t cases) {
  AdapterIncident bad =
      make_incident("malformed", why + ": " + truncated(dump_json_exact(answer)), what, cases);
  stop_after(bad);
  return bad;
}

void AdapterClient::require_nothing_pending(const char* operation) const {
  if (!pending_.empty())
    throw std::logic_error(std::string("AdapterClient::") + operation + " with " +
                           std::to_string(pending_.size()) +
                           " cast requests pending (receive their answers first)");
}

AdapterAnswer AdapterClient::cast(const CastRequest& request) {
  require_nothing_pending("cast");
  send_cast(request);
  return receive_cast();
}

void AdapterClient::send_cast(const CastRequest& request) {
  PendingCast cast;
  cast.kind = request.is_chain() ? "chain" : "cast";
  cast.what = std::string(request.is_chain() ? "chain " : "") +
              std::string(direction_name(request.direction)) + " " +
              std::string(request.input->name) + " -> " + std::string(request.output->name) + ", " +
              std::to_string(request.elements.size()) + " elements";
  cast.count = request.elements.size();
  cast.output = request.output;
  if (write_failed_) {
    cast.unsent = *write_failed_;
    cast.unsent->detail =
        "not sent: an earlier request could not be written (" + write_failed_->detail + ")";
    cast.unsent->request = cast.what;
    cast.unsent->cases_affected = cast.count;
  }
  // Longer than the protocol allows in one request: sent in parts, the answers joined. It is
  // pending from its first part on, so that reading ahead finds it (a deque keeps references).
  PendingCast& sending = pending_.emplace_back(std::move(cast));
  for (std::size_t offset = 0; !sending.unsent && (offset == 0 || offset < sending.count);
       offset += kMaxRequestElements) {
    while (!write_failed_ && !sending.decided && parts_unanswered() >= kMaxPartsInFlight)
      read_ahead();
    if (sending.decided) break;  // an incident while reading ahead ended it with the adapter
    const std::size_t size = std::min(sending.count - offset, kMaxRequestElements);
    sending.parts.push_back({next_id_++, offset, size});
    nlohmann::json message =
        cast_part_message(request, offset, size, sending.parts.back().id, encoding_);
    if (std::optional<AdapterIncident> failed =
            write_request(std::move(message), sending.what, sending.count)) {
      // Decided when it is received: the answers to the requests before it are read first.
      sending.unsent = write_failed_ = std::move(failed);
    }
  }
}

std::size_t AdapterClient::parts_unanswered() const {
  std::size_t count = 0;
  for (const PendingCast& cast : pending_)
    if (!cast.decided && !cast.unsent) count += cast.parts.size() - cast.answered.size();
  return count;
}

void AdapterClient::read_ahead() {
  for (PendingCast& cast : pending_) {
    if (cast.decided || cast.unsent || cast.answered.size() == cast.parts.size()) continue;
    AdapterAnswer answer = receive_part(cast, cast.parts[cast.answered.size()]);
    if (answer.status == AdapterAnswer::Status::Incident) {
      // The adapter is stopped, and every request pending decided as lost with it; this one
      // ended in the incident itself.
      answer.incident->cases_affected = cast.count;
      cast.decided = std::move(answer);
    } else {
      cast.answered.push_back(std::move(answer));
    }
    return;
  }
}

AdapterAnswer AdapterClient::receive_cast() {
  if (pending_.empty()) throw std::logic_error("AdapterClient::receive_cast with nothing pending");
  const PendingCast cast = std::move(pending_.front());
  pending_.pop_front();
  if (cast.decided) return *cast.decided;
  if (cast.unsent) {
    AdapterIncident incident = *cast.unsent;
    stop_after(incident);
    return incident_answer(std::move(incident));
  }
  if (cast.parts.size() == 1 && cast.answered.empty())
    return receive_part(cast, cast.parts.front());
  // Every part is read, to keep in step with the adapter (those read ahead are kept); a part not
  // answered ok decides the whole request.
  AdapterAnswer joined;
  joined.status = AdapterAnswer::Status::Ok;
  std::optional<AdapterAnswer> not_ok;
  for (std::size_t k = 0; k < cast.parts.size(); ++k) {
    AdapterAnswer answer =
        k < cast.answered.size() ? cast.answered[k] : receive_part(cast, cast.parts[k]);
    if (answer.status == AdapterAnswer::Status::Incident) {
      answer.incident->cases_affected = cast.count;
      return answer;
    }
    if (answer.status != AdapterAnswer::Status::Ok) {
      if (!not_ok) not_ok = std::move(answer);
      continue;
    }
    joined.outputs.insert(joined.outputs.end(), answer.outputs.begin(), answer.outputs.end());
    joined.refused.insert(joined.refused.end(), answer.refused.begin(), answer.refused.end());
  }
  return not_ok ? *not_ok : joined;
}

AdapterAnswer AdapterClient::receive_part(const PendingCast& cast, const PendingCast::Part& part) {
  AdapterIncident incident;
  std::optional<FailedList> failed_apart;
  const std::optional<nlohmann::json> answer =
      read_answer(nlohmann::json(part.id), cast.what, part.size, incident, &failed_apart);
  if (!answer) return incident_answer(incident);
  const auto bad = [&](const std::string& why) {
    return incident_answer(malformed(why, *answer, cast.what, part.size));
  };
  static constexpr AnswerForm kForms[] = {{"ok", {"elements", "failed"}},
                                          {"rejected", {"message"}},
                                          {"unsupported", {"message"}},
                                          {"error", {"message"}}};
  if (const std::optional<std::string> why = answer_form_problem(*answer, cast.kind, kForms))
    return bad(*why);
  const std::string& status = (*answer)["status"].get_ref<const std::string&>();
  if (status != "ok") {
    AdapterAnswer result;
    result.status = status_named(status);
    result.message = optional_string(*answer, "message");
    return result;
  }
  if (!answer->contains("elements") || !(*answer)["elements"].is_string())
    return bad("an ok answer without elements (a string of " +
               std::string(encoding_name(encoding_)) + ")");
  UnpackedElements outputs = unpack_elements_checked(
      *cast.output, (*answer)["elements"].get_ref<const std::string&>(), part.size, encoding_);
  if (outputs.problem) return bad(*outputs.problem);
  AdapterAnswer result;
  result.status = AdapterAnswer::Status::Ok;
  result.outputs = std::move(outputs.patterns);
  if (!answer->contains("failed") || !(*answer)["failed"].is_array())
    return bad("an ok answer without a failed array (an empty array when no element failed)");
  result.refused.assign(part.size, false);
  FailedList failed;
  if (failed_apart)
    failed = std::move(*failed_apart);  // plain digits, read apart from the JSON
  else if (const std::optional<std::string> why = failed_list_read((*answer)["failed"], failed))
    return bad(*why);
  if (const std::optional<std::string> why = mark_failed(failed, failed_form_, result.refused))
    return bad(*why);
  return result;
}

AdapterAnswer AdapterClient::validate(const ValidateRequest& request) {
  require_nothing_pending("validate");
  const std::string what =
      "validate " + truncated(dump_json_exact(request.array_data_type)) + " array";
  static constexpr AnswerForm kForms[] = {{"valid", {}},
                                          {"invalid", {"message"}},
                                          {"unsupported", {"message"}},
                                          {"error", {"message"}}};
  nlohmann::json answer;
  return checked_exchange(validate_message(request, next_id_++), what, "validate", kForms, answer);
}

AdapterAnswer AdapterClient::checked_exchange(const nlohmann::json& message,
                                              const std::string& what, std::string_view kind,
                                              std::span<const AnswerForm> forms,
                                              nlohmann::json& answer) {
  AdapterIncident incident;
  std::optional<nlohmann::json> received = exchange(message, what, 1, incident);
  if (!received) return incident_answer(incident);
  answer = std::move(*received);
  if (const std::optional<std::string> why = answer_form_problem(answer, kind, forms))
    return incident_answer(malformed(*why, answer, what, 1));
  AdapterAnswer result;
  result.message = optional_string(answer, "message");
  result.status = status_named(answer["status"].get<std::string>());
  return result;
}

std::optional<Reproducer> AdapterClient::reproduce(const nlohmann::json& request,
                                                   AdapterIncident* incident) {
  require_nothing_pending("reproduce");
  if (!connected_ || !reproduce_declared_) return std::nullopt;
  nlohmann::json inner = request;
  if (inner.is_object()) inner.erase("id");
  // The request inside is written as the harness would send it on this connection.
  if (inner.is_object() &&
      (inner.value("cmd", "") == "cast" || inner.value("cmd", "") == "chain") &&
      inner.contains("elements") && inner["elements"].is_string())
    if (const std::optional<std::string> elements = reencode_elements(
            inner["elements"].get<std::string>(), ElementEncoding::Hex, encoding_))
      inner["elements"] = *elements;
  const std::string what = "reproduce " + optional_string(inner, "cmd") + " request";
  const nlohmann::json message = {{"cmd", "reproduce"}, {"id", next_id_++}, {"request", inner}};
  AdapterIncident happened;
  const std::optional<nlohmann::json> answer = exchange(message, what, 0, happened);
  if (answer) {
    static constexpr AnswerForm kForms[] = {
        {"ok", {"language", "code"}}, {"unsupported", {"message"}}, {"error", {"message"}}};
    std::optional<std::string> why = answer_form_problem(*answer, "reproduce", kForms);
    if (!why && (*answer)["status"] == "ok") {
      for (const char* key : {"language", "code"})
        if (!why && (!answer->contains(key) || !(*answer)[key].is_string() ||
                     (*answer)[key].get_ref<const std::string&>().empty()))
          why = std::string("an ok reproduce answer without ") + key + " (a non-empty string)";
      if (!why) return Reproducer{(*answer)["language"], (*answer)["code"]};
    }
    if (!why) return std::nullopt;  // unsupported or error
    happened = malformed(*why, *answer, what, 0);
  }
  if (incident != nullptr) *incident = happened;
  return std::nullopt;
}

AdapterAnswer AdapterClient::store_operation(nlohmann::json message, const DataType* output,
                                             std::uint64_t count) {
  require_nothing_pending(message["cmd"].get<std::string>().c_str());
  const std::string kind = message["cmd"].get<std::string>();
  const std::string what = kind + " " + optional_string(message, "path");
  message["id"] = next_id_++;
  // open_array answers like validate; read_array and write_array with ok or refused.
  static constexpr AnswerForm kOpenForms[] = {{"valid", {}},
                                              {"invalid", {"message"}},
                                              {"unsupported", {"message"}},
                                              {"error", {"message"}}};
  static constexpr AnswerForm kReadForms[] = {{"ok", {"elements"}},
                                              {"refused", {"message"}},
                                              {"unsupported", {"message"}},
                                              {"error", {"message"}}};
  static constexpr AnswerForm kWriteForms[] = {
      {"ok", {}}, {"refused", {"message"}}, {"unsupported", {"message"}}, {"error", {"message"}}};
  const std::span<const AnswerForm> forms = kind == "open_array"   ? std::span(kOpenForms)
                                            : kind == "read_array" ? std::span(kReadForms)
                                                                   : std::span(kWriteForms);
  nlohmann::json answer;
  AdapterAnswer result = checked_exchange(message, what, kind, forms, answer);
  if (result.status == AdapterAnswer::Status::Ok && output != nullptr) {
    if (!answer.contains("elements") || !answer["elements"].is_string())
      return incident_answer(malformed("an ok read_array answer without elements (a string of " +
                                           std::string(encoding_name(encoding_)) + ")",
                                       answer, what, 1));
    UnpackedElements values = unpack_elements_checked(
        *output, answer["elements"].get_ref<const std::string&>(), count, encoding_);
    if (values.problem) return incident_answer(malformed(*values.problem, answer, what, 1));
    result.outputs = std::move(values.patterns);
  }
  return result;
}

AdapterAnswer AdapterClient::open_array(const std::string& path) {
  return store_operation({{"cmd", "open_array"}, {"path", path}}, nullptr, 0);
}

AdapterAnswer AdapterClient::read_array(const std::string& path, const DataType& type,
                                        std::uint64_t count) {
  return store_operation({{"cmd", "read_array"},
                          {"path", path},
                          {"data_type", std::string(type.name)},
                          {"count", count}},
                         &type, count);
}

AdapterAnswer AdapterClient::write_array(const std::string& path, const nlohmann::json& metadata,
                                         const DataType& type, const nlohmann::json& selection,
                                         const std::vector<std::uint64_t>& values) {
  return store_operation({{"cmd", "write_array"},
                          {"path", path},
                          {"metadata", metadata},
                          {"data_type", std::string(type.name)},
                          {"selection", selection},
                          {"count", values.size()},
                          {"elements", pack_elements(type, values, encoding_)}},
                         nullptr, 0);
}

void AdapterClient::close() {
  if (connected_ && pending_.empty())
    process_.write_line("{\"cmd\":\"bye\"}", std::chrono::milliseconds(1000));
  if (std::any_of(pending_.begin(), pending_.end(),
                  [](const PendingCast& cast) { return !cast.decided; })) {
    AdapterIncident closed = make_incident(
        "restart", "the harness closed the adapter with requests pending", "close", 0);
    stop_after(closed);
  }
  process_.stop();
  connected_ = false;
  write_failed_.reset();
}

}  // namespace cvc
