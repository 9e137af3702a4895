// JSON with exact numbers (oracle/io/json_exact.hpp) and the Zarr fill value encoding of scalars
// (oracle/scalar_json.hpp). Every expected pattern is derived by hand in a comment or quoted from
// the spec texts (docs/specs.md); none is copied from a run of the code.
#include "oracle/scalar_json.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "oracle/io/json_exact.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::scalar_json_test {
namespace {

using json = nlohmann::json;

json J(std::string_view text) {
  return parse_json_exact(text);
}

std::uint64_t parse(std::string_view type, std::string_view text, const Readings& readings = {}) {
  return parse_scalar(data_type(type), J(text), readings);
}

// The ScalarError message for an invalid scalar ("" when it is valid, so the test fails readably).
std::string rejection(std::string_view type, std::string_view text, const Readings& readings = {}) {
  try {
    parse_scalar(data_type(type), J(text), readings);
  } catch (const ScalarError& error) {
    return error.what();
  }
  return "";
}

#define EXPECT_INVALID(type, text, ...) \
  EXPECT_NE(rejection(type, text __VA_OPT__(, ) __VA_ARGS__), "") << "accepted " << (text)

std::string formatted(std::string_view type, std::uint64_t bits) {
  return dump_json_exact(format_scalar(data_type(type), bits));
}

const Readings kDefault{};

// ---------------------------------------------------------------------------------------------
// json_exact

TEST(JsonExact, KeepsNumberLiterals) {
  const json doc = J(R"({"a": [1.50, -0, 1E+2, -0.0, 123456789012345678901234567890], "b": 7})");
  const json& a = doc.at("a");
  EXPECT_EQ(json_number_text(a[0]), "1.50");
  EXPECT_EQ(json_number_text(a[1]), "-0");
  EXPECT_EQ(json_number_text(a[2]), "1E+2");
  EXPECT_EQ(json_number_text(a[3]), "-0.0");
  EXPECT_EQ(json_number_text(a[4]), "123456789012345678901234567890");
  EXPECT_EQ(json_number_text(doc.at("b")), "7");
  EXPECT_TRUE(is_json_number(a[0]));
  EXPECT_FALSE(a[0].is_number());  // the documented representation: a binary node
}

TEST(JsonExact, NumbersInsideStringsAndKeysAreNotNumbers) {
  const json doc = J(R"({"k1": ["2, 3", "-4\"5", 6], "x-7": true, "8": 9})");
  EXPECT_EQ(doc.at("k1")[0], "2, 3");
  EXPECT_EQ(doc.at("k1")[1], "-4\"5");
  EXPECT_EQ(json_number_text(doc.at("k1")[2]), "6");
  EXPECT_EQ(doc.at("x-7"), true);
  EXPECT_EQ(json_number_text(doc.at("8")), "9");
}

TEST(JsonExact, TopLevelScalars) {
  EXPECT_EQ(json_number_text(J("-0")), "-0");
  EXPECT_EQ(json_number_text(J(" 1e-400 ")), "1e-400");
  EXPECT_EQ(J("\"NaN\""), "NaN");
  EXPECT_TRUE(J("null").is_null());
}

TEST(JsonExact, MalformedTextThrowsWithPosition) {
  for (std::string_view text : {"[1,]", "01", "1 2", "{\"a\" 1}", "[1.]", "-", "", "[1e]",
                                "{\"a\":1,}", "tru", "NaN", "[\"unterminated]"}) {
    EXPECT_THROW(J(text), JsonError) << text;
  }
  try {
    J("[1, 2, x]");
    FAIL() << "accepted [1, 2, x]";
  } catch (const JsonError& error) {
    EXPECT_EQ(error.position(), 8u);  // "[1, 2, x": the x is the 8th byte
    EXPECT_NE(std::string(error.what()).find("byte 8"), std::string::npos) << error.what();
  }
}

TEST(JsonExact, RepeatedKeysAreRejected) {
  try {
    J(R"({"a": 1, "a": 2})");
    FAIL() << "accepted a repeated key";
  } catch (const JsonError& error) {
    EXPECT_EQ(error.position(), 10u);  // the second key's quote is the 10th byte
    EXPECT_NE(std::string(error.what()).find("\"a\""), std::string::npos) << error.what();
  }
  EXPECT_NO_THROW(J(R"([{"a": 1}, {"a": 2}])"));  // the same key in different objects is fine
}

TEST(JsonExact, TextOfOrdinaryNumbers) {
  EXPECT_EQ(json_number_text(json(42)), "42");
  EXPECT_EQ(json_number_text(json(-7)), "-7");
  EXPECT_EQ(json_number_text(json(UINT64_MAX)), "18446744073709551615");
  EXPECT_EQ(json_number_text(json::parse("0.5")), "0.5");  // a double, built by nlohmann
  EXPECT_EQ(json_number_text(json::parse("-0.0")), "-0.0");
  EXPECT_EQ(json_number_text(json("1")), std::nullopt);
  EXPECT_EQ(json_number_text(json(true)), std::nullopt);
  EXPECT_EQ(json_number_text(json(nullptr)), std::nullopt);
}

TEST(JsonExact, NumberLiterals) {
  for (std::string literal : {"0", "-0", "1.0", "-12.50e-3", "1E5", "0e0", "9007199254740993"})
    EXPECT_EQ(json_number_text(json_number(literal)), literal);
  for (std::string literal : {"01", "1.", ".5", "+1", "1e", "1e+", "-", "", "0x10", " 1", "1 ",
                              "Infinity", "--1", "1.5.3"})
    EXPECT_THROW(json_number(literal), JsonError) << literal;
}

TEST(JsonExact, DumpIsCompactAndExact) {
  const std::string text =
      R"({"a":[1.50,-0,1E+2,"s\"t",true,null,{}],"b":{"c":-0.0,"d":[]},"e":18446744073709551616})";
  EXPECT_EQ(dump_json_exact(J(text)), text);  // keys already sorted, so stored order is the same
  EXPECT_EQ(dump_json_exact(J(" { \"z\" : 1 , \"a\" : [ 2 ] } ")), R"({"a":[2],"z":1})");
  json built = json::object();
  built["n"] = json_number("1.000");
  built["m"] = 5;
  EXPECT_EQ(dump_json_exact(built), R"({"m":5,"n":1.000})");
}

// Strings (values and keys) are written as nlohmann writes them, byte for byte, whether they need
// an escape or not; invalid UTF-8 is refused as nlohmann refuses it.
TEST(JsonExact, DumpWritesStringsAsNlohmann) {
  for (int byte = 0; byte < 0x80; ++byte) {
    // Built in place: GCC 12 warns falsely about `"literal" + std::string` here.
    const std::string text = {'a', static_cast<char>(byte), 'z'};
    EXPECT_EQ(dump_json_exact(json(text)), json(text).dump()) << "byte " << byte;
    const json object = {{text, 1}};
    EXPECT_EQ(dump_json_exact(object), object.dump()) << "byte " << byte;
  }
  for (const std::string text : {"", "plain", "caf\xc3\xa9", "\xe2\x82\xac 1", "tab\there"})
    EXPECT_EQ(dump_json_exact(json::array({text})), json::array({text}).dump()) << text;
  EXPECT_THROW(dump_json_exact(json(std::string("bad \xff"))), json::type_error);
}

// ---------------------------------------------------------------------------------------------
// Integers (core-data-types.rst: "a JSON number with no fraction or exponent part that is within
// the representable range of the data type")

TEST(ScalarInteger, InRange) {
  EXPECT_EQ(parse("uint8", "255"), 0xffu);
  EXPECT_EQ(parse("uint8", "0"), 0u);
  EXPECT_EQ(parse("uint8", "-0"), 0u);      // no fraction or exponent; the value is 0
  EXPECT_EQ(parse("int8", "-128"), 0x80u);  // two's complement of 128 in 8 bits
  EXPECT_EQ(parse("int8", "-1"), 0xffu);
  EXPECT_EQ(parse("int16", "-32768"), 0x8000u);
  EXPECT_EQ(parse("int2", "-2"), 0b10u);  // int2.md: range [-2, 1]; -2 = 0b10
  EXPECT_EQ(parse("int2", "1"), 0b01u);
  EXPECT_EQ(parse("int4", "-8"), 0b1000u);                                  // int4.md: [-8, 7]
  EXPECT_EQ(parse("uint2", "3"), 0b11u);                                    // uint2.md: [0, 3]
  EXPECT_EQ(parse("uint4", "15"), 0xfu);                                    // uint4.md: [0, 15]
  EXPECT_EQ(parse("int64", "-9223372036854775808"), 0x8000000000000000u);   // -2^63
  EXPECT_EQ(parse("int64", "9223372036854775807"), 0x7fffffffffffffffu);    // 2^63 - 1
  EXPECT_EQ(parse("uint64", "18446744073709551615"), 0xffffffffffffffffu);  // 2^64 - 1
  EXPECT_EQ(parse_scalar(data_type("uint8"), json(200)), 200u);  // an ordinary nlohmann number
}

TEST(ScalarInteger, OutOfRange) {
  EXPECT_INVALID("uint8", "256");
  EXPECT_INVALID("uint8", "-1");
  EXPECT_INVALID("int8", "128");
  EXPECT_INVALID("int8", "-129");
  EXPECT_INVALID("int2", "2");
  EXPECT_INVALID("int2", "-3");
  EXPECT_INVALID("uint4", "16");
  EXPECT_INVALID("int64", "9223372036854775808");
  EXPECT_INVALID("int64", "-9223372036854775809");
  EXPECT_INVALID("uint64", "18446744073709551616");
  EXPECT_INVALID("uint64", "100000000000000000000000000000000000000000");
}

TEST(ScalarInteger, ErrorNamesValueTypeAndReason) {
  const std::string message = rejection("uint8", "256");
  EXPECT_NE(message.find("uint8"), std::string::npos) << message;
  EXPECT_NE(message.find("256"), std::string::npos) << message;
  EXPECT_NE(message.find("range"), std::string::npos) << message;
  const std::string fraction = rejection("uint8", "1.0");
  EXPECT_NE(fraction.find("1.0"), std::string::npos) << fraction;  // the literal as written
  EXPECT_NE(fraction.find("IntegerJSON"), std::string::npos) << fraction;
}

// IntegerJSON: default invalid (no fraction or exponent part), alternative accept-integral.
TEST(ScalarInteger, IntegerJSONFlag) {
  const Readings accept = kDefault.with(Flag::IntegerJSON, kIntegerJSONAcceptIntegral);
  EXPECT_INVALID("uint8", "1.0");
  EXPECT_INVALID("uint8", "1e2");
  EXPECT_INVALID("int8", "-0.0");
  EXPECT_EQ(parse("uint8", "1.0", accept), 1u);
  EXPECT_EQ(parse("uint8", "1e2", accept), 100u);
  EXPECT_EQ(parse("uint8", "2.55E+2", accept), 255u);  // 2.55 * 100 = 255
  EXPECT_EQ(parse("int8", "-0.0", accept), 0u);
  EXPECT_EQ(parse("int8", "-1.28e2", accept), 0x80u);  // -128
  EXPECT_EQ(parse("uint8", "1000e-1", accept), 100u);  // 1000 / 10
  EXPECT_INVALID("uint8", "1.5", accept);              // not an integer under either reading
  EXPECT_INVALID("uint8", "2.56e2", accept);           // 256: out of range
  EXPECT_INVALID("uint8", "1e999999999", accept);      // absurd exponent: out of range, quickly
  EXPECT_INVALID("uint8", "1e-999999999", accept);     // not an integer
}

TEST(ScalarInteger, NonNumbersAreInvalid) {
  for (std::string_view text :
       {"\"1\"", "\"0x01\"", "\"NaN\"", "\"Infinity\"", "true", "null", "[1]", "{}"})
    EXPECT_INVALID("int32", text);
}

// ---------------------------------------------------------------------------------------------
// Floats: JSON numbers, rounded from the exact decimal value, ties to even

// float16: 1 sign, 5 exponent bits (bias 15), 10 mantissa bits. 2048 = 2^11: biased exponent
// 26 = 0b11010, mantissa 0: 0 11010 0000000000 = 0x6800. Between 2^11 and 2^12 the spacing is
// 2^(11-10) = 2, so 2048 (mantissa 0), 2050 (mantissa 1), 2052 (mantissa 2) are neighbours.
TEST(ScalarFloat, TiesToEven) {
  EXPECT_EQ(parse("float16", "2048"), 0x6800u);
  EXPECT_EQ(parse("float16", "2049"), 0x6800u);    // tie 2048 | 2050: the even mantissa 0
  EXPECT_EQ(parse("float16", "2051"), 0x6802u);    // tie 2050 | 2052: the even mantissa 2
  EXPECT_EQ(parse("float16", "2050.5"), 0x6801u);  // nearer 2050
  EXPECT_EQ(parse("float16", "-2049"), 0xe800u);   // sign bit 0x8000 | 0x6800
  EXPECT_EQ(parse("float16", "2.049e3"), 0x6800u);
  EXPECT_EQ(parse("float16", "204900e-2"), 0x6800u);
}

// 40 significant digits just above the tie 2049: exactly, it rounds up to 2050 (0x6801). Read
// through a double it would become 2049 (53 bits cannot hold the 1e-36 excess) and then tie down
// to 2048: the exact reading is what the spec's "rounded to the nearest" asks for.
TEST(ScalarFloat, FortyDigitsAboveATie) {
  const std::string above = "2049." + std::string(35, '0') + "1";  // 4 + 36 = 40 digits
  ASSERT_EQ(above.size(), 41u);
  EXPECT_EQ(parse("float16", above), 0x6801u);
  const std::string below = "2048." + std::string(35, '9') + "9";  // just below the tie
  EXPECT_EQ(parse("float16", below), 0x6800u);
  // The same for float64: 2^53 + 1 = 9007199254740993 is the tie between 2^53 (even) and
  // 2^53 + 2; a tiny excess decides it upwards. 2^53 = 0x4340000000000000 (biased exponent
  // 1023 + 53 = 1076 = 0x434, mantissa 0); 2^53 + 2 has mantissa 1.
  EXPECT_EQ(parse("float64", "9007199254740993"), 0x4340000000000000u);
  EXPECT_EQ(parse("float64", "9007199254740993.0000000000000000000001"), 0x4340000000000001u);
}

// 0.1 = 1.6 * 2^-4. bfloat16 keeps 7 mantissa bits: 1.6 * 2^7 = 204.8 rounds to 205, mantissa
// 205 - 128 = 77 = 0b1001101; biased exponent 127 - 4 = 123 = 0b01111011.
// 0 01111011 1001101 = 0011 1101 1100 1101 = 0x3dcd.
// float32: 1.6 * 2^23 = 13421772.8 rounds to 13421773, mantissa 13421773 - 8388608 = 5033165
// = 0x4ccccd; exponent 123 << 23 = 0x3d800000; 0x3d800000 | 0x4ccccd = 0x3dcccccd.
// float64: 1.6 * 2^52 = 7205759403792793.6 rounds to ...794; mantissa 0x999999999999a;
// exponent 1019 = 0x3fb: 0x3fb999999999999a.
TEST(ScalarFloat, OneTenth) {
  EXPECT_EQ(parse("bfloat16", "0.1"), 0x3dcdu);
  EXPECT_EQ(parse("float32", "0.1"), 0x3dcccccdu);
  EXPECT_EQ(parse("float64", "0.1"), 0x3fb999999999999au);
  EXPECT_EQ(parse("float64", "1e-1"), 0x3fb999999999999au);
  EXPECT_EQ(parse_scalar(data_type("bfloat16"), json::parse("0.1")), 0x3dcdu);  // nlohmann double
}

// float16 largest finite: biased exponent 30, mantissa all ones: 0x7bff = 1.1111111111b * 2^15 =
// 65504. The next grid point above is 2^16 = 65536, so the midpoint 65520 is the overflow
// threshold: ties to even go to 2^16 (mantissa of 65504 is odd), beyond the finite range.
TEST(ScalarFloat, OverflowIsInvalidByDefault) {
  EXPECT_EQ(parse("float16", "65504"), 0x7bffu);
  EXPECT_EQ(parse("float16", "65519.999"), 0x7bffu);  // below the midpoint
  EXPECT_EQ(parse("float16", "-65519"), 0xfbffu);
  EXPECT_INVALID("float16", "65520");
  EXPECT_INVALID("float16", "-65520");
  EXPECT_INVALID("float16", "1e5");
  EXPECT_INVALID("float16", "1e999999999");  // absurd exponent: rejected without building 10^...
  EXPECT_INVALID("float64", "1.8e308");      // float64 max is about 1.7977e308
  EXPECT_INVALID("float8_e4m3fnuz", "1e5");
  const std::string message = rejection("float16", "65520");
  EXPECT_NE(message.find("FloatJSONOverflow"), std::string::npos) << message;
  EXPECT_NE(message.find("float16"), std::string::npos) << message;
}

// FloatJSONOverflow alternative infinity: +-Infinity where the type has it. float16 +Infinity:
// exponent all ones, mantissa 0: 0 11111 0000000000 = 0x7c00; -Infinity 0xfc00.
TEST(ScalarFloat, OverflowToInfinityAlternative) {
  const Readings infinity = kDefault.with(Flag::FloatJSONOverflow, kFloatJSONOverflowInfinity);
  EXPECT_EQ(parse("float16", "65520", infinity), 0x7c00u);
  EXPECT_EQ(parse("float16", "-1e999999999", infinity), 0xfc00u);
  EXPECT_EQ(parse("float16", "65504", infinity), 0x7bffu);  // finite values are unchanged
  EXPECT_INVALID("float8_e4m3fnuz", "1e5", infinity);       // no infinity in fnuz types
  EXPECT_INVALID("float4_e2m1fn", "7", infinity);           // max 6 (see below); no infinity
}

// Small numbers: float16's smallest subnormal is 2^-24 (pattern 0x0001), about 5.96e-8; half of
// it, 2^-25 = 2.98023223876953125e-8, is the threshold below which values round to zero.
TEST(ScalarFloat, UnderflowKeepsTheSign) {
  EXPECT_EQ(parse("float16", "1e-8"), 0x0000u);
  EXPECT_EQ(parse("float16", "-1e-8"), 0x8000u);  // -0: the literal's sign
  EXPECT_EQ(parse("float16", "3e-8"), 0x0001u);   // above 2^-25: the smallest subnormal
  EXPECT_EQ(parse("float16", "2.98023223876953125e-8"), 0x0000u);  // exactly 2^-25: tie to 0
  EXPECT_EQ(parse("float16", "-1e-999999999"), 0x8000u);         // absurd exponent, decided quickly
  EXPECT_EQ(parse("float64", "4.9e-324"), 0x0000000000000001u);  // 2^-1074 is about 4.94e-324
  EXPECT_EQ(parse("float64", "2e-324"), 0x0000000000000000u);    // below 2^-1075 = 2.47e-324
  // fnuz types have no -0: the zero is +0 (pattern 0x00; 0x80 is their NaN).
  EXPECT_EQ(parse("float8_e4m3fnuz", "-1e-8"), 0x00u);
}

TEST(ScalarFloat, SignedZeros) {
  EXPECT_EQ(parse("float16", "0"), 0x0000u);
  EXPECT_EQ(parse("float16", "-0"), 0x8000u);
  EXPECT_EQ(parse("float16", "-0.0"), 0x8000u);
  EXPECT_EQ(parse("float32", "-0e10"), 0x80000000u);
  EXPECT_EQ(parse("float4_e2m1fn", "-0.0"), 0x8u);     // fn types keep -0: sign bit 0b1000
  EXPECT_EQ(parse("float8_e5m2fnuz", "-0.0"), 0x00u);  // fnuz: only +0
  EXPECT_EQ(parse("float8_e4m3b11fnuz", "-0"), 0x00u);
}

// float4_e2m1fn (float4_e2m1fn.md): 2 exponent bits with bias 1, 1 mantissa bit, no inf or NaN.
// Values: 0, 0.5 (subnormal 0b001), 1, 1.5, 2, 3, 4, 6 (0b111 = 1.5 * 2^2).
TEST(ScalarFloat, SubByteFloat) {
  EXPECT_EQ(parse("float4_e2m1fn", "6"), 0x7u);
  EXPECT_EQ(parse("float4_e2m1fn", "-6"), 0xfu);
  EXPECT_EQ(parse("float4_e2m1fn", "0.5"), 0x1u);
  EXPECT_EQ(parse("float4_e2m1fn", "5"), 0x6u);     // tie 4 (0b110, even) | 6 (0b111): 4
  EXPECT_EQ(parse("float4_e2m1fn", "0.25"), 0x0u);  // tie 0 | 0.5: 0 (even)
  EXPECT_EQ(parse("float4_e2m1fn", "0.26"), 0x1u);
  EXPECT_INVALID("float4_e2m1fn", "7");  // tie 6 | 8: 8 (even), beyond the max 6
  EXPECT_EQ(parse("float4_e2m1fn", "6.9"), 0x7u);
}

// float8_e8m0fnu (float8_e8m0fnu.md): 2^(e - 127), no sign, no zero; 0xff is NaN.
TEST(ScalarFloat, E8M0) {
  EXPECT_EQ(parse("float8_e8m0fnu", "1"), 0x7fu);    // 2^0: biased 127
  EXPECT_EQ(parse("float8_e8m0fnu", "0.5"), 0x7eu);  // 2^-1
  // 3 is the tie between 2 (0x80) and 4 (0x81): E8M0Tie default rounds up in magnitude; the
  // alternative even-exponent picks 2, whose biased exponent 128 is even.
  EXPECT_EQ(parse("float8_e8m0fnu", "3"), 0x81u);
  EXPECT_EQ(parse("float8_e8m0fnu", "3", kDefault.with(Flag::E8M0Tie, kE8M0TieEvenExponent)),
            0x80u);
  EXPECT_EQ(parse("float8_e8m0fnu", "2.9"), 0x80u);
  // 2^-127 (0x00) is about 5.877e-39; 2^-128 about 2.939e-39; their tie 1.5 * 2^-128 about
  // 4.408e-39. 4.5e-39 is above the tie, so it rounds to 2^-127; 4e-39 rounds to 2^-128, below
  // the smallest value.
  EXPECT_EQ(parse("float8_e8m0fnu", "4.5e-39"), 0x00u);
  EXPECT_INVALID("float8_e8m0fnu", "4e-39");
  EXPECT_INVALID("float8_e8m0fnu", "1e-999999999");
  // 2^127 (0xfe) is about 1.701e38; the tie with 2^128 is 1.5 * 2^127, about 2.552e38.
  EXPECT_EQ(parse("float8_e8m0fnu", "2e38"), 0xfeu);
  EXPECT_INVALID("float8_e8m0fnu", "3e38");
  EXPECT_INVALID("float8_e8m0fnu", "0");
  EXPECT_INVALID("float8_e8m0fnu", "-0");
  EXPECT_INVALID("float8_e8m0fnu", "-1");
  EXPECT_INVALID("float8_e8m0fnu", "\"Infinity\"");  // float8_e8m0fnu.md: not supported
}

// ---------------------------------------------------------------------------------------------
// Strings

TEST(ScalarString, NaN) {
  EXPECT_EQ(parse("float32", "\"NaN\""), 0x7fc00000u);  // core-data-types.rst: "NaN" = 0x7fc00000
  EXPECT_EQ(parse("float16", "\"NaN\""), 0x7e00u);      // sign 0, exponent all ones, mantissa MSB
  EXPECT_EQ(parse("float64", "\"NaN\""), 0x7ff8000000000000u);
  EXPECT_EQ(parse("bfloat16", "\"NaN\""), 0x7fc0u);          // bfloat16.md
  EXPECT_EQ(parse("float8_e3m4", "\"NaN\""), 0x78u);         // float8_e3m4.md
  EXPECT_EQ(parse("float8_e4m3", "\"NaN\""), 0x7cu);         // float8_e4m3.md
  EXPECT_EQ(parse("float8_e5m2", "\"NaN\""), 0x7eu);         // float8_e5m2.md
  EXPECT_EQ(parse("float8_e4m3fnuz", "\"NaN\""), 0x80u);     // float8_e4m3fnuz.md
  EXPECT_EQ(parse("float8_e4m3b11fnuz", "\"NaN\""), 0x80u);  // float8_e4m3b11fnuz.md
  EXPECT_EQ(parse("float8_e5m2fnuz", "\"NaN\""), 0x80u);     // float8_e5m2fnuz.md
  EXPECT_EQ(parse("float8_e8m0fnu", "\"NaN\""), 0xffu);      // float8_e8m0fnu.md
  EXPECT_INVALID("float4_e2m1fn", "\"NaN\"");  // float4_e2m1fn.md: "NaN" is not supported
  EXPECT_INVALID("float6_e2m3fn", "\"NaN\"");
  EXPECT_INVALID("float6_e3m2fn", "\"NaN\"");
}

TEST(ScalarString, Infinities) {
  EXPECT_EQ(parse("float16", "\"Infinity\""), 0x7c00u);
  EXPECT_EQ(parse("float16", "\"-Infinity\""), 0xfc00u);
  EXPECT_EQ(parse("float32", "\"-Infinity\""), 0xff800000u);
  EXPECT_EQ(parse("float8_e4m3", "\"Infinity\""), 0x78u);  // 0 1111 000
  EXPECT_INVALID("float8_e4m3fnuz", "\"Infinity\"");       // float8_e4m3fnuz.md: not supported
  EXPECT_INVALID("float8_e5m2fnuz", "\"-Infinity\"");
  EXPECT_INVALID("float6_e3m2fn", "\"Infinity\"");
}

// PlusInfinity: "+Infinity" is invalid by default (cast_value.md change log: the example was fixed
// to "Infinity"); the alternative accepts it as "Infinity".
TEST(ScalarString, PlusInfinityFlag) {
  const Readings accepted = kDefault.with(Flag::PlusInfinity, kPlusInfinityAccepted);
  EXPECT_INVALID("float64", "\"+Infinity\"");
  EXPECT_EQ(parse("float64", "\"+Infinity\"", accepted), 0x7ff0000000000000u);
  EXPECT_INVALID("float8_e4m3fnuz", "\"+Infinity\"", accepted);  // still no infinity there
  const std::string message = rejection("float64", "\"+Infinity\"");
  EXPECT_NE(message.find("PlusInfinity"), std::string::npos) << message;
  EXPECT_NE(message.find("\"+Infinity\""), std::string::npos) << message;
}

TEST(ScalarString, OtherStringsAreInvalid) {
  for (std::string_view text : {"\"nan\"", "\"inf\"", "\"infinity\"", "\"-NaN\"", "\"1.0\"", "\"\"",
                                "\" NaN\"", "\"Infinity \""})
    EXPECT_INVALID("float32", text);
}

// Hex: core-data-types.rst: "0xYYYYYYYY" is the byte representation as an unsigned integer, "for
// float32, "NaN" is equivalent to "0x7fc00000"".
TEST(ScalarHex, BitPatterns) {
  EXPECT_EQ(parse("float32", "\"0x7fc00000\""), 0x7fc00000u);
  EXPECT_EQ(parse("float32", "\"0x7FC00001\""), 0x7fc00001u);  // digits in either case
  EXPECT_EQ(parse("float32", "\"0x3F800000\""), 0x3f800000u);
  EXPECT_EQ(parse("float16", "\"0x1\""), 0x0001u);         // one digit is enough
  EXPECT_EQ(parse("float16", "\"0x00007c00\""), 0x7c00u);  // leading zeros are no bits
  EXPECT_EQ(parse("float16", "\"0x8000\""), 0x8000u);
  EXPECT_EQ(parse("float8_e5m2fnuz", "\"0x80\""), 0x80u);
  EXPECT_EQ(parse("float4_e2m1fn", "\"0xf\""), 0xfu);
  EXPECT_EQ(parse("float64", "\"0xffffffffffffffff\""), 0xffffffffffffffffu);
  EXPECT_INVALID("float16", "\"0x\"");
  EXPECT_INVALID("float16", "\"0x7g00\"");
  EXPECT_INVALID("float16", "\"0X7c00\"");  // the prefix is "0x" as in the spec
  EXPECT_INVALID("float16", "\"0x-1\"");
  EXPECT_INVALID("float16", "\"0x 1\"");
  EXPECT_INVALID("float16", "\"7c00\"");
  // Hex is defined for floating point types only (core-data-types.rst lists it under IEEE 754).
  EXPECT_INVALID("uint8", "\"0x01\"");
  EXPECT_INVALID("int64", "\"0x0\"");
}

// HexWidth: bits beyond the width are invalid by default; the alternative drops them.
TEST(ScalarHex, HexWidthFlag) {
  const Readings ignore = kDefault.with(Flag::HexWidth, kHexWidthIgnoreUpperBits);
  EXPECT_INVALID("float16", "\"0x10000\"");              // bit 16 of a 16-bit type
  EXPECT_INVALID("float4_e2m1fn", "\"0x1f\"");           // bit 4 of a 4-bit type
  EXPECT_INVALID("float6_e3m2fn", "\"0x40\"");           // bit 6 of a 6-bit type
  EXPECT_INVALID("float64", "\"0x10000000000000000\"");  // bit 64
  EXPECT_EQ(parse("float16", "\"0x13c00\"", ignore), 0x3c00u);
  EXPECT_EQ(parse("float4_e2m1fn", "\"0x1f\"", ignore), 0xfu);
  EXPECT_EQ(parse("float6_e3m2fn", "\"0xff\"", ignore), 0x3fu);
  EXPECT_EQ(parse("float64", "\"0x10000000000000001\"", ignore), 0x1u);
  const std::string message = rejection("float16", "\"0x10000\"");
  EXPECT_NE(message.find("HexWidth"), std::string::npos) << message;
}

TEST(ScalarOther, NonScalarsAreInvalid) {
  for (std::string_view text : {"true", "false", "null", "[]", "[1, 2]", "{}", "{\"a\": 1}"})
    EXPECT_INVALID("float32", text);
  const std::string message = rejection("float32", "[1, 2]");
  EXPECT_NE(message.find("float32"), std::string::npos) << message;
  EXPECT_NE(message.find("[1,2]"), std::string::npos) << message;
}

// ---------------------------------------------------------------------------------------------
// format_scalar: canonical JSON

TEST(FormatScalar, Integers) {
  EXPECT_EQ(formatted("int8", 0x80), "-128");
  EXPECT_EQ(formatted("int8", 0x7f), "127");
  EXPECT_EQ(formatted("int2", 0b10), "-2");
  EXPECT_EQ(formatted("uint4", 0xf), "15");
  EXPECT_EQ(formatted("int64", 0x8000000000000000), "-9223372036854775808");
  EXPECT_EQ(formatted("uint64", 0xffffffffffffffff), "18446744073709551615");
  EXPECT_THROW(format_scalar(data_type("uint8"), 0x100), std::invalid_argument);
}

TEST(FormatScalar, Specials) {
  EXPECT_EQ(formatted("float16", 0x7e00), "\"NaN\"");
  EXPECT_EQ(formatted("float16", 0x7e01), "\"0x7e01\"");  // another NaN: its pattern
  EXPECT_EQ(formatted("float16", 0xfe00), "\"0xfe00\"");  // negative NaN
  EXPECT_EQ(formatted("float8_e5m2", 0x7f), "\"0x7f\"");
  EXPECT_EQ(formatted("float32", 0x7fc00000), "\"NaN\"");
  EXPECT_EQ(formatted("float16", 0x7c00), "\"Infinity\"");
  EXPECT_EQ(formatted("float16", 0xfc00), "\"-Infinity\"");
  EXPECT_EQ(formatted("float8_e4m3fnuz", 0x80), "\"NaN\"");
  EXPECT_EQ(formatted("float8_e8m0fnu", 0xff), "\"NaN\"");
  EXPECT_EQ(formatted("float16", 0x8000), "-0.0");
  EXPECT_EQ(formatted("float16", 0x0000), "0.0");
  EXPECT_EQ(formatted("float4_e2m1fn", 0x8), "-0.0");
}

// Shortest decimals. float16 0x3555: mantissa 0x155 = 341, exponent 13 - 15 = -2:
// (1024 + 341) / 1024 / 4 = 1365 / 4096 = 0.333251953125. Neighbours are 2^-12 = 0.000244 apart,
// so decimals within 0.000122 read back as it. 0.333 (0.00025 off) does not; with four digits
// 0.3333 (0.000048 off) and 0.3332 (0.000052 off) both do, and 0.3333 is nearer.
TEST(FormatScalar, ShortestDecimal) {
  EXPECT_EQ(formatted("float16", 0x3c00), "1.0");
  EXPECT_EQ(formatted("float16", 0x6800), "2048.0");
  EXPECT_EQ(formatted("float16", 0xe802), "-2052.0");
  EXPECT_EQ(formatted("float16", 0x3555), "0.3333");
  // 65504 (0x7bff): 65500 is 4 off, nearer to 65504 than to 65472 or to the overflow midpoint
  // 65520; no 1- or 2-digit decimal (60000, 70000, 65000, 66000) reads back as 65504.
  EXPECT_EQ(formatted("float16", 0x7bff), "65500.0");
  // 2^-24 (0x0001) is 5.96e-8; 6e-8 is 0.04e-8 off, well inside half a spacing (2.98e-8).
  EXPECT_EQ(formatted("float16", 0x0001), "6e-08");
  EXPECT_EQ(formatted("bfloat16", 0x3dcd), "0.1");
  EXPECT_EQ(formatted("float32", 0x3dcccccd), "0.1");
  EXPECT_EQ(formatted("float64", 0x3fb999999999999a), "0.1");
  // Famous float64 texts (e.g. Python's repr): 2^-1074 and the largest finite value.
  EXPECT_EQ(formatted("float64", 0x0000000000000001), "5e-324");
  EXPECT_EQ(formatted("float64", 0x7fefffffffffffff), "1.7976931348623157e+308");
  EXPECT_EQ(formatted("float4_e2m1fn", 0x1), "0.5");
  EXPECT_EQ(formatted("float4_e2m1fn", 0xf), "-6.0");
  EXPECT_EQ(formatted("float8_e8m0fnu", 0x7f), "1.0");
  EXPECT_EQ(formatted("float8_e8m0fnu", 0x80), "2.0");
}

// Layout (Python's float repr): positional for decimal exponents -4..15, else scientific.
TEST(FormatScalar, Layout) {
  const auto via = [](std::string_view literal) {
    return formatted("float64", parse("float64", literal));
  };
  EXPECT_EQ(via("1000000000000000"), "1000000000000000.0");  // 1e15
  EXPECT_EQ(via("1e16"), "1e+16");
  EXPECT_EQ(via("12345678901234567890"), "1.2345678901234567e+19");
  EXPECT_EQ(via("0.0001"), "0.0001");
  EXPECT_EQ(via("0.00001"), "1e-05");
  EXPECT_EQ(via("-0.000012"), "-1.2e-05");
  EXPECT_EQ(via("123.456"), "123.456");
  EXPECT_EQ(via("1e100"), "1e+100");
  EXPECT_EQ(via("1.5e-300"), "1.5e-300");
}

// The canonical text reads back as the same pattern (NaN patterns included: non-canonical ones
// are written as hex): every pattern of the types up to 8 bits; for the 16-bit types every
// subnormal and every 7th pattern (7 is odd, so both signs and all mantissa residues are hit).
TEST(FormatScalar, ReadsBackForEveryPatternUpTo8BitsAndManyOf16) {
  for (const DataType& type : all_data_types()) {
    if (type.bits > 16) continue;
    const std::uint64_t subnormals = type.is_float() ? 1ull << type.mantissa_bits : 0;
    for (std::uint64_t bits = 0; bits <= type.bit_mask(); ++bits) {
      if (type.bits > 8 && bits % 7 != 0 && (bits & ~type.sign_mask()) >= subnormals) continue;
      const std::string text = dump_json_exact(format_scalar(type, bits));
      ASSERT_EQ(parse_scalar(type, J(text)), bits) << type.name << " " << text;
    }
  }
}

TEST(FormatScalar, ReadsBackForSampledWidePatterns) {
  for (std::string_view name : {"float32", "float64", "int32", "int64", "uint32", "uint64"}) {
    const DataType& type = data_type(name);
    std::uint64_t state = 0x9e3779b97f4a7c15;  // a fixed xorshift sequence of patterns
    for (int i = 0; i < 1000; ++i) {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      const std::uint64_t bits = state & type.bit_mask();
      const std::string text = dump_json_exact(format_scalar(type, bits));
      ASSERT_EQ(parse_scalar(type, J(text)), bits) << name << " " << text;
    }
  }
}

TEST(DescribeValue, IsTheCompactJson) {
  EXPECT_EQ(describe_value(data_type("float16"), 0x3c00), "1.0");
  EXPECT_EQ(describe_value(data_type("float16"), 0x7e00), "\"NaN\"");
  EXPECT_EQ(describe_value(data_type("float16"), 0x3555), "0.3333");  // a fraction: nothing more
  EXPECT_EQ(describe_value(data_type("uint16"), 300), "300");
  EXPECT_EQ(describe_value(data_type("int8"), 0x80), "-128");
}

// An integral value whose shortest decimal is not exact gets the integer (float16 max: 65504,
// shortest 65500.0, see FormatScalar.ShortestDecimal); exact ones and long integers do not.
TEST(DescribeValue, IntegralValuesWithInexactShortestDecimal) {
  EXPECT_EQ(describe_value(data_type("float16"), 0x7bff), "65500.0 (exactly 65504)");
  EXPECT_EQ(describe_value(data_type("float16"), 0xfbff), "-65500.0 (exactly -65504)");
  EXPECT_EQ(describe_value(data_type("float16"), 0x6800), "2048.0");
  // float64 1e16 = 0x4341c37937e08000 (biased exponent 1076 = 0x434; 1e16 - 2^53 =
  // 992800745259008, halved for the spacing 2 = 496400372629504 = 0x1c37937e08000): exact.
  EXPECT_EQ(describe_value(data_type("float64"), 0x4341c37937e08000), "1e+16");
  // float64 max has 309 digits: too long to add.
  EXPECT_EQ(describe_value(data_type("float64"), 0x7fefffffffffffff), "1.7976931348623157e+308");
}

}  // namespace
}  // namespace cvc::scalar_json_test
