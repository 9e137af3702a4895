// The fuzzer's scenario generator: case `index` of a run with seed `seed` is drawn from its own
// random stream (seed and index mixed), so the same seed and options give the same cases
// whatever the time budget, and a case can be regenerated from its index alone.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/fuzz/scenario.hpp"
#include "harness/protocol/adapter_client.hpp"

namespace cvc::fuzz {

// What the generator may draw from.
struct ScenarioSpace {
  std::vector<const DataType*> types;     // every type a scenario may use
  std::vector<const DataType*> required;  // --type: each scenario involves one of them (empty: any)
  bool encode = true, decode = true, validate = true;
  // Chain scenarios (1 in 3 casts), when the hello declares the operation chain.
  bool chains = true;
  // The adapter's hello (types, operations, protocol-2 capabilities): a cast it excludes is not
  // drawn, so the budget goes to what it can answer. Null: everything.
  const Handshake* handshake = nullptr;
  std::size_t max_elements = 256;
};

// Case `index` of the run: a cast scenario whose metadata the oracle accepts (3 in 4; a third of
// them chain scenarios, chain_codecs.hpp, when the adapter declares chain), or array
// metadata for validate (1 in 4), possibly mutated into invalid metadata. Requires at least one
// operation and one type in the space (the caller checks).
Scenario generate_scenario(std::uint64_t seed, std::uint64_t index, const ScenarioSpace& space);

}  // namespace cvc::fuzz
