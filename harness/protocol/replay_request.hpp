// A protocol request line read back (`cvc replay`, the "replay" line of a report's simplest
// case): the request the harness would send, and what the oracle expects of it.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "harness/protocol/adapter_client.hpp"
#include "oracle/cast_rule.hpp"
#include "oracle/codec_chain.hpp"

namespace cvc {

// A request line that is not a cast or validate request of the protocol; what() names the field.
class ReplayError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ReplayRequest {
  // A cast request, with `rule` the oracle's reading of it; or a chain request (its `chain`
  // set), with `chain` below the oracle's reading of its codecs.
  std::optional<CastRequest> cast;
  CastRule rule;
  std::optional<ArrayChain> chain;
  std::optional<ValidateRequest> validate;  // or a validate request
};

// Parses one request line (harness/protocol/PROTOCOL.md, "Cast", "Chain" and "Validate"); throws
// ReplayError.
ReplayRequest parse_request_line(const std::string& line);

}  // namespace cvc
