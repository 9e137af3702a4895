// The slow oracle's element functions (slow::cast_value, slow::scale_offset_encode/decode) as an
// ElementOracle, so that a chain (oracle/codec_chain.hpp) is computed by the slow oracle with the
// same chain procedure: verify-vectors recomputes every chain case with it.
#pragma once

#include "oracle/codec_chain.hpp"

namespace cvc::slow {

const ElementOracle& slow_element_oracle();

}  // namespace cvc::slow
