#include "harness/adapter_client.hpp"

#include "harness/element_packing.hpp"
#include "oracle/json_exact.hpp"

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

}  // namespace

nlohmann::json cast_message(const CastRequest& request, std::uint64_t id) {
  return {{"cmd", "cast"},
          {"id", id},
          {"direction", std::string(direction_name(request.direction))},
          {"array_data_type", std::string(request.array_type->name)},
          {"fill_value", request.fill_value},
          {"codec", request.codec},
          {"count", request.elements.size()},
          {"elements", pack_elements(*request.input, request.elements)}};
}

nlohmann::json validate_message(const ValidateRequest& request, std::uint64_t id) {
  return {{"cmd", "validate"},
          {"id", id},
          {"array_data_type", request.array_data_type},
          {"fill_value", request.fill_value},
          {"codecs", request.codecs}};
}

AdapterClient::AdapterClient(std::string command, std::chrono::milliseconds timeout)
    : process_(std::move(command)), timeout_(timeout) {}

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

std::optional<nlohmann::json> AdapterClient::interrupted(const std::string& what,
                                                         std::uint64_t cases,
                                                         AdapterIncident& incident) {
  incident =
      make_incident("interrupted", "the run was interrupted (SIGINT or SIGTERM)", what, cases);
  process_.stop(std::chrono::milliseconds(200));
  connected_ = false;
  return std::nullopt;
}

std::optional<nlohmann::json> AdapterClient::exchange(const nlohmann::json& request,
                                                      const std::string& what, std::uint64_t cases,
                                                      AdapterIncident& incident) {
  const auto fail = [&](std::string kind, std::string detail) -> std::optional<nlohmann::json> {
    incident = make_incident(std::move(kind), std::move(detail), what, cases);
    const std::string ended = process_.stop(std::chrono::milliseconds(200));
    if (incident.kind == "crash") incident.detail += " (" + ended + ")";
    incident.stderr_tail = process_.stderr_tail();
    connected_ = false;
    return std::nullopt;
  };
  const std::string seconds = std::to_string(timeout_.count() / 1000.0) + " s";
  switch (process_.write_line(dump_json_exact(request), timeout_)) {
    case AdapterProcess::Status::Done:
      break;
    case AdapterProcess::Status::Timeout:
      return fail("timeout",
                  "the adapter stopped reading its stdin: the request could not be "
                  "written within " +
                      seconds);
    case AdapterProcess::Status::Interrupted:
      return interrupted(what, cases, incident);
    default:
      return fail("crash", "the adapter's stdin is closed (its process has exited)");
  }
  std::string line;
  switch (process_.read_line(line, timeout_)) {
    case AdapterProcess::Status::Done:
      break;
    case AdapterProcess::Status::Timeout:
      return fail("timeout", "no answer within " + seconds);
    case AdapterProcess::Status::TooLong:
      return fail("malformed", "an answer line longer than " +
                                   std::to_string(AdapterProcess::kMaxLineBytes >> 20) +
                                   " MiB, the protocol's limit: " + truncated(line));
    case AdapterProcess::Status::Interrupted:
      return interrupted(what, cases, incident);
    case AdapterProcess::Status::Closed:
      return fail("crash", "the adapter exited or closed its stdout with the request pending");
  }
  nlohmann::json answer;
  try {
    answer = parse_json_exact(line);
  } catch (const JsonError& error) {
    return fail("malformed", "not JSON (" + std::string(error.what()) + "): " + truncated(line));
  }
  if (!answer.is_object()) return fail("malformed", "not a JSON object: " + truncated(line));
  if (request.contains("id") &&
      (!answer.contains("id") || dump_json_exact(answer["id"]) != dump_json_exact(request["id"])))
    return fail("malformed", "answer id differs from request id " + dump_json_exact(request["id"]) +
                                 ": " + truncated(line));
  return answer;
}

std::optional<Handshake> AdapterClient::connect(AdapterIncident& incident) {
  if (connected_) process_.stop(std::chrono::milliseconds(200));
  try {
    process_.start();
  } catch (const std::exception& error) {
    incident = make_incident("handshake", error.what(), "start", 0);
    return std::nullopt;
  }
  const std::optional<nlohmann::json> answer =
      exchange({{"cmd", "hello"}, {"protocol", kProtocolVersion}}, "hello", 0, incident);
  if (!answer) {
    if (incident.kind != "interrupted") incident.kind = "handshake";
    return std::nullopt;
  }
  const auto bad = [&](const std::string& why) -> std::optional<Handshake> {
    incident =
        make_incident("handshake", why + ": " + truncated(dump_json_exact(*answer)), "hello", 0);
    process_.stop(std::chrono::milliseconds(200));
    return std::nullopt;
  };
  if (!answer->contains("protocol") ||
      dump_json_exact((*answer)["protocol"]) != std::to_string(kProtocolVersion))
    return bad("the adapter does not speak protocol " + std::to_string(kProtocolVersion));
  if (!answer->contains("implementation") || !(*answer)["implementation"].is_object())
    return bad("no implementation in the hello answer");
  Handshake handshake;
  const nlohmann::json& implementation = (*answer)["implementation"];
  handshake.name = optional_string(implementation, "name");
  handshake.version = optional_string(implementation, "version");
  handshake.language = optional_string(implementation, "language");
  handshake.notes = optional_string(*answer, "notes");
  if (handshake.name.empty()) return bad("the implementation has no name");
  if (answer->contains("environment")) {
    const nlohmann::json& environment = (*answer)["environment"];
    if (!environment.is_object()) return bad("environment is not an object");
    for (const auto& [key, value] : environment.items()) {
      if (!value.is_string()) return bad("environment." + key + " is not a string");
      handshake.environment[key] = value.get<std::string>();
    }
  }
  for (const char* key : {"data_types", "operations"}) {
    if (!answer->contains(key) || !(*answer)[key].is_array()) return bad(std::string("no ") + key);
    for (const nlohmann::json& item : (*answer)[key]) {
      if (!item.is_string()) return bad(std::string(key) + " holds a non-string");
      (std::string(key) == "data_types" ? handshake.data_types : handshake.operations)
          .insert(item.get<std::string>());
    }
  }
  // Names the harness does not know would silently make cases unsupported: refuse them.
  std::string unknown;
  for (const std::string& name : handshake.data_types)
    if (find_data_type(name) == nullptr)
      unknown += (unknown.empty() ? "" : ", ") + dump_json_exact(name);
  if (!unknown.empty())
    return bad("data_types names types that are not among the 26 (oracle/data_type.hpp): " +
               unknown);
  for (const std::string& name : handshake.operations)
    if (name != "encode" && name != "decode" && name != "validate")
      unknown += (unknown.empty() ? "" : ", ") + dump_json_exact(name);
  if (!unknown.empty())
    return bad("operations names operations other than encode, decode and validate: " + unknown);
  connected_ = true;
  return handshake;
}

AdapterAnswer AdapterClient::cast(const CastRequest& request) {
  const std::string what = std::string(direction_name(request.direction)) + " " +
                           std::string(request.input->name) + " -> " +
                           std::string(request.output->name) + ", " +
                           std::to_string(request.elements.size()) + " elements";
  const nlohmann::json message = cast_message(request, next_id_++);
  AdapterIncident incident;
  const std::optional<nlohmann::json> answer =
      exchange(message, what, request.elements.size(), incident);
  if (!answer) return incident_answer(incident);
  const auto malformed = [&](const std::string& why) {
    AdapterIncident bad =
        make_incident("malformed", why + ": " + truncated(dump_json_exact(*answer)), what,
                      request.elements.size());
    process_.stop(std::chrono::milliseconds(200));
    connected_ = false;
    return incident_answer(bad);
  };
  const std::string status = optional_string(*answer, "status");
  if (status == "rejected" || status == "unsupported" || status == "error") {
    AdapterAnswer result;
    result.status = status == "rejected"      ? AdapterAnswer::Status::Rejected
                    : status == "unsupported" ? AdapterAnswer::Status::Unsupported
                                              : AdapterAnswer::Status::Error;
    result.message = optional_string(*answer, "message");
    return result;
  }
  if (status != "ok") return malformed("status is not ok, rejected, unsupported or error");
  if (!answer->contains("elements") || !(*answer)["elements"].is_string())
    return malformed("an ok answer without elements");
  const auto outputs = unpack_elements(*request.output, (*answer)["elements"].get<std::string>(),
                                       request.elements.size());
  if (!outputs)
    return malformed("elements do not hold " + std::to_string(request.elements.size()) + " " +
                     std::string(request.output->name) + " elements");
  AdapterAnswer result;
  result.status = AdapterAnswer::Status::Ok;
  result.outputs = *outputs;
  if (!answer->contains("failed") || !(*answer)["failed"].is_array())
    return malformed("an ok answer without a failed array");
  for (const nlohmann::json& index : (*answer)["failed"]) {
    const std::optional<std::string> text = json_number_text(index);
    if (!text || text->empty() || text->find_first_not_of("0123456789") != std::string::npos ||
        text->size() > 19 || std::stoull(*text) >= request.elements.size())
      return malformed("failed holds something other than element indices");
    const std::size_t value = std::stoull(*text);
    if (!result.failed.empty() && value <= *result.failed.rbegin())
      return malformed("failed is not in ascending order without repeats");
    result.failed.insert(value);
  }
  return result;
}

AdapterAnswer AdapterClient::validate(const ValidateRequest& request) {
  const std::string what =
      "validate " + truncated(dump_json_exact(request.array_data_type)) + " array";
  const nlohmann::json message = validate_message(request, next_id_++);
  AdapterIncident incident;
  const std::optional<nlohmann::json> answer = exchange(message, what, 1, incident);
  if (!answer) return incident_answer(incident);
  AdapterAnswer result;
  result.message = optional_string(*answer, "message");
  const std::string status = optional_string(*answer, "status");
  if (status == "valid") {
    result.status = AdapterAnswer::Status::Valid;
  } else if (status == "invalid") {
    result.status = AdapterAnswer::Status::Invalid;
  } else if (status == "unsupported") {
    result.status = AdapterAnswer::Status::Unsupported;
  } else if (status == "error") {
    result.status = AdapterAnswer::Status::Error;
  } else {
    AdapterIncident bad = make_incident("malformed",
                                        "status is not valid, invalid, unsupported or error: " +
                                            truncated(dump_json_exact(*answer)),
                                        what, 1);
    process_.stop(std::chrono::milliseconds(200));
    connected_ = false;
    return incident_answer(bad);
  }
  return result;
}

void AdapterClient::close() {
  if (connected_) process_.write_line("{\"cmd\":\"bye\"}", std::chrono::milliseconds(1000));
  process_.stop();
  connected_ = false;
}

}  // namespace cvc
