// The slow oracle's element functions (slow::cast_value, slow::scale_offset_encode/decode) as an
// ElementOracle, so that a chain is computed by the same procedure (oracle/codec_chain.hpp) on the
// slow oracle's independent arithmetic: what `cvc verify-vectors` checks the chain vectors with.
#pragma once

#include "oracle/codec_chain.hpp"

namespace cvc {

const ElementOracle& slow_element_oracle();

}  // namespace cvc
