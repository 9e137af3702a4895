#include "oracle/metadata_json.hpp"

#include <exception>

#include "oracle/codec_metadata.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc {

using json = nlohmann::json;

std::string join_path(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string index_path(const std::string& path, std::size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

std::string show(const json& value) {
  try {
    return dump_json_exact(value);
  } catch (const std::exception&) {
    return "<unprintable JSON>";
  }
}

std::string quote(std::string_view text) {
  std::string quoted = "\"";
  quoted.append(text);
  quoted += '"';
  return quoted;
}

std::string describe_type_of(const json& value) {
  return std::string("a JSON ") + (is_json_number(value) ? "number" : value.type_name());
}

const json* find_key(const json& object, std::string_view key) {
  const auto it = object.find(std::string(key));
  return it == object.end() ? nullptr : &*it;
}

void reject_unknown_keys(const json& object, const std::string& path,
                         std::span<const std::string_view> allowed, std::string_view what,
                         std::string_view spec) {
  for (const auto& item : object.items()) {
    bool known = false;
    for (std::string_view key : allowed) known = known || item.key() == key;
    if (known) continue;
    std::string list;
    for (std::string_view key : allowed) list += (list.empty() ? "" : ", ") + std::string(key);
    throw MetadataError(join_path(path, item.key()),
                        "unknown key in " + std::string(what) + " (allowed: " + list + "; " +
                            std::string(spec) + ": additional keys MUST be treated as invalid)");
  }
}

}  // namespace cvc
