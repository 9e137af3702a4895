// The `metadata` family of vectors: cast_value codec metadata in an array's codec chain, with a
// fill value, valid or invalid (vectors/README.md, "Family metadata").
#pragma once

#include <string>

namespace cvc {

// The text of metadata.json. Throws std::logic_error naming the case when the oracle's verdict
// (or the set of reading flags that change it) differs from the one the case table intends.
std::string metadata_family_file();

}  // namespace cvc
