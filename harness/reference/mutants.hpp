// Mutants: the reference adapter (`cvc adapter --mutant ID`) answering as one known-bug model of
// the catalogue (oracle/bug_models/bug_model.hpp, docs/bug-models.md) instead of the oracle. The
// harness's own tests check that every model is caught, from the published vectors and from live
// mode. This is a thin layer over the catalogue: `none` is the oracle itself.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "oracle/bug_models/bug_model.hpp"
#include "oracle/codec_chain.hpp"

namespace cvc {

// A model of the catalogue, or nullptr for the oracle itself.
using Mutant = const BugModel*;
inline constexpr std::string_view kNoMutant = "none";

// The mutant named `id` (a model id, or "none": nullptr); nullopt when unknown.
std::optional<Mutant> find_mutant(std::string_view id);
std::string_view mutant_id(Mutant mutant);  // "none" for the oracle

// What the mutant answers: the element's cast, whether it refuses the configuration, and its
// metadata verdict (the oracle's wherever the model does not act).
CastResult mutant_cast(Mutant mutant, const CastRule& rule, std::uint64_t input_bits);
bool mutant_rejects(Mutant mutant, const CastRule& rule);
// One element through a chain: the mutant's element functions where its model acts on chains
// (BugModel::chain), the oracle's otherwise.
ChainResult mutant_chain(Mutant mutant, const ArrayChain& chain, const nlohmann::json& codecs,
                         Direction direction, std::uint64_t input_bits);
FillValueCheck mutant_validate(Mutant mutant, const DataType& array_type,
                               const nlohmann::json& fill_value, const nlohmann::json& codecs);

}  // namespace cvc
