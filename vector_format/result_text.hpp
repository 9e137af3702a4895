// The vectors' notation of a cast result: an output pattern "0x7f" (lowercase hex, two digits per
// storage byte) or "error:<kind>" (vectors/README.md, "Bits and values"). Written by the
// generators, read by the reader and the harness.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "oracle/cast_result.hpp"
#include "oracle/data_type.hpp"

namespace cvc {

// "0x7f" or "error:out_of_range".
std::string result_text(const DataType& output, const CastResult& result);

// The result `text` writes in `type`: its bits, or its error kind. False when the text is not a
// result of `type` (parse_result_text says why); the reader's fast path, which builds no text.
bool parse_result(const DataType& type, std::string_view text, CastResult& out);

// "0x7f" -> bits of `type`; "error:kind" -> nullopt. Throws VectorFormatError (with `where`)
// for anything else, including a pattern of the wrong width.
std::optional<std::uint64_t> parse_result_text(const DataType& type, std::string_view text,
                                               const std::string& where);

}  // namespace cvc
