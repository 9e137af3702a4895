// The parts the chain models (chain_models.cpp, numcodecs_models.cpp) are built from: one element
// through a chain with some steps computed the implementation's way, and the arithmetic helpers
// those steps share. Not for use outside harness/bug_models/.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>

#include "harness/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {

__extension__ typedef __int128 Wide;  // exact sums and products of 64-bit values

// A step's own computation, or nullopt for the oracle's.
// (A std::function: model_chain's step bug holds the model's element functions.)
using StepBug = std::function<std::optional<ChainResult>(
    const ChainStep& step, const nlohmann::json& codecs, Direction direction, std::uint64_t input)>;

// One element through `chain` in `direction`, each step by `bug` where it answers.
ChainResult chain_through(const ArrayChain& chain, const nlohmann::json& codecs,
                          Direction direction, std::uint64_t input, const StepBug& bug);

// The step's codec in the request's metadata ("codecs[1]" -> codecs[1]).
const nlohmann::json& step_metadata(const ChainStep& step, const nlohmann::json& codecs);

// A step's answer: the value `bits`, or the step refused (an error of its element).
ChainResult chain_value(std::uint64_t bits);
ChainResult refused_step();

// An integer pattern's value; whether a value is in the type's range; a value stored in the type
// modulo 2^bits (two's complement for the signed types).
Wide integer_value(const DataType& type, std::uint64_t bits);
bool in_range(const DataType& type, Wide x);
std::uint64_t wrapped(const DataType& type, Wide x);

// A float64 pattern as a double, and back.
double as_double(std::uint64_t float64_bits);
std::uint64_t double_bits(double x);
// A pattern of an integer or float type (not a sub-byte or small float) as a double, rounded to
// nearest-even where it does not fit (int64 and uint64 beyond 2^53).
double value_as_double(const DataType& type, std::uint64_t bits);
// A JSON number (a plain or an exact number node, oracle/io/json_exact.hpp) as the nearest double,
// as JSON.parse and Python's float read it; nullopt for anything else.
std::optional<double> json_double(const nlohmann::json& value);
// A double stored into the float type `type` as C and the typed arrays store it: rounded
// nearest-even, beyond the largest finite value an infinity, NaN a NaN.
std::uint64_t stored_float(const DataType& type, double x);

}  // namespace cvc::bug_catalogue
