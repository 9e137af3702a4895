// An adapter incident: something the adapter process did that is not an answer. The protocol
// client records them; runs count the cases they cost and reports list them.
#pragma once

#include <cstdint>
#include <string>

namespace cvc {

// Something the adapter did that is not an answer: crash, timeout, malformed output, restart.
struct AdapterIncident {
  std::string kind;     // "crash", "timeout", "malformed", "handshake", "restart"
  std::string detail;   // exit status, the offending line (truncated), ...
  std::string request;  // what was pending ("cast encode float16 -> int8, 4096 elements")
  std::uint64_t cases_affected = 0;
  std::string stderr_tail;  // the adapter's last stderr lines
  // A pipelined request that was in flight when an earlier one ended the adapter: part of that
  // incident (its detail says so), not another one in a row.
  bool lost_with_earlier = false;
};

}  // namespace cvc
