#include "harness/sources/case_filter.hpp"

#include <algorithm>

namespace cvc {

bool CaseFilter::matches_types(std::initializer_list<const DataType*> involved) const {
  if (types.empty()) return true;
  return std::any_of(involved.begin(), involved.end(), [&](const DataType* type) {
    return type != nullptr && std::find(types.begin(), types.end(), type->name) != types.end();
  });
}

bool CaseFilter::matches_direction(std::string_view direction) const {
  return directions.empty() ||
         std::find(directions.begin(), directions.end(), direction) != directions.end();
}

bool CaseFilter::matches_family(std::string_view family) const {
  return families.empty() || std::find(families.begin(), families.end(), family) != families.end();
}

}  // namespace cvc
