#include "harness/run/cell_names.hpp"

#include <algorithm>
#include <array>

namespace cvc {
namespace {

constexpr std::array<std::string_view, 5> kKnownOperations = {"encode", "decode", "validate",
                                                              "chain encode", "chain decode"};

}  // namespace

std::size_t type_slot(const DataType* type) {
  if (type == nullptr) return kDataTypeCount;
  const auto& table = all_data_types();
  if (type >= table.data() && type < table.data() + kDataTypeCount)
    return static_cast<std::size_t>(type - table.data());
  const DataType* known = find_data_type(type->name);
  return known == nullptr ? kDataTypeCount : static_cast<std::size_t>(known - table.data());
}

std::size_t operation_rank(std::string_view name, std::size_t seen_index) {
  const auto known = std::find(kKnownOperations.begin(), kKnownOperations.end(), name);
  if (known != kKnownOperations.end())
    return static_cast<std::size_t>(known - kKnownOperations.begin());
  return kKnownOperations.size() + seen_index;
}

std::string_view type_label(const DataType* type) {
  return type == nullptr ? std::string_view("(other)") : type->name;
}

std::string pair_name(const DataType* input, const DataType* output) {
  return std::string(type_label(input)) + " -> " + std::string(type_label(output));
}

std::string cell_name(std::string_view operation, const DataType* input, const DataType* output) {
  return std::string(operation) + " " + pair_name(input, output);
}

std::string outcome_cell_name(const CaseOutcome& outcome) {
  return cell_name(outcome.operation, outcome.input, outcome.output);
}

}  // namespace cvc
