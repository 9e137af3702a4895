#include "vector_format/chain_expectation.hpp"

#include <algorithm>

#include "oracle/cast_result.hpp"
#include "oracle/scale_offset.hpp"
#include "vector_format/result_text.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {

// As in result_text.cpp (a name of its own: the library is built in unity batches).
constexpr std::string_view kChainErrorPrefix = "error:";

const std::vector<std::string_view>& chain_error_kinds() {
  static const std::vector<std::string_view> kinds = [] {
    std::vector<std::string_view> names;
    for (int e = 1; e <= static_cast<int>(CastError::NegativeZeroNotRepresentable); ++e)
      names.push_back(cast_error_name(static_cast<CastError>(e)));
    for (int e = 1; e <= static_cast<int>(ScaleOffsetError::InexactDivision); ++e)
      names.push_back(scale_offset_error_name(static_cast<ScaleOffsetError>(e)));
    return names;
  }();
  return kinds;
}

ChainExpectation chain_expectation(const ArrayChain& chain, const ChainResult& result) {
  ChainExpectation expectation;
  if (result.ok()) {
    expectation.bits = result.bits;
  } else {
    expectation.error = std::string(result.error_name());
    expectation.error_at = chain.steps.at(static_cast<std::size_t>(result.failed_step)).path;
  }
  return expectation;
}

std::string chain_result_text(const DataType& type, const ChainExpectation& expectation) {
  if (!expectation.ok()) return std::string(kChainErrorPrefix) + expectation.error;
  return pattern_hex(type, *expectation.bits);
}

ChainExpectation parse_chain_result(const DataType& type, std::string_view text,
                                    const std::string& where) {
  ChainExpectation expectation;
  if (text.starts_with(kChainErrorPrefix)) {
    const std::string_view kind = text.substr(kChainErrorPrefix.size());
    const std::vector<std::string_view>& kinds = chain_error_kinds();
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) {
      std::string known;
      for (std::string_view name : kinds) known += (known.empty() ? "" : ", ") + std::string(name);
      throw VectorFormatError(where + ": unknown error kind \"" + std::string(kind) +
                              "\" (known: " + known + ")");
    }
    expectation.error = std::string(kind);
    return expectation;
  }
  // A pattern: parse_result_text says what is wrong with one that is not of `type`.
  expectation.bits = parse_result_text(type, text, where);
  return expectation;
}

}  // namespace cvc
