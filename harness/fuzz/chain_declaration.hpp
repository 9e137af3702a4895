// Whether an adapter's hello declares what a chain scenario needs, as cvc run decides it for a
// chain batch (harness/protocol/PROTOCOL.md, "Chain"): the operation chain and every type along
// the chain, the direction and the codecs in capabilities.chain, each cast_value step's rule.
// The generator draws no chain the hello excludes; the checker counts one unsupported.
#pragma once

#include <optional>
#include <string>

#include "harness/fuzz/scenario.hpp"
#include "harness/protocol/adapter_client.hpp"

namespace cvc::fuzz {

// The first exclusion (capabilities.hpp's sentence), or nullopt when the hello declares it all.
std::optional<std::string> undeclared_chain_scenario(const Handshake& handshake,
                                                     const CastScenario& scenario,
                                                     const ArrayChain& chain);

}  // namespace cvc::fuzz
