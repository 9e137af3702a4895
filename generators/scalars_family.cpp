#include "generators/scalars_family.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include "oracle/data_type.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/rational/rational_value.hpp"
#include "oracle/readings.hpp"
#include "oracle/scalar_json.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {
namespace {

using json = nlohmann::json;
using rational::Integer;
using rational::Rational;

// One scalar to read: what it is about, and its JSON text exactly as written.
struct ScalarInput {
  std::string what;
  std::string json_text;
};

// The exact decimal of a rational whose denominator has no prime factor but 2 and 5 (every
// dyadic rational, and dyadic rationals plus or minus a power of ten): x * 10^k is an integer for
// k = max(twos, fives); its digits are written with the point k places from the right. Integer
// arithmetic only.
std::string exact_decimal(const Rational& x) {
  Integer numerator = boost::multiprecision::numerator(x);
  const Integer denominator = boost::multiprecision::denominator(x);
  const bool negative = numerator < 0;
  if (negative) numerator = -numerator;
  Integer rest = denominator;
  unsigned twos = 0, fives = 0;
  while (rest % 2 == 0) {
    rest /= 2;
    ++twos;
  }
  while (rest % 5 == 0) {
    rest /= 5;
    ++fives;
  }
  if (rest != 1) throw std::logic_error("exact_decimal: the denominator is not 2^a 5^b");
  const unsigned k = std::max(twos, fives);
  const Integer scaled = numerator * boost::multiprecision::pow(Integer(2), k - twos) *
                         boost::multiprecision::pow(Integer(5), k - fives);
  std::string digits = scaled.str();
  const std::string sign = negative ? "-" : "";
  if (k == 0) return sign + digits;
  if (digits.size() <= k) digits = std::string(k - digits.size() + 1, '0') + digits;
  const std::size_t point = digits.size() - k;
  return sign + digits.substr(0, point) + "." + digits.substr(point);
}

Rational power_of_ten(int n) {
  const Integer p = boost::multiprecision::pow(Integer(10), static_cast<unsigned>(n < 0 ? -n : n));
  return n >= 0 ? Rational(p) : Rational(Integer(1), p);
}

Rational power_of_two(int k) {
  const Integer p = Integer(1) << (k < 0 ? -k : k);
  return k >= 0 ? Rational(p) : Rational(Integer(1), p);
}

// Digits after the decimal point in exact_decimal(x).
std::size_t fraction_digits(const Rational& x) {
  const std::string text = exact_decimal(x);
  const std::size_t point = text.find('.');
  return point == std::string::npos ? 0 : text.size() - point - 1;
}

std::string json_string(std::string_view text) {
  return dump_json_exact(json(std::string(text)));
}

Rational value_at(const DataType& type, std::uint64_t bits) {
  const rational::RationalValue value = rational::value_of(type, bits);
  if (value.kind != rational::RationalValue::Kind::Finite)
    throw std::logic_error("scalars: pattern " + pattern_hex(type, bits) + " of " +
                           std::string(type.name) + " is not finite");
  return value.value;
}

// Inputs every type gets.
void common_inputs(const DataType& type, std::vector<ScalarInput>& inputs) {
  const auto add = [&](std::string what, std::string text) {
    inputs.push_back({std::move(what), std::move(text)});
  };
  add("zero", "0");
  add("zero written with a minus sign", "-0");
  add("negative zero with a fraction part", "-0.0");
  add("one", "1");
  add("minus one", "-1");
  add("one with a fraction part", "1.0");
  add("100 with an exponent part", "1e2");
  add("one half", "0.5");
  add("a number in a string", json_string("1"));
  const Rational max = rational::max_value(type), min = rational::min_value(type);
  add("the largest value, exact", exact_decimal(max));
  add(type.is_signed() ? "the most negative value, exact" : "the smallest value, exact",
      exact_decimal(min));
  if (type.is_integer()) {
    add("the largest value plus one", exact_decimal(max + 1));
    add("the smallest value minus one", exact_decimal(min - 1));
  }
  add("the NaN string", json_string("NaN"));
  add("the positive infinity string", json_string("Infinity"));
  add("the negative infinity string", json_string("-Infinity"));
  add("positive infinity with a plus sign", json_string("+Infinity"));
  add("NaN in lowercase", json_string("nan"));
  add("infinity abbreviated", json_string("inf"));
  add("a boolean", "true");
  add("null", "null");
  add("an empty array", "[]");
  add("an empty object", "{}");

  // Hex forms, around a pattern with letter digits: the most negative value of signed types,
  // the largest of unsigned ones.
  const std::uint64_t pattern = type.is_signed() ? type.min_finite_bits() : type.max_finite_bits();
  const std::string hex = pattern_hex(type, pattern);
  const std::string digits = hex.substr(2);
  std::string upper = digits;
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  add("hex pattern, storage width, lowercase digits", json_string(hex));
  add("hex pattern, storage width, uppercase digits", json_string("0x" + upper));
  add("hex pattern with a leading zero digit", json_string("0x0" + digits));
  add("hex pattern one digit too wide (a bit set beyond the width)", json_string("0x1" + digits));
  if (type.bits < 8 * type.storage_bytes())
    add("hex pattern of storage width with a bit set above the type's width",
        json_string(pattern_hex(type, pattern | (1ull << type.bits))));
  add("hex with an uppercase 0X prefix", json_string("0X7F"));
  add("hex prefix without digits", json_string("0x"));
  add("hex with a digit that is not hex", json_string("0x7g"));
  if (type.has_nan())
    add("the canonical NaN as a hex pattern", json_string(pattern_hex(type, type.canonical_nan())));
}

// Rounding cases for a float type: ties between neighbouring values written as exact decimals,
// long decimals next to a tie, overflow and underflow.
void float_inputs(const DataType& type, std::vector<ScalarInput>& inputs) {
  const auto add = [&](std::string what, const Rational& value) {
    inputs.push_back({std::move(what), exact_decimal(value)});
  };
  const bool subnormals = type.has_subnormals();
  const std::uint64_t first = type.has_zero() ? 1 : 0;  // the smallest positive pattern
  const Rational v0 = value_at(type, first), v1 = value_at(type, first + 1),
                 v2 = value_at(type, first + 2);
  add(subnormals ? "the smallest subnormal" : "the smallest value", v0);
  add(subnormals ? "half the smallest subnormal: a tie between 0 and it"
                 : "half the smallest value (2^-128 for float8_e8m0fnu)",
      v0 / 2);
  if (type.has_sign_bit()) add("minus half the smallest subnormal: a tie with -0", -v0 / 2);
  add("the tie between the two smallest positive values", (v0 + v1) / 2);
  add("the tie between the second and third smallest positive values", (v1 + v2) / 2);

  const std::optional<std::uint64_t> one = rational::pattern_of(type, Rational(1));
  if (!one) throw std::logic_error("scalars: 1 is not a value of " + std::string(type.name));
  const Rational s1 = value_at(type, *one + 1), s2 = value_at(type, *one + 2);
  const Rational tie = (1 + s1) / 2;
  add("the tie between 1 and its successor", tie);
  add("the tie between the successor of 1 and the next value", (s1 + s2) / 2);
  // 44 fraction digits at least, one unit of the last digit away from the tie.
  const int places = static_cast<int>(std::max<std::size_t>(fraction_digits(tie) + 2, 44));
  add("a long decimal just above the tie between 1 and its successor", tie + power_of_ten(-places));
  add("a long decimal just below the tie between 1 and its successor", tie - power_of_ten(-places));

  const Rational max = rational::max_value(type);
  const Rational below_max = value_at(type, type.max_finite_bits() - 1);
  add("the tie between the largest value and its predecessor", (below_max + max) / 2);
  // The grid spacing in the binade of the largest value, with the exponent unbounded above.
  const Rational spacing = power_of_two(type.max_exponent() - type.mantissa_bits);
  add("the largest value plus half its spacing: a tie with the next value beyond the range",
      max + spacing / 2);
  add("one tenth (not a binary fraction)", Rational(Integer(1), Integer(10)));
  inputs.push_back({"far beyond every finite range", "1e400"});
  inputs.push_back({"far beyond every finite range, negative", "-1e400"});
  inputs.push_back({"far below every smallest value", "1e-400"});
  inputs.push_back({"far below every smallest value, negative", "-1e-400"});
}

// The result under `readings`: a pattern, or "invalid" with the oracle's reason.
struct ScalarOutcome {
  std::string result;
  std::string reason;
};

ScalarOutcome read(const DataType& type, const json& value, const Readings& readings) {
  try {
    return {pattern_hex(type, parse_scalar(type, value, readings)), {}};
  } catch (const ScalarError& error) {
    return {"invalid", error.what()};
  }
}

// Facts the spec documents quote (not computed here): the generator fails when the oracle
// disagrees with one of them.
struct SpecFact {
  std::string_view type;
  std::string_view json_text;
  std::string_view result;
  std::string_view source;
};

constexpr SpecFact kSpecFacts[] = {
    {"float32", R"("NaN")", "0x7fc00000",
     "core-data-types.rst: for float32, \"NaN\" is equivalent to \"0x7fc00000\""},
    {"float32", R"("0x7fc00000")", "0x7fc00000",
     "core-data-types.rst: for float32, \"NaN\" is equivalent to \"0x7fc00000\""},
    {"bfloat16", R"("NaN")", "0x7fc0", "bfloat16.md: \"NaN\" corresponds to \"0x7fc0\""},
    {"float8_e3m4", R"("NaN")", "0x78", "float8_e3m4.md: \"NaN\" corresponds to \"0x78\""},
    {"float8_e4m3", R"("NaN")", "0x7c", "float8_e4m3.md: \"NaN\" corresponds to \"0x7c\""},
    {"float8_e5m2", R"("NaN")", "0x7e", "float8_e5m2.md: \"NaN\" corresponds to \"0x7e\""},
    {"float8_e4m3fnuz", R"("NaN")", "0x80", "float8_e4m3fnuz.md: \"NaN\" corresponds to \"0x80\""},
    {"float8_e4m3b11fnuz", R"("NaN")", "0x80",
     "float8_e4m3b11fnuz.md: \"NaN\" corresponds to \"0x80\""},
    {"float8_e5m2fnuz", R"("NaN")", "0x80", "float8_e5m2fnuz.md: \"NaN\" corresponds to \"0x80\""},
    {"float8_e8m0fnu", R"("NaN")", "0xff", "float8_e8m0fnu.md: \"NaN\" corresponds to \"0xFF\""},
    {"float8_e8m0fnu", R"("0xFF")", "0xff", "float8_e8m0fnu.md: \"NaN\" corresponds to \"0xFF\""},
    {"float4_e2m1fn", R"("NaN")", "invalid", "float4_e2m1fn.md: \"NaN\" is not supported"},
    {"float6_e2m3fn", R"("Infinity")", "invalid",
     "float6_e2m3fn.md: \"Infinity\" is not supported"},
    {"float6_e3m2fn", R"("-Infinity")", "invalid",
     "float6_e3m2fn.md: \"-Infinity\" is not supported"},
    {"float8_e4m3fnuz", R"("Infinity")", "invalid",
     "float8_e4m3fnuz.md: \"Infinity\" is not supported"},
    {"float8_e8m0fnu", R"("Infinity")", "invalid",
     "float8_e8m0fnu.md: \"Infinity\" is not supported"},
    {"int8", "1.0", "invalid",
     "core-data-types.rst: an integer is a JSON number with no fraction or exponent part"},
    {"int8", "128", "invalid", "core-data-types.rst: within the representable range"},
    {"uint8", "255", "0xff", "core-data-types.rst: within the representable range"},
};

void check_spec_facts() {
  for (const SpecFact& fact : kSpecFacts) {
    const std::string got =
        read(data_type(fact.type), parse_json_exact(fact.json_text), Readings{}).result;
    if (got != fact.result)
      throw std::logic_error("scalars: the oracle reads " + std::string(fact.json_text) + " as " +
                             std::string(fact.type) + " " + got + ", but " +
                             std::string(fact.source) + " gives " + std::string(fact.result));
  }
}

}  // namespace

std::string scalars_family_file() {
  check_spec_facts();
  VectorFileHeader header;
  header.family = "scalars";
  std::set<std::string> flags_used;
  std::vector<VectorGroup> groups;
  std::uint64_t next_id = 1;
  for (const DataType& type : all_data_types()) {
    std::vector<ScalarInput> inputs;
    common_inputs(type, inputs);
    if (type.is_float()) float_inputs(type, inputs);
    VectorGroup group;
    group.parameters = {{"data_type", std::string(type.name)}};
    std::set<std::string> seen;  // JSON texts already in the group: the first "what" is kept
    for (const ScalarInput& input : inputs) {
      if (!seen.insert(input.json_text).second) continue;
      const json value = parse_json_exact(input.json_text);
      const ScalarOutcome outcome = read(type, value, Readings{});
      json item = {{"id", next_id++},
                   {"json", input.json_text},
                   {"what", input.what},
                   {"result", outcome.result}};
      if (outcome.result == "invalid") item["reason"] = outcome.reason;
      json flags = json::array();
      json alternatives = json::object();
      for (const FlagInfo& info : all_flags()) {
        bool flagged = false;
        for (int k = 1; k <= info.alternative_count(); ++k) {
          const std::string other = read(type, value, Readings{}.with(info.flag, k)).result;
          if (other == outcome.result) continue;
          flagged = true;
          alternatives[std::string(info.name) + "=" + std::string(info.alternatives[k - 1])] =
              other;
        }
        if (!flagged) continue;
        flags.push_back(std::string(info.name));
        flags_used.insert(std::string(info.name));
      }
      if (!flags.empty()) {
        item["flags"] = flags;
        item["alternatives"] = alternatives;
      }
      group.cases.push_back(std::move(item));
      ++header.number_of_cases;
    }
    groups.push_back(std::move(group));
  }
  header.flags_used.assign(flags_used.begin(), flags_used.end());
  return format_vector_file(header, groups);
}

}  // namespace cvc
