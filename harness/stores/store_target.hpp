// What `cvc check-store` certifies: an implementation that opens, reads and writes Zarr arrays in
// a directory, reached through its adapter (protocol 2 store operations) or through the
// command-line contract for implementations without one (harness/protocol/PROTOCOL.md, "Store
// operations" and "The store command line").
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/protocol/adapter_client.hpp"
#include "harness/stores/store_vectors.hpp"

namespace cvc {

// Who answered, for the report.
struct StoreImplementation {
  std::string name, version, language, notes;
  std::map<std::string, std::string> environment;
};

class StoreTarget {
 public:
  virtual ~StoreTarget() = default;
  // Why the target cannot take `store_case` at all (an operation or a data type it does not
  // declare); nullopt when it can.
  virtual std::optional<std::string> unsupported(const StoreCase& store_case) = 0;
  // The answers use AdapterAnswer's statuses: open gives Valid / Invalid, read Ok (outputs) or
  // Rejected (the implementation refused), write Ok or Rejected; any of them Unsupported, Error
  // (the adapter's own failure) or Incident.
  virtual AdapterAnswer open(const std::filesystem::path& array) = 0;
  virtual AdapterAnswer read(const std::filesystem::path& array, const DataType& type,
                             std::uint64_t count) = 0;
  virtual AdapterAnswer write(const std::filesystem::path& array, const nlohmann::json& metadata,
                              const DataType& type, const Selection& selection,
                              const std::vector<std::uint64_t>& values) = 0;
  // Whether a read may follow an open that should have failed (vectors/STORES.md: a fill value
  // that does not survive may be refused at the first read instead).
  virtual bool can_read() = 0;
  virtual StoreImplementation implementation() const = 0;
  virtual void close() {}
};

// Why an adapter whose hello is `handshake` cannot take `store_case` for its codecs: every
// array -> array codec of the array but cast_value (which every store adapter runs) must be
// declared as a chain request's are (harness/protocol/PROTOCOL.md, "Chain"): listed in
// capabilities.chain.codecs, or, with that list left out, the operation chain declared; and the
// direction (encode for a write, decode for a read or an open) not left out of
// capabilities.chain.directions. nullopt when declared.
std::optional<std::string> undeclared_store_codecs(const Handshake& handshake,
                                                   const StoreCase& store_case);

// Through an adapter: started at the first case, restarted after an incident.
// `start_timeout` bounds the wait for each hello (zero: `timeout`).
std::unique_ptr<StoreTarget> adapter_store_target(std::string command,
                                                  std::chrono::milliseconds timeout,
                                                  std::chrono::milliseconds start_timeout,
                                                  const std::atomic<bool>* interrupted);

// Through the command line: `COMMAND open DIR`, `COMMAND read DIR`, `COMMAND write DIR FILE`, one
// process per operation. `name` names the implementation in the report.
std::unique_ptr<StoreTarget> cli_store_target(std::string command, std::string name,
                                              std::chrono::milliseconds timeout,
                                              const std::atomic<bool>* interrupted);

}  // namespace cvc
