// The `chain` family of vectors (vectors/README.md, "Family chain"): elements through the
// array -> array codec chains people use to quantize data, scale_offset then cast_value, in both
// directions, with the spec's own scale_offset examples.
#pragma once

#include <string>

namespace cvc {

// The text of chain.json.
std::string chain_family_file();

}  // namespace cvc
