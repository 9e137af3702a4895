// The first start of an implementation under test. An adapter that cannot be started at all (its
// command not found or not executable, it exits or stops before its hello, no hello within the
// timeout, a hello that is not the protocol) is a bad --impl: said once, before any case, and
// never a run with incidents or a report. Later restarts are incidents of the run, as before.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "harness/protocol/adapter_client.hpp"
#include "harness/protocol/adapter_incident.hpp"

namespace cvc {

// what(): cannot start the implementation "COMMAND": WHY (its stderr: ...)
class CannotStartError : public std::runtime_error {
 public:
  CannotStartError(const std::string& command, const AdapterIncident& incident);
};

// Why the handshake that ended in `incident` started nothing: "command not found (exit status
// 127)", "it exited before its hello answer (exit status 1)", ...
std::string cannot_start_reason(const AdapterIncident& incident);

// client.connect() once: the handshake; nullopt (and `incident`) only when the wait was
// interrupted (SIGINT, SIGTERM). Throws CannotStartError for any other failure.
std::optional<Handshake> start_adapter(AdapterClient& client, const std::string& command,
                                       AdapterIncident& incident);

}  // namespace cvc
