// Capabilities: what a protocol-2 adapter declares in its hello beyond data types and operations
// (harness/protocol/PROTOCOL.md, "Protocol 2"): the rounding modes, out_of_range rules and
// scalar_map it can exercise in each direction, and the type pairs it lacks. The harness reads the
// declaration once and never sends a cast it excludes; `undeclared` quotes the part that excludes
// one.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle/cast_rule.hpp"

namespace cvc {

struct Handshake;

// One direction's object, e.g. capabilities.encode. A key left out means "everything".
struct DirectionCapabilities {
  std::optional<std::vector<Rounding>> rounding;  // as declared, in the adapter's order
  // OutOfRange::None is the name "absent" (the configuration without out_of_range).
  std::optional<std::vector<OutOfRange>> out_of_range;
  std::optional<bool> scalar_map;
};

// A (direction, input type, output type) the implementation lacks although it has both types.
struct MissingPair {
  Direction direction = Direction::Encode;
  const DataType* input = nullptr;
  const DataType* output = nullptr;
};

struct Capabilities {
  DirectionCapabilities encode, decode;  // an object left out: everything in that direction
  std::vector<MissingPair> missing_pairs;
};

// A capabilities object that does not follow harness/protocol/PROTOCOL.md; what() names the field
// ("capabilities.encode.roundings is not a key of a direction's capabilities ...").
class CapabilitiesError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads the hello answer's "capabilities" value strictly: unknown keys at any level, unknown
// rounding / out_of_range / type / direction names and wrong JSON types throw CapabilitiesError.
Capabilities parse_capabilities(const nlohmann::json& value);

// The declaration that excludes a cast in `direction` under `rule`, quoted for reports
// (`capabilities.encode.rounding = ["nearest-even"] (no "towards-zero")`,
// `capabilities.missing_pairs has encode float64 -> int2`, `capabilities.decode.scalar_map =
// false`); nullopt when the handshake declares it supported. A rule uses scalar_map when its
// direction's entries are non-empty; out_of_range None is "absent".
std::optional<std::string> undeclared(const Handshake& handshake, Direction direction,
                                      const CastRule& rule);

}  // namespace cvc
