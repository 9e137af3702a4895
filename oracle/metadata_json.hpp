// Helpers for reading codec metadata JSON with errors that name the offending key: paths
// ("codecs[1].configuration.scale"), JSON shown exactly as written, and the refusal of keys a
// spec does not define. Shared by the cast_value metadata (codec_metadata.cpp) and the chain
// (codec_chain.cpp).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>

namespace cvc {

std::string join_path(const std::string& path, std::string_view key);  // "a.b", or "b" at the top
std::string index_path(const std::string& path, std::size_t index);    // "a[3]"
std::string show(const nlohmann::json& value);              // exact JSON text (numbers as written)
std::string quote(std::string_view text);                   // "\"text\""
std::string describe_type_of(const nlohmann::json& value);  // "a JSON number", "a JSON string"
const nlohmann::json* find_key(const nlohmann::json& object, std::string_view key);

// Throws MetadataError (oracle/codec_metadata.hpp) for the first key of `object` not in
// `allowed`: "<path>.<key>: unknown key in <what> (allowed: ...; <spec>: additional keys MUST be
// treated as invalid)".
void reject_unknown_keys(const nlohmann::json& object, const std::string& path,
                         std::span<const std::string_view> allowed, std::string_view what,
                         std::string_view spec = "cast_value.md");

}  // namespace cvc
