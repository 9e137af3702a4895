// The harness side of the adapter protocol (harness/protocol/PROTOCOL.md): handshake, cast and
// validate requests (casts pipelined), and the checks every answer must pass before the harness
// believes it.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/protocol/adapter_incident.hpp"
#include "harness/protocol/adapter_process.hpp"
#include "harness/protocol/capabilities.hpp"
#include "harness/protocol/element_packing.hpp"
#include "harness/protocol/failed_form.hpp"

namespace cvc {

// The newest adapter protocol version this harness speaks (harness/protocol/PROTOCOL.md); it speaks
// every version from 1 up to it. Its hello says "protocol": 1, which every adapter understands, and
// "max_protocol": kProtocolVersion; the adapter answers with the version it chose.
inline constexpr int kProtocolVersion = 2;

// The most elements one cast request carries ("count"). The case sources stay below it (live
// batches are 4096 elements; the largest vector group holds 482 cases), and AdapterClient::cast
// sends anything longer in parts.
inline constexpr std::size_t kMaxRequestElements = 4096;
// The parts of requests written ahead of their answers, at most (AdapterClient).
inline constexpr std::size_t kMaxPartsInFlight = 16;

struct Handshake {
  int protocol = 1;  // the version the adapter answered, 1 or 2
  std::string name, version, language, notes;
  // Optional: the library versions and runtime the adapter runs ("python": "3.12.8", ...).
  std::map<std::string, std::string> environment;
  std::set<std::string> data_types;
  // encode, decode, validate; protocol 2 also reproduce, chain, open_array, read_array,
  // write_array
  std::set<std::string> operations;
  // Protocol 2: what the adapter declares beyond types and operations (everything when left
  // out, and always in protocol 1). `undeclared` (harness/protocol/capabilities.hpp) reads it.
  Capabilities capabilities;
  // The "capabilities" value as the hello answer wrote it (null when left out), for reports.
  nlohmann::json capabilities_declared;
  // Protocol 2: how `elements` are written both ways, as the hello answer chose among the
  // encodings the hello offered (hex when it chose none, and always in protocol 1).
  ElementEncoding encoding = ElementEncoding::Hex;
  // How its ok cast and chain answers write "failed" (protocol 2, the hello answer's
  // "failed_form"): element indices unless it chose ranges.
  FailedForm failed_form = FailedForm::Indices;
};

// A cast request, or (protocol 2, operation "chain") a chain request: the same elements in and
// out, through the array -> array codecs `chain` instead of the one `codec`.
struct CastRequest {
  Direction direction = Direction::Encode;
  const DataType* array_type = nullptr;
  nlohmann::json fill_value;
  nlohmann::json codec;  // {"name": "cast_value", "configuration": {...}}; null in a chain request
  // A chain request: the array -> array codecs exactly as in zarr.json (a JSON array); null in a
  // cast request.
  nlohmann::json chain;
  const DataType* input = nullptr;
  const DataType* output = nullptr;
  std::vector<std::uint64_t> elements;

  bool is_chain() const { return !chain.is_null(); }
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

// The exact request objects AdapterClient sends (harness/protocol/PROTOCOL.md, Cast, Chain and
// Validate): one JSON object each, with `id` as the request id; a cast's (or chain's) elements in
// `encoding` (hex, the form reports and `cvc replay` use, unless told otherwise).
nlohmann::json cast_message(const CastRequest& request, std::uint64_t id,
                            ElementEncoding encoding = ElementEncoding::Hex);
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
  std::vector<bool> refused;           // Ok: one per element, true where the element was refused
  std::string message;                 // Rejected / Unsupported / Error / Invalid
  std::optional<AdapterIncident> incident;
};

// One form of an answer (harness/protocol/*-answer.schema.json): its status and the keys it may
// carry besides id and status.
struct AnswerForm {
  std::string_view status;
  std::array<std::string_view, 2> keys;
};

// One adapter process and the requests in flight to it.
//
// Casts are pipelined: send_cast writes a request and returns at once, receive_cast returns the
// answer of the oldest request sent and not yet received, so the harness prepares request k+1
// while the adapter answers k. The contract:
// - every send_cast gets exactly one answer from receive_cast, in the order sent; pending() counts
//   the requests sent and not yet received (receive_cast with none pending is a logic_error);
// - a request longer than kMaxRequestElements is sent in parts and answered as one; at most
//   kMaxPartsInFlight parts are written ahead of their answers (the answers of earlier parts are
//   read, and kept, before more are written), so that however long the request, the answers
//   waiting to be read stay a few hundred KiB and the adapter is never left blocked writing them
//   while the harness still writes;
// - an incident (crash, timeout, malformed answer, interrupt) ends the request it happened on and
//   stops the adapter; every other pending request then ends in an incident of the same kind
//   whose detail says it was lost with the adapter (no request is retried). receive_cast returns
//   those at once, without waiting, and pending() falls to 0 as they are received. connected() is
//   false from the incident on, and connect() starts a new adapter (requests sent after it are
//   answered after the lost ones);
// - while writing, the adapter's answers are read into a buffer, so that neither side blocks the
//   other when both pipes are full; every wait honours the timeout and the interrupt flag;
// - cast(), validate() and reproduce() are synchronous and need pending() == 0 (logic_error
//   otherwise).
class AdapterClient {
 public:
  // `timeout` bounds every wait for the adapter; `start_timeout`, when not zero, bounds the wait
  // for the hello answer instead (an adapter's start can be slow under load, a JVM's always is).
  AdapterClient(std::string command, std::chrono::milliseconds timeout,
                std::chrono::milliseconds start_timeout = std::chrono::milliseconds(0));

  // Starts (or restarts) the adapter and shakes hands; nullopt and `incident` on failure.
  std::optional<Handshake> connect(AdapterIncident& incident);
  // send_cast + receive_cast.
  AdapterAnswer cast(const CastRequest& request);
  void send_cast(const CastRequest& request);
  AdapterAnswer receive_cast();
  std::size_t pending() const { return pending_.size(); }
  AdapterAnswer validate(const ValidateRequest& request);
  // Protocol 2: asks the adapter for a program reproducing `request` (a cast or validate request
  // exactly as sent, as cast_message / validate_message make it, with hex elements; an "id" in
  // it is dropped, and the elements are sent in the negotiated encoding). nullopt when the
  // adapter does not declare "reproduce", answers unsupported or error, or the exchange ends in
  // an incident (then stored in `incident` when given, and the adapter stopped: connected() is
  // false).
  std::optional<Reproducer> reproduce(const nlohmann::json& request,
                                      AdapterIncident* incident = nullptr);
  // Protocol 2 store operations (harness/protocol/PROTOCOL.md, "Store operations"), for adapters
  // that declare them: open the array stored at `path` (Valid / Invalid), read it whole (Ok with
  // `count` outputs of `type`, or Rejected: the implementation refused), or open it there (its
  // zarr.json holds `metadata`) and write `values` into `selection`, [[start, stop], ...] per
  // dimension (Ok or Rejected). Synchronous, like validate().
  AdapterAnswer open_array(const std::string& path);
  AdapterAnswer read_array(const std::string& path, const DataType& type, std::uint64_t count);
  AdapterAnswer write_array(const std::string& path, const nlohmann::json& metadata,
                            const DataType& type, const nlohmann::json& selection,
                            const std::vector<std::uint64_t>& values);
  bool connected() const { return connected_; }
  void close();
  // A flag (set by a signal handler) that ends any wait for the adapter at once; the pending
  // requests then end in incidents of kind "interrupted", which the runner does not count.
  void set_interrupt_flag(const std::atomic<bool>* flag) { process_.set_interrupt_flag(flag); }

 private:
  // A cast request in flight: its parts (one per kMaxRequestElements), or its answer already
  // decided (an incident: it could not be written, or it was lost with the adapter).
  struct PendingCast {
    struct Part {
      std::uint64_t id;
      std::size_t offset, size;
    };
    std::string what;
    std::string_view kind;  // "cast" or "chain": the answer schema's name
    std::size_t count = 0;
    const DataType* output = nullptr;
    std::vector<Part> parts;
    std::optional<AdapterIncident> unsent;  // a part could not be written
    std::optional<AdapterAnswer> decided;   // answered without reading (lost with the adapter)
    std::vector<AdapterAnswer> answered;    // the first parts' answers, read while writing
  };

  // Writes one request line; the incident when it cannot.
  std::optional<AdapterIncident> write_request(nlohmann::json request, const std::string& what,
                                               std::uint64_t cases);
  // Reads the answer line to request `id` as JSON; an incident (the adapter stopped) otherwise.
  // With `failed`, a cast answer's plain "failed" list is set apart into it (parse_line_apart).
  std::optional<nlohmann::json> read_answer(const nlohmann::json& id, const std::string& what,
                                            std::uint64_t cases, AdapterIncident& incident,
                                            std::optional<FailedList>* failed = nullptr);
  // write_request + read_answer.
  std::optional<nlohmann::json> exchange(const nlohmann::json& request, const std::string& what,
                                         std::uint64_t cases, AdapterIncident& incident);
  AdapterIncident make_incident(std::string kind, std::string detail, const std::string& what,
                                std::uint64_t cases);
  // Stops the adapter after `incident` (a crash's detail gets how the process ended); every
  // request still pending is decided as lost with it.
  void stop_after(AdapterIncident& incident);
  // The parts written and not yet answered, over every pending request.
  std::size_t parts_unanswered() const;
  // Reads the answer to the oldest part written and not yet answered, and keeps it with its
  // request (an incident decides the request, and stops the adapter).
  void read_ahead();
  // The answer to one part (at most kMaxRequestElements), read and checked.
  AdapterAnswer receive_part(const PendingCast& cast, const PendingCast::Part& part);
  // Records a malformed answer as an incident and stops the adapter.
  AdapterIncident malformed(const std::string& why, const nlohmann::json& answer,
                            const std::string& what, std::uint64_t cases);
  void require_nothing_pending(const char* operation) const;
  // Sends `message` and reads its answer into `answer`, checked against `forms` (an incident
  // when it follows none); the status and message of the answer.
  AdapterAnswer checked_exchange(const nlohmann::json& message, const std::string& what,
                                 std::string_view kind, std::span<const AnswerForm> forms,
                                 nlohmann::json& answer);
  // One store request (without its id) and its answer, checked; `output` and `count` say what an
  // ok read_array answer's elements hold.
  AdapterAnswer store_operation(nlohmann::json message, const DataType* output,
                                std::uint64_t count);

  AdapterProcess process_;
  std::chrono::milliseconds timeout_;
  std::chrono::milliseconds start_timeout_;
  std::uint64_t next_id_ = 1;
  bool connected_ = false;
  bool reproduce_declared_ = false;  // the current adapter's hello declares "reproduce"
  ElementEncoding encoding_ = ElementEncoding::Hex;
  FailedForm failed_form_ = FailedForm::Indices;
  std::deque<PendingCast> pending_;
  // A request could not be written to the current adapter: later ones are not written either.
  std::optional<AdapterIncident> write_failed_;
};

}  // namespace cvc
