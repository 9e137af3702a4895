// cast_value codec metadata: parsing and validation (the cast_value spec, docs/specs.md, "Codec
// metadata", and cast_value.schema.json), and the fill value round trip the spec requires
// (section data_type: "If the fill value cannot survive a round-trip cast, implementations MUST
// treat this as an error").
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle/cast_rule.hpp"
#include "oracle/data_type.hpp"
#include "oracle/readings.hpp"

namespace cvc {

// Metadata the spec or the schema rejects. what() is "<path>: <reason>", where the path names the
// offending key from the object that was passed in, e.g. "configuration.scalar_map.encode[1][0]"
// (empty for the object itself, then what() is just the reason).
class MetadataError : public std::runtime_error {
 public:
  MetadataError(std::string path, std::string reason);
  const std::string& path() const { return path_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string path_;
  std::string reason_;
};

// A validated cast_value codec at one point of a codec chain.
struct CastValueCodec {
  const DataType* array_type = nullptr;  // the array data type before this codec (encode input)
  const DataType* data_type = nullptr;   // configuration.data_type (encode output)
  Rounding rounding = Rounding::NearestEven;
  OutOfRange out_of_range = OutOfRange::None;
  std::vector<ScalarMapEntry> encode;  // scalar_map.encode: array_type -> data_type, JSON order
  std::vector<ScalarMapEntry> decode;  // scalar_map.decode: data_type -> array_type, JSON order

  CastRule encode_rule() const;  // array_type -> data_type with the encode entries
  CastRule decode_rule() const;  // data_type -> array_type with the decode entries
};

// Zarr v3 data type metadata for one of the 26 types: a string ("uint8") or an object
// {"name": "uint8"} with an optional "configuration" that must be empty (none of the 26 types takes
// a configuration). Anything else, including Zarr types cast_value does not support ("bool",
// "complex64", "r16", ...), throws MetadataError with `path` as the path.
const DataType& parse_data_type_metadata(const nlohmann::json& value,
                                         const std::string& path = "data_type");

// A codec object {"name": "cast_value", "configuration": {...}}, given the array data type at this
// point of the chain. Rejects (MetadataError): missing or extra keys at any level, a wrong name, a
// configuration that is not an object, a missing or unsupported data_type, rounding / out_of_range
// values that are not one of the permitted strings, "wrap" with a non-integral data_type, and a
// scalar_map that is not an object with optional arrays "encode" and "decode" of 2-element arrays
// whose scalars are valid (oracle/scalar_json.hpp) for their types: encode [array type, data_type],
// decode [data_type, array type]. Repeated keys in a scalar_map are kept (the spec: readers use
// the first occurrence; CastRule's first matching entry wins). Readings: IntegerJSON,
// FloatJSONOverflow, HexWidth, PlusInfinity (for the scalars), E8M0Tie (rounding them).
CastValueCodec parse_cast_value_codec(const DataType& array_type, const nlohmann::json& codec,
                                      const Readings& readings = {});

// The same with the codec found at `path` of a chain ("codecs[2]"): error paths start there.
CastValueCodec parse_cast_value_codec(const DataType& array_type, const nlohmann::json& codec,
                                      const std::string& path, const Readings& readings);

// The same for a bare configuration object ({"data_type": ..., ...}); paths start at its keys.
CastValueCodec parse_cast_value_configuration(const DataType& array_type,
                                              const nlohmann::json& configuration,
                                              const Readings& readings = {});

// One value of the fill value's round trip.
struct FillStep {
  std::string label;  // "fill value", "encode codecs[0]", "decode codecs[0]"
  const DataType* type = nullptr;
  std::uint64_t bits = 0;
};

// Valid, invalid, or undecided: the chain holds a codec the oracle does not follow (an unknown
// array -> array codec), so it cannot tell; never called invalid for that.
enum class MetadataVerdict : std::uint8_t { Valid, Invalid, Undecided };

struct FillValueCheck {
  MetadataVerdict verdict = MetadataVerdict::Invalid;
  bool valid = false;           // verdict == Valid
  std::string message;          // why it is invalid or undecided, or an account of the round trip
  std::vector<FillStep> steps;  // the values computed before the verdict, in order
  std::vector<CastValueCodec> cast_codecs;  // the cast_value codecs of the chain, in order
  // What the check could not decide for want of a fact, "PATH: why" (a sharding codec's
  // chunk_shape when the shard shape is not known); never a reason to call it invalid.
  std::vector<std::string> unchecked;
};

// Validates an array's codec chain and the fill value round trip (oracle/array_metadata_check.cpp).
//
// The chain, `codecs`, is a JSON array of codec metadata (objects, or bare name strings as in the
// spec's examples), walked level by level, each level in the form the core spec gives a chain
// (zarr-specs docs/v3/core/index.rst, "Codecs": array -> array codecs, then exactly one array ->
// bytes codec, then bytes -> bytes codecs): the array -> array codecs the oracle follows
// (cast_value, scale_offset, transpose, numcodecs.fixedscaleoffset expanded as scale_offset.md
// says; oracle/codec_chain.hpp), then the array -> bytes codec: "bytes" or "packbits", or
// "sharding_indexed", whose inner `codecs` are the next level (its index_codecs a level of their
// own, on uint64 with no fill value, without a compressor). After the array -> bytes codec every
// codec is bytes -> bytes and cannot touch the fill value, whatever its name; an array -> array
// or a second array -> bytes codec there is invalid, and so is a level without an array -> bytes
// codec (a chain of array -> array codecs alone: with_implied_bytes_codec makes it whole). A
// codec of another name before it makes the verdict Undecided (a misspelling of a known name,
// "Cast_Value", is invalid: names are case-sensitive). sharding_indexed's configuration is
// checked as sharding-indexed.rst says (chunk_shape, codecs and index_codecs required,
// index_location "start" or "end"; chunk_shape of the shard shape's rank, dividing it, where the
// shard shape is known: inside another shard, or at the top from the zarr.json form's regular
// chunk_grid; otherwise said in `unchecked`).
//
// The fill value is parsed in `array_type` and threaded through every level as a chunk is
// encoded (each codec's encode must succeed; the sharding codec hands its inner codecs the value
// that reaches it), and each cast_value codec's decode must give back, from what it encoded, the
// value that reached it (ChainFillRoundTrip default; the alternative whole-chain also decodes the
// whole chain back and compares with the fill value). "Gives back" is FillRoundTrip (default:
// same numeric value and same sign of zero, any NaN matches any NaN; alternatives bit-exact and
// ignore-zero-sign).
FillValueCheck validate_array_metadata(const DataType& array_type, const nlohmann::json& fill_value,
                                       const nlohmann::json& codecs, const Readings& readings = {});

// The same from array metadata {"data_type": ..., "fill_value": ..., "codecs": [...], ...}
// (a regular chunk_grid's chunk_shape is the shard shape of a sharding codec at the top; other
// keys of the array metadata are ignored); an unsupported data_type or a missing key makes the
// result invalid.
FillValueCheck validate_array_metadata(const nlohmann::json& array_metadata,
                                       const Readings& readings = {});

}  // namespace cvc
