// How runs and reports name and order the cells of the conformance matrix (operation x input
// type x output type): the diagnosis and every report writer use the same names.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "harness/run/run_result.hpp"
#include "oracle/data_type.hpp"

namespace cvc {

// The position of a type in all_data_types() (the matrix order), kDataTypeCount for a null type.
std::size_t type_slot(const DataType* type);
// The sorting rank of an operation: encode, decode, validate, chain encode, chain decode, then
// others in the order seen.
std::size_t operation_rank(std::string_view name, std::size_t seen_index = 0);

// The name of a type in reports; "(other)" for a null type: a validate case whose array type, or
// whose first cast_value data_type, is not one of the 26 (or is missing).
std::string_view type_label(const DataType* type);
// "float16 -> int8" and "encode float16 -> int8": how reports name a cell.
std::string pair_name(const DataType* input, const DataType* output);
std::string cell_name(std::string_view operation, const DataType* input, const DataType* output);
std::string outcome_cell_name(const CaseOutcome& outcome);  // the name of the outcome's cell

}  // namespace cvc
