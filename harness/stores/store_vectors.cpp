#include "harness/stores/store_vectors.hpp"

#include <fstream>
#include <iterator>

#include "oracle/codec_chain.hpp"
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

// A type name of the 26 at `key` of `configuration`, into `types`.
void collect_type(const json& configuration, const char* key, std::set<std::string>& types) {
  if (configuration.contains(key) && configuration[key].is_string() &&
      find_data_type(configuration[key].get<std::string>()) != nullptr)
    types.insert(configuration[key].get<std::string>());
}

// Every data type of the 26 the metadata names (the array's, each cast_value's data_type, the
// numcodecs.fixedscaleoffset alias's astype when it is a type name) and every array -> array
// codec's name (those before the array -> bytes codec), also inside sharding codecs.
void collect_chain(const json& codecs, StoreCase& store_case) {
  if (!codecs.is_array()) return;
  bool before_bytes = true;  // after the array -> bytes codec only bytes -> bytes codecs follow
  for (const json& codec : codecs) {
    const std::optional<std::string> name = codec_name(codec);
    const CodecRole role = name ? codec_role(*name) : CodecRole::Unknown;
    before_bytes = before_bytes && role != CodecRole::ArrayToBytes && role != CodecRole::Sharding;
    if (name && before_bytes) store_case.codecs.insert(*name);
    if (!codec.is_object()) continue;
    const json configuration = codec.value("configuration", json::object());
    if (!configuration.is_object()) continue;
    if (name == "cast_value") collect_type(configuration, "data_type", store_case.types);
    if (name == "numcodecs.fixedscaleoffset")
      collect_type(configuration, "astype", store_case.types);
    if (configuration.contains("codecs")) collect_chain(configuration["codecs"], store_case);
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
    collect_chain(result.metadata["codecs"], result);
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
