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
#include "harness/run_result.hpp"

namespace cvc {

// The adapter protocol version this harness speaks (harness/PROTOCOL.md).
inline constexpr int kProtocolVersion = 1;

struct Handshake {
  std::string name, version, language, notes;
  // Optional: the library versions and runtime the adapter runs ("python": "3.12.8", ...).
  std::map<std::string, std::string> environment;
  std::set<std::string> data_types;
  std::set<std::string> operations;
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

  AdapterProcess process_;
  std::chrono::milliseconds timeout_;
  std::uint64_t next_id_ = 1;
  bool connected_ = false;
};

}  // namespace cvc
