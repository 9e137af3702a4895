#include "harness/stores/store_vectors.hpp"

#include "harness/stores/store_files.hpp"
#include "oracle/codec_chain.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/input_tree.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/store_array.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

[[noreturn]] void refuse(const std::string& where, const std::string& why) {
  throw StoreVectorError(where + ": " + why);
}

// A JSON file of the vectors: a regular file (no FIFO, device or link: oracle/io/input_file.hpp),
// at most --max-file-bytes, checked before a byte is read.
json read_json_file(const fs::path& path, const std::string& where) {
  std::string text;
  try {
    text = read_input_file(path.string(), max_input_file_bytes(), FinalLink::Refuse);
  } catch (const InputFileError& error) {
    refuse(where, error.what());
  }
  try {
    return parse_json_exact(text);
  } catch (const JsonError& error) {
    refuse(where, path.filename().string() + " is not JSON: " + error.what());
  }
}

// zarr.json agrees with the index (data type, shape, chunk shape) and, for a decode or encode
// array, is metadata of the subset this family writes, with the listed stored data type: a
// malformed zarr.json is bad vectors, never the implementation's failure.
void check_array_metadata(const StoreCase& store_case, const std::string& where) {
  if (const std::optional<std::string> problem =
          index_entry_disagreement(store_case, store_case.metadata))
    refuse(where, *problem);
  if (store_case.kind == StoreKind::Open) return;  // its metadata is what is judged
  try {
    const StoreArray array = parse_store_array(store_case.metadata);
    if (array.stored_type != store_case.stored_data_type)
      refuse(where, "zarr.json stores " + std::string(array.stored_type->name) +
                        ", index.json's stored_data_type is " +
                        std::string(store_case.stored_data_type->name));
  } catch (const StoreFormatError& error) {
    refuse(where, error.what());
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
  check_array_metadata(result, where);
  try {
    result.folder = array_folder_entries(root, result);
  } catch (const StoreVectorError& error) {
    refuse(where, error.what());
  }
  result.types.insert(std::string(result.data_type->name));
  if (result.metadata.is_object() && result.metadata.contains("codecs"))
    collect_chain(result.metadata["codecs"], result);
  return result;
}

}  // namespace

StoreVectors read_store_vectors(const fs::path& directory) {
  StoreVectors vectors;
  // symlink_status: a link (even a loop) named index.json counts as there, and is then refused
  // by the read; fs::exists would throw on a loop.
  std::error_code ignored;
  const bool in_stores =
      fs::exists(fs::symlink_status(directory / "stores" / "index.json", ignored));
  vectors.root = in_stores ? directory / "stores" : directory;
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
