#include "vector_format/stable_id.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <vector>

#include "oracle/io/json_exact.hpp"
#include "vector_format/sha256.hpp"

namespace cvc {
namespace {

// "1.3.0" -> {1, 3, 0}; nullopt unless three dot-separated decimal numbers.
std::optional<std::array<unsigned, 3>> version_numbers(std::string_view version) {
  std::array<unsigned, 3> numbers{};
  const char* at = version.data();
  const char* end = version.data() + version.size();
  for (std::size_t k = 0; k < numbers.size(); ++k) {
    if (k > 0) {
      if (at == end || *at != '.') return std::nullopt;
      ++at;
    }
    const auto [next, error] = std::from_chars(at, end, numbers[k]);
    if (error != std::errc() || next == at) return std::nullopt;
    at = next;
  }
  if (at != end) return std::nullopt;
  return numbers;
}

// Python's repr of a double: the shortest digits that read back as it, in fixed notation with at
// least one fraction digit when the decimal point falls within 16 digits of them ("0.0001",
// "1e+16" and "1e-05" lie just outside), else as d.ddde+XX with at least two exponent digits.
std::string python_float_repr(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value < 0 ? "-Infinity" : "Infinity";
  const std::string sign = std::signbit(value) ? "-" : "";
  if (value == 0) return sign + "0.0";
  std::array<char, 64> buffer{};
  const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(),
                                          std::fabs(value), std::chars_format::scientific);
  if (error != std::errc()) throw std::logic_error("to_chars failed on a finite double");
  const std::string text(buffer.data(), end);  // "1.2345e+17", shortest round-trip digits
  const std::size_t e = text.find('e');
  std::string digits = text.substr(0, e);
  if (digits.size() > 1) digits.erase(1, 1);  // the '.'
  const int exponent = std::stoi(text.substr(e + 1));
  const int point = exponent + 1;  // digits[0 .. point) are the integer part
  const int count = static_cast<int>(digits.size());
  if (point > -4 && point <= 16) {
    if (point <= 0) return sign + "0." + std::string(-point, '0') + digits;
    if (point >= count) return sign + digits + std::string(point - count, '0') + ".0";
    return sign + digits.substr(0, point) + "." + digits.substr(point);
  }
  const std::string mantissa = count == 1 ? digits : digits.substr(0, 1) + "." + digits.substr(1);
  const std::string magnitude = std::to_string(std::abs(exponent));
  return sign + mantissa + (exponent < 0 ? "e-" : "e+") + (magnitude.size() < 2 ? "0" : "") +
         magnitude;
}

// A JSON number as Python's json module reads and writes it: an integer literal stays its digits
// (Python's int has no bound; "-0" is 0), any other literal becomes the nearest double (beyond the
// range: infinity; below it: zero), written as repr writes it.
std::string python_number_text(const std::string& literal) {
  if (literal.find_first_of(".eE") == std::string::npos) return literal == "-0" ? "0" : literal;
  // strtod rounds correctly (glibc), gives +-HUGE_VAL beyond the range and +-0 below it; the
  // "C" locale's decimal point is the one JSON writes.
  return python_float_repr(std::strtod(literal.c_str(), nullptr));
}

void append_canonical(const nlohmann::json& value, std::string& out) {
  if (is_json_number(value)) {
    const std::optional<std::string> literal = json_number_text(value);
    if (!literal) throw std::invalid_argument("a non-finite number in a stable id's content");
    out += python_number_text(*literal);
  } else if (value.is_object()) {
    out += '{';
    bool first = true;
    // nlohmann keeps object keys in byte order, which for UTF-8 is Python's code point order.
    for (const auto& [key, member] : value.items()) {
      if (!first) out += ',';
      first = false;
      out += dump_json_exact(key) + ":";
      append_canonical(member, out);
    }
    out += '}';
  } else if (value.is_array()) {
    out += '[';
    for (std::size_t k = 0; k < value.size(); ++k) {
      if (k > 0) out += ',';
      append_canonical(value[k], out);
    }
    out += ']';
  } else {
    // Strings: nlohmann escapes exactly what Python's json.dumps(ensure_ascii=False) escapes
    // (", \, and the control characters, \b \f \n \r \t short, the others as \u00xx).
    out += dump_json_exact(value);
  }
}

const nlohmann::json& member(const nlohmann::json& object, const char* key, const char* of) {
  if (!object.is_object() || !object.contains(key))
    throw std::invalid_argument(std::string(of) + " has no \"" + key + "\"");
  return object.at(key);
}

std::string string_member(const nlohmann::json& object, const char* key, const char* of) {
  const nlohmann::json& value = member(object, key, of);
  if (!value.is_string())
    throw std::invalid_argument(std::string(of) + "'s \"" + key + "\" is not a string");
  return value.get<std::string>();
}

// "direction/array_data_type": the first parts of a cast, scalar_map and chain id.
std::string direction_and_array_type(const nlohmann::json& group) {
  return string_member(group, "direction", "the group") + "/" +
         string_member(group, "array_data_type", "the group");
}

}  // namespace

bool stable_ids_required(std::string_view vectors_version) {
  const auto version = version_numbers(vectors_version);
  return !version || *version >= *version_numbers(kStableIdsSinceVersion);
}

std::string canonical_json(const nlohmann::json& value) {
  std::string out;
  append_canonical(value, out);
  return out;
}

std::string stable_hash12(const nlohmann::json& value) {
  return sha256_hex(value.is_string() ? value.get<std::string>() : canonical_json(value))
      .substr(0, 12);
}

std::string stable_case_id(std::string_view family, const nlohmann::json& group,
                           const nlohmann::json& item) {
  if (family == "cast")
    return "cast/" + direction_and_array_type(group) + "/" +
           string_member(group, "data_type", "the group") + "/" +
           string_member(item, "input", "the case");
  if (family == "scalar_map") {
    const nlohmann::json& configurations = member(group, "configurations", "the group");
    if (!configurations.is_array() || configurations.empty())
      throw std::invalid_argument("the group's \"configurations\" is not a non-empty array");
    return "scalar_map/" + direction_and_array_type(group) + "/" +
           string_member(group, "data_type", "the group") + "/" + stable_hash12(configurations[0]) +
           "/" + string_member(item, "input", "the case");
  }
  if (family == "chain")
    return "chain/" + direction_and_array_type(group) + "/" +
           stable_hash12(member(group, "codecs", "the group")) + "/" +
           string_member(item, "input", "the case");
  if (family == "metadata") {
    nlohmann::json defining = nlohmann::json::object();
    for (const char* key : {"array_data_type", "codecs", "fill_value"})
      defining[key] = member(item, key, "the case");
    return "metadata/" + string_member(item, "rule", "the case") + "/" + stable_hash12(defining);
  }
  if (family == "scalars")
    return "scalars/" + string_member(group, "data_type", "the group") + "/" +
           stable_hash12(nlohmann::json(string_member(item, "json", "the case")));
  throw std::invalid_argument("no stable ids for family \"" + std::string(family) + "\"");
}

std::string configuration_label(const nlohmann::json& configuration) {
  std::string label = string_member(configuration, "rounding", "the configuration");
  if (configuration.is_object() && configuration.contains("out_of_range"))
    label += "/" + string_member(configuration, "out_of_range", "the configuration");
  return label;
}

}  // namespace cvc
