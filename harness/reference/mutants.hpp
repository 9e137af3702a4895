// Mutants: the reference adapter (`cvc adapter --mutant ID`) answering as one known-bug model of
// the catalogue (harness/bug_models/bug_model.hpp, docs/bug-models.md) instead of the oracle. The
// harness's own tests check that every model is caught, from the published vectors and from live
// mode, and diagnosed as itself. This is a thin layer over the catalogue: `none` is the oracle
// itself, and what a mutant answers is what the diagnosis matches with
// (harness/bug_models/model_answer.hpp: model_cast_configuration, model_cast, model_chain, ...).
#pragma once

#include <optional>
#include <string_view>

#include "harness/bug_models/model_answer.hpp"

namespace cvc {

// A model of the catalogue, or nullptr for the oracle itself.
using Mutant = ModelOrOracle;
inline constexpr std::string_view kNoMutant = "none";

// The mutant named `id` (a model id, or "none": nullptr); nullopt when unknown.
std::optional<Mutant> find_mutant(std::string_view id);
std::string_view mutant_id(Mutant mutant);  // "none" for the oracle

}  // namespace cvc
