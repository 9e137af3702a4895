// The store-level family (vectors/STORES.md): small real Zarr v3 arrays under vectors/stores/,
// their chunk files encoded by the oracle, and vectors/stores/index.json saying what reading,
// writing or opening each must give.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace cvc {

// Every file of the family (paths relative to the vectors folder, "stores/..."), with its bytes;
// computed once, the same on every run.
const std::vector<std::pair<std::string, std::string>>& store_family_files();

}  // namespace cvc
