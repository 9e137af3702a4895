// The known-bug models (harness/bug_models/, docs/bug-models.md): the catalogue's shape, each
// model's buggy answers on hand-checked examples from the spec and docs/findings.md (the buggy
// answer is hand-derived; the oracle's is always recomputed, never written here), the diagnosis
// functions, every model caught by the published vectors, and the catalogue's order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "harness/bug_models/bug_model.hpp"
#include "harness/bug_models/model_answer.hpp"
#include "harness/reference/mutants.hpp"
#include "harness/run/bug_model_scan.hpp"
#include "oracle/cast.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::bug_models_test {
namespace {

const DataType& type(std::string_view name) {
  return data_type(name);
}

const BugModel& model(std::string_view id) {
  const BugModel* found = find_bug_model(id);
  if (found == nullptr) throw std::invalid_argument("no model " + std::string(id));
  return *found;
}

CastRule rule(std::string_view from, std::string_view to, Rounding rounding = Rounding::NearestEven,
              OutOfRange out_of_range = OutOfRange::None, std::vector<ScalarMapEntry> map = {}) {
  return CastRule{&type(from), &type(to), rounding, out_of_range, std::move(map)};
}

// The cast request that asks for `cast_rule`: encode from its input type with the cast_value codec
// that writes it (decode: into its output type with the codec whose data_type is its input type),
// and the first fill value of 0, 1, 2, 16 that the oracle accepts with it (a type without zero,
// float8_e8m0fnu, takes 1).
ModelRequest cast_request(const CastRule& cast_rule, Direction direction = Direction::Encode) {
  const bool encode = direction == Direction::Encode;
  nlohmann::json configuration = {
      {"data_type", encode ? cast_rule.output->name : cast_rule.input->name}};
  if (cast_rule.rounding != Rounding::NearestEven)
    configuration["rounding"] = rounding_name(cast_rule.rounding);
  if (cast_rule.out_of_range != OutOfRange::None)
    configuration["out_of_range"] = out_of_range_name(cast_rule.out_of_range);
  for (const ScalarMapEntry& entry : cast_rule.scalar_map)
    configuration["scalar_map"][encode ? "encode" : "decode"].push_back(
        {format_scalar(*cast_rule.input, entry.input_bits),
         format_scalar(*cast_rule.output, entry.output_bits)});
  ModelRequest request;
  request.array_type = encode ? cast_rule.input : cast_rule.output;
  request.direction = direction;
  request.codecs = {{"name", "cast_value"}, {"configuration", configuration}};
  for (const int fill : {0, 1, 2, 16}) {
    request.fill_value = fill;
    if (!model_cast_configuration(nullptr, *request.array_type, request.fill_value, request.codecs,
                                  request.direction)
             .rejected)
      break;
  }
  return request;
}

ModelRequest validate_request(const DataType& array_type, const nlohmann::json& fill_value,
                              const nlohmann::json& codecs) {
  return {ModelRequest::Kind::Validate, &array_type, fill_value, codecs, Direction::Encode};
}

ModelRequest chain_request(const DataType& array_type, const nlohmann::json& fill_value,
                           const nlohmann::json& codecs, Direction direction) {
  return {ModelRequest::Kind::Chain, &array_type, fill_value, codecs, direction};
}

bool has(BugModelSet models, const BugModel& bug) {
  return models.contains(bug_model_index(bug));
}

bool is_nan(const DataType& type, std::uint64_t bits) {
  return type.has_nan() && decode_exact(type, bits).is_nan();
}

// The harness's comparison: both refusals, or the same bits, or both NaN.
bool same_answer(const DataType& output, const CastResult& a, const CastResult& b) {
  if (!a.ok() || !b.ok()) return a.ok() == b.ok();
  return a.bits == b.bits || (is_nan(output, a.bits) && is_nan(output, b.bits));
}

constexpr std::optional<std::uint64_t> kRefused = std::nullopt;

// The model's answer is `expected` (a pattern, or kRefused), the oracle's is another, and the
// diagnosis finds the model in an implementation that answered so.
void expect_bug(std::string_view id, const CastRule& cast_rule, std::uint64_t input,
                std::optional<std::uint64_t> expected, Direction direction = Direction::Encode) {
  SCOPED_TRACE(std::string(id) + ", input " + pattern_hex(*cast_rule.input, input));
  const BugModel& bug = model(id);
  ASSERT_NE(bug.cast, nullptr);
  const CastResult got = bug.cast(cast_rule, input);
  if (expected) {
    ASSERT_TRUE(got.ok());
    EXPECT_EQ(pattern_hex(*cast_rule.output, got.bits), pattern_hex(*cast_rule.output, *expected));
  } else {
    EXPECT_FALSE(got.ok());
  }
  EXPECT_FALSE(same_answer(*cast_rule.output, got, cast_value(cast_rule, input)))
      << "the oracle gives the same answer";
  const RequestModels models(cast_request(cast_rule, direction));
  ASSERT_NE(models.answer(nullptr).kind, ModelAnswer::Kind::Rejected) << "the oracle refuses it";
  EXPECT_TRUE(has(
      models.reproducing(ModelAnswer::element(!expected.has_value(), expected.value_or(0)), input),
      bug))
      << "not diagnosed as its own model";
}

// The model answers as the oracle does here.
void expect_no_bug(std::string_view id, const CastRule& cast_rule, std::uint64_t input) {
  SCOPED_TRACE(std::string(id) + ", input " + pattern_hex(*cast_rule.input, input));
  const CastResult got = model(id).cast(cast_rule, input);
  EXPECT_TRUE(same_answer(*cast_rule.output, got, cast_value(cast_rule, input)));
}

nlohmann::json json(std::string_view text) {
  return parse_json_exact(text);
}

const nlohmann::json kBytes = json(R"({"name": "bytes", "configuration": {"endian": "little"}})");

// codecs [cast_value with `configuration`, bytes].
nlohmann::json chain(std::string_view configuration) {
  return nlohmann::json::array(
      {{{"name", "cast_value"}, {"configuration", json(configuration)}}, kBytes});
}

// The model's verdict on the metadata is `valid`, the oracle's the other, and the diagnosis finds
// the model.
void expect_verdict(std::string_view id, std::string_view array_type, std::string_view fill,
                    const nlohmann::json& codecs, bool valid) {
  SCOPED_TRACE(std::string(id) + ": " + dump_json_exact(codecs));
  const BugModel& bug = model(id);
  ASSERT_NE(bug.validate, nullptr);
  EXPECT_EQ(bug.validate(type(array_type), json(fill), codecs).valid, valid);
  EXPECT_NE(validate_array_metadata(type(array_type), json(fill), codecs).valid, valid);
  EXPECT_TRUE(has(models_reproducing(validate_request(type(array_type), json(fill), codecs),
                                     ModelAnswer::verdict(valid)),
                  bug))
      << "not diagnosed as its own model";
}

// --- The catalogue -------------------------------------------------------------------------------

// "double-rounding-float32": lowercase words of letters and digits joined by single hyphens.
bool is_kebab_case(std::string_view id) {
  if (id.empty() || id.front() == '-' || id.back() == '-' || id.find("--") != id.npos) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

// The spec text is quoted with its place: "cast_value.md:67", "scale_offset.md:47" or
// "core-data-types.rst:60".
bool cites_a_spec_line(std::string_view spec) {
  for (const std::string_view file :
       {"cast_value.md:", "scale_offset.md:", "core-data-types.rst:"}) {
    const std::size_t at = spec.find(file);
    if (at != spec.npos && at + file.size() < spec.size() &&
        std::isdigit(static_cast<unsigned char>(spec[at + file.size()])))
      return true;
  }
  return false;
}

TEST(BugModels, CatalogueHasAtMost64WellFormedModels) {
  ASSERT_LE(bug_models().size(), kMaxBugModels);
  ASSERT_GE(bug_models().size(), 30u);
  for (const BugModel& bug : bug_models()) {
    SCOPED_TRACE(std::string(bug.id));
    EXPECT_TRUE(is_kebab_case(bug.id));
    EXPECT_NE(bug.id, kNoMutant);
    EXPECT_FALSE(bug.title.empty());
    EXPECT_FALSE(bug.mechanism.empty());
    EXPECT_FALSE(bug.seen_in.empty());
    EXPECT_TRUE(cites_a_spec_line(bug.spec)) << "the spec text is quoted with its file and line";
    EXPECT_TRUE(bug.cast != nullptr || bug.rejects != nullptr || bug.validate != nullptr ||
                bug.chain != nullptr);
    EXPECT_EQ(find_bug_model(bug.id), &bug);
    EXPECT_EQ(&bug_models()[bug_model_index(bug)], &bug);
  }
  EXPECT_EQ(find_bug_model("no-such-model"), nullptr);
}

TEST(BugModels, MutantsAreTheModels) {
  EXPECT_EQ(find_mutant("none"), std::optional<Mutant>(nullptr));
  EXPECT_EQ(find_mutant("no-such-model"), std::nullopt);
  for (const BugModel& bug : bug_models()) EXPECT_EQ(find_mutant(bug.id), &bug);
  EXPECT_EQ(mutant_id(nullptr), "none");
  // The oracle itself refuses nothing and answers as cast_value.
  const CastRule plain = rule("float32", "int8");
  const ModelRequest request = cast_request(plain);
  EXPECT_FALSE(model_cast_configuration(nullptr, *request.array_type, request.fill_value,
                                        request.codecs, request.direction)
                   .rejected);
  EXPECT_TRUE(model_cast(nullptr, plain, 0x40200000).same_outcome(cast_value(plain, 0x40200000)));
}

TEST(BugModels, DocumentTableIsTheCatalogues) {
  std::string path = CVC_SOURCE_DIR;
  path += "/docs/bug-models.md";
  std::ifstream file(path);
  ASSERT_TRUE(file) << "docs/bug-models.md";
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_NE(text.str().find(bug_model_table()), std::string::npos)
      << "docs/bug-models.md must hold the table `cvc bug-models` prints:\n"
      << bug_model_table();
  for (const BugModel& bug : bug_models())
    EXPECT_NE(text.str().find("\n### " + std::string(bug.id) + "\n"), std::string::npos)
        << "no section for " << bug.id;
}

TEST(BugModels, TheOraclesOwnAnswerIsNoFailure) {
  const CastRule cast_rule = rule("float64", "float16");
  const CastResult correct = cast_value(cast_rule, 0x3feffdffffffffff);
  EXPECT_TRUE(models_reproducing(cast_request(cast_rule), ModelAnswer::value(correct.bits),
                                 0x3feffdffffffffff)
                  .empty());
  EXPECT_TRUE(
      models_reproducing(cast_request(rule("float32", "int8")), ModelAnswer::rejected()).empty());
  EXPECT_TRUE(models_reproducing(
                  validate_request(type("float32"), json("0"), chain(R"({"data_type": "int8"})")),
                  ModelAnswer::verdict(true))
                  .empty());
}

// --- Rounding ------------------------------------------------------------------------------------

TEST(BugModelExamples, TiesAway) {
  // cast_value.md:67, nearest-even: 2.5 is a tie between 2 and 3; away from zero gives 3.
  expect_bug("ties-away", rule("float32", "int8"), 0x40200000, 0x03);
  expect_bug("ties-away", rule("float32", "int8"), 0xc0200000, 0xfd);  // -2.5 -> -3
  expect_no_bug("ties-away", rule("float32", "int8"), 0x402ccccd);     // 2.7: not a tie
}

TEST(BugModelExamples, NearestAwayFloorHalf) {
  // docs/findings.md 6: 0.49999999999999994 + 0.5 is 1.0 in binary64.
  expect_bug("nearest-away-floor-half", rule("float64", "int8", Rounding::NearestAway),
             0x3fdfffffffffffff, 0x01);
  // zarrita NOTES class 5: into uint8 the wrong -1 is out of range; 2^53 - 1 + 0.5 ties to 2^53.
  expect_bug("nearest-away-floor-half", rule("float64", "uint8", Rounding::NearestAway),
             0xbfdfffffffffffff, kRefused);
  expect_bug("nearest-away-floor-half", rule("float64", "int64", Rounding::NearestAway),
             0x433fffffffffffff, 0x0020000000000000);
  // float32 inputs are exact in the sum (0.49999997 + 0.5 < 1).
  expect_no_bug("nearest-away-floor-half", rule("float32", "int8", Rounding::NearestAway),
                0x3effffff);
}

TEST(BugModelExamples, DoubleRoundingFloat32) {
  // docs/findings.md 1: 0.99975585937499989 becomes the float16 midpoint in float32, then 1.0.
  expect_bug("double-rounding-float32", rule("float64", "float16"), 0x3feffdffffffffff, 0x3c00);
  // 65519.999999999993 becomes 65520 in float32, which rounds beyond float16's range.
  expect_bug("double-rounding-float32", rule("float64", "float16"), 0x40effdffffffffff, kRefused);
  expect_bug("double-rounding-float32",
             rule("float64", "float16", Rounding::NearestEven, OutOfRange::Clamp),
             0x40effdffffffffff, 0x7c00);
  // docs/findings.md 17 (ml_dtypes): just above half the smallest subnormal of float8_e5m2.
  expect_bug("double-rounding-float32", rule("float64", "float8_e5m2"), 0x3ee0000000000001, 0x00);
  // ml_dtypes converts an integer through float32 too (cast-value 0.2.1, checked in its venv):
  // 2^24 + 2^16 + 1 is 2^24 + 2^16 in float32, a bfloat16 midpoint, then 2^24; 25165823 is
  // 25165824 = 1.5 * 2^24 in float32, then 2^25 in float8_e8m0fnu.
  expect_bug("double-rounding-float32", rule("int32", "bfloat16"), 0x01010001, 0x4b80);
  expect_bug("double-rounding-float32", rule("int64", "float8_e8m0fnu"), 0x017fffff, 0x98);
  // int16 is exact in float32: one rounding.
  expect_no_bug("double-rounding-float32", rule("int16", "float8_e8m0fnu"), 0x7fff);
}

TEST(BugModelExamples, LowWordDropped) {
  // docs/findings.md 1, half's software path: the lower word decides nothing.
  expect_bug("low-word-dropped", rule("float64", "float16"), 0x3ff0020000000001, 0x3c00);
  expect_bug("low-word-dropped", rule("float64", "float16"), 0x3e60000000000001, 0x0000);
  expect_no_bug("low-word-dropped", rule("float64", "float16"), 0x3feffdffffffffff);
  // zarrs main, float32 -> bfloat16: the float32's lowest significand bit is in the lower word.
  expect_bug("low-word-dropped", rule("float32", "bfloat16"), 0x3f808001, 0x3f80);
  // Under nearest-away the same off-tie value (zarrs main, replayed: 0x0080), and a true tie,
  // which zarrs' correction rounds away, answered as the oracle answers it.
  expect_bug("low-word-dropped", rule("float32", "bfloat16", Rounding::NearestAway), 0x00808001,
             0x0080);
  expect_no_bug("low-word-dropped", rule("float32", "bfloat16", Rounding::NearestAway), 0x00808000);
}

TEST(BugModelExamples, SubByteSignDropped) {
  // int2 0b11 is -1 (int2.md:3); read without its sign it is 3.
  expect_bug("sub-byte-sign-dropped", rule("int2", "int8"), 0x03, 0x03);
  expect_bug("sub-byte-sign-dropped", rule("int2", "int2"), 0x03, kRefused);
  // int4 0b1000 is -8, which uint8 cannot hold; read as 8 it can.
  expect_bug("sub-byte-sign-dropped", rule("int4", "uint8"), 0x08, 0x08);
  expect_no_bug("sub-byte-sign-dropped", rule("int4", "int8"), 0x07);
}

TEST(BugModelExamples, IntToSmallFloatThroughFloat32) {
  // 25165823 = 1.5 * 2^24 - 1 is nearer 2^24; float32 rounds it to 1.5 * 2^24, a tie of
  // float8_e8m0fnu's powers of two, broken to 2^25 (zarrs main, replayed: 0x98).
  expect_bug("int-to-small-float-through-float32", rule("int32", "float8_e8m0fnu"), 0x017fffff,
             0x98);
  expect_bug("int-to-small-float-through-float32", rule("uint64", "float8_e8m0fnu"), 0x017fffff,
             0x98);
  expect_no_bug("int-to-small-float-through-float32", rule("int32", "float8_e8m0fnu"), 0x01c00001);
}

TEST(BugModelExamples, WrapRangeCheckedBeforeRounding) {
  // Decode int16 241 under wrap: it rounds to 240, the largest float8_e4m3fnuz (and float8_e4m3)
  // value; checked before rounding it is beyond: refused where the type has no infinity, Infinity
  // (nearest-even) where it has one (zarrs main, replayed).
  const auto wrap = [](std::string_view to, Rounding rounding) {
    return rule("int16", to, rounding, OutOfRange::Wrap);
  };
  expect_bug("wrap-range-checked-before-rounding", wrap("float8_e4m3fnuz", Rounding::NearestEven),
             0x00f1, kRefused, Direction::Decode);
  expect_bug("wrap-range-checked-before-rounding", wrap("float8_e4m3", Rounding::NearestEven),
             0x00f1, 0x78, Direction::Decode);
  expect_no_bug("wrap-range-checked-before-rounding", wrap("float8_e4m3", Rounding::TowardsZero),
                0x00f1);
}

TEST(BugModelExamples, DoubleRoundingFloat64) {
  // docs/findings.md 1 (zarrita): Number(v) lands on a float32 midpoint, then a tie to even.
  expect_bug("double-rounding-float64", rule("uint64", "float32"), 0xffffff7fffffffff, 0x5f800000);
  // docs/findings.md 7 (cast-value): 2^54 - 1 is 2^54 as a double, exact in float32.
  expect_bug("double-rounding-float64", rule("int64", "float32", Rounding::TowardsZero),
             0x003fffffffffffff, 0x5a800000);
}

TEST(BugModelExamples, IntToFloatNearestEven) {
  // docs/findings.md 2 and zarrita NOTES class 3.
  expect_bug("int-to-float-nearest-even", rule("int32", "float32", Rounding::TowardsZero),
             0x01ffffff, 0x4c000000);
  expect_bug("int-to-float-nearest-even", rule("int32", "float32", Rounding::NearestAway),
             0x01000001, 0x4b800000);
  // zarrita 0.7.5: the Float16Array store overflows to Infinity (65520 is the tie, even is
  // 65536) where towards-zero gives 65504; a BigInt goes through Number() first: 2^53 + 2^29 + 1
  // is 2^53 + 2^29 as a double, a float32 tie that goes to the even 2^53.
  expect_bug("int-to-float-nearest-even", rule("uint16", "float16", Rounding::TowardsZero), 0xfff0,
             0x7c00);
  expect_bug("int-to-float-nearest-even", rule("int64", "float32", Rounding::TowardsPositive),
             0x0020000020000001, 0x5a000000);
}

TEST(BugModelExamples, DirectedAsNearestWithoutInfinity) {
  // docs/findings.md 17 (cast-value NOTES class M).
  expect_bug("directed-as-nearest-without-infinity",
             rule("bfloat16", "float8_e4m3b11fnuz", Rounding::TowardsZero), 0x3881, 0x01);
  expect_bug("directed-as-nearest-without-infinity",
             rule("int16", "float8_e8m0fnu", Rounding::TowardsZero), 0x0003, 0x81);
  // 61440 is the midpoint above float8_e5m2fnuz's largest 57344: ml_dtypes' nearest-even
  // conversion overflows to NaN and stays there (cast-value NOTES class M).
  expect_bug("directed-as-nearest-without-infinity",
             rule("uint16", "float8_e5m2fnuz", Rounding::TowardsZero), 0xf000, 0x80);
  expect_bug("directed-as-nearest-without-infinity",
             rule("uint16", "float8_e5m2fnuz", Rounding::TowardsZero, OutOfRange::Clamp), 0xf000,
             0x80);
  // The conversion's nearest-even goes through float32: 25165823 is 1.5 * 2^24 there, and the
  // tie goes to 2^25 (cast_array gives 0x98 for towards-zero, where 2^24 is due).
  expect_bug("directed-as-nearest-without-infinity",
             rule("int64", "float8_e8m0fnu", Rounding::TowardsZero), 0x017fffff, 0x98);
  // Types with infinities are corrected properly.
  expect_no_bug("directed-as-nearest-without-infinity",
                rule("float32", "float16", Rounding::TowardsZero), 0x3f800001);
}

TEST(BugModelExamples, DirectedOnMagnitude) {
  // cast_value.md:69-70: -2.5 towards-positive is -2 and towards-negative -3; on the magnitude
  // the directions flip.
  expect_bug("directed-on-magnitude", rule("float32", "int8", Rounding::TowardsPositive),
             0xc0200000, 0xfd);
  expect_bug("directed-on-magnitude", rule("float32", "int8", Rounding::TowardsNegative),
             0xc0200000, 0xfe);
  expect_no_bug("directed-on-magnitude", rule("float32", "int8", Rounding::TowardsPositive),
                0x40200000);
}

TEST(BugModelExamples, SubByteIntAsFloat) {
  // docs/findings.md 14 (cast-value NOTES class J).
  expect_bug("sub-byte-int-as-float", rule("float32", "int2"), 0x40400000, 0x3);
  expect_bug("sub-byte-int-as-float", rule("float32", "int4"), 0x407fffff, 0x3);
  expect_bug("sub-byte-int-as-float",
             rule("int16", "int2", Rounding::NearestEven, OutOfRange::Clamp), 0x0002, 0x2);
  expect_bug("sub-byte-int-as-float", rule("float16", "int2"), 0x7e00, 0x0);
  // The float path's correction under a directed mode (cast_array itself, run on int8 inputs):
  // -126 converts to -2, the other candidate nextafter(-2, 0) = -1.999 (float16) is nearer zero
  // and is stored as -1; -127 converts to 1, corrected to 0.
  expect_bug("sub-byte-int-as-float", rule("int8", "int2", Rounding::TowardsZero), 0x82, 0x3);
  expect_bug("sub-byte-int-as-float", rule("int8", "int2", Rounding::TowardsZero), 0x81, 0x0);
  // +Infinity of an 8-bit IEEE float goes through int64: all ones (float8_e3m4 -> int2 is -1).
  expect_bug("sub-byte-int-as-float", rule("float8_e3m4", "int2"), 0x70, 0x3);
  // Beyond int32's range the conversion gives 0, 2147483647.5 included (it is not truncated
  // first); -2^31 is in range and keeps its low bits (0).
  expect_bug("sub-byte-int-as-float",
             rule("float64", "uint2", Rounding::NearestEven, OutOfRange::Clamp), 0x41dfffffffe00000,
             0x0);
  expect_bug("sub-byte-int-as-float",
             rule("float32", "int4", Rounding::NearestEven, OutOfRange::Clamp), 0x4f800000, 0x0);
  expect_bug("sub-byte-int-as-float",
             rule("bfloat16", "int2", Rounding::NearestEven, OutOfRange::Clamp), 0xcf00, 0x0);
  // From bfloat16 (and float32 at 2^31) NumPy's invalid flag is raised and cast-value refuses.
  expect_bug("sub-byte-int-as-float",
             rule("bfloat16", "int2", Rounding::NearestEven, OutOfRange::Clamp), 0x4f00, kRefused);
  expect_bug("sub-byte-int-as-float",
             rule("float32", "int4", Rounding::NearestEven, OutOfRange::Wrap), 0x4f000000,
             kRefused);
}

TEST(BugModelExamples, FloatToIntTruncates) {
  // cast_value.md:73: nearest-even by default; 2.7 truncated is 2.
  expect_bug("float-to-int-truncates", rule("float32", "int8"), 0x402ccccd, 0x02);
  expect_no_bug("float-to-int-truncates", rule("float32", "int8"), 0x40133333);  // 2.3
}

// --- Range, clamp and wrap -----------------------------------------------------------------------

TEST(BugModelExamples, RangeBoundRounded) {
  // (float)2147483647 is 2^31: admitted, then wrapped to -2^31; (half)32767 is 32768.
  expect_bug("range-bound-rounded", rule("float32", "int32"), 0x4f000000, 0x80000000);
  expect_bug("range-bound-rounded",
             rule("float16", "int16", Rounding::NearestEven, OutOfRange::Clamp), 0x7800, 0x8000);
  expect_no_bug("range-bound-rounded", rule("float32", "int32"), 0x4f000001);  // beyond it
}

TEST(BugModelExamples, RangeCheckedBeforeRounding) {
  // cast_value.md:77, rounding first: 127.3 rounds to 127, -0.3 to 0, 65519 to 65504.
  expect_bug("range-checked-before-rounding", rule("float32", "int8"), 0x42fe999a, kRefused);
  expect_bug("range-checked-before-rounding", rule("float32", "uint8"), 0xbe99999a, kRefused);
  expect_bug("range-checked-before-rounding",
             rule("float32", "float16", Rounding::NearestEven, OutOfRange::Clamp), 0x477fef00,
             0x7c00);
}

TEST(BugModelExamples, WrapInFloat64) {
  // docs/findings.md 4 (zarrita): 2^53 + 1 becomes 2^53, which wraps to 0.
  expect_bug("wrap-in-float64", rule("int64", "int8", Rounding::NearestEven, OutOfRange::Wrap),
             0x0020000000000001, 0x00);
  // zarrita's ((v - lo) % 2^N + 2^N) % 2^N + lo: 2^60 + 128 is 2^60 as a double, so 2^60 wraps
  // to -128 instead of 0 (seen in zarrita's vector run, decode int64 -> int8).
  expect_bug("wrap-in-float64", rule("int64", "int8", Rounding::NearestEven, OutOfRange::Wrap),
             0x1000000000000000, 0x80);
}

TEST(BugModelExamples, Int64IntermediateOverflow) {
  // docs/findings.md 5 (cast-value NOTES classes B, C, E).
  expect_bug("int64-intermediate-overflow",
             rule("int8", "uint64", Rounding::NearestEven, OutOfRange::Wrap), 0x80, kRefused);
  expect_bug("int64-intermediate-overflow",
             rule("float32", "int8", Rounding::NearestEven, OutOfRange::Wrap), 0x5f000000,
             kRefused);
  expect_bug("int64-intermediate-overflow",
             rule("float64", "int64", Rounding::NearestEven, OutOfRange::Clamp), 0x43e0000000000000,
             kRefused);
}

TEST(BugModelExamples, NegativeToUnsignedReinterpreted) {
  expect_bug("negative-to-unsigned-reinterpreted", rule("int8", "uint8"), 0xff, 0xff);
  expect_bug("negative-to-unsigned-reinterpreted",
             rule("int8", "uint16", Rounding::NearestEven, OutOfRange::Clamp), 0xff, 0xffff);
}

TEST(BugModelExamples, IntNarrowingWraps) {
  // docs/findings.md 9's example value: 300 wraps to 44 in int8.
  expect_bug("int-narrowing-wraps", rule("uint16", "int8"), 0x012c, 0x2c);
  expect_bug("int-narrowing-wraps",
             rule("uint16", "int8", Rounding::NearestEven, OutOfRange::Clamp), 0x012c, 0x2c);
}

TEST(BugModelExamples, InfinityInsteadOfError) {
  // docs/findings.md 4 (zarrita) and zarrita NOTES F3.
  expect_bug("infinity-instead-of-error", rule("float64", "float32"), 0x47efffffffffffff,
             0x7f800000);
  expect_bug("infinity-instead-of-error", rule("int32", "float16"), 70000, 0x7c00);
}

TEST(BugModelExamples, SmallFloatRangeUnchecked) {
  // docs/findings.md 15 (cast-value NOTES class K).
  expect_bug("small-float-range-unchecked", rule("int16", "float8_e4m3b11fnuz"), 0xc000, 0x80);
  expect_bug("small-float-range-unchecked", rule("int16", "float4_e2m1fn"), 0x0007, 0x7);
  expect_bug("small-float-range-unchecked", rule("float16", "float4_e2m1fn"), 0x7e00, 0x8);
  // Into the 8-bit types with infinities (cast-value NOTES K): 65536 nearest-even is Infinity in
  // float8_e5m2; 100 nearest-away keeps float8_e3m4's largest value, 15.5.
  expect_bug("small-float-range-unchecked", rule("float32", "float8_e5m2"), 0x47800000, 0x7c);
  expect_bug("small-float-range-unchecked", rule("int16", "float8_e3m4", Rounding::NearestAway),
             100, 0x6f);
  // Into float16 from bfloat16 the conversion is ml_dtypes': 65536 nearest-away keeps 65504.
  expect_bug("small-float-range-unchecked", rule("bfloat16", "float16", Rounding::NearestAway),
             0x4780, 0x7bff);
  // float64 247.99999999999997 is 248 in float32, which overflows float8_e4m3fnuz: NaN.
  expect_bug("small-float-range-unchecked", rule("float64", "float8_e4m3fnuz"), 0x406effffffffffff,
             0x80);
  // A NaN of an ml_dtypes type under towards-positive: the zero corrected up to 0.5 (0x1).
  expect_bug("small-float-range-unchecked",
             rule("float8_e3m4", "float4_e2m1fn", Rounding::TowardsPositive), 0x71, 0x1);
  expect_bug("small-float-range-unchecked",
             rule("float16", "float4_e2m1fn", Rounding::TowardsPositive), 0x7e00, 0x8);
}

TEST(BugModelExamples, ClampInsteadOfError) {
  // cast_value.md:88-90: 128.0 into int8 without out_of_range must fail; clamp would give 127.
  expect_bug("clamp-instead-of-error", rule("float32", "int8"), 0x43000000, 0x7f);
}

TEST(BugModelExamples, ClampIgnored) {
  // docs/findings.md 3: 65520.0 under clamp is Infinity in float16.
  expect_bug("clamp-ignored", rule("float32", "float16", Rounding::NearestEven, OutOfRange::Clamp),
             0x477ff000, kRefused);
  // ml_dtypes: float64 2^128 overflows float32 on its way into float8_e8m0fnu (largest 2^127);
  // 3e38 does not (float32 holds it), and clamp is then left to the other models.
  expect_bug("clamp-ignored",
             rule("float64", "float8_e8m0fnu", Rounding::NearestEven, OutOfRange::Clamp),
             0x47f0000000000000, kRefused);
  expect_no_bug("clamp-ignored",
                rule("float64", "float8_e8m0fnu", Rounding::NearestEven, OutOfRange::Clamp),
                0x47ec363cbf21f28a);
}

TEST(BugModelExamples, ClampToFiniteMax) {
  // docs/findings.md 16: 15.75 nearest-away is 16, beyond float8_e3m4's 15.5: Infinity is due.
  expect_bug("clamp-to-finite-max",
             rule("bfloat16", "float8_e3m4", Rounding::NearestAway, OutOfRange::Clamp), 0x417c,
             0x6f);
}

TEST(BugModelExamples, ClampGivesNaN) {
  // docs/findings.md 16: 31.0 clamps to 30.0 in float8_e4m3b11fnuz.
  expect_bug("clamp-gives-nan",
             rule("bfloat16", "float8_e4m3b11fnuz", Rounding::NearestEven, OutOfRange::Clamp),
             0x41f8, 0x80);
}

TEST(BugModelExamples, NeighbourOverflowRefused) {
  // docs/findings.md 8 (cast-value NOTES class F).
  expect_bug("neighbour-overflow-refused", rule("float32", "float16", Rounding::TowardsZero),
             0x477fe001, kRefused);
  expect_bug("neighbour-overflow-refused", rule("uint16", "float16", Rounding::TowardsZero), 65505,
             kRefused);
  // 65520 is the float16 tie that nearest-even takes to 65536: that first conversion overflows,
  // under clamp too (cast_array raises FloatingPointError, replayed in cast-value's venv).
  expect_bug("neighbour-overflow-refused",
             rule("float32", "float16", Rounding::TowardsZero, OutOfRange::Clamp), 0x477ff000,
             kRefused);
}

// --- Special values ------------------------------------------------------------------------------

TEST(BugModelExamples, ZeroSignLost) {
  // cast_value.md:25: signed zero must be preserved.
  expect_bug("zero-sign-lost", rule("float32", "float16"), 0x80000000, 0x0000);
  expect_bug("zero-sign-lost", rule("float32", "float16"), 0xaedbe6ff, 0x0000);  // -1e-10
}

TEST(BugModelExamples, SubnormalFlush) {
  // 2^-24 is float16's smallest subnormal.
  expect_bug("subnormal-flush", rule("float32", "float16"), 0x33800000, 0x0000);
  expect_bug("subnormal-flush", rule("float32", "float16"), 0xb3800000, 0x8000);
}

TEST(BugModelExamples, NaNPayloadKeptIsInvisibleToTheHarness) {
  // cast_value.md:17: payload preservation is not required. The model keeps it; the harness
  // compares any NaN with any NaN, so the answer counts as the oracle's.
  const CastRule narrowing = rule("float32", "float16");
  const CastResult kept = model("nan-payload-kept").cast(narrowing, 0x7fc02000);
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ(kept.bits, 0x7e01u);
  EXPECT_NE(kept.bits, cast_value(narrowing, 0x7fc02000).bits);
  EXPECT_TRUE(same_answer(*narrowing.output, kept, cast_value(narrowing, 0x7fc02000)));
  EXPECT_TRUE(models_reproducing(cast_request(narrowing), ModelAnswer::value(kept.bits), 0x7fc02000)
                  .empty());
}

TEST(BugModelExamples, NaNPayloadTruncated) {
  // A float32 signalling NaN's payload 1 lies below float16's ten significand bits.
  expect_bug("nan-payload-truncated", rule("float32", "float16"), 0x7f800001, 0x7c00);
  expect_bug("nan-payload-truncated", rule("float32", "float16"), 0xff800001, 0xfc00);
  expect_no_bug("nan-payload-truncated", rule("float32", "float16"), 0x7fc00000);
}

TEST(BugModelExamples, SignallingNaNRefused) {
  // docs/findings.md 8 and cast-value NOTES class N.
  expect_bug("signalling-nan-refused", rule("float32", "float64"), 0x7f800001, kRefused);
  expect_bug("signalling-nan-refused", rule("float16", "float8_e3m4"), 0x7c01, kRefused);
  expect_no_bug("signalling-nan-refused", rule("float32", "float64"), 0x7fc00000);
}

TEST(BugModelExamples, NaNToIntegerZero) {
  // cast_value.md:27: NaN into an integer type must error.
  expect_bug("nan-to-integer-zero", rule("float32", "int8"), 0x7fc00000, 0x00);
}

// --- scalar_map ----------------------------------------------------------------------------------

TEST(BugModelExamples, LastDuplicateWins) {
  // docs/findings.md 10: [[1, 10], [1, 20]] maps 1 to 10.
  expect_bug("last-duplicate-wins",
             rule("int16", "int8", Rounding::NearestEven, OutOfRange::None, {{1, 10}, {1, 20}}), 1,
             20);
}

TEST(BugModelExamples, ScalarMapChained) {
  // docs/findings.md 10: [[1, 2], [2, 3], [3, 1]]: 1 -> 2 -> 3 -> 1, and 2 -> 3 -> 1.
  const CastRule cycle =
      rule("int8", "int8", Rounding::NearestEven, OutOfRange::None, {{1, 2}, {2, 3}, {3, 1}});
  expect_bug("scalar-map-chained", cycle, 1, 1);
  expect_bug("scalar-map-chained", cycle, 2, 1);
  // cast-value's own test (findings, 'What the implementations' own test suites expect', 1):
  // [[1, 2], [2, 3]] on [1, 2, 3] gives [3, 3, 3]; the oracle [2, 3, 3].
  const CastRule chain_rule =
      rule("int64", "int64", Rounding::NearestEven, OutOfRange::None, {{1, 2}, {2, 3}});
  expect_bug("scalar-map-chained", chain_rule, 1, 3);
  expect_no_bug("scalar-map-chained", chain_rule, 2);
  expect_no_bug("scalar-map-chained", chain_rule, 3);
}

TEST(BugModelExamples, MapOnlyUnrepresentable) {
  // The vectors' scalar_map group "a mapped value bypasses rounding": 2.5 maps to 7.
  expect_bug("map-only-unrepresentable",
             rule("float32", "int8", Rounding::TowardsZero, OutOfRange::None, {{0x40200000, 7}}),
             0x40200000, 0x02);
}

TEST(BugModelExamples, MapKeysThroughDouble) {
  // zarrita NOTES class 9: the key 2^53 + 1 is read as 2^53; the key 2^64 - 1 as 2^64.
  const CastRule shifted = rule("int64", "float64", Rounding::NearestEven, OutOfRange::None,
                                {{0x0020000000000001, 0xbff0000000000000}});
  expect_bug("map-keys-through-double", shifted, 0x0020000000000001, 0x4340000000000000);
  expect_bug("map-keys-through-double", shifted, 0x0020000000000000, 0xbff0000000000000);
  expect_bug("map-keys-through-double",
             rule("uint64", "float64", Rounding::NearestEven, OutOfRange::None,
                  {{0xffffffffffffffff, 0x3ff0000000000000}}),
             0xffffffffffffffff, 0x43f0000000000000);
}

// --- Configurations refused ----------------------------------------------------------------------

void expect_rejects(std::string_view id, const CastRule& cast_rule, bool rejected) {
  const BugModel& bug = model(id);
  ASSERT_NE(bug.rejects, nullptr);
  EXPECT_EQ(bug.rejects(cast_rule), rejected)
      << id << ": " << cast_rule.input->name << " -> " << cast_rule.output->name;
  EXPECT_EQ(has(models_reproducing(cast_request(cast_rule), ModelAnswer::rejected()), bug),
            rejected);
}

TEST(BugModelExamples, FloatRoundingRefused) {
  // docs/findings.md 2 (zarrita): even float32 -> float64, where every value is exact.
  expect_rejects("float-rounding-refused", rule("float32", "float64", Rounding::TowardsZero), true);
  expect_rejects("float-rounding-refused", rule("float32", "float64"), false);
  expect_rejects("float-rounding-refused", rule("int32", "float32", Rounding::TowardsZero), false);
}

TEST(BugModelExamples, SubByteRoundingRefused) {
  // docs/findings.md 18 (cast-value NOTES class O).
  expect_rejects("sub-byte-rounding-refused", rule("int2", "int4", Rounding::TowardsZero), true);
  expect_rejects("sub-byte-rounding-refused", rule("uint2", "uint4", Rounding::NearestAway), true);
  expect_rejects("sub-byte-rounding-refused", rule("int2", "int4"), false);
  expect_rejects("sub-byte-rounding-refused", rule("int4", "int8", Rounding::TowardsZero), false);
}

TEST(BugModelExamples, HexMapScalarsRefused) {
  // docs/findings.md 11 (zarr-python NOTES class 3): float("0x7e01") fails.
  expect_verdict("hex-map-scalars-refused", "float16", "0",
                 chain(R"({"data_type": "int16", "scalar_map": {"encode": [["0x7e01", 7]]}})"),
                 false);
  expect_rejects("hex-map-scalars-refused",
                 rule("float16", "int16", Rounding::NearestEven, OutOfRange::None, {{0x7e01, 7}}),
                 true);
  expect_rejects("hex-map-scalars-refused",
                 rule("float16", "int16", Rounding::NearestEven, OutOfRange::None, {{0x7e00, 7}}),
                 false);
  // A decode whose decode map holds the hex form opens the array and fails every element when
  // the chunk is read (zarr-python, scalar_map.json case 262): not a rejected configuration.
  const BugModel& bug = model("hex-map-scalars-refused");
  const nlohmann::json codec = json(R"({"name": "cast_value", "configuration": {"data_type":
      "uint8", "scalar_map": {"decode": [[13, "0x400ffffffffffffe"]]}}})");
  const RequestModels decode(
      {ModelRequest::Kind::Cast, &type("float64"), json("0"), codec, Direction::Decode});
  EXPECT_EQ(decode.answer(&bug, 0x00).kind, ModelAnswer::Kind::ElementRefused);
  EXPECT_EQ(decode.answer(nullptr, 0x00).kind, ModelAnswer::Kind::Value);
  EXPECT_TRUE(has(decode.reproducing(ModelAnswer::element(true, 0), 0x00), bug));
  EXPECT_FALSE(has(decode.reproducing(ModelAnswer::rejected(), 0x00), bug));
}

// --- Metadata ------------------------------------------------------------------------------------

TEST(BugModelExamples, FillEncodeOnly) {
  // docs/findings.md 9: 0.1 through float16 comes back 0.0999755859375 (metadata case 80).
  expect_verdict("fill-encode-only", "float32", "0.1", chain(R"({"data_type": "float16"})"), true);
  // A fill value whose encode fails stays invalid (metadata case 86).
  EXPECT_FALSE(model("fill-encode-only")
                   .validate(type("float32"), json(R"("NaN")"), chain(R"({"data_type": "int8"})"))
                   .valid);
}

TEST(BugModelExamples, OptionValuesUnchecked) {
  // Metadata cases 48 and 51; an unknown rounding is still refused (case 38).
  expect_verdict("option-values-unchecked", "float32", "0",
                 chain(R"({"data_type": "int8", "out_of_range": "saturate"})"), true);
  expect_verdict("option-values-unchecked", "float32", "0",
                 chain(R"({"data_type": "int8", "out_of_range": null})"), true);
  EXPECT_FALSE(model("option-values-unchecked")
                   .validate(type("float32"), json("0"),
                             chain(R"({"data_type": "int8", "rounding": "nearest"})"))
                   .valid);
}

TEST(BugModelExamples, UnknownKeysIgnored) {
  // Metadata cases 14 and 57.
  expect_verdict("unknown-keys-ignored", "float32", "0",
                 chain(R"({"data_type": "int8", "endian": "little"})"), true);
  expect_verdict("unknown-keys-ignored", "float32", "0",
                 chain(R"({"data_type": "int8", "scalar_map": {"Encode": [["NaN", 0]]}})"), true);
}

TEST(BugModelExamples, ScalarMapShapeUnchecked) {
  // Metadata cases 55, 58 and 61.
  expect_verdict("scalar-map-shape-unchecked", "float32", "0",
                 chain(R"({"data_type": "int8", "scalar_map": [["NaN", 0]]})"), true);
  expect_verdict("scalar-map-shape-unchecked", "float32", "0",
                 chain(R"({"data_type": "int8", "scalar_map": {"encode": {"NaN": 0}}})"), true);
  expect_verdict("scalar-map-shape-unchecked", "float32", "0",
                 chain(R"({"data_type": "int8", "scalar_map": {"encode": [["NaN", 0, 0]]}})"),
                 true);
}

TEST(BugModelExamples, PythonScalarStrings) {
  // Metadata cases 64 and 67, and cast-value's own "1" -> "99" test (findings, own test suites 2).
  expect_verdict("python-scalar-strings", "float32", "0",
                 chain(R"({"data_type": "int8", "scalar_map": {"encode": [["nan", 0]]}})"), true);
  expect_verdict("python-scalar-strings", "int16", "0",
                 chain(R"({"data_type": "int8", "scalar_map": {"encode": [["1", 1]]}})"), true);
  expect_verdict("python-scalar-strings", "int32", "0",
                 chain(R"({"data_type": "float32", "scalar_map": {"encode": [["1", "99"]]}})"),
                 true);
}

TEST(BugModelExamples, IntegerScalarsWrapped) {
  // Metadata cases 68 and 69.
  expect_verdict("integer-scalars-wrapped", "float32", "0",
                 chain(R"({"data_type": "int8", "scalar_map": {"encode": [["NaN", 300]]}})"), true);
  expect_verdict("integer-scalars-wrapped", "float32", "0",
                 chain(R"({"data_type": "uint8", "scalar_map": {"encode": [["NaN", -1]]}})"), true);
}

TEST(BugModelExamples, WrapFloatDataTypeAccepted) {
  // Metadata case 45.
  expect_verdict("wrap-float-data-type-accepted", "float64", "0",
                 chain(R"({"data_type": "float32", "out_of_range": "wrap"})"), true);
}

TEST(BugModelExamples, CodecOrderUnchecked) {
  // Metadata case 113.
  nlohmann::json reversed = nlohmann::json::array(
      {kBytes, {{"name", "cast_value"}, {"configuration", json(R"({"data_type": "int8"})")}}});
  expect_verdict("codec-order-unchecked", "float32", "0", reversed, true);
}

TEST(BugModelExamples, DataTypeObjectRefused) {
  // Metadata case 17.
  expect_verdict("data-type-object-refused", "float32", "0",
                 chain(R"({"data_type": {"name": "int8"}})"), false);
}

TEST(BugModelExamples, BareCodecNameRefused) {
  // Metadata case 101: the spec's NumPy example (cast_value.md:121-142).
  const nlohmann::json example = nlohmann::json::array(
      {{{"name", "cast_value"},
        {"configuration",
         json(R"({"data_type": "uint8", "rounding": "towards-zero", "out_of_range": "wrap",
                  "scalar_map": {"encode": [["NaN", 0], ["Infinity", 0], ["-Infinity", 0]]}})")}},
       "bytes"});
  expect_verdict("bare-codec-name-refused", "float64", "0", example, false);
  // Metadata case 182 (zarr-python: "Expected dict, got <class 'str'>"): the bare names are the
  // sharding codec's inner and index codecs.
  expect_verdict("bare-codec-name-refused", "int16", "5", json(R"([{"name": "sharding_indexed",
      "configuration": {"chunk_shape": [2], "codecs": [{"name": "cast_value",
      "configuration": {"data_type": "float32"}}, "bytes"], "index_codecs": ["bytes"]}}])"),
                 false);
}

// --- scale_offset in chains ----------------------------------------------------------------------

// One element through `codecs` (array -> array only) with the model's chain.
ChainResult chain_answer(const BugModel& bug, const DataType& array_type,
                         const nlohmann::json& codecs, Direction direction, std::uint64_t input) {
  return bug.chain(parse_array_chain(array_type, codecs), codecs, direction, input);
}

// The model's answer through the chain is `expected` (a pattern of the chain's output, or
// kRefused), the oracle's is another, and the diagnosis finds the model.
void expect_chain_bug(std::string_view id, std::string_view array_type, std::string_view codecs,
                      Direction direction, std::uint64_t input,
                      std::optional<std::uint64_t> expected, std::string_view fill = "0") {
  SCOPED_TRACE(std::string(id) + ": " + std::string(codecs));
  const BugModel& bug = model(id);
  ASSERT_NE(bug.chain, nullptr);
  const nlohmann::json chain_codecs = json(codecs);
  const ChainResult got = chain_answer(bug, type(array_type), chain_codecs, direction, input);
  const ArrayChain array_chain = parse_array_chain(type(array_type), chain_codecs);
  const ChainResult correct = direction == Direction::Encode ? encode_through(array_chain, input)
                                                             : decode_through(array_chain, input);
  ASSERT_EQ(got.ok(), expected.has_value());
  if (expected) {
    EXPECT_EQ(got.bits, *expected);
  }
  EXPECT_FALSE(got.ok() == correct.ok() && (!got.ok() || got.bits == correct.bits))
      << "the oracle gives the same answer";
  const RequestModels models(chain_request(type(array_type), json(fill), chain_codecs, direction));
  ASSERT_NE(models.answer(nullptr).kind, ModelAnswer::Kind::Rejected) << "the oracle refuses it";
  EXPECT_TRUE(has(models.reproducing(ModelAnswer::element(!got.ok(), got.bits), input), bug))
      << "not diagnosed as its own model";
}

TEST(BugModelExamples, ScaleOffsetFinalCheckOnly) {
  // scale_offset.md:64, 47: int8 -128 / -1 is 128, not representable in int8, although
  // 128 + (-1) = 127 would be.
  expect_chain_bug("scale-offset-final-check-only", "int8",
                   R"([{"name": "scale_offset", "configuration": {"offset": -1, "scale": -1}}])",
                   Direction::Decode, 0x80, 0x7f);
  // int64 arithmetic wraps: 2^62 * 4 = 2^64 is 0 modulo 2^64.
  expect_chain_bug("scale-offset-final-check-only", "int64",
                   R"([{"name": "scale_offset", "configuration": {"scale": 4}}])",
                   Direction::Encode, 0x4000000000000000, 0x0);
}

TEST(BugModelExamples, FixedScaleOffsetNonFiniteZero) {
  // The spec's alias example shape (scale_offset.md:240-262): float32 into uint8; NaN and
  // Infinity cannot be cast into uint8 (cast_value.md:27), numpy's astype gives 0.
  const std::string_view alias =
      R"([{"name": "numcodecs.fixedscaleoffset",
           "configuration": {"offset": 10, "scale": 0.1, "dtype": "float32", "astype": "uint8"}}])";
  // The fill value 10 encodes to 0 (0 would encode to -1, outside uint8: invalid metadata).
  expect_chain_bug("fixed-scale-offset-non-finite-zero", "float32", alias, Direction::Encode,
                   0x7fc00000, 0x00, "10");
  expect_chain_bug("fixed-scale-offset-non-finite-zero", "float32", alias, Direction::Encode,
                   0xff800000, 0x00, "10");
}

TEST(BugModelExamples, ScaleOffsetJavascriptFloats) {
  // float32 2 / 3 + 1 in float64, rounded once: 0x3fd55555 (each operation rounded to float32
  // gives 0x3fd55556).
  expect_chain_bug("scale-offset-javascript-floats", "float32",
                   R"([{"name": "scale_offset", "configuration": {"offset": 1, "scale": 3}}])",
                   Direction::Decode, 0x40000000, 0x3fd55555);
  // The decimal offset as a double: 2 / 100 + 273.15 (the double nearest 273.15, not the
  // float32 273.149993896484375) rounds to float32 0x438895c3.
  expect_chain_bug(
      "scale-offset-javascript-floats", "float32",
      R"([{"name": "scale_offset", "configuration": {"offset": 273.15, "scale": 100}}])",
      Direction::Decode, 0x40000000, 0x438895c3);
}

TEST(BugModelExamples, ScaleOffsetAbsentOffsetAdded) {
  // scale_offset.md:39: an absent offset is the additive identity; -0 / 10 is -0, and +0 added
  // to it gives +0 (IEEE 754 round to nearest).
  expect_chain_bug("scale-offset-absent-offset-added", "float32",
                   R"([{"name": "scale_offset", "configuration": {"scale": 10}}])",
                   Direction::Decode, 0x80000000, 0x00000000);
}

TEST(BugModelExamples, ScaleOffsetIntegersThroughFloat64) {
  // (2^55 + 1) * 4 = 2^57 + 4 is an int64; through a double 2^55 + 1 is 2^55, times 4 is 2^57.
  expect_chain_bug("scale-offset-integers-through-float64", "int64",
                   R"([{"name": "scale_offset", "configuration": {"scale": 4}}])",
                   Direction::Encode, 0x0080000000000001, 0x0200000000000000);
  // uint64 2^64 - 1 - 1: in doubles 2^64 - 1 is 2^64, minus 1 is 2^64 again: out of range.
  expect_chain_bug("scale-offset-integers-through-float64", "uint64",
                   R"([{"name": "scale_offset", "configuration": {"offset": 1}}])",
                   Direction::Encode, 0xffffffffffffffff, std::nullopt, "1");
}

TEST(BugModelExamples, ScaleOffsetJavascriptIntegers) {
  // zarrita 0.7.5's answers (results/fuzz/zarrita.txt, seed 1), each a decode of one element.
  struct Example {
    const char *array_type, *offset, *fill;
    std::uint64_t input, answer;
  };
  for (const Example& example : {
           // int16 2 + 32766 is 32768, stored in the Int16Array as -32768.
           Example{"int16", "32766", "0", 0x0002, 0x8000},
           // uint8 255 + 1 stored in the Uint8Array as 0.
           Example{"uint8", "1", "1", 0xff, 0x00},
           // int64: the offset 2^53 + 1 read by JSON.parse is 2^53 (BigInt of that double).
           Example{"int64", "9007199254740993", "9007199254740993", 0x0, 0x0020000000000000},
       })
    expect_chain_bug("scale-offset-javascript-integers", example.array_type,
                     R"([{"name": "scale_offset", "configuration": {"offset": )" +
                         std::string(example.offset) + "}}]",
                     Direction::Decode, example.input, example.answer, example.fill);
}

TEST(BugModelExamples, ScalarMapKeysUnrounded) {
  // zarrita 0.7.5's answers (results/fuzz/zarrita.txt, seed 1): the key 0.000732 is float16
  // 0x11ff read as a float16, but as a double it equals no float16, so 0x11ff is cast (to 0).
  expect_chain_bug("scalar-map-keys-unrounded", "int16", R"([{"name": "transpose",
      "configuration": {"order": [0]}}, {"name": "cast_value", "configuration": {"data_type":
      "float16", "scalar_map": {"decode": [[0.000732, 15042]]}}}])",
                   Direction::Decode, 0x11ff, 0x0000);
  // -8.900295433964047e-308 rounds to float16 -0 (which maps to 0.0); as a double it is not -0.
  expect_chain_bug("scalar-map-keys-unrounded", "float16", R"([{"name": "transpose",
      "configuration": {"order": [0]}}, {"name": "cast_value", "configuration": {"data_type":
      "float16", "scalar_map": {"decode": [[-8.900295433964047e-308, 0.0]]}}}])",
                   Direction::Decode, 0x8000, 0x8000);
}

TEST(BugModelExamples, NumcodecsFixedScaleOffset) {
  // Replayed through numcodecs 0.17.1's FixedScaleOffset with NumPy 2.5.5 (results/fuzz/chains.md):
  // int8 64 * 2 is computed in int8, wrapping to -128, then astype int32.
  expect_chain_bug("numcodecs-fixed-scale-offset", "int8", R"([{"name":
      "numcodecs.fixedscaleoffset", "configuration": {"astype": "int32", "dtype": "|i1",
      "offset": 0, "scale": 2}}])",
                   Direction::Encode, 0x40, 0xffffff80);
  // uint16 1 / 2 + -1 = -0.5 in float64, truncated by astype int8 to 0.
  expect_chain_bug("numcodecs-fixed-scale-offset", "int8", R"([{"name":
      "numcodecs.fixedscaleoffset", "configuration": {"astype": "<u2", "dtype": "|i1",
      "offset": -1, "scale": 2}}])",
                   Direction::Decode, 0x0001, 0x00);
  // A float astype keeps its type: float32 65536 / -17400 + 0.0 in float32, then astype float16
  // gives 0xc388 (numcodecs' decode); the spec's chain casts 65536 into float16 first: overflow.
  expect_chain_bug("numcodecs-fixed-scale-offset", "float16", R"([{"name":
      "numcodecs.fixedscaleoffset", "configuration": {"astype": "<f4", "dtype": "<f2",
      "offset": 0.0, "scale": -17400.0}}])",
                   Direction::Decode, 0x47800000, 0xc388);
  // x86-64 converts NaN into int32 as the most negative value (NumPy's astype gives -2^31).
  expect_chain_bug("numcodecs-fixed-scale-offset", "float32", R"([{"name":
      "numcodecs.fixedscaleoffset", "configuration": {"astype": "<i4", "dtype": "<f4",
      "offset": 0, "scale": 1}}])",
                   Direction::Encode, 0x7fc00000, 0x80000000);
}

TEST(BugModelExamples, CastValueCheckedWithArrayType) {
  // zarr-python 3.4.2 refused this chain (results/fuzz/zarr-python.txt, seed 1): "scalar_map
  // decode value -994211563 is not representable in dtype uint8"; the value is an int32, the
  // type reaching the cast_value (the alias's astype).
  const nlohmann::json codecs = json(R"([{"name": "numcodecs.fixedscaleoffset", "configuration":
      {"astype": "<i4", "dtype": "|u1", "offset": 0, "scale": 1}}, {"name": "cast_value",
      "configuration": {"data_type": "float32", "scalar_map": {"decode":
      [[-4611686018427387904, -994211563]]}}}, {"name": "bytes", "configuration": {"endian":
      "little"}}])");
  expect_verdict("cast-value-checked-with-array-type", "uint8", "0", codecs, false);
}

TEST(BugModelExamples, FixedScaleOffsetFillNotThreaded) {
  // zarr-python 3.4.2 refused this array ("OverflowError: Python integer 300 out of bounds for
  // int8", replayed in its adapter's venv): the fill value 300 is 10 once offset by 290.
  const nlohmann::json codecs = json(R"([{"name": "numcodecs.fixedscaleoffset", "configuration":
      {"astype": "int8", "dtype": "<f4", "offset": 290, "scale": 1}}, {"name": "cast_value",
      "configuration": {"data_type": "int8"}}, {"name": "bytes", "configuration": {"endian":
      "little"}}])");
  expect_verdict("fixed-scale-offset-fill-not-threaded", "float32", "300", codecs, false);
  // zarr-python 3.4.2 (results/fuzz/chains.md, seed 2): "ValueError: Value 4294967296 out of
  // range": the float64 fill value cast into int8 as it is, not as 0 once offset.
  const nlohmann::json into_float64 = json(R"([{"name": "numcodecs.fixedscaleoffset",
      "configuration": {"astype": "float64", "dtype": "<f4", "offset": 4294967296, "scale": 1}},
      {"name": "cast_value", "configuration": {"data_type": "int8"}}, {"name": "bytes",
      "configuration": {"endian": "little"}}])");
  expect_verdict("fixed-scale-offset-fill-not-threaded", "float32", "4294967296", into_float64,
                 false);
}

// A cast model acts on a chain's cast_value steps, a rejects model on their configurations.
TEST(BugModelsInChains, ACastModelActsOnEveryCastValueStep) {
  // zarr-python 3.4.2 (results/fuzz/zarr-python.txt, seed 1): the last of two entries for 257
  // wins (-2) where the spec's first (0) must.
  const nlohmann::json codecs = json(R"([{"name": "transpose", "configuration": {"order": [0]}},
      {"name": "cast_value", "configuration": {"data_type": "int8", "scalar_map": {"encode":
      [[257, 0], [257, -2]]}}}])");
  const BugModel& bug = model("last-duplicate-wins");
  const ArrayChain chain = parse_array_chain(type("int16"), codecs);
  EXPECT_EQ(model_chain(&bug, chain, codecs, Direction::Encode, 0x0101).bits, 0xfeu);
  EXPECT_EQ(model_chain(nullptr, chain, codecs, Direction::Encode, 0x0101).bits, 0x00u);
  EXPECT_TRUE(
      has(models_reproducing(chain_request(type("int16"), json("0"), codecs, Direction::Encode),
                             ModelAnswer::value(0xfe), 0x0101),
          bug));
}

TEST(BugModelsInChains, ARejectsModelRefusesAChainWithTheRule) {
  // zarrita 0.7.5 (results/fuzz/zarrita.txt, seed 1): "cast_value float -> float ..." refused.
  const nlohmann::json codecs = json(R"([{"name": "scale_offset", "configuration": {}},
      {"name": "cast_value", "configuration": {"data_type": "float16", "rounding":
      "towards-zero"}}])");
  const BugModel& bug = model("float-rounding-refused");
  EXPECT_TRUE(model_chain_configuration(&bug, type("float16"), json("0"), codecs, Direction::Decode)
                  .rejected);
  EXPECT_FALSE(
      model_chain_configuration(nullptr, type("float16"), json("0"), codecs, Direction::Decode)
          .rejected);
  EXPECT_TRUE(
      has(models_reproducing(chain_request(type("float16"), json("0"), codecs, Direction::Decode),
                             ModelAnswer::rejected()),
          bug));
}

TEST(BugModelExamples, ScaleOffsetFillNotThreaded) {
  // scale_offset.md's first example (uint16, offset 1000, into uint8) with the fill value 1000:
  // encoded it is 0, valid; untransformed it is out of uint8's range.
  const nlohmann::json example =
      nlohmann::json::array({{{"name", "scale_offset"}, {"configuration", {{"offset", 1000}}}},
                             {{"name", "cast_value"}, {"configuration", {{"data_type", "uint8"}}}},
                             kBytes});
  expect_verdict("scale-offset-fill-not-threaded", "uint16", "1000", example, false);
}

// --- numcodecs.fixedscaleoffset run by zarrs' own codec -----------------------------------------

// The alias in `dtype` / `astype` strings with offset and scale as JSON numbers.
std::string alias_codecs(std::string_view dtype, std::string_view astype, std::string_view offset,
                         std::string_view scale) {
  return R"([{"name": "numcodecs.fixedscaleoffset", "configuration": {"dtype": ")" +
         std::string(dtype) + R"(", "astype": ")" + std::string(astype) + R"(", "offset": )" +
         std::string(offset) + R"(, "scale": )" + std::string(scale) + "}}]";
}

TEST(BugModelExamples, FixedScaleOffsetRustAsSaturates) {
  // The spec's conversion example (scale_offset.md:240-262): float32 0.0 is (0 - 10) * 0.1 = -1,
  // which cast_value's "wrap" makes 255; Rust's `-1.0 as u8` is 0.
  expect_chain_bug("fixed-scale-offset-rust-as-saturates", "float32",
                   alias_codecs("<f4", "|u1", "10", "0.1"), Direction::Encode, 0x00000000, 0x00,
                   "10");
  // int16 20000 * 2 = 40000 is not an int16 (scale_offset.md:47: an error); `as i16` gives 32767.
  expect_chain_bug("fixed-scale-offset-rust-as-saturates", "int16",
                   alias_codecs("<i2", "<i4", "0", "2"), Direction::Encode, 0x4e20, 0x7fff);
}

TEST(BugModelExamples, FixedScaleOffsetRoundHalfAway) {
  // float32 15: (15 - 10) * 0.1 = 0.5, nearest-even into uint8 is 0; f32::round gives 1.
  expect_chain_bug("fixed-scale-offset-round-half-away", "float32",
                   alias_codecs("<f4", "|u1", "10", "0.1"), Direction::Encode, 0x41700000, 0x01,
                   "10");
  // A float astype: 2.5 stays 2.5 (and is 2 under FixedScaleOffsetRounding=round-to-integer).
  expect_chain_bug("fixed-scale-offset-round-half-away", "float32",
                   alias_codecs("<f4", "<f8", "0", "1"), Direction::Encode, 0x40200000,
                   0x4008000000000000);
}

TEST(BugModelExamples, FixedScaleOffsetCastThroughFloat32) {
  // 2^24 + 1 is an int64 and a float64, not a float32: both directions lose its last bit.
  const std::string alias = alias_codecs("<f8", "<i8", "0", "1");
  expect_chain_bug("fixed-scale-offset-cast-through-float32", "float64", alias, Direction::Encode,
                   0x4170000010000000, 0x0000000001000000);
  expect_chain_bug("fixed-scale-offset-cast-through-float32", "float64", alias, Direction::Decode,
                   0x0000000001000001, 0x4170000000000000);
}

TEST(BugModelExamples, FixedScaleOffsetFloat32Operands) {
  // float64 5 * 0.1 is 0.5; with 0.1 read as float32 (0.100000001490116...) it is
  // 0.500000007450580596923828125, a float64 exactly.
  expect_chain_bug("fixed-scale-offset-float32-operands", "float64",
                   alias_codecs("<f8", "<f8", "0", "0.1"), Direction::Encode, 0x4014000000000000,
                   0x3fe0000004000000);
}

TEST(BugModelExamples, FixedScaleOffsetTypeStringsPrefixed) {
  // The spec's own conversion example writes type names; NumPy writes "|u1" for uint8.
  const auto alias = [](std::string_view dtype, std::string_view astype) {
    nlohmann::json codecs = json(alias_codecs(dtype, astype, "10", "0.1"));
    codecs.push_back(kBytes);
    return codecs;
  };
  expect_verdict("fixed-scale-offset-type-strings-prefixed", "float32", "10",
                 alias("float32", "uint8"), false);
  expect_verdict("fixed-scale-offset-type-strings-prefixed", "float32", "10", alias("<f4", "|u1"),
                 false);
  // With a byte order given, accepted as the oracle accepts it.
  EXPECT_TRUE(model("fixed-scale-offset-type-strings-prefixed")
                  .validate(type("float32"), json("10"), alias("<f4", ">i4"))
                  .valid);
}

TEST(BugModelExamples, FixedScaleOffsetFloat16Unsupported) {
  nlohmann::json codecs = json(alias_codecs("<f4", "<f2", "0.5", "100"));
  codecs.push_back(kBytes);
  expect_verdict("fixed-scale-offset-float16-unsupported", "float32", "0.5", codecs, false);
}

TEST(BugModelExamples, FixedScaleOffsetFloat16ElementsRefused) {
  // The metadata is valid (the oracle's verdict stands); encode (0.5 - 0.5) * 100 = 0 and decode
  // 0 / 100 + 0.5 = 0.5 are refused.
  const std::string alias = alias_codecs("<f4", "<f2", "0.5", "100");
  expect_chain_bug("fixed-scale-offset-float16-elements-refused", "float32", alias,
                   Direction::Encode, 0x3f000000, kRefused, "0.5");
  expect_chain_bug("fixed-scale-offset-float16-elements-refused", "float32", alias,
                   Direction::Decode, 0x0000, kRefused, "0.5");
  nlohmann::json codecs = json(alias);
  codecs.push_back(kBytes);
  EXPECT_EQ(model("fixed-scale-offset-float16-elements-refused").validate, nullptr);
  EXPECT_TRUE(validate_array_metadata(type("float32"), json("0.5"), codecs).valid);
}

TEST(BugModelExamples, FixedScaleOffsetAstypeOptional) {
  // scale_offset.md:184: astype is required; zarrs reads it as optional (metadata case 171).
  nlohmann::json codecs = json(
      R"([{"name": "numcodecs.fixedscaleoffset",
           "configuration": {"dtype": "<f4", "offset": 0, "scale": 1}}])");
  codecs.push_back(kBytes);
  expect_verdict("fixed-scale-offset-astype-optional", "float32", "0", codecs, true);
}

// A cast model acts on every cast_value step of a chain (model_chain), its mutant too, and the
// diagnosis names it there; the alias's own cast is another codec and stays the oracle's.
TEST(BugModels, ACastModelActsOnTheCastValueStepsOfAChain) {
  const BugModel& bug = model("ties-away");
  const nlohmann::json codecs = json(R"([{"name": "transpose", "configuration": {"order": [0]}},
      {"name": "cast_value", "configuration": {"data_type": "int8"}}])");
  const ArrayChain chain = parse_array_chain(type("float32"), codecs);
  // float32 2.5 into int8: nearest-even gives 2, the model's round() gives 3.
  EXPECT_EQ(encode_through(chain, 0x40200000).bits, 0x02u);
  EXPECT_EQ(model_chain(&bug, chain, codecs, Direction::Encode, 0x40200000).bits, 0x03u);
  EXPECT_TRUE(
      has(models_reproducing(chain_request(type("float32"), json("0"), codecs, Direction::Encode),
                             ModelAnswer::element(false, 0x03), 0x40200000),
          bug));
  const nlohmann::json alias = json(alias_codecs("<f4", "|u1", "0", "1"));
  EXPECT_EQ(model_chain(&bug, parse_array_chain(type("float32"), alias), alias, Direction::Encode,
                        0x40200000)
                .bits,
            0x02u);
}
// (GDAL) begin
TEST(BugModelExamples, ScaleOffsetOverflowClamped) {
  // float32 2^126 * 100 overflows: scale_offset.md:47 makes it an error; in IEEE 754 it is
  // +Infinity, which cast_value's clamp takes to uint8's 255.
  expect_chain_bug("scale-offset-overflow-clamped", "float32",
                   R"([{"name": "scale_offset", "configuration": {"scale": 100}},
          {"name": "cast_value", "configuration": {"data_type": "uint8", "out_of_range": "clamp"}}])",
                   Direction::Encode, 0x7e800000, 0xff);
}
// (GDAL) end

// (naive) begin
// --- Naive implementations -----------------------------------------------------------------------

TEST(BugModelExamples, RoundingIgnoredNearestEven) {
  // cast_value.md:69: 1 + 2^-23 towards-positive into float16 is 1 + 2^-10; nearest-even gives 1.
  expect_bug("rounding-ignored-nearest-even", rule("float32", "float16", Rounding::TowardsPositive),
             0x3f800001, 0x3c00);
  // cast_value.md:68: 2.7 towards-zero into int8 is 2; nearest-even gives 3.
  expect_bug("rounding-ignored-nearest-even", rule("float32", "int8", Rounding::TowardsZero),
             0x402ccccd, 0x03);
  // The range check stays: 300.5 into int8 is still an error.
  expect_no_bug("rounding-ignored-nearest-even", rule("float32", "int8", Rounding::TowardsZero),
                0x43964000);
}

TEST(BugModelExamples, RoundingIgnoredConversion) {
  // Truncation into integers whatever the mode: 2.7 is 2 under nearest-even, -2.5 is -2 under
  // towards-negative; nearest-even into floats: 1 + 2^-23 towards-positive into float16 is 1.
  expect_bug("rounding-ignored-conversion", rule("float32", "int8"), 0x402ccccd, 0x02);
  expect_bug("rounding-ignored-conversion", rule("float32", "int8", Rounding::TowardsNegative),
             0xc0200000, 0xfe);
  expect_bug("rounding-ignored-conversion", rule("float32", "float16", Rounding::TowardsPositive),
             0x3f800001, 0x3c00);
  expect_no_bug("rounding-ignored-conversion", rule("float32", "int8", Rounding::TowardsZero),
                0x402ccccd);
}

TEST(BugModelExamples, Float64Intermediate) {
  // 2^53 + 1 is 2^53 as a double: int64 -> uint64 gives 2^53 under the default mode.
  expect_bug("float64-intermediate", rule("int64", "uint64"), 0x0020000000000001,
             0x0020000000000000);
  expect_bug("float64-intermediate", rule("float32", "float16", Rounding::TowardsPositive),
             0x3f800001, 0x3c00);
}

TEST(BugModelExamples, AstypeWraps) {
  // cast_value.md:86: 300 into int8 without out_of_range must fail; wrapped it is 44, under clamp
  // too; 300.5 truncated is 300, then 44.
  expect_bug("astype-wraps", rule("int16", "int8"), 300, 0x2c);
  expect_bug("astype-wraps", rule("float32", "int8", Rounding::NearestEven, OutOfRange::Clamp),
             0x43964000, 0x2c);
  expect_bug("astype-wraps", rule("float32", "int8"), 0x402ccccd, 0x02);
}

TEST(BugModelExamples, FloatToIntX86Conversion) {
  // np.array([300., 2.**31, nan], 'f8').astype('i1') is [44, 0, 0]: through int32, 2^31 and NaN
  // give the integer indefinite 0x80000000, whose low byte is 0.
  expect_bug("float-to-int-x86-conversion", rule("float64", "int8"), 0x4072c00000000000, 0x2c);
  expect_bug("float-to-int-x86-conversion", rule("float64", "int8"), 0x41e0000000000000, 0x00);
  expect_bug("float-to-int-x86-conversion", rule("float64", "int32"), 0x7ff8000000000000,
             0x80000000);
  // np.array([-1e20] * 8, 'f8').astype('u4') is 2^31 in every element (the vectorised loop).
  expect_bug("float-to-int-x86-conversion", rule("float64", "uint32"), 0xc415af1d78b58c40,
             0x80000000);
  // 2^64 into uint64: 2^64 - 2^63 overflows int64, the indefinite 2^63 loses its top bit.
  expect_bug("float-to-int-x86-conversion", rule("float64", "uint64"), 0x43f0000000000000, 0x0);
  // ml_dtypes' float8_e5m2: +Infinity gives int32's largest value, NaN gives 0.
  expect_bug("float-to-int-x86-conversion", rule("float8_e5m2", "int32"), 0x7c, 0x7fffffff);
  expect_bug("float-to-int-x86-conversion", rule("float8_e5m2", "int32"), 0x7e, 0x0);
  expect_bug("float-to-int-x86-conversion", rule("float8_e5m2", "int8"), 0xfc, 0x80);
}

TEST(BugModelExamples, AstypeIntoFloat) {
  // 2^40 + 2^32 + 1 is 2^40 + 2^32 in float32, a bfloat16 tie, then 2^40 (even).
  expect_bug("astype-into-float", rule("int64", "bfloat16"), 0x0000010100000001, 0x5380);
  // float32 1e30 and NaN into float6_e2m3fn give 7.5 and -0; into float8_e4m3fnuz NaN.
  expect_bug("astype-into-float", rule("float32", "float6_e2m3fn"), 0x7149f2ca, 0x1f);
  expect_bug("astype-into-float", rule("float32", "float6_e2m3fn"), 0x7fc00000, 0x20);
  expect_bug("astype-into-float", rule("float32", "float8_e4m3fnuz"), 0x7149f2ca, 0x80);
  expect_bug("astype-into-float", rule("float32", "float16", Rounding::TowardsPositive), 0x3f800001,
             0x3c00);
}
// (naive) end

// Every cast model has an example above; so does every rejects and validate model.
TEST(BugModels, EveryModelHasAnExampleTest) {
  const testing::UnitTest& unit = *testing::UnitTest::GetInstance();
  std::set<std::string> examples;
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const testing::TestSuite& suite = *unit.GetTestSuite(i);
    if (std::string(suite.name()) != "BugModelExamples") continue;
    for (int j = 0; j < suite.total_test_count(); ++j) {
      std::string name = suite.GetTestInfo(j)->name();
      examples.insert(name.substr(0, name.find("IsInvisible")));
    }
  }
  for (const BugModel& bug : bug_models()) {
    // "nan-payload-kept" -> "NaNPayloadKept": words capitalized, "nan" as "NaN".
    std::string name;
    std::size_t start = 0;
    for (;;) {
      const std::size_t dash = bug.id.find('-', start);
      std::string word(bug.id.substr(start, dash - start));
      if (word == "nan") word = "NaN";
      word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
      name += word;
      if (dash == std::string_view::npos) break;
      start = dash + 1;
    }
    EXPECT_TRUE(examples.count(name)) << "no BugModelExamples." << name << " for " << bug.id;
  }
}

// --- The published vectors -----------------------------------------------------------------------

// Models the vectors cannot catch, and why.
const std::map<std::string, std::string> kNotCaughtByTheVectors = {
    {"nan-payload-kept",
     "indistinguishable under the harness's comparison: it only changes which NaN comes out, and "
     "any NaN matches any NaN (cast_value.md:17, payload preservation is not required)"},
    {"scalar-map-keys-unrounded",
     "a gap of the vectors: no chain case has a float scalar_map key that its input type cannot "
     "hold exactly, and a cast case's rule holds its keys already rounded (the model reads the "
     "codec's JSON, which only chain requests carry)"},
    {"fixed-scale-offset-fill-not-threaded",
     "a gap of the vectors: no metadata or chain case has a numcodecs.fixedscaleoffset first, a "
     "cast_value after it and a fill value beyond astype's range that the alias brings into it"},
};

// One scan of the whole vectors (about 8 s; 50 s under the sanitizers), for both checks below.
const ModelVectorScan& vector_scan() {
  static const ModelVectorScan scan = [] {
    std::string vectors = CVC_SOURCE_DIR;
    vectors += "/vectors";  // appended: GCC 12 warns falsely about a concatenation here
    return scan_vectors_with_models(vectors);
  }();
  return scan;
}

// Every model answers at least one vector case differently from the oracle (a failure, not an
// alternative reading), and the diagnosis names it for that case, given the model's own answer.
void expect_every_model_caught_and_diagnosed(const ModelVectorScan& scan) {
  for (std::size_t i = 0; i < bug_models().size(); ++i) {
    const BugModel& bug = bug_models()[i];
    const ModelVectorCount& count = scan.models[i];
    SCOPED_TRACE(std::string(bug.id));
    if (const auto reason = kNotCaughtByTheVectors.find(std::string(bug.id));
        reason != kNotCaughtByTheVectors.end()) {
      EXPECT_EQ(count.total(), 0u) << "now caught: drop the exception (" << reason->second << ")";
      continue;
    }
    ASSERT_TRUE(count.first.has_value()) << "not caught by the vectors";
    const ModelCatch& at = *count.first;
    const DataType& array_type = type(at.array_type);
    const auto cast_at = [&] {
      return ModelRequest{ModelRequest::Kind::Cast, &array_type, at.fill_value, at.codecs.at(0),
                          *parse_direction(at.direction)};
    };
    switch (at.kind) {
      case ModelCatch::Kind::Metadata: {
        const bool valid = bug.validate(array_type, at.fill_value, at.codecs).valid;
        EXPECT_TRUE(has(models_reproducing(validate_request(array_type, at.fill_value, at.codecs),
                                           ModelAnswer::verdict(valid)),
                        bug))
            << at.where;
        break;
      }
      case ModelCatch::Kind::Configuration:
        EXPECT_TRUE(has(models_reproducing(cast_at(), ModelAnswer::rejected()), bug)) << at.where;
        break;
      case ModelCatch::Kind::Element: {
        if (at.family == "chain") {
          const Direction direction = *parse_direction(at.direction);
          const ChainResult answer =
              chain_answer(bug, array_type, at.codecs, direction, at.input_bits);
          EXPECT_TRUE(has(
              models_reproducing(chain_request(array_type, at.fill_value, at.codecs, direction),
                                 ModelAnswer::element(!answer.ok(), answer.bits), at.input_bits),
              bug))
              << at.where;
          break;
        }
        const CastResult answer = bug.cast(*at.rule, at.input_bits);
        EXPECT_TRUE(
            has(models_reproducing(cast_at(), ModelAnswer::element(!answer.ok(), answer.bits),
                                   at.input_bits),
                bug))
            << at.where;
        break;
      }
    }
  }
}

// The catalogue's order: where every wrong answer of a model is also another model's, the
// narrower one comes first, so that a run of its mutant is credited to it
// (harness/run/diagnosis.cpp breaks ties by the narrower model, then catalogue order; in a mutant's
// run both reproduce every failure, so the order decides).
void expect_no_earlier_model_reproduces_all_of_a_model(const ModelVectorScan& scan) {
  for (std::size_t i = 0; i < bug_models().size(); ++i) {
    const ModelVectorCount& count = scan.models[i];
    if (count.cast + count.scalar_map == 0) continue;
    for (std::size_t j = 0; j < i; ++j)
      EXPECT_FALSE(count.reproduced_by.contains(j))
          << bug_models()[j].id << " (earlier) reproduces every wrong answer of "
          << bug_models()[i].id;
  }
}

// One test, so that the scan runs once per process (ctest runs each test in a process of its own).
TEST(BugModelsOnTheVectors, EveryModelIsCaughtAndDiagnosedAndTheOrderHolds) {
  const ModelVectorScan& scan = vector_scan();
  ASSERT_GT(scan.elements, 1000000u);
  expect_every_model_caught_and_diagnosed(scan);
  expect_no_earlier_model_reproduces_all_of_a_model(scan);
}

}  // namespace
}  // namespace cvc::bug_models_test
