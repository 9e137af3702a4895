// The verifier's part for the store-level family (vectors/STORES.md): vectors/stores/index.json
// and every array under vectors/stores/, recomputed with the slow oracle.
#pragma once

#include <string>

#include "vector_format/manifest.hpp"
#include "vector_format/vector_check.hpp"

namespace cvc {

// Paths under this prefix belong to the store family: they are not vector files of their own.
inline constexpr std::string_view kStoresPrefix = "stores/";
bool is_store_family_path(std::string_view path);

// Checks the family in `directory` whose manifest is `manifest` (already checked): the index's
// structure, each array's zarr.json, its files (exactly the listed ones, exactly those of an
// array), decode arrays read back and encode arrays written again with the slow oracle, open
// arrays' verdicts, and that no alternative reading changes any of it. Problems go to `report`.
void check_store_family(const std::string& directory, const ManifestCheck& manifest,
                        VectorCheckReport& report);

}  // namespace cvc
