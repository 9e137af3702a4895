// The verifier's check of the chain family (vectors/README.md, "Family chain"): every case
// recomputed through its group's chain with the slow oracle's element functions (the same chain
// procedure, oracle/codec_chain.hpp, on the independent arithmetic of oracle/slow/), its listed
// alternatives too, and a sample checked for completeness.
#pragma once

#include <string>

#include "vector_format/vector_check.hpp"

namespace cvc {

// Checks the chain file at `path` into `report` (problems name the file, group and case).
void check_chain_file(const std::string& path, const VectorCheckOptions& options,
                      VectorCheckReport& report);

}  // namespace cvc
