#include "harness/stores/store_vectors.hpp"

#include <fstream>
#include <iterator>

#include "oracle/input_file.hpp"
#include "oracle/json_exact.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

[[noreturn]] void refuse(const std::string& where, const std::string& why) {
  throw StoreVectorError(where + ": " + why);
}

json read_json_file(const fs::path& path, const std::string& where) {
  std::ifstream in(path, std::ios::binary);
  if (!in) refuse(where, "cannot read " + path.filename().string());
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.size() > max_input_file_bytes()) refuse(where, "larger than --max-file-bytes");
  try {
    return parse_json_exact(text);
  } catch (const std::exception& error) {
    refuse(where, std::string("not JSON: ") + error.what());
  }
}

// Every data type of the 26 the metadata names: the array's and each cast_value's, also inside
// sharding codecs.
void collect_types(const json& codecs, std::set<std::string>& types) {
  if (!codecs.is_array()) return;
  for (const json& codec : codecs) {
    if (!codec.is_object()) continue;
    const json configuration = codec.value("configuration", json::object());
    if (!configuration.is_object()) continue;
    if (codec.value("name", "") == "cast_value" && configuration.contains("data_type") &&
        configuration["data_type"].is_string() &&
        find_data_type(configuration["data_type"].get<std::string>()) != nullptr)
      types.insert(configuration["data_type"].get<std::string>());
    if (configuration.contains("codecs")) collect_types(configuration["codecs"], types);
  }
}

StoreCase read_case(StoreIndexEntry entry, const fs::path& root, std::size_t position) {
  StoreCase result;
  static_cast<StoreIndexEntry&>(result) = std::move(entry);
  const std::string where =
      "index.json arrays[" + std::to_string(position) + "] (" + result.id + ")";
  result.metadata = read_json_file(root / result.id / "zarr.json", where);
  result.types.insert(std::string(result.data_type->name));
  if (result.metadata.is_object() && result.metadata.contains("codecs"))
    collect_types(result.metadata["codecs"], result.types);
  return result;
}

}  // namespace

StoreVectors read_store_vectors(const fs::path& directory) {
  StoreVectors vectors;
  vectors.root = fs::exists(directory / "stores" / "index.json") ? directory / "stores" : directory;
  const json index = read_json_file(vectors.root / "index.json", vectors.root.string());
  StoreIndex parsed;
  try {
    parsed = parse_store_index(index);
  } catch (const StoreIndexError& error) {
    throw StoreVectorError(error.what());
  }
  vectors.version = 1;
  for (std::size_t k = 0; k < parsed.arrays.size(); ++k)
    vectors.cases.push_back(read_case(std::move(parsed.arrays[k]), vectors.root, k));
  return vectors;
}

}  // namespace cvc
