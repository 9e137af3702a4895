// Known-bug models: metadata verdicts (docs/bug-models.md, one section each). Most read the
// metadata as the buggy implementation does (a copy with what it ignores or misreads changed) and
// let the oracle judge the result; the refusals answer invalid outright.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "harness/bug_models/model_parts.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::bug_catalogue {
namespace metadata_models {

using json = nlohmann::json;

FillValueCheck oracle_check(const DataType& array_type, const json& fill_value,
                            const json& codecs) {
  return validate_array_metadata(array_type, fill_value, codecs);
}

FillValueCheck refusal(std::string message) {
  FillValueCheck check;
  check.valid = false;
  check.message = std::move(message);
  return check;
}

bool is_cast_value(const json& codec) {
  if (!codec.is_object()) return false;
  const auto name = codec.find("name");
  return name != codec.end() && name->is_string() && *name == "cast_value";
}

// The configuration object of a cast_value codec object, or nullptr.
json* configuration_of(json& codec) {
  const auto configuration = codec.find("configuration");
  return configuration != codec.end() && configuration->is_object() ? &*configuration : nullptr;
}

const DataType* data_type_of(const json& configuration) {
  const auto data_type = configuration.find("data_type");
  if (data_type == configuration.end()) return nullptr;
  try {
    return &parse_data_type_metadata(*data_type);
  } catch (const MetadataError&) {
    return nullptr;
  }
}

// Calls visit(codec, input type or nullptr, data_type or nullptr) for each cast_value codec object
// of the chain, in order, on a copy of `codecs` that the visitor may change; returns the copy.
template <class Visit>
json each_cast_codec(const DataType& array_type, json codecs, Visit visit) {
  if (!codecs.is_array()) return codecs;
  const DataType* current = &array_type;
  for (json& codec : codecs) {
    if (!is_cast_value(codec)) continue;
    const json* configuration = configuration_of(codec);
    const DataType* data_type = configuration ? data_type_of(*configuration) : nullptr;
    visit(codec, current, data_type);
    current = data_type;
  }
  return codecs;
}

// Calls visit(scalar, its type) for each scalar of the scalar_map entries of a configuration
// (encode: [input, data_type]; decode: [data_type, input]) whose types are known.
template <class Visit>
void each_map_scalar(json& configuration, const DataType* input, const DataType* data_type,
                     Visit visit) {
  const auto map = configuration.find("scalar_map");
  if (map == configuration.end() || !map->is_object()) return;
  for (const char* direction : {"encode", "decode"}) {
    const auto entries = map->find(direction);
    if (entries == map->end() || !entries->is_array()) continue;
    const bool encode = std::string_view(direction) == "encode";
    const DataType* key_type = encode ? input : data_type;
    const DataType* value_type = encode ? data_type : input;
    for (json& entry : *entries) {
      if (!entry.is_array() || entry.size() != 2) continue;
      if (key_type != nullptr) visit(entry[0], *key_type);
      if (value_type != nullptr) visit(entry[1], *value_type);
    }
  }
}

// A copy of the chain with visit(scalar, its type) applied to every scalar_map scalar of every
// cast_value codec: how a reader that misreads scalars sees the metadata.
template <class Visit>
json each_chain_map_scalar(const DataType& array_type, const json& codecs, Visit visit) {
  return each_cast_codec(array_type, codecs,
                         [&](json& codec, const DataType* input, const DataType* data_type) {
                           json* configuration = configuration_of(codec);
                           if (configuration != nullptr)
                             each_map_scalar(*configuration, input, data_type, visit);
                         });
}

bool any_map_scalar(const json& codecs, bool (*test)(const json& scalar)) {
  if (!codecs.is_array()) return false;
  for (const json& codec : codecs) {
    if (!is_cast_value(codec)) continue;
    const auto configuration = codec.find("configuration");
    if (configuration == codec.end() || !configuration->is_object()) continue;
    const auto map = configuration->find("scalar_map");
    if (map == configuration->end() || !map->is_object()) continue;
    for (const auto& [direction, entries] : map->items()) {
      if (!entries.is_array()) continue;
      for (const json& entry : entries)
        if (entry.is_array())
          for (const json& scalar : entry)
            if (test(scalar)) return true;
    }
  }
  return false;
}

// Judges the metadata as read by the buggy implementation; a reading that itself fails (a value
// no JSON copy can hold) leaves the oracle's verdict.
template <class Read>
FillValueCheck judged_as_read(const DataType& array_type, const json& fill_value,
                              const json& codecs, Read read) {
  try {
    json read_fill = fill_value;
    json read_codecs = read(read_fill, codecs);
    return oracle_check(array_type, read_fill, read_codecs);
  } catch (const std::exception&) {
    return oracle_check(array_type, fill_value, codecs);
  }
}

// --- Python's float() and int() of a string (zarr's from_json_scalar) ---

std::string trimmed(const std::string& text) {
  const auto space = [](unsigned char c) { return std::isspace(c) != 0; };
  const auto first = std::find_if_not(text.begin(), text.end(), space);
  const auto last = std::find_if_not(text.rbegin(), text.rend(), space).base();
  return first < last ? std::string(first, last) : std::string();
}

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(),
                                      [](unsigned char c) { return std::isdigit(c) != 0; });
}

// "007" -> "7", "" -> "0".
std::string without_leading_zeros(std::string digits) {
  const std::size_t first = digits.find_first_not_of('0');
  return first == std::string::npos ? "0" : digits.substr(first);
}

// The JSON number literal of a decimal Python's float() reads, or nullopt.
std::optional<std::string> python_decimal(std::string text) {
  std::string sign;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    if (text[0] == '-') sign = "-";
    text.erase(0, 1);
  }
  std::string exponent;
  if (const std::size_t e = text.find_first_of("eE"); e != std::string::npos) {
    std::string power = text.substr(e + 1);
    std::string power_sign;
    if (!power.empty() && (power[0] == '+' || power[0] == '-')) {
      power_sign = power.substr(0, 1);
      power.erase(0, 1);
    }
    if (!all_digits(power)) return std::nullopt;
    exponent = "e" + power_sign + power;
    text.erase(e);
  }
  const std::size_t point = text.find('.');
  std::string whole = point == std::string::npos ? text : text.substr(0, point);
  std::string fraction = point == std::string::npos ? "" : text.substr(point + 1);
  if (whole.empty() && fraction.empty()) return std::nullopt;
  if ((!whole.empty() && !all_digits(whole)) || (!fraction.empty() && !all_digits(fraction)))
    return std::nullopt;
  std::string literal = sign + without_leading_zeros(whole);
  if (!fraction.empty()) literal += "." + fraction;
  literal += exponent;
  if (!is_json_number_literal(literal)) return std::nullopt;
  return literal;
}

// A string scalar as Python reads it for the type: float() for floats ("nan", "inf", "1.5", ...),
// int() for integers ("1", " -2 "). Other JSON is left alone.
void read_as_python(json& scalar, const DataType& type) {
  if (!scalar.is_string()) return;
  const std::string text = trimmed(scalar.get<std::string>());
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (type.is_float()) {
    if (text.rfind("0x", 0) == 0) return;  // the hex form is read as the spec says
    const bool negative = !lower.empty() && lower[0] == '-';
    const std::string body =
        !lower.empty() && (lower[0] == '-' || lower[0] == '+') ? lower.substr(1) : lower;
    if (body == "nan") {
      scalar = "NaN";
    } else if (body == "inf" || body == "infinity") {
      scalar = negative ? "-Infinity" : "Infinity";
    } else if (const std::optional<std::string> literal = python_decimal(text)) {
      scalar = json_number(*literal);
    }
    return;
  }
  std::string digits = text;
  std::string sign;
  if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) {
    if (digits[0] == '-') sign = "-";
    digits.erase(0, 1);
  }
  if (all_digits(digits)) scalar = json_number(sign + without_leading_zeros(digits));
}

// --- Integers stored into a typed array (zarrita): modulo 2^N ---

void wrapped_into(json& scalar, const DataType& type) {
  if (!type.is_integer()) return;
  const std::optional<std::string> text = json_number_text(scalar);
  if (!text) return;
  const bool negative = !text->empty() && (*text)[0] == '-';
  const std::string digits = negative ? text->substr(1) : *text;
  if (!all_digits(digits)) return;  // a fraction or an exponent: another question (IntegerJSON)
  std::uint64_t low = 0;            // the value modulo 2^64 (2^N divides it)
  for (const char digit : digits) low = low * 10 + static_cast<std::uint64_t>(digit - '0');
  if (negative) low = 0 - low;
  scalar = format_scalar(type, low & type.bit_mask());
}

// --- The chain's codec kinds, for a reader that orders codecs by kind ---

int kind_rank(const json& codec) {
  std::string name;
  if (codec.is_string()) name = codec.get<std::string>();
  if (codec.is_object() && codec.contains("name") && codec["name"].is_string())
    name = codec["name"].get<std::string>();
  if (name == "bytes" || name == "packbits") return 1;  // array -> bytes
  if (name == "crc32c" || name == "gzip" || name == "zstd" || name == "blosc") return 2;
  return 0;  // array -> array, and anything unknown where it stands
}

}  // namespace metadata_models

using metadata_models::json;

// --- fill-encode-only ----------------------------------------------------------------------------

FillValueCheck FillEncodeOnly::validate(const DataType& array_type, const json& fill_value,
                                        const json& codecs) {
  FillValueCheck check = metadata_models::oracle_check(array_type, fill_value, codecs);
  // Only a verdict the round trip decided (the fill value parsed, the chain valid) is redone.
  if (check.valid || check.steps.empty() || check.cast_codecs.empty()) return check;
  std::uint64_t bits = check.steps.front().bits;
  for (const CastValueCodec& codec : check.cast_codecs) {
    const CastResult forward = cast_value(codec.encode_rule(), bits);
    if (!forward.ok()) return check;
    bits = forward.bits;
  }
  check.valid = true;
  check.message = "fill value encodes (the way back is not checked)";
  return check;
}

// --- option-values-unchecked ---------------------------------------------------------------------

FillValueCheck OptionValuesUnchecked::validate(const DataType& array_type, const json& fill_value,
                                               const json& codecs) {
  return metadata_models::judged_as_read(
      array_type, fill_value, codecs, [&](json&, const json& chain) {
        return metadata_models::each_cast_codec(
            array_type, chain, [](json& codec, const DataType*, const DataType*) {
              json* configuration = metadata_models::configuration_of(codec);
              if (configuration == nullptr) return;
              const auto rounding = configuration->find("rounding");
              if (rounding != configuration->end() && rounding->is_null())
                configuration->erase(rounding);
              const auto rule = configuration->find("out_of_range");
              if (rule != configuration->end() &&
                  !(rule->is_string() && (*rule == "clamp" || *rule == "wrap")))
                configuration->erase(rule);
            });
      });
}

// --- unknown-keys-ignored ------------------------------------------------------------------------

FillValueCheck UnknownKeysIgnored::validate(const DataType& array_type, const json& fill_value,
                                            const json& codecs) {
  const auto keep_only = [](json& object, std::initializer_list<std::string_view> known) {
    for (auto it = object.begin(); it != object.end();) {
      if (std::find(known.begin(), known.end(), it.key()) == known.end())
        it = object.erase(it);
      else
        ++it;
    }
  };
  return metadata_models::judged_as_read(
      array_type, fill_value, codecs, [&](json&, const json& chain) {
        return metadata_models::each_cast_codec(
            array_type, chain, [&](json& codec, const DataType*, const DataType*) {
              keep_only(codec, {"name", "configuration"});
              json* configuration = metadata_models::configuration_of(codec);
              if (configuration == nullptr) return;
              keep_only(*configuration, {"data_type", "rounding", "out_of_range", "scalar_map"});
              const auto map = configuration->find("scalar_map");
              if (map != configuration->end() && map->is_object())
                keep_only(*map, {"encode", "decode"});
            });
      });
}

// --- scalar-map-shape-unchecked ------------------------------------------------------------------

FillValueCheck ScalarMapShapeUnchecked::validate(const DataType& array_type, const json& fill_value,
                                                 const json& codecs) {
  return metadata_models::judged_as_read(
      array_type, fill_value, codecs, [&](json&, const json& chain) {
        return metadata_models::each_cast_codec(
            array_type, chain, [](json& codec, const DataType*, const DataType*) {
              json* configuration = metadata_models::configuration_of(codec);
              if (configuration == nullptr) return;
              const auto map = configuration->find("scalar_map");
              if (map == configuration->end()) return;
              if (!map->is_object()) {  // "encode" in a list is a membership test: no map
                configuration->erase(map);
                return;
              }
              for (auto& [direction, entries] : map->items()) {
                if (entries.is_object()) {  // a mapping is taken as its items
                  json pairs = json::array();
                  for (const auto& [key, value] : entries.items())
                    pairs.push_back(json::array({key, value}));
                  entries = std::move(pairs);
                }
                if (!entries.is_array()) continue;
                for (json& entry : entries)  // ([src, tgt]) = entry: extra elements unread
                  while (entry.is_array() && entry.size() > 2) entry.erase(entry.size() - 1);
              }
            });
      });
}

// --- python-scalar-strings -----------------------------------------------------------------------

FillValueCheck PythonScalarStrings::validate(const DataType& array_type, const json& fill_value,
                                             const json& codecs) {
  return metadata_models::judged_as_read(array_type, fill_value, codecs,
                                         [&](json& fill, const json& chain) {
                                           metadata_models::read_as_python(fill, array_type);
                                           return metadata_models::each_chain_map_scalar(
                                               array_type, chain, metadata_models::read_as_python);
                                         });
}

// --- integer-scalars-wrapped ---------------------------------------------------------------------

FillValueCheck IntegerScalarsWrapped::validate(const DataType& array_type, const json& fill_value,
                                               const json& codecs) {
  return metadata_models::judged_as_read(array_type, fill_value, codecs,
                                         [&](json&, const json& chain) {
                                           return metadata_models::each_chain_map_scalar(
                                               array_type, chain, metadata_models::wrapped_into);
                                         });
}

// --- cast-value-checked-with-array-type ----------------------------------------------------------

// zarr-python's ArrayV3Metadata._validate_metadata hands every codec the array's dtype: a
// cast_value reached by another type (after numcodecs.fixedscaleoffset's astype, after another
// cast_value) checks the scalars of its array side (encode keys, decode values) as scalars of the
// array's data type.
FillValueCheck CastValueCheckedWithArrayType::validate(const DataType& array_type,
                                                       const json& fill_value, const json& codecs) {
  FillValueCheck check = metadata_models::oracle_check(array_type, fill_value, codecs);
  const std::optional<ArrayChain> chain =
      check.valid ? array_element_chain(array_type, codecs) : std::nullopt;
  if (!chain) return check;
  for (const ChainStep& step : chain->steps) {
    // The top level's cast_value codecs reached by another type (a shard's are not modelled).
    if (step.name != "cast_value" || step.input == &array_type ||
        step.path.find('.') != std::string::npos)
      continue;
    const json map = codecs.at(std::stoul(step.path.substr(step.path.find('[') + 1)))
                         .value("configuration", json::object())
                         .value("scalar_map", json::object());
    for (const auto& [direction, position] : {std::pair{"encode", 0}, std::pair{"decode", 1}}) {
      const json entries = map.value(direction, json::array());
      for (std::size_t i = 0; i < entries.size(); ++i) {
        try {
          parse_scalar(array_type, entries[i].at(position));
        } catch (const std::exception&) {
          return metadata_models::refusal(
              step.path + ".configuration.scalar_map." + direction + "[" + std::to_string(i) +
              "][" + std::to_string(position) + "] is not a scalar of the array's data type " +
              std::string(array_type.name) + " (checked with the array's dtype)");
        }
      }
    }
  }
  return check;
}

// --- fixed-scale-offset-fill-not-threaded -------------------------------------------------------

// zarr-python's numcodecs.fixedscaleoffset changes the spec's dtype to astype and keeps the fill
// value; the cast_value after it makes np.array([fill], dtype=astype) of it (an integer astype
// refuses a truncation beyond its range, or a non-finite value: OverflowError, ValueError; a float
// astype rounds, beyond its range to an infinity) and casts that by its own rule.
FillValueCheck FixedScaleOffsetFillNotThreaded::validate(const DataType& array_type,
                                                         const json& fill_value,
                                                         const json& codecs) {
  FillValueCheck check = metadata_models::oracle_check(array_type, fill_value, codecs);
  if (!codecs.is_array() || codecs.size() < 3 ||
      codec_name(codecs[0]) != std::optional<std::string>("numcodecs.fixedscaleoffset") ||
      !metadata_models::is_cast_value(codecs[1]))
    return check;
  const std::optional<ArrayChain> chain = array_element_chain(array_type, codecs);
  if (!chain || chain->steps.size() < 3) return check;
  const CastValueCodec* next = std::get_if<CastValueCodec>(&chain->steps[2].codec);
  if (next == nullptr) return check;
  const DataType& astype = *chain->steps[1].output;
  std::uint64_t bits = 0;
  try {
    bits = parse_scalar(array_type, fill_value);
  } catch (const std::exception&) {
    return check;
  }
  const CastResult as_astype =
      cast_value(astype.is_integer()
                     ? plain_rule(array_type, astype, Rounding::TowardsZero, OutOfRange::None)
                     : plain_rule(array_type, astype, Rounding::NearestEven, OutOfRange::Clamp),
                 bits);
  if (as_astype.ok() && cast_value(next->encode_rule(), as_astype.bits).ok()) return check;
  return metadata_models::refusal("codecs[1]: the fill value " + dump_json_exact(fill_value) +
                                  " reaches the cast_value unchanged by codecs[0], as a " +
                                  std::string(astype.name) + ", and cannot be cast");
}

// --- hex-map-scalars-refused (its metadata part) -------------------------------------------------

namespace {

bool is_hex_scalar(const json& scalar) {
  return scalar.is_string() && scalar.get<std::string>().rfind("0x", 0) == 0;
}

// Does the cast_value codec's scalar_map write a scalar of its `direction` map in the "0x" form?
bool hex_in_map(const json& codec, const char* direction) {
  if (!codec.is_object()) return false;
  const auto configuration = codec.find("configuration");
  if (configuration == codec.end() || !configuration->is_object()) return false;
  const auto map = configuration->find("scalar_map");
  if (map == configuration->end() || !map->is_object()) return false;
  const auto entries = map->find(direction);
  if (entries == map->end() || !entries->is_array()) return false;
  for (const json& entry : *entries)
    if (entry.is_array() && std::any_of(entry.begin(), entry.end(), is_hex_scalar)) return true;
  return false;
}

}  // namespace

FillValueCheck HexMapScalarsRefused::validate(const DataType& array_type, const json& fill_value,
                                              const json& codecs) {
  if (metadata_models::any_map_scalar(codecs, is_hex_scalar))
    return metadata_models::refusal(
        "a scalar_map scalar in the \"0x\" form is refused (float() of a hex string)");
  return metadata_models::oracle_check(array_type, fill_value, codecs);
}

// zarr converts the decode map only in _decode_sync, when a chunk is read: the array opens (its
// fill value goes through the encode map alone) and the read fails.
bool HexMapScalarsRefused::fails_elements(const json& codec, Direction direction) {
  return direction == Direction::Decode && hex_in_map(codec, "decode") &&
         !hex_in_map(codec, "encode");
}

// --- wrap-float-data-type-accepted ---------------------------------------------------------------

FillValueCheck WrapFloatDataTypeAccepted::validate(const DataType& array_type,
                                                   const json& fill_value, const json& codecs) {
  return metadata_models::judged_as_read(
      array_type, fill_value, codecs, [&](json&, const json& chain) {
        return metadata_models::each_cast_codec(
            array_type, chain, [](json& codec, const DataType*, const DataType* data_type) {
              json* configuration = metadata_models::configuration_of(codec);
              if (configuration == nullptr || data_type == nullptr || !data_type->is_float())
                return;
              const auto rule = configuration->find("out_of_range");
              if (rule != configuration->end() && *rule == "wrap") configuration->erase(rule);
            });
      });
}

// --- codec-order-unchecked -----------------------------------------------------------------------

FillValueCheck CodecOrderUnchecked::validate(const DataType& array_type, const json& fill_value,
                                             const json& codecs) {
  return metadata_models::judged_as_read(
      array_type, fill_value, codecs, [](json&, const json& chain) {
        json sorted = chain;
        if (sorted.is_array())
          std::stable_sort(sorted.begin(), sorted.end(), [](const json& a, const json& b) {
            return metadata_models::kind_rank(a) < metadata_models::kind_rank(b);
          });
        return sorted;
      });
}

// --- data-type-object-refused --------------------------------------------------------------------

FillValueCheck DataTypeObjectRefused::validate(const DataType& array_type, const json& fill_value,
                                               const json& codecs) {
  if (codecs.is_array()) {
    for (const json& codec : codecs) {
      if (!metadata_models::is_cast_value(codec)) continue;
      const auto configuration = codec.find("configuration");
      if (configuration != codec.end() && configuration->is_object() &&
          configuration->contains("data_type") && configuration->at("data_type").is_object())
        return metadata_models::refusal(
            "a data_type given as an object is used as if it were a data type instance");
    }
  }
  return metadata_models::oracle_check(array_type, fill_value, codecs);
}

// --- bare-codec-name-refused ---------------------------------------------------------------------

namespace {

// A codec of the list given by its name alone, at any depth: the sharding codec's inner codecs and
// index codecs go through the same parser.
bool has_bare_codec_name(const json& codecs) {
  if (!codecs.is_array()) return false;
  return std::any_of(codecs.begin(), codecs.end(), [](const json& codec) {
    if (codec.is_string()) return true;
    if (!codec.is_object() || codec.value("name", json()) != "sharding_indexed") return false;
    const json configuration = codec.value("configuration", json());
    return configuration.is_object() &&
           (has_bare_codec_name(configuration.value("codecs", json())) ||
            has_bare_codec_name(configuration.value("index_codecs", json())));
  });
}

}  // namespace

FillValueCheck BareCodecNameRefused::validate(const DataType& array_type, const json& fill_value,
                                              const json& codecs) {
  if (has_bare_codec_name(codecs))
    return metadata_models::refusal("a codec given by its name alone is refused (expected dict)");
  return metadata_models::oracle_check(array_type, fill_value, codecs);
}

}  // namespace cvc::bug_catalogue
