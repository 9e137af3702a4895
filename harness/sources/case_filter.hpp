// Which cases a run keeps (the command line's --type, --direction, --family): every case source
// applies it while it builds its batches.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/data_type.hpp"

namespace cvc {

// Filters from the command line; an empty set matches everything.
struct CaseFilter {
  std::vector<std::string> types;  // a case matches when any of its types is listed
  std::vector<std::string> directions;
  std::vector<std::string> families;
  bool matches_types(std::initializer_list<const DataType*> involved) const;
  bool matches_direction(std::string_view direction) const;
  bool matches_family(std::string_view family) const;
};

}  // namespace cvc
