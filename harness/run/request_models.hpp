// The known-bug models that reproduce an adapter's answer to a protocol request: the one matching
// path of `cvc run` (the runner's diagnosis), `cvc replay` and `cvc fuzz` (its scenario checks,
// hence the shrinker's and the findings' labels). The protocol's requests as the catalogue's
// matching reads them (harness/bug_models/model_answer.hpp: RequestModels); the mutants answer by
// the same model functions, so a mutant's failures are always its own model's.
#pragma once

#include "harness/bug_models/model_answer.hpp"
#include "harness/protocol/adapter_client.hpp"

namespace cvc {

ModelRequest model_request(const CastRequest& request);  // a cast or a chain request
ModelRequest model_request(const ValidateRequest& request);

}  // namespace cvc
