// The chain family (vectors/chain.json, vectors 1.2.0): one group of elements encoded or decoded
// through a chain of array -> array codecs (scale_offset -> cast_value, ...), sent as one chain
// request (harness/protocol/PROTOCOL.md, "Chain").
#pragma once

#include <optional>
#include <string>

#include "harness/sources/case_batch.hpp"
#include "harness/sources/case_filter.hpp"
#include "vector_format/chain_vector_reader.hpp"

namespace cvc {

// A result of the chain family's notation (a pattern, or an error of a cast or scale_offset kind)
// as the harness compares it.
ExpectedResult expected_of(const ChainExpectation& expectation);

// The chain's types, codec names (an alias once) and cast_value rules in `direction`: what a
// hello is checked against before a chain request is sent (cvc run, cvc fuzz).
ChainShape chain_shape(const ArrayChain& chain, Direction direction);

// The group as one chain batch (`relative_path` names its file in reports), or nullopt when the
// filter leaves it out.
std::optional<CastBatch> chain_batch(const ChainVectorGroup& group,
                                     const std::string& relative_path, const CaseFilter& filter);

}  // namespace cvc
