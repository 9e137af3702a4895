// The harness side of the adapter protocol (harness/PROTOCOL.md): handshake, cast and validate
// requests, and the checks every answer must pass before the harness believes it.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "harness/adapter_process.hpp"
#include "harness/capabilities.hpp"
#include "harness/run_result.hpp"

namespace cvc {

// The newest adapter protocol version this harness speaks (harness/PROTOCOL.md); it speaks every
// version from 1 up to it. Its hello says "protocol": 1, which every adapter understands, and
// "max_protocol": kProtocolVersion; the adapter answers with the version it chose.
inline constexpr int kProtocolVersion = 2;

// The most elements one cast request carries ("count"). The case sources stay below it (live
// batches are 4096 elements; the largest vector group holds 482 cases), and AdapterClient::cast
// sends anything longer in parts.
inline constexpr std::size_t kMaxRequestElements = 4096;

struct Handshake {
  int protocol = 1;  // the version the adapter answered, 1 or 2
  std::string name, version, language, notes;
  // Optional: the library versions and runtime the adapter runs ("python": "3.12.8", ...).
  std::map<std::string, std::string> environment;
  std::set<std::string> data_types;
  std::set<std::string> operations;  // encode, decode, validate; protocol 2 also reproduce
  // Protocol 2: what the adapter declares beyond types and operations (everything when left
  // out, and always in protocol 1). `undeclared` (harness/capabilities.hpp) reads it.
  Capabilities capabilities;
};

struct CastRequest {
  Direction direction = Direction::Encode;
  const DataType* array_type = nullptr;
  nlohmann::json fill_value;
  nlohmann::json codec;  // {"name": "cast_value", "configuration": {...}}
  const DataType* input = nullptr;
  const DataType* output = nullptr;
  std::vector<std::uint64_t> elements;
};

struct ValidateRequest {
  // The array's data_type exactly as zarr.json holds it: usually one of the 26 names, but any
  // JSON value (another type's name, the object form); `array_type` is its type when one of the
  // 26 (as a name or as {"name": ...}), null otherwise.
  nlohmann::json array_data_type;
  const DataType* array_type = nullptr;
  nlohmann::json fill_value;
  nlohmann::json codecs;
};

// The exact request objects AdapterClient sends (harness/PROTOCOL.md, Cast and Validate): one
// JSON object each, with `id` as the request id.
nlohmann::json cast_message(const CastRequest& request, std::uint64_t id);
nlohmann::json validate_message(const ValidateRequest& request, std::uint64_t id);

// A protocol-2 adapter's reproducer of one request: a self-contained program in the
// implementation's own terms (`language` says which: "python", "sh", ...).
struct Reproducer {
  std::string language, code;
};

// An answer, or an incident that cost the request.
struct AdapterAnswer {
  enum class Status { Ok, Rejected, Unsupported, Error, Valid, Invalid, Incident } status;
  std::vector<std::uint64_t> outputs;  // Ok: one per element
  std::set<std::size_t> failed;        // Ok: indices refused
  std::string message;                 // Rejected / Unsupported / Error / Invalid
  std::optional<AdapterIncident> incident;
};

class AdapterClient {
 public:
  AdapterClient(std::string command, std::chrono::milliseconds timeout);

  // Starts (or restarts) the adapter and shakes hands; nullopt and `incident` on failure.
  std::optional<Handshake> connect(AdapterIncident& incident);
  AdapterAnswer cast(const CastRequest& request);
  AdapterAnswer validate(const ValidateRequest& request);
  // Protocol 2: asks the adapter for a program reproducing `request` (a cast or validate request
  // exactly as sent, as cast_message / validate_message make it; an "id" in it is dropped).
  // nullopt when the adapter does not declare "reproduce", answers unsupported or error, or the
  // exchange ends in an incident (then stored in `incident` when given, and the adapter stopped:
  // connected() is false).
  std::optional<Reproducer> reproduce(const nlohmann::json& request,
                                      AdapterIncident* incident = nullptr);
  bool connected() const { return connected_; }
  void close();
  // A flag (set by a signal handler) that ends any wait for the adapter at once; the pending
  // request then ends in an incident of kind "interrupted", which the runner does not count.
  void set_interrupt_flag(const std::atomic<bool>* flag) { process_.set_interrupt_flag(flag); }

 private:
  // Sends one request and reads one answer line as JSON, checking the id; an incident otherwise.
  std::optional<nlohmann::json> exchange(const nlohmann::json& request, const std::string& what,
                                         std::uint64_t cases, AdapterIncident& incident);
  AdapterIncident make_incident(std::string kind, std::string detail, const std::string& what,
                                std::uint64_t cases);
  std::optional<nlohmann::json> interrupted(const std::string& what, std::uint64_t cases,
                                            AdapterIncident& incident);
  AdapterAnswer cast_part(const CastRequest& request);  // at most kMaxRequestElements
  // Records a malformed answer as an incident and stops the adapter.
  AdapterIncident malformed(const std::string& why, const nlohmann::json& answer,
                            const std::string& what, std::uint64_t cases);

  AdapterProcess process_;
  std::chrono::milliseconds timeout_;
  std::uint64_t next_id_ = 1;
  bool connected_ = false;
  bool reproduce_declared_ = false;  // the current adapter's hello declares "reproduce"
};

}  // namespace cvc
