#include "oracle/codec_metadata.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <utility>

#include "oracle/cast.hpp"
#include "oracle/data_type.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/json_exact.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc {
namespace {

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

// Rejects every key of `object` (a JSON object) not in `allowed`.
template <std::size_t N>
void reject_unknown_keys(const json& object, const std::string& path,
                         const std::array<std::string_view, N>& allowed, std::string_view what) {
  for (const auto& item : object.items()) {
    bool known = false;
    for (std::string_view key : allowed) known = known || item.key() == key;
    if (known) continue;
    std::string list;
    for (std::string_view key : allowed) list += (list.empty() ? "" : ", ") + std::string(key);
    throw MetadataError(join_path(path, item.key()),
                        "unknown key in " + std::string(what) + " (allowed: " + list +
                            "; cast_value.md: additional keys MUST be treated as invalid)");
  }
}

const json* find_key(const json& object, std::string_view key) {
  const auto it = object.find(std::string(key));
  return it == object.end() ? nullptr : &*it;
}

Rounding parse_rounding_value(const json& value, const std::string& path) {
  std::string allowed;
  for (int i = 0; i < kRoundingCount; ++i)
    allowed += (i == 0 ? "" : ", ") + quote(rounding_name(static_cast<Rounding>(i)));
  if (!value.is_string())
    throw MetadataError(path, "must be a string, one of " + allowed + "; got " +
                                  describe_type_of(value) + " " + show(value));
  const std::optional<Rounding> rounding = parse_rounding(value.get<std::string>());
  if (!rounding)
    throw MetadataError(path, show(value) + " is not a rounding mode; permitted: " + allowed);
  return *rounding;
}

OutOfRange parse_out_of_range_value(const json& value, const std::string& path,
                                    const DataType& data_type, const std::string& data_type_path) {
  const std::string allowed = "\"clamp\", \"wrap\" (or leave the key out)";
  if (!value.is_string())
    throw MetadataError(path, "must be a string, one of " + allowed + "; got " +
                                  describe_type_of(value) + " " + show(value));
  const std::optional<OutOfRange> rule = parse_out_of_range(value.get<std::string>());
  if (!rule)
    throw MetadataError(path, show(value) + " is not an out_of_range rule; permitted: " + allowed);
  if (*rule == OutOfRange::Wrap && !data_type.is_integer())
    throw MetadataError(path, "\"wrap\" requires an integral data_type, but " + data_type_path +
                                  " is " + std::string(data_type.name) +
                                  " (cast_value.md, out_of_range: wrap is only permitted when "
                                  "data_type is an integral type)");
  return *rule;
}

// scalar_map.encode or scalar_map.decode: [[input, output], ...].
std::vector<ScalarMapEntry> parse_map_entries(const json& value, const std::string& path,
                                              const DataType& input, const DataType& output,
                                              std::string_view direction,
                                              const Readings& readings) {
  if (!value.is_array())
    throw MetadataError(path, "must be an array of [input, output] pairs; got " +
                                  describe_type_of(value) + " " + show(value));
  std::vector<ScalarMapEntry> entries;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const json& entry = value[i];
    const std::string entry_path = index_path(path, i);
    if (!entry.is_array() || entry.size() != 2)
      throw MetadataError(
          entry_path,
          "each entry must be a 2-element array [input, output]; got " +
              (entry.is_array() ? "an array of " + std::to_string(entry.size()) + " elements"
                                : describe_type_of(entry)) +
              " " + show(entry));
    ScalarMapEntry parsed{};
    for (int side = 0; side < 2; ++side) {
      const DataType& type = side == 0 ? input : output;
      const std::string role = std::string("in a scalar_map.") + std::string(direction) +
                               " entry the " +
                               (side == 0 ? "key (first element)" : "value (second element)") +
                               " has type " + std::string(type.name);
      try {
        const std::uint64_t bits =
            parse_scalar(type, entry[static_cast<std::size_t>(side)], readings);
        (side == 0 ? parsed.input_bits : parsed.output_bits) = bits;
      } catch (const ScalarError& error) {
        throw MetadataError(index_path(entry_path, static_cast<std::size_t>(side)),
                            std::string(error.what()) + "; " + role);
      }
    }
    entries.push_back(parsed);
  }
  return entries;
}

CastValueCodec parse_configuration_at(const DataType& array_type, const json& configuration,
                                      const std::string& path, const Readings& readings) {
  if (!configuration.is_object())
    throw MetadataError(path, "the cast_value configuration must be a JSON object; got " +
                                  describe_type_of(configuration) + " " + show(configuration));
  reject_unknown_keys(
      configuration, path,
      std::array<std::string_view, 4>{"data_type", "rounding", "out_of_range", "scalar_map"},
      "the cast_value configuration");
  CastValueCodec codec;
  codec.array_type = &array_type;
  const std::string data_type_path = join_path(path, "data_type");
  const json* data_type = find_key(configuration, "data_type");
  if (data_type == nullptr)
    throw MetadataError(data_type_path, "missing (required: the target data type)");
  codec.data_type = &parse_data_type_metadata(*data_type, data_type_path);
  if (const json* rounding = find_key(configuration, "rounding"))
    codec.rounding = parse_rounding_value(*rounding, join_path(path, "rounding"));
  if (const json* rule = find_key(configuration, "out_of_range"))
    codec.out_of_range = parse_out_of_range_value(*rule, join_path(path, "out_of_range"),
                                                  *codec.data_type, data_type_path);
  if (const json* map = find_key(configuration, "scalar_map")) {
    const std::string map_path = join_path(path, "scalar_map");
    if (!map->is_object())
      throw MetadataError(map_path,
                          "must be a JSON object with optional arrays \"encode\" and "
                          "\"decode\"; got " +
                              describe_type_of(*map) + " " + show(*map));
    reject_unknown_keys(*map, map_path, std::array<std::string_view, 2>{"encode", "decode"},
                        "scalar_map");
    if (const json* encode = find_key(*map, "encode"))
      codec.encode = parse_map_entries(*encode, join_path(map_path, "encode"), array_type,
                                       *codec.data_type, "encode", readings);
    if (const json* decode = find_key(*map, "decode"))
      codec.decode = parse_map_entries(*decode, join_path(map_path, "decode"), *codec.data_type,
                                       array_type, "decode", readings);
  }
  return codec;
}

CastValueCodec parse_codec_at(const DataType& array_type, const json& codec,
                              const std::string& path, const Readings& readings) {
  if (!codec.is_object())
    throw MetadataError(path,
                        "codec metadata must be a JSON object {\"name\": \"cast_value\", "
                        "\"configuration\": {...}}; got " +
                            describe_type_of(codec) + " " + show(codec));
  reject_unknown_keys(codec, path, std::array<std::string_view, 2>{"name", "configuration"},
                      "codec metadata");
  const json* name = find_key(codec, "name");
  if (name == nullptr) throw MetadataError(join_path(path, "name"), "missing (required)");
  if (!name->is_string() || name->get<std::string>() != "cast_value")
    throw MetadataError(join_path(path, "name"),
                        "must be the string \"cast_value\"; got " + show(*name));
  const json* configuration = find_key(codec, "configuration");
  if (configuration == nullptr)
    throw MetadataError(join_path(path, "configuration"), "missing (required)");
  return parse_configuration_at(array_type, *configuration, join_path(path, "configuration"),
                                readings);
}

FillValueCheck invalid_check(FillValueCheck check, std::string message) {
  check.valid = false;
  check.message = std::move(message);
  return check;
}

// --- The codec chain ----------------------------------------------------------------------------

enum class CodecKind : std::uint8_t { CastValue, ArrayToArrayKeepsType, ArrayToBytes, Other };

CodecKind codec_kind(std::string_view name) {
  if (name == "cast_value") return CodecKind::CastValue;
  if (name == "transpose") return CodecKind::ArrayToArrayKeepsType;
  if (name == "bytes" || name == "packbits") return CodecKind::ArrayToBytes;
  return CodecKind::Other;
}

// A codec's name: a bare name string, or the string "name" of a codec object; nullopt otherwise.
std::optional<std::string> codec_name(const json& codec) {
  if (codec.is_string()) return codec.get<std::string>();
  const json* name = codec.is_object() ? find_key(codec, "name") : nullptr;
  if (name != nullptr && name->is_string()) return name->get<std::string>();
  return std::nullopt;
}

// The cast_value codecs of a chain, as a walk along it finds them.
struct CastCodecChain {
  std::vector<CastValueCodec> codecs;         // the cast_value codecs found so far, in order
  std::vector<std::size_t> indices;           // the position of each in "codecs"
  const DataType* type = nullptr;             // the data type reaching the next codec
  std::optional<std::size_t> array_to_bytes;  // index of the array -> bytes codec, once seen
};

// A cast_value codec, validated against the data type that reaches it, which it then changes.
// Returns why it is invalid, or nullopt.
std::optional<std::string> add_cast_codec(CastCodecChain& chain, const json& codec,
                                          std::size_t index, const std::string& path,
                                          const Readings& readings) {
  if (codec.is_string()) return path + ": cast_value requires a configuration (data_type)";
  try {
    chain.codecs.push_back(parse_codec_at(*chain.type, codec, path, readings));
  } catch (const MetadataError& error) {
    return std::string(error.what());
  }
  chain.indices.push_back(index);
  chain.type = chain.codecs.back().data_type;
  return std::nullopt;
}

// The codec at `index` of the chain: returns why the chain is invalid there, or nullopt.
std::optional<std::string> walk_codec(CastCodecChain& chain, const json& codec, std::size_t index,
                                      const Readings& readings) {
  const std::string path = index_path("codecs", index);
  const std::optional<std::string> name = codec_name(codec);
  if (!name)
    return path + ": a codec must be a name string or an object with a string \"name\"; got " +
           show(codec);
  const CodecKind kind = codec_kind(*name);
  if (chain.array_to_bytes) {
    if (kind != CodecKind::CastValue)
      return std::nullopt;  // bytes -> bytes: cannot touch the fill value
    return path +
           ": cast_value is an array -> array codec and cannot follow the array -> bytes codec " +
           index_path("codecs", *chain.array_to_bytes);
  }
  switch (kind) {
    case CodecKind::CastValue:
      return add_cast_codec(chain, codec, index, path, readings);
    case CodecKind::ArrayToArrayKeepsType:
      return std::nullopt;
    case CodecKind::ArrayToBytes:
      chain.array_to_bytes = index;
      return std::nullopt;
    case CodecKind::Other:
      break;  // its effect on the data type is unknown
  }
  return path + ": unknown codec " + quote(*name) +
         " before the array -> bytes codec; this check follows only cast_value and transpose "
         "there, so the data type reaching the next codec is unknown";
}

// Walks the chain `codecs` from `array_type`, collecting and validating its cast_value codecs;
// returns why the chain is invalid (the codecs found before that point are kept), or nullopt.
std::optional<std::string> walk_codec_chain(CastCodecChain& chain, const DataType& array_type,
                                            const json& codecs, const Readings& readings) {
  if (!codecs.is_array())
    return "codecs: must be an array of codec metadata; got " + describe_type_of(codecs) + " " +
           show(codecs);
  chain.type = &array_type;
  for (std::size_t i = 0; i < codecs.size(); ++i)
    if (std::optional<std::string> problem = walk_codec(chain, codecs[i], i, readings))
      return problem;
  return std::nullopt;
}

// --- Fill value round trip -----------------------------------------------------------------------

std::string value_text(const DataType& type, std::uint64_t bits) {
  return describe_value(type, bits) + " (" + std::string(type.name) + ")";
}

std::string cast_failure(const CastRule& rule, CastError error) {
  const std::string output(rule.output->name);
  switch (error) {
    case CastError::OutOfRange:
      return "out of range (out_of_range absent)";
    case CastError::NaNNotRepresentable:
      return "NaN is not representable in " + output + " and no scalar_map entry matches";
    case CastError::InfinityNotRepresentable:
      return "infinity is not representable in " + output + " and no scalar_map entry matches";
    case CastError::WrapUndefined:
      return "out of range, and wrap is not defined for the float output " + output +
             " (reading DecodeWrapFloat default)";
    case CastError::NegativeZeroNotRepresentable:
      return "-0 is not representable in " + output + " (reading NegZeroNoSign alternative error)";
    case CastError::None:
      break;
  }
  return "error";
}

// FillRoundTrip: does `back` count as the fill value `original` (both patterns of `type`)?
bool survives(const DataType& type, std::uint64_t original, std::uint64_t back,
              const Readings& readings) {
  const int choice = readings[Flag::FillRoundTrip];
  if (choice == kFillRoundTripBitExact) return original == back;
  const ExactValue a = decode_exact(type, original), b = decode_exact(type, back);
  if (a.is_nan() || b.is_nan()) return a.is_nan() && b.is_nan();
  if (!same_number(a, b)) return false;
  if (choice == kFillRoundTripIgnoreZeroSign) return true;
  return !a.is_zero() || a.negative == b.negative;
}

std::string round_trip_reading(const Readings& readings) {
  switch (readings[Flag::FillRoundTrip]) {
    case kFillRoundTripBitExact:
      return "reading FillRoundTrip alternative bit-exact";
    case kFillRoundTripIgnoreZeroSign:
      return "reading FillRoundTrip alternative ignore-zero-sign";
    default:
      return "reading FillRoundTrip default: same value and sign of zero, any NaN matches any NaN";
  }
}

// The casts of the round trip: each value is added to `check.steps` and to a one-line account,
// "encode to int8 gives 2, decode to float32 gives 2.0".
class RoundTripCasts {
 public:
  RoundTripCasts(FillValueCheck& check, const std::vector<std::size_t>& cast_indices,
                 const Readings& readings)
      : check_(check), cast_indices_(cast_indices), readings_(readings) {}

  // Casts `input` with `rule`, the encode or decode rule of the k-th cast_value codec; nullopt
  // when the cast fails.
  std::optional<std::uint64_t> cast(const CastRule& rule, std::string_view direction, std::size_t k,
                                    std::uint64_t input) {
    const CastResult result = cast_value(rule, input, readings_);
    const std::string what =
        std::string(direction) + " to " + std::string(rule.output->name) + where(k);
    if (!result.ok()) {
      account_ +=
          (account_.empty() ? "" : ", ") + what + " failed: " + cast_failure(rule, result.error);
      return std::nullopt;
    }
    account_ += (account_.empty() ? "" : ", ") + what + " gives " +
                describe_value(*rule.output, result.bits);
    check_.steps.push_back({std::string(direction) + " " + index_path("codecs", cast_indices_[k]),
                            rule.output, result.bits});
    return result.bits;
  }

  const std::string& account() const { return account_; }

 private:
  // " (codecs[2])" when the chain has several cast_value codecs.
  std::string where(std::size_t k) const {
    return check_.cast_codecs.size() > 1 ? " (" + index_path("codecs", cast_indices_[k]) + ")"
                                         : std::string();
  }

  FillValueCheck& check_;
  const std::vector<std::size_t>& cast_indices_;
  const Readings& readings_;
  std::string account_;
};

// The round trip of the fill value `original` (`head` describes it): cast forward through each
// cast_value codec's encode rule, then back through the decode rules in reverse order; the value
// that comes back must count as the fill value (FillRoundTrip).
FillValueCheck check_round_trip(FillValueCheck check, const std::vector<std::size_t>& cast_indices,
                                const DataType& array_type, std::uint64_t original,
                                const std::string& head, const Readings& readings) {
  RoundTripCasts casts(check, cast_indices, readings);
  std::uint64_t bits = original;
  for (std::size_t k = 0; k < check.cast_codecs.size(); ++k) {
    const std::optional<std::uint64_t> next =
        casts.cast(check.cast_codecs[k].encode_rule(), "encode", k, bits);
    if (!next)
      return invalid_check(std::move(check), head + " does not survive: " + casts.account());
    bits = *next;
  }
  for (std::size_t k = check.cast_codecs.size(); k-- > 0;) {
    const std::optional<std::uint64_t> next =
        casts.cast(check.cast_codecs[k].decode_rule(), "decode", k, bits);
    if (!next)
      return invalid_check(std::move(check), head + " does not survive: " + casts.account());
    bits = *next;
  }
  if (!survives(array_type, original, bits, readings))
    return invalid_check(std::move(check), head + " does not survive: " + casts.account() +
                                               ", which is not the fill value (" +
                                               round_trip_reading(readings) + ")");
  check.valid = true;
  check.message = head + " survives: " + casts.account();
  return check;
}

}  // namespace

MetadataError::MetadataError(std::string path, std::string reason)
    : std::runtime_error(path.empty() ? reason : path + ": " + reason),
      path_(std::move(path)),
      reason_(std::move(reason)) {}

CastRule CastValueCodec::encode_rule() const {
  return CastRule{array_type, data_type, rounding, out_of_range, encode};
}

CastRule CastValueCodec::decode_rule() const {
  return CastRule{data_type, array_type, rounding, out_of_range, decode};
}

const DataType& parse_data_type_metadata(const json& value, const std::string& path) {
  std::string name;
  std::string name_path = path;
  if (value.is_string()) {
    name = value.get<std::string>();
  } else if (value.is_object()) {
    reject_unknown_keys(value, path, std::array<std::string_view, 2>{"name", "configuration"},
                        "data type metadata");
    const json* name_value = find_key(value, "name");
    name_path = join_path(path, "name");
    if (name_value == nullptr) throw MetadataError(name_path, "missing (required)");
    if (!name_value->is_string())
      throw MetadataError(name_path, "must be a string; got " + describe_type_of(*name_value) +
                                         " " + show(*name_value));
    name = name_value->get<std::string>();
    if (const json* configuration = find_key(value, "configuration")) {
      if (!configuration->is_object() || !configuration->empty())
        throw MetadataError(join_path(path, "configuration"),
                            "the data type " + quote(name) +
                                " takes no configuration (only an empty object is allowed); got " +
                                show(*configuration));
    }
  } else {
    throw MetadataError(path, "must be a data type name string or an object {\"name\": ...}; got " +
                                  describe_type_of(value) + " " + show(value));
  }
  const DataType* type = find_data_type(name);
  if (type == nullptr)
    throw MetadataError(name_path,
                        quote(name) + " is not a data type cast_value supports (only the " +
                            std::to_string(kDataTypeCount) +
                            " integer and floating-point types listed in cast_value.md model "
                            "real numbers)");
  return *type;
}

CastValueCodec parse_cast_value_codec(const DataType& array_type, const json& codec,
                                      const Readings& readings) {
  return parse_codec_at(array_type, codec, "", readings);
}

CastValueCodec parse_cast_value_configuration(const DataType& array_type, const json& configuration,
                                              const Readings& readings) {
  return parse_configuration_at(array_type, configuration, "", readings);
}

FillValueCheck validate_array_metadata(const DataType& array_type, const json& fill_value,
                                       const json& codecs, const Readings& readings) {
  FillValueCheck check;

  // The chain: find and validate the cast_value codecs.
  CastCodecChain chain;
  const std::optional<std::string> chain_problem =
      walk_codec_chain(chain, array_type, codecs, readings);
  check.cast_codecs = std::move(chain.codecs);
  if (chain_problem) return invalid_check(std::move(check), *chain_problem);

  // The fill value.
  std::uint64_t original = 0;
  try {
    original = parse_scalar(array_type, fill_value, readings);
  } catch (const ScalarError& error) {
    return invalid_check(std::move(check), std::string("fill_value: ") + error.what());
  }
  check.steps.push_back({"fill value", &array_type, original});
  const std::string head = "fill value " + value_text(array_type, original);
  if (check.cast_codecs.empty()) {
    check.valid = true;
    check.message = head + ": no cast_value codec in the chain, nothing to check";
    return check;
  }

  // Its round trip through the cast_value codecs.
  return check_round_trip(std::move(check), chain.indices, array_type, original, head, readings);
}

FillValueCheck validate_array_metadata(const json& array_metadata, const Readings& readings) {
  FillValueCheck check;
  if (!array_metadata.is_object())
    return invalid_check(std::move(check), "array metadata must be a JSON object; got " +
                                               describe_type_of(array_metadata));
  const json* data_type = find_key(array_metadata, "data_type");
  const json* fill_value = find_key(array_metadata, "fill_value");
  const json* codecs = find_key(array_metadata, "codecs");
  if (data_type == nullptr) return invalid_check(std::move(check), "data_type: missing (required)");
  if (fill_value == nullptr)
    return invalid_check(std::move(check), "fill_value: missing (required)");
  if (codecs == nullptr) return invalid_check(std::move(check), "codecs: missing (required)");
  const DataType* type = nullptr;
  try {
    type = &parse_data_type_metadata(*data_type, "data_type");
  } catch (const MetadataError& error) {
    return invalid_check(std::move(check), error.what());
  }
  return validate_array_metadata(*type, *fill_value, *codecs, readings);
}

}  // namespace cvc
