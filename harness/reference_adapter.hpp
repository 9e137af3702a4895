// The reference adapter: the oracle (or one of its mutants) speaking the adapter protocol
// (harness/PROTOCOL.md) on a pair of streams. `cvc adapter` runs it on stdin/stdout.
#pragma once

#include <iosfwd>

#include "harness/mutants.hpp"

namespace cvc {

// Serves requests until "bye" or end of input; returns the process exit status.
int run_reference_adapter(std::istream& in, std::ostream& out, Mutant mutant);

}  // namespace cvc
