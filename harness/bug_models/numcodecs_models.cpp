// numcodecs.fixedscaleoffset computed as numcodecs' FixedScaleOffset computes it (numcodecs
// 0.17.1, numcodecs/fixedscaleoffset.py), which zarr-python 3.4.2 runs for the alias
// (zarr/codecs/numcodecs/_codecs.py, class FixedScaleOffset) instead of the chain the spec expands
// it to (scale_offset.md, "Conversion to scale_offset": scale_offset, then cast_value with
// out_of_range "wrap"):
//   encode  enc = (arr - offset) * scale; enc = np.around(enc); enc.astype(astype)
//   decode  dec = (enc / scale) + offset; dec.astype(dtype)
// in NumPy 2's arithmetic: the array's dtype kept with a Python int operand (integers wrap modulo
// 2^bits; an int out of the dtype's bounds raises OverflowError, NEP 50), float64 with a Python
// float operand on an integer array, the float dtype kept on a float array (the operand rounded
// to it), true division of integers in float64; astype is C's conversion (a float into an integer
// type as x86-64 converts it, the low bits kept).
#include <cmath>
#include <cstdint>
#include <limits>

#include "harness/bug_models/chain_parts.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc::bug_catalogue {
namespace {

// A Python number from the alias's JSON: an int (a JSON integer) or a float (a JSON number with a
// fraction or an exponent, as Python's json reads it).
struct PythonNumber {
  bool is_int = false;
  Wide integer = 0;
  double real = 0;
  double as_double() const { return is_int ? static_cast<double>(integer) : real; }
};

std::optional<PythonNumber> python_number(const nlohmann::json& configuration, const char* key) {
  if (!configuration.contains(key)) return std::nullopt;
  const std::optional<std::string> text = json_number_text(configuration[key]);
  if (!text) return std::nullopt;  // numcodecs would fail on a string: the oracle's reading stands
  if (text->find_first_of(".eE") != std::string::npos)
    return PythonNumber{false, 0, *json_double(configuration[key])};
  // An int: exact up to 2^100 in magnitude, beyond every dtype's bounds (and kept there) above.
  const Wide limit = static_cast<Wide>(1) << 100;
  Wide integer = 0;
  for (const char digit : *text)
    if (digit >= '0' && digit <= '9' && integer < limit) integer = integer * 10 + (digit - '0');
  return PythonNumber{true, text->front() == '-' ? -integer : integer, 0};
}

// One element of a NumPy array during the computation: an integer of `type`, or a float whose
// value is `real` (exactly a value of `type`).
struct Element {
  const DataType* type = nullptr;
  Wide integer = 0;
  double real = 0;
  bool is_int() const { return type->is_integer(); }
};

// `x` rounded to the float type `type` (a float16 or float32 operation is correctly rounded when
// computed in double and rounded once: double has more than twice their significand bits).
double rounded_to(const DataType& type, double x) {
  return value_as_double(type, stored_float(type, x));
}

// NumPy's `element OP operand` for a Python operand (NEP 50); nullopt for OverflowError.
enum class Operation : std::uint8_t { Subtract, Multiply, Divide, Add };
double apply(Operation operation, double a, double b) {
  switch (operation) {
    case Operation::Subtract:
      return a - b;
    case Operation::Multiply:
      return a * b;
    case Operation::Divide:
      return a / b;
    case Operation::Add:
      return a + b;
  }
  return a;
}
std::optional<Element> numpy_operation(const Element& element, Operation operation,
                                       const PythonNumber& operand) {
  if (element.is_int() && operand.is_int && operation != Operation::Divide) {
    if (!in_range(*element.type, operand.integer)) return std::nullopt;  // OverflowError
    // Modulo 2^128 (unsigned, so that no product overflows), then modulo 2^bits.
    __extension__ typedef unsigned __int128 Unsigned;
    const Unsigned a = static_cast<Unsigned>(element.integer);
    const Unsigned b = static_cast<Unsigned>(operand.integer);
    const Unsigned result = operation == Operation::Subtract ? a - b
                            : operation == Operation::Add    ? a + b
                                                             : a * b;
    return Element{element.type,
                   integer_value(*element.type, wrapped(*element.type, static_cast<Wide>(result))),
                   0};
  }
  if (element.is_int()) {  // a Python float, or true division: float64
    const double a = static_cast<double>(element.integer);
    return Element{&float64_type(), 0, apply(operation, a, operand.as_double())};
  }
  const DataType& type = *element.type;
  return Element{
      &type, 0,
      rounded_to(type, apply(operation, element.real, rounded_to(type, operand.as_double())))};
}

// x86-64's cvttsd2si: truncated towards zero; NaN or beyond the range gives the most negative
// value ("integer indefinite").
std::int64_t truncated_to_int(double x, int bits) {
  const double limit = std::ldexp(1.0, bits - 1);
  if (!(x >= -limit && x < limit))
    return bits == 64 ? std::numeric_limits<std::int64_t>::min()
                      : std::numeric_limits<std::int32_t>::min();
  return static_cast<std::int64_t>(x);
}

// NumPy's astype of a float into an integer type (C's conversion as GCC compiles it for x86-64,
// NumPy's scalar loop): up to 16 bits and int32 through a 32-bit conversion, uint32 and int64
// through a 64-bit one, the low bits kept; uint64 from 2^63 on by subtracting 2^63 first.
std::uint64_t float_to_integer(const DataType& type, double x) {
  if (type.bits < 32 || (type.bits == 32 && type.is_signed()))
    return wrapped(type, truncated_to_int(x, 32));
  if (type.bits == 64 && !type.is_signed() && x >= 0x1p63)
    return static_cast<std::uint64_t>(truncated_to_int(x - 0x1p63, 64)) ^ (1ULL << 63);
  return wrapped(type, truncated_to_int(x, 64));
}

// element.astype(type).
std::uint64_t astype(const Element& element, const DataType& type) {
  if (element.is_int()) {
    if (type.is_integer()) return wrapped(type, element.integer);
    const CastResult cast =
        cast_value(plain_rule(*element.type, type, Rounding::NearestEven, OutOfRange::None),
                   wrapped(*element.type, element.integer));
    return cast.ok() ? cast.bits : type.infinity_bits(element.integer < 0);
  }
  return type.is_integer() ? float_to_integer(type, element.real)
                           : stored_float(type, element.real);
}

Element element_of(const DataType& type, std::uint64_t bits) {
  if (type.is_integer()) return Element{&type, integer_value(type, bits), 0};
  return Element{&type, 0, value_as_double(type, bits)};
}

struct Alias {
  const DataType* dtype = nullptr;   // the array side
  const DataType* astype = nullptr;  // the encoded side
  PythonNumber offset, scale;
};

std::optional<ChainResult> numcodecs_encode(const Alias& alias, std::uint64_t input) {
  std::optional<Element> enc =
      numpy_operation(element_of(*alias.dtype, input), Operation::Subtract, alias.offset);
  if (enc) enc = numpy_operation(*enc, Operation::Multiply, alias.scale);
  if (!enc) return refused_step();
  if (!enc->is_int()) enc->real = std::nearbyint(enc->real);  // np.around: half to even
  return chain_value(astype(*enc, *alias.astype));
}

std::optional<ChainResult> numcodecs_decode(const Alias& alias, std::uint64_t input) {
  std::optional<Element> dec =
      numpy_operation(element_of(*alias.astype, input), Operation::Divide, alias.scale);
  if (dec) dec = numpy_operation(*dec, Operation::Add, alias.offset);
  if (!dec) return refused_step();
  return chain_value(astype(*dec, *alias.dtype));
}

// The alias's two steps (scale_offset, then its cast_value) as numcodecs computes them: the
// scale_offset step passes the element on unchanged, the cast_value step (which knows both types)
// does the whole computation; the oracle's steps where the configuration is not two numbers.
std::optional<ChainResult> numcodecs_alias(const ChainStep& step, const nlohmann::json& codecs,
                                           Direction direction, std::uint64_t input) {
  if (step.name != "numcodecs.fixedscaleoffset") return std::nullopt;
  const nlohmann::json configuration =
      step_metadata(step, codecs).value("configuration", nlohmann::json::object());
  const std::optional<PythonNumber> offset = python_number(configuration, "offset");
  const std::optional<PythonNumber> scale = python_number(configuration, "scale");
  if (!offset || !scale) return std::nullopt;
  const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec);
  if (cast == nullptr) return chain_value(input);
  const Alias alias{cast->array_type, cast->data_type, *offset, *scale};
  return direction == Direction::Encode ? numcodecs_encode(alias, input)
                                        : numcodecs_decode(alias, input);
}

}  // namespace

ChainResult NumcodecsFixedScaleOffset::chain(const ArrayChain& chain, const nlohmann::json& codecs,
                                             Direction direction, std::uint64_t input) {
  return chain_through(chain, codecs, direction, input, &numcodecs_alias);
}

}  // namespace cvc::bug_catalogue
