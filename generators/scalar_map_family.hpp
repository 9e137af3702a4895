// The `scalar_map` family of vectors: casts under explicit value mappings (vectors/README.md).
#pragma once

#include <string>

namespace cvc {

// The text of scalar_map.json.
std::string scalar_map_family_file();

}  // namespace cvc
