// The `scalars` family of vectors: JSON scalars of every data type (the Zarr v3 fill value
// encoding, also used by scalar_map entries) and the bit pattern each denotes, or why it is
// invalid (vectors/README.md, "Family scalars").
#pragma once

#include <string>

namespace cvc {

// The text of scalars.json.
std::string scalars_family_file();

}  // namespace cvc
