// Capabilities: what a protocol-2 adapter declares in its hello beyond data types and operations
// (harness/protocol/PROTOCOL.md, "Protocol 2"): the rounding modes, out_of_range rules and
// scalar_map it can exercise in each direction, and the type pairs it lacks. The harness reads the
// declaration once and never sends a cast it excludes; `undeclared` says why, quoting the part that
// excludes one.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
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

// The array -> array codecs a chain request may carry (oracle/codec_chain.hpp), by their names in
// the metadata.
inline constexpr std::array<std::string_view, 4> kChainCodecNames = {
    "cast_value", "scale_offset", "transpose", "numcodecs.fixedscaleoffset"};

// capabilities.chain: the codecs an adapter that declares the operation "chain" can put in a chain,
// and the directions it runs chains in. A key left out means "everything".
struct ChainCapabilities {
  std::optional<std::vector<std::string>> codecs;  // among kChainCodecNames, as declared
  std::optional<std::vector<Direction>> directions;
};

struct Capabilities {
  DirectionCapabilities encode, decode;  // an object left out: everything in that direction
  std::vector<MissingPair> missing_pairs;
  ChainCapabilities chain;
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

// Why the hello excludes something, as every report says it (`cvc run`'s unsupported reasons,
// `cvc check-store`, `cvc fuzz`): one sentence, "the adapter does not declare WHAT (hello:
// DECLARATION)", naming what is left out and quoting the declaration that leaves it out. Reports
// count unsupported cases by this text, so it names the declaration, never the case.

// `the adapter does not declare the operation chain (hello: operations)`, or nullopt.
std::optional<std::string> undeclared_operation(const Handshake& handshake,
                                                std::string_view operation);
// `the adapter does not declare the data type int2 (hello: data_types)`, or nullopt.
std::optional<std::string> undeclared_data_type(const Handshake& handshake, std::string_view type);
// The operation, then each type that is not null: the first exclusion, or nullopt.
std::optional<std::string> undeclared_request(const Handshake& handshake,
                                              std::string_view operation,
                                              std::span<const DataType* const> types);

// The capability that excludes a cast in `direction` under `rule`: `the adapter does not declare
// the rounding mode towards-positive for encode (hello: capabilities.encode.rounding =
// ["nearest-even"])`, `... the pair encode float64 -> int2 (hello: capabilities.missing_pairs)`,
// `... scalar_map for decode (hello: capabilities.decode.scalar_map = false)`; nullopt when the
// handshake declares it supported. A rule uses scalar_map when its direction's entries are
// non-empty; out_of_range None is "absent".
std::optional<std::string> undeclared(const Handshake& handshake, Direction direction,
                                      const CastRule& rule);

// The capability that excludes a chain in `direction` made of `codec_names` (the names of its
// codecs, in order): `the adapter does not declare chains for encode (hello:
// capabilities.chain.directions = ["decode"])`, `... the codec transpose in a chain (hello:
// capabilities.chain.codecs = ["scale_offset", "cast_value"])`; nullopt when declared. The
// operation "chain" itself and the cast_value steps' rules are checked apart.
std::optional<std::string> undeclared_chain(const Handshake& handshake, Direction direction,
                                            const std::vector<std::string>& codec_names);

// The reason of a request the adapter itself answered `unsupported` (harness/protocol/PROTOCOL.md):
// `the adapter answered unsupported: MESSAGE`, its message quoted bounded
// (oracle/io/bounded_quote.hpp) so that reports counting by reason stay small whatever it sends.
std::string adapter_unsupported_reason(std::string_view message);

// What the hello declares of the cases the adapter can exercise, as compact JSON with its keys
// sorted: {"capabilities": (as declared, or null), "data_types": [...], "operations": [...],
// "protocol": N}. Reports carry it (run.declaration) so that shards whose adapters declared
// differently are never merged as one run.
std::string declaration_text(const Handshake& handshake);

}  // namespace cvc
