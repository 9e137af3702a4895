#include "generators/stores_family.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "generators/cast_inputs.hpp"
#include "generators/fill_value.hpp"
#include "oracle/cast.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"
#include "vector_format/store_array.hpp"
#include "vector_format/store_chunks.hpp"

namespace cvc {
namespace {

using Json = nlohmann::json;

// --- Metadata builders
// ----------------------------------------------------------------------------

// One cast_value codec; empty strings and a null scalar_map are absent keys.
struct CastConfig {
  CastConfig(std::string data_type_, std::string rounding_ = "", std::string out_of_range_ = "",
             Json scalar_map_ = nullptr)
      : data_type(std::move(data_type_)),
        rounding(std::move(rounding_)),
        out_of_range(std::move(out_of_range_)),
        scalar_map(std::move(scalar_map_)) {}
  std::string data_type;
  std::string rounding;
  std::string out_of_range;
  Json scalar_map;
};

Json cast_codec(const CastConfig& config) {
  Json configuration = {{"data_type", config.data_type}};
  if (!config.rounding.empty()) configuration["rounding"] = config.rounding;
  if (!config.out_of_range.empty()) configuration["out_of_range"] = config.out_of_range;
  if (!config.scalar_map.is_null()) configuration["scalar_map"] = config.scalar_map;
  return {{"name", "cast_value"}, {"configuration", configuration}};
}

Json bytes_codec(bool big_endian) {
  return {{"name", "bytes"}, {"configuration", {{"endian", big_endian ? "big" : "little"}}}};
}

Json cast_chain(const std::vector<CastConfig>& casts, bool big_endian) {
  Json chain = Json::array();
  for (const CastConfig& config : casts) chain.push_back(cast_codec(config));
  chain.push_back(bytes_codec(big_endian));
  return chain;
}

struct ShardSpec {
  Extents inner_shape;
  bool crc32c = true;
  bool index_at_start = false;
};

Json sharded(const ShardSpec& spec, const Json& inner_chain) {
  Json index_codecs = Json::array({bytes_codec(false)});
  if (spec.crc32c) index_codecs.push_back({{"name", "crc32c"}});
  return Json::array({{{"name", "sharding_indexed"},
                       {"configuration",
                        {{"chunk_shape", spec.inner_shape},
                         {"codecs", inner_chain},
                         {"index_codecs", index_codecs},
                         {"index_location", spec.index_at_start ? "start" : "end"}}}}});
}

Json zarr_json(const std::string& type, const Extents& shape, const Extents& chunk_shape,
               const Json& fill_value, const Json& codecs) {
  return {{"zarr_format", 3},
          {"node_type", "array"},
          {"shape", shape},
          {"data_type", type},
          {"chunk_grid", {{"name", "regular"}, {"configuration", {{"chunk_shape", chunk_shape}}}}},
          {"chunk_key_encoding", {{"name", "default"}, {"configuration", {{"separator", "/"}}}}},
          {"fill_value", fill_value},
          {"codecs", codecs},
          {"attributes", Json::object()}};
}

// zarr.json text: the keys in the order of the core spec's examples, one per line.
std::string zarr_text(const Json& zarr) {
  std::string text = "{";
  const char* separator = "\n";
  for (const char* key : {"zarr_format", "node_type", "shape", "data_type", "chunk_grid",
                          "chunk_key_encoding", "fill_value", "codecs", "attributes"}) {
    text += separator + std::string("  \"") + key + "\": " + dump_json_exact(zarr[key]);
    separator = ",\n";
  }
  return text + "\n}\n";
}

// Decimal or string scalars ("2.5", "\"NaN\"") as patterns of `type`.
std::vector<std::uint64_t> patterns(const DataType& type, const std::vector<std::string>& texts) {
  std::vector<std::uint64_t> bits;
  for (const std::string& text : texts) bits.push_back(parse_scalar(type, parse_json_exact(text)));
  return bits;
}

// --- Plans
// ----------------------------------------------------------------------------------------

// One array of the family as the case tables describe it.
struct Plan {
  std::string id;  // "<kind>/<name>"
  std::string kind;
  std::string what;
  std::set<std::string> declared;  // features not derived from the metadata and the layout
  Json zarr;
  Selection selection;                  // the written box; empty: the whole array
  std::vector<std::uint64_t> elements;  // in the selection, C order: stored (decode) or array
  std::uint8_t upper_bits = 0;
  std::string intended;  // "ok" or an error kind (decode, encode); "valid", "invalid" (open)
};

// The fast oracle under a reading (the default one when none is given).
ChainOracle fast_under(const Readings& readings = {}) {
  return {&fast_element_oracle(), readings};
}

// Every alternative of every flag (only those an element computation reads, the cast and
// scale_offset flags, when `elements_only`).
std::vector<Readings> alternative_readings(bool elements_only) {
  std::vector<Readings> all;
  for (const FlagInfo& info : all_flags())
    if (!elements_only || is_cast_flag(info.flag) || is_scale_offset_flag(info.flag))
      for (int k = 1; k <= info.alternative_count(); ++k)
        all.push_back(Readings{}.with(info.flag, k));
  return all;
}

// The element chain of a chain for an array type and fill value (no shape needed): to sift
// elements.
StoreArray chain_of(const std::string& type, const Json& fill_value, const Json& chain) {
  const FillValueCheck check = validate_array_metadata(data_type(type), fill_value, chain);
  if (!check.valid)
    throw std::logic_error("stores: the case's metadata is invalid: " + check.message);
  StoreArray array;
  array.array_type = &data_type(type);
  array.chain = element_chain(*array.array_type, chain);
  array.stored_type = &array.chain.output_type();
  return array;
}

// An element's cast through the chain (encode or decode) gives the same outcome under every
// alternative reading as under the default: the family's results hold under every reading.
bool reading_independent(const StoreArray& array, bool encode, std::uint64_t bits) {
  const auto through = [&](const ChainOracle& oracle) {
    return encode ? encode_element(array, bits, oracle) : decode_element(array, bits, oracle);
  };
  const ChainResult expected = through(fast_under());
  for (const Readings& readings : alternative_readings(true))
    if (!through(fast_under(readings)).same_outcome(expected)) return false;
  return true;
}

// The candidates that cast without error (when `keep_errors` is false) and whatever the reading.
std::vector<std::uint64_t> sift(const StoreArray& array, bool encode,
                                const std::vector<std::uint64_t>& candidates, bool keep_errors) {
  std::vector<std::uint64_t> kept;
  for (const std::uint64_t bits : candidates) {
    const ChainResult result = encode ? encode_element(array, bits) : decode_element(array, bits);
    if ((keep_errors || result.ok()) && reading_independent(array, encode, bits))
      kept.push_back(bits);
  }
  return kept;
}

// At most `count` of `items`, spread evenly, first and last included.
std::vector<std::uint64_t> spread(const std::vector<std::uint64_t>& items, std::size_t count) {
  if (items.size() <= count) return items;
  std::vector<std::uint64_t> picked;
  for (std::size_t i = 0; i < count; ++i)
    picked.push_back(items[i * (items.size() - 1) / (count - 1)]);
  return picked;
}

// A chunk length for a 1-d array of n elements that leaves an edge chunk when it can.
std::uint64_t edge_chunk_length(std::uint64_t n) {
  for (const std::uint64_t length : {5, 4, 3, 7})
    if (length < n && n % length != 0) return length;
  return std::max<std::uint64_t>(1, std::min<std::uint64_t>(n, 5));
}

// A 1-d plan of the sifted elements: shape [n], an edge chunk when n allows.
Plan one_dimensional(const std::string& id, const std::string& what, const std::string& type,
                     const Json& fill_value, const Json& chain, std::vector<std::uint64_t> elements,
                     std::string intended = "ok") {
  if (elements.empty()) throw std::logic_error("stores: no element left for " + id);
  const std::uint64_t n = elements.size();
  Plan plan;
  plan.id = id;
  plan.kind = id.substr(0, id.find('/'));
  plan.what = what;
  plan.zarr = zarr_json(type, {n}, {edge_chunk_length(n)}, fill_value, chain);
  plan.elements = std::move(elements);
  plan.intended = std::move(intended);
  return plan;
}

// A 1-d plan of candidate values: sifted for the chain, without errors unless `intended` is one.
Plan sifted_plan(const std::string& id, const std::string& what, const std::string& type,
                 const Json& fill_value, const Json& chain,
                 const std::vector<std::uint64_t>& candidates, const std::string& intended = "ok") {
  const bool encode = id.starts_with("encode/");
  const StoreArray array = chain_of(type, fill_value, chain);
  return one_dimensional(id, what, type, fill_value, chain,
                         sift(array, encode, candidates, intended != "ok"), intended);
}

// --- The case tables
// --------------------------------------------------------------------------------

// Type pairs: each type next to the following one of the table (so each is an array type and a
// stored type once), and the pairs where implementations are known to go wrong.
std::vector<std::pair<std::string, std::string>> type_pairs() {
  std::vector<std::pair<std::string, std::string>> pairs;
  const auto& types = all_data_types();
  for (std::size_t i = 0; i < types.size(); ++i)
    pairs.emplace_back(types[i].name, types[(i + 1) % types.size()].name);
  for (const auto& pair :
       std::vector<std::pair<std::string, std::string>>{{"float64", "float16"},
                                                        {"float64", "bfloat16"},
                                                        {"float32", "float8_e4m3"},
                                                        {"float64", "float8_e8m0fnu"},
                                                        {"int64", "float32"},
                                                        {"uint64", "float64"},
                                                        {"float32", "int8"},
                                                        {"float16", "uint8"}})
    pairs.push_back(pair);
  return pairs;
}

void add_type_pairs(std::vector<Plan>& plans) {
  const auto pairs = type_pairs();
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [array_name, stored_name] = pairs[i];
    const DataType& array_type = data_type(array_name);
    const DataType& stored_type = data_type(stored_name);
    for (const bool encode : {false, true}) {
      const bool big_endian = (i % 2 == 1) != encode;
      const Json chain = cast_chain({{stored_name}}, big_endian);
      const Json fill_value = surviving_fill_value(array_type, {chain});
      const DataType& input = encode ? array_type : stored_type;
      const DataType& output = encode ? stored_type : array_type;
      const std::string kind = encode ? "encode" : "decode";
      const StoreArray array = chain_of(array_name, fill_value, chain);
      Plan plan = one_dimensional(
          kind + "/pair-" + array_name + "-" + stored_name,
          "type pair " + array_name + " (array) and " + stored_name +
              " (stored), default configuration: " + kind + " boundary values",
          array_name, fill_value, chain,
          spread(sift(array, encode, cast_inputs(input, output, 1400 + i, 8), false), 12));
      plan.declared.insert("type-pair");
      plans.push_back(std::move(plan));
    }
  }
}

const std::vector<std::string> kRoundings = {"nearest-even", "towards-zero", "towards-positive",
                                             "towards-negative", "nearest-away"};

void add_rounding(std::vector<Plan>& plans) {
  const std::vector<std::string> ties = {"-2.5", "-1.5", "-0.5", "0.5",   "1.5",
                                         "2.5",  "-0.7", "0.3",  "126.5", "-127.5"};
  // float64 -> float16 ties and the double-rounding trap (1 + 2^-11 + 2^-52 rounds to the tie
  // 1 + 2^-11 through float32), subnormal ties and the value below the overflow tie.
  const std::vector<std::string> float16_cases = {
      "\"0x3ff0020000000000\"", "\"0x3ff0020000000001\"", "\"0x3ff0060000000000\"",
      "\"0xbff0020000000001\"", "\"0x3e60000000000000\"", "\"0x3e68000000000000\"",
      "\"0x40effdffffffffff\"", "\"0xbe60000000000000\""};
  for (const std::string& rounding : kRoundings) {
    plans.push_back(sifted_plan("encode/rounding-" + rounding + "-float32-int8",
                                "rounding " + rounding + ": float32 ties and fractions to int8",
                                "float32", 0, cast_chain({{"int8", rounding}}, false),
                                patterns(data_type("float32"), ties)));
    plans.push_back(sifted_plan(
        "decode/rounding-" + rounding + "-int8-float16",
        "rounding " + rounding + ": float16 ties and fractions read as int8", "int8", 0,
        cast_chain({{"float16", rounding}}, true), patterns(data_type("float16"), ties)));
    plans.push_back(
        sifted_plan("encode/rounding-" + rounding + "-float64-float16",
                    "rounding " + rounding + ": float64 ties of float16, the double-rounding trap",
                    "float64", 0, cast_chain({{"float16", rounding}}, rounding.size() % 2 == 0),
                    patterns(data_type("float64"), float16_cases)));
  }
}

void add_out_of_range(std::vector<Plan>& plans) {
  const auto float32 = [](const std::vector<std::string>& texts) {
    return patterns(data_type("float32"), texts);
  };
  const std::vector<std::string> beyond_int8 = {
      "127.5", "128", "300", "-129", "-1000", "255.7", "1.5", "\"Infinity\"", "\"-Infinity\""};
  for (const std::string rule : {"clamp", "wrap"}) {
    plans.push_back(sifted_plan("encode/out-of-range-" + rule + "-float32-int8",
                                "out_of_range " + rule + ": float32 beyond int8's range", "float32",
                                0, cast_chain({{"int8", "", rule}}, false), float32(beyond_int8)));
    plans.push_back(sifted_plan(
        "encode/out-of-range-" + rule + "-int32-uint8",
        "out_of_range " + rule + ": int32 beyond uint8's range", "int32", 0,
        cast_chain({{"uint8", "", rule}}, true),
        patterns(data_type("int32"), {"256", "-1", "1000", "70000", "-2147483648", "255"})));
    plans.push_back(
        sifted_plan("decode/out-of-range-" + rule + "-int8-int16",
                    "out_of_range " + rule + ": stored int16 beyond int8's range, read as int8",
                    "int8", 0, cast_chain({{"int16", "", rule}}, rule == "wrap"),
                    patterns(data_type("int16"), {"128", "32767", "-129", "-32768", "300", "-5"})));
  }
  plans.push_back(sifted_plan(
      "encode/out-of-range-clamp-float64-float16",
      "out_of_range clamp into a type with infinities: beyond the finite range is +-Infinity",
      "float64", 0, cast_chain({{"float16", "", "clamp"}}, true),
      patterns(data_type("float64"), {"65520", "1e6", "-1e300", "70000", "65504", "-65519"})));
  plans.push_back(
      sifted_plan("encode/out-of-range-clamp-float32-float8_e4m3fnuz",
                  "out_of_range clamp into a type without infinities: the largest finite value",
                  "float32", 0, cast_chain({{"float8_e4m3fnuz", "", "clamp"}}, false),
                  float32({"1000", "-1000", "241", "\"Infinity\"", "\"-Infinity\"", "0.001"})));
  plans.push_back(sifted_plan(
      "decode/out-of-range-clamp-float32-float64",
      "out_of_range clamp on reading: stored float64 beyond float32's range read as +-Infinity",
      "float32", 0, cast_chain({{"float64", "", "clamp"}}, false),
      patterns(data_type("float64"), {"1e300", "-1e300", "3.5e38", "1.5", "1e-50"})));
}

void add_scalar_maps(std::vector<Plan>& plans) {
  // The spec's NumPy compatibility example.
  const Json numpy_map = {
      {"encode", parse_json_exact(R"([["NaN", 0], ["Infinity", 0], ["-Infinity", 0]])")}};
  plans.push_back(sifted_plan(
      "encode/scalar-map-numpy-float64-uint8", "the spec's NumPy compatibility example", "float64",
      0, cast_chain({{"uint8", "towards-zero", "wrap", numpy_map}}, false),
      patterns(data_type("float64"),
               {"\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "300.7", "-1.5", "255.9", "3.99"})));
  const Json decode_map = {{"decode", parse_json_exact(R"([[-128, "Infinity"], [127, -0.0]])")}};
  plans.push_back(sifted_plan("decode/scalar-map-int8-sentinels-float16",
                              "decode map: stored -128 reads as Infinity, 127 as -0.0", "float16",
                              0, cast_chain({{"int8", "", "", decode_map}}, false),
                              patterns(data_type("int8"), {"-128", "127", "0", "-1", "126"})));
}

void add_errors(std::vector<Plan>& plans) {
  plans.push_back(sifted_plan(
      "decode/error-out-of-range-int8-int16",
      "a stored int16 beyond int8's range in the last chunk, no out_of_range: reading fails",
      "int8", 0, cast_chain({{"int16"}}, false),
      patterns(data_type("int16"), {"1", "2", "3", "4", "5", "6", "300"}), "out_of_range"));
  plans.push_back(sifted_plan("decode/error-nan-int32-float16",
                              "a stored float16 NaN read as int32: reading fails", "int32", 0,
                              cast_chain({{"float16"}}, true),
                              patterns(data_type("float16"), {"1.0", "\"NaN\"", "2.0"}), "nan"));
  plans.push_back(sifted_plan(
      "decode/error-infinity-int32-float32",
      "a stored float32 -Infinity read as int32: reading fails", "int32", 0,
      cast_chain({{"float32"}}, false),
      patterns(data_type("float32"), {"1.0", "2.0", "3.0", "4.0", "5.0", "\"-Infinity\""}),
      "infinity"));
  plans.push_back(sifted_plan(
      "encode/error-out-of-range-float32-int8",
      "writing float32 300 into int8 with no out_of_range fails", "float32", 0,
      cast_chain({{"int8"}}, false),
      patterns(data_type("float32"), {"1.0", "2.0", "3.0", "4.0", "5.0", "300"}), "out_of_range"));
  plans.push_back(sifted_plan("encode/error-nan-float32-int16",
                              "writing NaN into int16 with no scalar_map fails", "float32", 0,
                              cast_chain({{"int16"}}, true),
                              patterns(data_type("float32"), {"1.0", "\"NaN\""}), "nan"));
}

// A 2-d or 3-d plan with explicit geometry and a written box.
Plan box_plan(const std::string& id, const std::string& what, const std::string& type,
              const Extents& shape, const Extents& chunk_shape, const Json& fill_value,
              const Json& codecs, const Selection& selection,
              const std::vector<std::uint64_t>& values, std::set<std::string> declared = {},
              std::string intended = "ok") {
  Plan plan;
  plan.id = id;
  plan.kind = id.substr(0, id.find('/'));
  plan.what = what;
  plan.declared = std::move(declared);
  plan.zarr = zarr_json(type, shape, chunk_shape, fill_value, codecs);
  plan.selection = selection;
  std::uint64_t count = 1;
  for (const auto& [start, stop] : selection) count *= stop - start;
  for (std::uint64_t k = 0; k < count; ++k) plan.elements.push_back(values[k % values.size()]);
  plan.intended = std::move(intended);
  return plan;
}

// The same layout read (stored elements) and written (array values).
void add_both(std::vector<Plan>& plans, const std::string& name, const std::string& what,
              const std::string& type, const Extents& shape, const Extents& chunk_shape,
              const Json& fill_value, const Json& codecs, const Selection& selection,
              const std::vector<std::string>& values, std::set<std::string> declared = {}) {
  const StoreArray array = chain_of(type, fill_value, element_codecs_of({{"codecs", codecs}}));
  // The values that encode, and decode from what they encode, without error whatever the reading.
  std::vector<std::uint64_t> written, stored;
  for (const std::uint64_t bits : patterns(*array.array_type, values)) {
    const ChainResult encoded = encode_element(array, bits);
    if (!encoded.ok() || !reading_independent(array, true, bits) ||
        !reading_independent(array, false, encoded.bits))
      continue;
    written.push_back(bits);
    stored.push_back(encoded.bits);
  }
  if (written.empty()) throw std::logic_error("stores: no value left for " + name);
  plans.push_back(box_plan("decode/" + name, what, type, shape, chunk_shape, fill_value, codecs,
                           selection, stored, declared));
  plans.push_back(box_plan("encode/" + name, what, type, shape, chunk_shape, fill_value, codecs,
                           selection, written, declared));
}

void add_layouts(std::vector<Plan>& plans) {
  const std::vector<std::string> values = {"1.5",   "-2.25", "0.1",  "65504", "-0.0",
                                           "1e-06", "3.0",   "-7.5", "0.333"};
  add_both(
      plans, "partial-missing-edge-float32-float16",
      "5x3 array in 2x2 chunks written in rows 0-2 only: partial chunks, chunks never written, "
      "edge chunks; fill -0.0",
      "float32", {5, 3}, {2, 2}, parse_json_exact("-0.0"), cast_chain({{"float16"}}, true),
      {{0, 3}, {0, 3}}, values, {"fill-value"});
  const Json sentinel = {{"encode", parse_json_exact(R"([["NaN", 255]])")},
                         {"decode", parse_json_exact(R"([[255, "NaN"]])")}};
  add_both(plans, "sentinel-nan-float32-uint8",
           "fill NaN stored as the sentinel 255 (scalar_map both ways, clamp): unwritten elements "
           "and chunks never written read as NaN",
           "float32", {4, 6}, {3, 4}, "NaN", cast_chain({{"uint8", "", "clamp", sentinel}}, false),
           {{1, 4}, {0, 3}}, {"7", "300", "-3", "\"NaN\"", "12.5", "254"}, {"fill-value"});
  add_both(plans, "fill-wrapped-uint8-int8",
           "fill 200 stored through wrap as -56 (0xc8): partial and missing chunks hold 0xc8",
           "uint8", {7}, {3}, 200, cast_chain({{"int8", "", "wrap"}}, false), {{2, 5}},
           {"1", "255", "128"}, {"fill-value"});
  add_both(
      plans, "cast-chain-float64-float32-float16",
      "two cast_value codecs: float64 -> float32 towards-zero -> float16: encode in chain order, "
      "decode in reverse",
      "float64", {3, 3}, {2, 3}, 0.5, cast_chain({{"float32", "towards-zero"}, {"float16"}}, true),
      {{0, 3}, {0, 3}},
      {"\"0x3ff0020000000001\"", "1.0009765625", "-3.1", "1e-7", "65519", "0.5", "2"});
  add_both(plans, "cast-chain-int32-int16-int8",
           "two cast_value codecs: int32 -> int16 clamp -> int8 wrap", "int32", {6}, {4}, 0,
           cast_chain({{"int16", "", "clamp"}, {"int8", "", "wrap"}}, false), {{0, 6}},
           {"40000", "-40000", "200", "-129", "5", "0"});
}

void add_sharding(std::vector<Plan>& plans) {
  add_both(plans, "shard-crc32c-float32-bfloat16",
           "6x5 array in 4x4 shards of 2x2 inner chunks, index [bytes little, crc32c] at the end, "
           "written in rows 0-4, columns 0-2: missing shards, empty and partial inner chunks",
           "float32", {6, 5}, {4, 4}, 0,
           sharded({{2, 2}, true, false}, cast_chain({{"bfloat16"}}, false)), {{0, 5}, {0, 3}},
           {"1.5", "-0.1", "3.38e38", "1e-40", "-0.0", "7", "65536.5"});
  add_both(
      plans, "shard-start-float32-int16",
      "3-d array in shards with the index [bytes little] at the start, big-endian inner chunks, "
      "towards-zero and clamp",
      "float32", {3, 4, 5}, {2, 4, 4}, 0,
      sharded({{1, 2, 2}, false, true}, cast_chain({{"int16", "towards-zero", "clamp"}}, true)),
      {{0, 3}, {1, 4}, {0, 3}}, {"1.9", "-1.9", "40000", "-40000", "0.5", "12"});
  // Shard-level fill values: a shard written with fill values only, inner chunks of fill only.
  const Json sentinel = {{"encode", parse_json_exact(R"([["NaN", -128]])")},
                         {"decode", parse_json_exact(R"([[-128, "NaN"]])")}};
  add_both(plans, "shard-fill-nan-float16-int8",
           "fill NaN through the sentinel -128 in shards: the right shard is written with NaN only "
           "(every inner chunk empty), the left one partly",
           "float16", {4, 8}, {4, 4}, "NaN",
           sharded({{2, 2}, true, false}, cast_chain({{"int8", "", "clamp", sentinel}}, false)),
           {{0, 4}, {0, 8}},
           {"\"NaN\"", "\"NaN\"", "1", "2", "\"NaN\"", "\"NaN\"", "\"NaN\"", "\"NaN\""},
           {"fill-value"});
  // A failing element inside a shard.
  const Json chain = sharded({{2}, true, false}, cast_chain({{"int16"}}, false));
  plans.push_back(box_plan(
      "decode/shard-error-out-of-range-int8-int16",
      "a stored int16 beyond int8's range in an inner chunk: reading fails", "int8", {8}, {4}, 0,
      chain, {{0, 8}}, patterns(data_type("int16"), {"1", "2", "3", "4", "5", "-300", "7", "8"}),
      {}, "out_of_range"));
}

void add_upper_bits(std::vector<Plan>& plans) {
  const auto add = [&](const std::string& type, const std::string& stored, std::uint8_t upper) {
    const DataType& stored_type = data_type(stored);
    std::vector<std::uint64_t> every;
    for (std::uint64_t bits = 0; bits <= stored_type.bit_mask(); ++bits) every.push_back(bits);
    Plan plan =
        sifted_plan("decode/upper-bits-" + type + "-" + stored,
                    stored + " stored one per byte with the upper bits set: readers ignore them",
                    type, 0, cast_chain({{stored}}, false), every);
    plan.upper_bits = upper;
    plans.push_back(std::move(plan));
  };
  add("int8", "int4", 0xf0);
  add("float32", "float4_e2m1fn", 0xa0);
  add("uint8", "uint2", 0xfc);
  add("float16", "float6_e3m2fn", 0x40);
}

// --- Open: metadata that must be refused or opened
// -------------------------------------------------

// An open array: shape [4] in chunks of 2, the verdict its metadata must get.
Plan open_plan(const std::string& name, const std::string& what, const std::string& type,
               const Json& fill_value, const Json& codecs, const std::string& verdict) {
  Plan plan;
  plan.id = "open/" + name;
  plan.kind = "open";
  plan.what = what;
  plan.zarr = zarr_json(type, {4}, {2}, fill_value, codecs);
  plan.intended = verdict;
  return plan;
}

void add_open(std::vector<Plan>& plans) {
  const auto add = [&](const std::string& name, const std::string& what, const std::string& type,
                       const Json& fill_value, const Json& codecs, const std::string& verdict) {
    plans.push_back(open_plan(name, what, type, fill_value, codecs, verdict));
  };
  const Json sentinel = {{"encode", parse_json_exact(R"([["NaN", 255]])")},
                         {"decode", parse_json_exact(R"([[255, "NaN"]])")}};
  add("valid-nan-float16", "fill NaN through float16", "float32", "NaN",
      cast_chain({{"float16"}}, false), "valid");
  add("valid-sentinel-nan-uint8", "fill NaN through a sentinel map to uint8", "float32", "NaN",
      cast_chain({{"uint8", "", "", sentinel}}, false), "valid");
  add("valid-negative-zero-float16", "fill -0.0 through float16", "float32",
      parse_json_exact("-0.0"), cast_chain({{"float16"}}, true), "valid");
  add("valid-wrapped-fill", "fill 200 (uint8) through int8 with wrap", "uint8", 200,
      cast_chain({{"int8", "", "wrap"}}, false), "valid");
  add("valid-sharded", "cast_value inside sharding_indexed", "float32", 1,
      sharded({{2}, true, false}, cast_chain({{"int8"}}, false)), "valid");
  add("valid-chain", "two cast_value codecs, fill 0.5", "float64", 0.5,
      cast_chain({{"float32"}, {"float16"}}, false), "valid");
  add("invalid-fill-not-surviving", "fill 0.1 (float32) does not survive float16", "float32",
      parse_json_exact("0.1"), cast_chain({{"float16"}}, false), "invalid");
  add("invalid-fill-nan-int8", "fill NaN into int8 with no scalar_map", "float32", "NaN",
      cast_chain({{"int8"}}, false), "invalid");
  add("invalid-fill-out-of-range", "fill 200 (uint8) into int8 with no out_of_range", "uint8", 200,
      cast_chain({{"int8"}}, false), "invalid");
  add("invalid-sharded-fill-clamped", "inside sharding: fill 300 clamps to 127 and comes back 127",
      "int16", 300, sharded({{2}, true, false}, cast_chain({{"int8", "", "clamp"}}, false)),
      "invalid");
  add("invalid-wrap-float", "out_of_range wrap with a float data_type", "float64", 0,
      cast_chain({{"float32", "", "wrap"}}, false), "invalid");
  add("invalid-rounding-name", "rounding \"nearest\" is not a permitted value", "float32", 0,
      cast_chain({{"float16", "nearest"}}, false), "invalid");
  Json extra_key = cast_chain({{"int8"}}, false);
  extra_key[0]["configuration"]["offset"] = 0;
  add("invalid-unknown-key", "an additional configuration key (reserved: readers must refuse)",
      "int16", 0, extra_key, "invalid");
  Json after_bytes = Json::array({bytes_codec(false), cast_codec({"int8"})});
  add("invalid-after-bytes", "cast_value after the bytes codec", "int16", 0, after_bytes,
      "invalid");
  add("invalid-sharded-wrap-float", "inside sharding: wrap with a float data_type", "float32", 0,
      sharded({{2}, false, false}, cast_chain({{"float16", "", "wrap"}}, false)), "invalid");
}

// --- scale_offset in the chain (scale_offset.md)
// ----------------------------------------------------------

Json scale_offset_codec(const Json& configuration) {
  return {{"name", "scale_offset"}, {"configuration", configuration}};
}

// scale_offset, then cast_value, then bytes: the chain scale_offset.md's examples write.
Json quantizing_chain(const Json& scale_offset, const CastConfig& cast, bool big_endian) {
  Json chain = cast_chain({cast}, big_endian);
  chain.insert(chain.begin(), scale_offset_codec(scale_offset));
  return chain;
}

// The quantization of a product: float32 times 100 into uint16, clamped; plain and sharded.
void add_quantization(std::vector<Plan>& plans) {
  const Json scale_100 = {{"offset", 0}, {"scale", 100}};
  const CastConfig uint16_clamp{"uint16", "", "clamp"};
  Plan encode = sifted_plan(
      "encode/scale-offset-float32-uint16",
      "scale_offset (offset 0, scale 100) then cast_value uint16 clamp: fractions rounded, values "
      "beyond [0, 655.35] clamped",
      "float32", 0, quantizing_chain(scale_100, uint16_clamp, false),
      patterns(data_type("float32"), {"0", "1.5", "2.345", "-1", "-0.0", "655.35", "700", "12.345",
                                      "0.005", "0.015", "99.99", "1e-10", "3.4e38"}));
  plans.push_back(std::move(encode));
  plans.push_back(sifted_plan(
      "decode/scale-offset-float32-uint16",
      "scale_offset (offset 0, scale 100) then cast_value uint16 clamp: stored uint16 read as "
      "value / 100",
      "float32", 0, quantizing_chain(scale_100, uint16_clamp, true),
      patterns(data_type("uint16"),
               {"0", "1", "150", "1234", "65535", "100", "333", "50", "7", "65534", "32768"})));
  add_both(plans, "shard-scale-offset-float32-uint16",
           "scale_offset (offset 0, scale 100) then cast_value uint16 clamp inside "
           "sharding_indexed, fill 1.5 (stored 150): 4x6 array in 2x4 shards of 1x2 inner "
           "chunks written in rows 0-2, columns 0-2: missing shards, empty and partial inner "
           "chunks read as 1.5",
           "float32", {4, 6}, {2, 4}, 1.5,
           sharded({{1, 2}, true, false}, quantizing_chain(scale_100, uint16_clamp, false)),
           {{0, 3}, {0, 3}}, {"0.25", "3", "-2", "655.35", "10.5", "1.5", "42"}, {"fill-value"});
  plans.push_back(open_plan(
      "valid-shard-scale-offset-float32-uint16",
      "fill 1.5 through scale_offset (scale 100) and cast_value uint16 "
      "inside sharding_indexed: stored 150, read back 1.5",
      "float32", 1.5, sharded({{2}, true, false}, quantizing_chain(scale_100, uint16_clamp, false)),
      "valid"));
}

// scale_offset.md, "Float64 to uint8 with NaN preservation", exactly: fill NaN, offset -10,
// scale 0.1, uint8 nearest-even, NaN <-> 0. Partly written chunks hold the encoded fill, 0.
void add_nan_example(std::vector<Plan>& plans) {
  const Json nan_map = {{"encode", parse_json_exact(R"([["NaN", 0]])")},
                        {"decode", parse_json_exact(R"([[0, "NaN"]])")}};
  add_both(plans, "scale-offset-nan-float64-uint8",
           "scale_offset.md's float64 to uint8 with NaN preservation (fill NaN, offset -10, scale "
           "0.1, nearest-even, scalar_map NaN <-> 0): 3x5 array in 2x2 chunks written in rows "
           "0-1, columns 1-3: unwritten elements are stored as 0 and read as NaN",
           "float64", {3, 5}, {2, 2}, "NaN",
           quantizing_chain(parse_json_exact(R"({"offset": -10, "scale": 0.1})"),
                            {"uint8", "nearest-even", "", nan_map}, false),
           {{0, 2}, {1, 4}}, {"0", "2540", "100", "\"NaN\"", "12.5", "1000", "15", "2000", "-10"},
           {"fill-value"});
}

// scale_offset.md's conversion example of numcodecs.fixedscaleoffset (a read-only alias: read and
// opened, never written), and scale_offset configurations a reader must refuse or accept.
void add_alias_and_open(std::vector<Plan>& plans) {
  const Json alias = Json::array(
      {{{"name", "numcodecs.fixedscaleoffset"},
        {"configuration",
         parse_json_exact(
             R"({"astype": "uint8", "dtype": "float32", "scale": 0.1, "offset": 10})")}},
       bytes_codec(false)});
  std::vector<std::uint64_t> every_uint8;
  for (std::uint64_t bits = 0; bits < 256; ++bits) every_uint8.push_back(bits);
  const StoreArray array = chain_of("float32", 10, alias);
  plans.push_back(one_dimensional(
      "decode/fixedscaleoffset-float32-uint8",
      "scale_offset.md's numcodecs.fixedscaleoffset conversion example (astype uint8, dtype "
      "float32, scale 0.1, offset 10; fill 10.0): stored uint8 read as value / 0.1 + 10",
      "float32", 10, alias, spread(sift(array, false, every_uint8, false), 12)));
  plans.push_back(open_plan("valid-fixedscaleoffset",
                            "scale_offset.md's numcodecs.fixedscaleoffset conversion example, fill "
                            "10.0 (stored 0)",
                            "float32", 10, alias, "valid"));
  const Json offset_1000 = {{"offset", 1000}};
  plans.push_back(open_plan("valid-scale-offset-uint16-uint8",
                            "scale_offset.md's uint16 range reduction (offset 1000, then uint8), "
                            "fill 1000 (stored 0)",
                            "uint16", 1000, quantizing_chain(offset_1000, {"uint8"}, false),
                            "valid"));
  plans.push_back(open_plan("invalid-scale-offset-fill-uint16",
                            "scale_offset.md's uint16 range reduction with fill 0: 0 - 1000 is not "
                            "a uint16, so the fill value cannot be encoded",
                            "uint16", 0, quantizing_chain(offset_1000, {"uint8"}, false),
                            "invalid"));
  plans.push_back(sifted_plan(
      "encode/error-scale-offset-uint16-uint8",
      "writing 999 through scale_offset offset 1000 (uint16) fails: 999 - 1000 is not a uint16",
      "uint16", 1000, quantizing_chain(offset_1000, {"uint8"}, false),
      patterns(data_type("uint16"), {"1000", "1100", "1255", "999"}), "not_representable"));
}

void add_scale_offset(std::vector<Plan>& plans) {
  add_quantization(plans);
  add_nan_example(plans);
  add_alias_and_open(plans);
}

// int64 through scale_offset (scale 4): the products at the 2^63 edge that zarr-python 3.4.2
// wraps silently, written (an error) and read; plain and inside sharding_indexed.
void add_int64_chains(std::vector<Plan>& plans) {
  const Json scale_4 = Json::array({scale_offset_codec({{"scale", 4}}), bytes_codec(false)});
  plans.push_back(sifted_plan(
      "encode/error-scale-offset-int64-product",
      "writing [2^62, 1, -2^62, 2^61] to int64 through scale_offset scale 4 fails: 2^62 * 4 is no "
      "int64 (zarr-python 3.4.2 stores [0, 4, 0, -2^63] with no error)",
      "int64", 0, scale_4,
      patterns(data_type("int64"),
               {"4611686018427387904", "1", "-4611686018427387904", "2305843009213693952"}),
      "not_representable"));
  plans.push_back(sifted_plan(
      "encode/scale-offset-int64",
      "int64 through scale_offset scale 4, every product within int64 (up to 2^63 - 4 and down "
      "to -2^63)",
      "int64", 0, scale_4,
      patterns(data_type("int64"), {"1", "-1", "2305843009213693951", "-2305843009213693952",
                                    "123456789012345", "0"})));
  plans.push_back(sifted_plan(
      "decode/scale-offset-int64",
      "stored int64 read through scale_offset scale 4: multiples of 4 up to 2^63 - 4 and -2^63, "
      "divided exactly",
      "int64", 0, scale_4,
      patterns(data_type("int64"), {"4", "-4", "9223372036854775804", "-9223372036854775808", "0",
                                    "493827156049380"})));
  add_both(plans, "shard-scale-offset-int64",
           "int64 through scale_offset scale 4 inside sharding_indexed, fill 1 (stored 4): 4x6 "
           "array in 2x4 shards of 1x2 inner chunks written in rows 0-2, columns 0-2",
           "int64", {4, 6}, {2, 4}, 1,
           sharded({{1, 2}, true, false},
                   Json::array({scale_offset_codec({{"scale", 4}}), bytes_codec(false)})),
           {{0, 3}, {0, 3}},
           {"2305843009213693951", "-2305843009213693952", "-1", "0", "1000000007", "7", "-99"},
           {"fill-value"});
}

// Narrow floats through scale_offset into an integer, inside sharding_indexed; and the alias
// with a float astype, read (decoding does not depend on FixedScaleOffsetRounding).
void add_narrow_float_chains(std::vector<Plan>& plans) {
  add_both(plans, "shard-scale-offset-float16-int16",
           "float16 through scale_offset (offset 0.5, scale 100) then cast_value int16 clamp "
           "inside sharding_indexed, fill 0.5 (stored 0): 3x4 array in 3x2 shards of 1x2 inner "
           "chunks written in rows 0-1, columns 1-3",
           "float16", {3, 4}, {3, 2}, 0.5,
           sharded({{1, 2}, false, true}, quantizing_chain({{"offset", 0.5}, {"scale", 100}},
                                                           {"int16", "", "clamp"}, false)),
           {{0, 2}, {1, 4}}, {"0.75", "1.5", "-3", "327", "0.51", "0.5", "100"}, {"fill-value"});
  plans.push_back(sifted_plan(
      "encode/scale-offset-bfloat16-int8",
      "bfloat16 through scale_offset (offset 10, scale 3) then cast_value int8 clamp", "bfloat16",
      10, quantizing_chain({{"offset", 10}, {"scale", 3}}, {"int8", "", "clamp"}, true),
      patterns(data_type("bfloat16"), {"10", "11", "0", "-40", "60", "10.5", "9.25"})));
  const Json alias =
      Json::array({{{"name", "numcodecs.fixedscaleoffset"},
                    {"configuration", parse_json_exact(R"({"astype": "<f8", "dtype": "<f8",
                                                "scale": 1000000000000, "offset": 1000})")}},
                   bytes_codec(false)});
  plans.push_back(sifted_plan(
      "decode/fixedscaleoffset-float64-f8",
      "numcodecs.fixedscaleoffset with a float astype (\"<f8\", offset 1000, scale 10^12, as "
      "numcodecs' fixture fixedscaleoffset): stored float64 read as value / 10^12 + 1000",
      "float64", 1000, alias,
      patterns(data_type("float64"),
               {"1001001001.0", "1001001000.9864345", "0", "500000000000", "-250000000000"})));
}

// --- Writing the files
// ------------------------------------------------------------------------------

struct Entry {
  std::string line;                                        // the index entry
  std::vector<std::pair<std::string, std::string>> files;  // path under stores/<id>/ -> bytes
};

std::vector<Json> hex_values(const DataType& type, const std::vector<std::uint64_t>& values) {
  std::vector<Json> hex;
  for (const std::uint64_t bits : values) hex.emplace_back(pattern_hex(type, bits));
  return hex;
}

// The features the metadata and the layout show (the declared ones are added by the caller).
std::set<std::string> derived_features(const StoreArray& array, const StoredElements& stored,
                                       const ChunkFiles& chunks, const Json& zarr) {
  std::set<std::string> features;
  features.insert(array.big_endian ? "big-endian" : "little-endian");
  for (std::size_t d = 0; d < array.shape.size(); ++d)
    if (array.shape[d] % array.chunk_shape[d] != 0) features.insert("edge-chunk");
  std::size_t casts = 0;
  for (const ChainStep& step : array.chain.steps) {
    casts += std::holds_alternative<CastValueCodec>(step.codec) ? 1 : 0;
    if (std::holds_alternative<ScaleOffsetCodec>(step.codec)) features.insert("scale-offset");
    if (step.name == "numcodecs.fixedscaleoffset") features.insert("fixedscaleoffset");
  }
  if (casts > 1) features.insert("cast-chain");
  for (const Json& codec : element_codecs_of(zarr)) {
    if (!codec.contains("configuration")) continue;
    const Json& configuration = codec["configuration"];
    if (configuration.contains("rounding")) features.insert("rounding");
    if (configuration.contains("scalar_map")) features.insert("scalar-map");
    if (configuration.contains("out_of_range"))
      features.insert("out-of-range-" + configuration["out_of_range"].get<std::string>());
  }
  if (array.sharding) {
    features.insert("sharding");
    if (array.sharding->index_crc32c) features.insert("shard-crc32c");
    if (array.sharding->index_at_start) features.insert("shard-index-start");
  }
  const std::uint64_t chunk_count = element_count(grid_extents(array.shape, array.chunk_shape));
  if (chunks.files.size() < chunk_count) {
    features.insert("missing-chunk");
    if (array.sharding) features.insert("shard-fill");
  }
  if (array.sharding && !chunks.all_fill.empty()) features.insert("shard-fill");
  if (std::count(stored.written.begin(), stored.written.end(), false) > 0 && !chunks.files.empty())
    features.insert("partial-chunk");
  if (stored.upper_bits != 0) features.insert("subbyte-upper-bits");
  return features;
}

// partial-chunk is only true when a written chunk has an unwritten element; refine it.
bool has_partial_chunk(const StoreArray& array, const StoredElements& stored) {
  bool partial = false;
  for_each_position(grid_extents(array.shape, array.chunk_shape), [&](const Extents& position) {
    std::uint64_t written = 0;
    std::uint64_t inside = 0;
    Extents at(position.size());
    for_each_position(array.chunk_shape, [&](const Extents& offset) {
      bool in = true;
      for (std::size_t d = 0; d < at.size(); ++d) {
        at[d] = position[d] * array.chunk_shape[d] + offset[d];
        in = in && at[d] < array.shape[d];
      }
      if (!in) return;
      ++inside;
      written += stored.written[flat_index(array.shape, at)];
    });
    partial = partial || (written > 0 && written < inside);
  });
  return partial;
}

std::string features_json(std::set<std::string> features) {
  return dump_json_exact(Json(std::vector<std::string>(features.begin(), features.end())));
}

// Every reading gives the same verdict on the metadata and the same encoded fill value.
void require_reading_independent_metadata(const Plan& plan) {
  const FillValueCheck expected = validate_store_metadata(plan.zarr);
  for (const Readings& readings : alternative_readings(false)) {
    const FillValueCheck check = validate_store_metadata(plan.zarr, readings);
    bool same = check.valid == expected.valid;
    if (same && expected.valid)
      for (std::size_t i = 0; i < check.steps.size() && i < expected.steps.size(); ++i)
        same = same && check.steps[i].bits == expected.steps[i].bits;
    if (!same) throw std::logic_error("stores: " + plan.id + ": the metadata depends on a reading");
  }
}

// The type at the bytes codec: the element chain's output when the oracle parses the chain, else
// (an open array's invalid chain) the last cast_value data_type it names.
std::string stored_type_name(const Json& zarr) {
  std::string name = zarr["data_type"].get<std::string>();
  try {
    return std::string(
        element_chain(parse_data_type_metadata(zarr["data_type"]), element_codecs_of(zarr))
            .output_type()
            .name);
  } catch (const StoreFormatError&) {
  } catch (const MetadataError&) {
  }
  for (const Json& codec : element_codecs_of(zarr))
    if (codec.is_object() && codec.value("name", "") == "cast_value" &&
        codec["configuration"].contains("data_type") &&
        codec["configuration"]["data_type"].is_string() &&
        find_data_type(codec["configuration"]["data_type"].get<std::string>()) != nullptr)
      name = codec["configuration"]["data_type"].get<std::string>();
  return name;
}

// An open array's index line: the oracle's verdict on its metadata, which must be the planned one.
std::string open_line(const Plan& plan, const std::string& head, const std::string& common) {
  const FillValueCheck check = validate_store_metadata(plan.zarr);
  const std::string verdict = check.valid ? "valid" : "invalid";
  if (verdict != plan.intended)
    throw std::logic_error("stores: " + plan.id + " is " + verdict + ": " + check.message);
  return head + ",\"features\":" + features_json({"metadata-" + verdict}) + common +
         ",\"expected\":{\"metadata\":\"" + verdict +
         "\"},\"reason\":" + dump_json_exact(check.message) + "}";
}

// What a decode or encode array gives: the end of its index line (write, expected, expected
// chunks), its error kind (empty when none), and its features (the declared ones and those its
// metadata and layout show).
struct Outcome {
  std::string tail, error;
  std::set<std::string> features;
};

// The features of `stored` laid out, added to the plan's declared ones.
std::set<std::string> layout_features(const Plan& plan, const StoreArray& array,
                                      const StoredElements& stored, const ChunkFiles& chunks) {
  std::set<std::string> features = plan.declared;
  features.merge(derived_features(array, stored, chunks, plan.zarr));
  if (!has_partial_chunk(array, stored)) features.erase("partial-chunk");
  return features;
}

Outcome encode_outcome(const Plan& plan, const StoreArray& array, std::uint64_t encoded_fill) {
  Outcome outcome;
  const StoreWrite written = write_selection(array, plan.selection, plan.elements);
  // The layout of the values that do encode, for the features of a failing write too.
  std::vector<std::uint64_t> stored_patterns;
  for (const std::uint64_t bits : plan.elements)
    stored_patterns.push_back(encode_element(array, bits).bits);
  const StoredElements stored = selected_elements(array, plan.selection, stored_patterns);
  outcome.features =
      layout_features(plan, array, stored, lay_out_chunks(array, stored, encoded_fill));
  // The selection is written out even when it is the whole array: nothing left to a default.
  Selection selection = plan.selection;
  if (selection.empty())
    for (const std::uint64_t extent : array.shape) selection.emplace_back(0, extent);
  outcome.tail = ",\"write\":{\"selection\":" + dump_json_exact(Json(selection)) + ",\"values\":" +
                 dump_json_exact(Json(hex_values(*array.array_type, plan.elements))) + "}";
  if (!written.error.empty()) {
    outcome.error = written.error;
    outcome.tail += ",\"expected\":{\"error\":\"" + outcome.error + "\"}";
    return outcome;
  }
  Json expected_chunks = Json::object();
  for (const auto& [key, bytes] : written.chunks.files) expected_chunks[key] = bytes_hex(bytes);
  outcome.tail += ",\"expected\":{},\"expected_chunks\":" + dump_json_exact(expected_chunks) +
                  ",\"may_be_absent\":" + dump_json_exact(Json(written.chunks.all_fill));
  return outcome;
}

// A decode array: its chunk files go into `entry`, its values are the fast oracle's reading.
Outcome decode_outcome(const Plan& plan, const StoreArray& array, std::uint64_t encoded_fill,
                       Entry& entry) {
  Outcome outcome;
  StoredElements stored = selected_elements(array, plan.selection, plan.elements);
  stored.upper_bits = plan.upper_bits;
  const ChunkFiles chunks = lay_out_chunks(array, stored, encoded_fill);
  outcome.features = layout_features(plan, array, stored, chunks);
  for (const auto& [key, bytes] : chunks.files) entry.files.emplace_back(key, bytes);
  const StoreRead read = read_chunks(array, chunks.files);
  if (!read.error.empty()) {
    outcome.error = read.error;
    outcome.tail = ",\"expected\":{\"error\":\"" + outcome.error + "\"}";
  } else {
    outcome.tail = ",\"expected\":{\"values\":" +
                   dump_json_exact(Json(hex_values(*array.array_type, read.values))) + "}";
  }
  return outcome;
}

Entry produce(const Plan& plan) {
  require_reading_independent_metadata(plan);
  Entry entry;
  entry.files.emplace_back("zarr.json", zarr_text(plan.zarr));
  const Json& grid = plan.zarr["chunk_grid"]["configuration"]["chunk_shape"];
  const std::string head = "{\"id\":" + dump_json_exact(plan.id) +
                           ",\"kind\":" + dump_json_exact(plan.kind) +
                           ",\"what\":" + dump_json_exact(plan.what);
  const std::string common =
      ",\"flags\":[],\"data_type\":" + dump_json_exact(plan.zarr["data_type"]) +
      ",\"stored_data_type\":" + dump_json_exact(stored_type_name(plan.zarr)) +
      ",\"shape\":" + dump_json_exact(plan.zarr["shape"]) +
      ",\"chunk_shape\":" + dump_json_exact(grid);
  if (plan.kind == "open") {
    entry.line = open_line(plan, head, common);
    return entry;
  }
  const StoreArray array = parse_store_array(plan.zarr);
  const bool encode = plan.kind == "encode";
  for (const std::uint64_t bits : plan.elements)
    if (!reading_independent(array, encode, bits))
      throw std::logic_error("stores: " + plan.id + ": an element depends on a reading");
  const std::uint64_t encoded_fill = encode_element(array, array.fill_bits).bits;
  // Unwritten elements and padding: the fill value written and the encoded fill value read.
  if (!reading_independent(array, true, array.fill_bits) ||
      !reading_independent(array, false, encoded_fill))
    throw std::logic_error("stores: " + plan.id + ": the fill value depends on a reading");
  Outcome outcome = encode ? encode_outcome(plan, array, encoded_fill)
                           : decode_outcome(plan, array, encoded_fill, entry);
  const std::string result = outcome.error.empty() ? "ok" : outcome.error;
  if (result != plan.intended)
    throw std::logic_error("stores: " + plan.id + " gives " + result + ", the case table says " +
                           plan.intended);
  if (!outcome.error.empty()) outcome.features.insert("error");
  entry.line =
      head + ",\"features\":" + features_json(outcome.features) + common + outcome.tail + "}";
  return entry;
}

std::vector<Plan> all_plans() {
  std::vector<Plan> plans;
  add_type_pairs(plans);
  add_rounding(plans);
  add_out_of_range(plans);
  add_scalar_maps(plans);
  add_errors(plans);
  add_layouts(plans);
  add_sharding(plans);
  add_upper_bits(plans);
  add_open(plans);
  add_scale_offset(plans);  // vectors 1.2.0: appended, so that every earlier array keeps its place
  add_int64_chains(plans);  // vectors 1.4.0: appended likewise
  add_narrow_float_chains(plans);
  return plans;
}

std::vector<std::pair<std::string, std::string>> produce_family() {
  std::vector<std::pair<std::string, std::string>> files;
  std::string index = "{\"format\":\"cast-value-conformance/stores\",\"version\":1,\n";
  index += "\"generator\":\"cvc generate " CVC_VERSION "\",\n\"oracle\":\"cvc oracle " CVC_VERSION
           "\",\n";
  const std::vector<Plan> plans = all_plans();
  index += "\"number_of_arrays\":" + std::to_string(plans.size()) + ",\n\"arrays\":[";
  std::set<std::string> ids;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    if (!ids.insert(plans[i].id).second)
      throw std::logic_error("stores: two arrays " + plans[i].id);
    Entry entry = produce(plans[i]);
    index += (i == 0 ? "\n" : ",\n") + entry.line;
    for (auto& [name, bytes] : entry.files)
      files.emplace_back("stores/" + plans[i].id + "/" + name, std::move(bytes));
  }
  files.emplace_back("stores/index.json", index + "]}\n");
  return files;
}

}  // namespace

const std::vector<std::pair<std::string, std::string>>& store_family_files() {
  static const std::vector<std::pair<std::string, std::string>> files = produce_family();
  return files;
}

}  // namespace cvc
