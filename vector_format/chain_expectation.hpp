// The vectors' notation of a chain result (vectors/README.md, "Family chain"): an output pattern
// "0x64", or "error:<kind>" with the path of the codec that failed ("codecs[1]", informative).
// The kinds are the cast kinds (oracle/cast_result.hpp cast_error_name) and the scale_offset
// kinds (oracle/scale_offset.hpp scale_offset_error_name). Written by the chain generator, read
// by the chain reader, the verifier and the harness.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/codec_chain.hpp"
#include "oracle/data_type.hpp"

namespace cvc {

struct ChainExpectation {
  std::optional<std::uint64_t> bits;  // the output pattern; nullopt for an error
  std::string error;                  // the error kind ("out_of_range", "not_representable")
  std::string error_at;               // the failing codec's path; empty when not given

  bool ok() const { return bits.has_value(); }
  // Same pattern, or both errors of the same kind (error_at is informative and not compared).
  bool same_outcome(const ChainExpectation& other) const {
    return bits == other.bits && error == other.error;
  }
};

// Every error kind a chain result may name: the cast kinds, then the scale_offset kinds.
const std::vector<std::string_view>& chain_error_kinds();

// What the oracle's result of one element through `chain` says, in the vectors' terms.
ChainExpectation chain_expectation(const ArrayChain& chain, const ChainResult& result);

// "0x64" (a pattern of `type`) or "error:out_of_range".
std::string chain_result_text(const DataType& type, const ChainExpectation& expectation);

// The result `text` writes in `type`: its pattern, or its error kind (error_at left empty).
// Throws VectorFormatError naming `where` for an unknown error kind or a pattern that is not one
// of `type` (wrong width, upper case, bits beyond the type's width).
ChainExpectation parse_chain_result(const DataType& type, std::string_view text,
                                    const std::string& where);

}  // namespace cvc
