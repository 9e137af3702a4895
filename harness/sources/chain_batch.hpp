// The chain family (vectors/chain.json, vectors 1.2.0): one group of elements encoded or decoded
// through a chain of array -> array codecs (scale_offset -> cast_value, ...), sent as one chain
// request (harness/protocol/PROTOCOL.md, "Chain").
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "harness/sources/case_batch.hpp"
#include "harness/sources/case_filter.hpp"

namespace cvc {

// Group `group` of the chain file at `path` (`relative_path` in reports) as one chain batch, or
// nullopt when the filter leaves it out. Its codecs are read by the oracle (parse_array_chain);
// a group the oracle refuses, a result that is not a pattern of the output type or an error kind,
// or a missing field throws VectorFormatError naming the group and case.
std::optional<CastBatch> chain_batch(const nlohmann::json& group, const std::string& path,
                                     const std::string& relative_path, std::size_t group_index,
                                     const CaseFilter& filter);

}  // namespace cvc
