#include "generators/vector_set.hpp"

#include <nlohmann/json.hpp>

#include "generators/cast_family.hpp"
#include "generators/chain_family.hpp"
#include "generators/metadata_family.hpp"
#include "generators/scalar_map_family.hpp"
#include "generators/scalars_family.hpp"
#include "generators/stores_family.hpp"
#include "oracle/data_type.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/sha256.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {

std::vector<VectorFileSpec> vector_set() {
  std::vector<VectorFileSpec> files;
  for (const DataType& type : all_data_types()) {
    const DataType* input = &type;
    files.push_back({"cast/" + std::string(type.name) + ".json", "cast",
                     [input] { return cast_family_file(*input); }});
  }
  files.push_back({"scalar_map.json", "scalar_map", [] { return scalar_map_family_file(); }});
  files.push_back({"metadata.json", "metadata", [] { return metadata_family_file(); }});
  files.push_back({"scalars.json", "scalars", [] { return scalars_family_file(); }});
  // Since vectors 1.2.0: elements through scale_offset and cast_value chains.
  files.push_back({"chain.json", "chain", [] { return chain_family_file(); }});
  // The store-level family (vectors/STORES.md): every array's zarr.json and chunk files, then
  // stores/index.json; made together, once, so each file only hands out its part.
  for (std::size_t i = 0; i < store_family_files().size(); ++i)
    files.push_back(
        {store_family_files()[i].first, "stores", [i] { return store_family_files()[i].second; }});
  return files;
}

}  // namespace cvc
