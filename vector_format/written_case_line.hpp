// A cast case's line in the exact form the generator writes it (vector_file.cpp), recognized byte
// by byte: most of the set's 281,150 lines, read without the JSON reader's general steps. Anything
// else (whitespace, an escape, a number that is not plain digits, another member, a value that
// does not read) is left to the general reader, which accepts or refuses it with its messages:
// this only ever takes a line the general reader reads the same.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "oracle/cast_result.hpp"
#include "oracle/data_type.hpp"
#include "vector_format/vector_reader.hpp"

namespace cvc {

// What a group's case lines are read against.
struct CaseShape {
  const DataType& input;
  const DataType& output;
  std::size_t count;         // configurations
  std::size_t per_rounding;  // configurations per rounding mode, 0 when they do not divide evenly
};

// When `text` starts with {"id":N,"stable_id":"S","input":"I","results":["R",...]} written so (no
// space, no escape, N digits without a leading zero, at most 18 of them), I a pattern of the input
// type and each R a result of the output type, `shape.count` or `shape.per_rounding` of them,
// then optionally ,"alternatives":{"NAME":{"K":"R",...},...} (a few distinct names, each with
// distinct configuration indices K written without a leading zero) and ,"flags":["F",...] (known
// flags), then the closing brace: the case goes into `item` (results expanded to one per
// configuration) and the bytes it spans are returned. Otherwise 0, and `item` is to be read
// again (by the general steps).
// `written` is the caller's buffer for the results as written.
std::size_t read_written_case_line(std::string_view text, const CaseShape& shape, VectorCase& item,
                                   std::vector<CastResult>& written);

}  // namespace cvc
