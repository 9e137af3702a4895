// Which cases a run keeps (the command line's --type, --direction, --family): every case source
// applies it while it builds its batches.
#pragma once

#include <array>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/data_type.hpp"

namespace cvc {

// The names a filter may hold: the operations, the families of the vector files a run compares
// (vectors/README.md; "scalars" and the store-level family are not cases of cvc run), and the
// family of every --live case. A name outside these would select nothing.
inline constexpr std::array<std::string_view, 3> kCaseDirections = {"encode", "decode", "validate"};
inline constexpr std::array<std::string_view, 4> kVectorCaseFamilies = {"cast", "scalar_map",
                                                                        "metadata", "chain"};
inline constexpr std::string_view kLiveFamily = "live";

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
