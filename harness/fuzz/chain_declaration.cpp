#include "harness/fuzz/chain_declaration.hpp"

#include "harness/protocol/capabilities.hpp"
#include "harness/sources/chain_batch.hpp"

namespace cvc::fuzz {

std::optional<std::string> undeclared_chain_scenario(const Handshake& handshake,
                                                     const CastScenario& scenario,
                                                     const ArrayChain& chain) {
  const ChainShape shape = chain_shape(chain, scenario.direction);
  std::optional<std::string> reason = undeclared_request(handshake, "chain", shape.types);
  if (!reason) reason = undeclared_chain(handshake, scenario.direction, shape.codec_names);
  for (const CastRule& rule : shape.cast_rules)
    if (!reason) reason = undeclared(handshake, scenario.direction, rule);
  return reason;
}

}  // namespace cvc::fuzz
