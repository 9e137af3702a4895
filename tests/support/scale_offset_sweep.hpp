// The scale_offset agreement machinery shared by tests/oracle/scale_offset_agreement_test.cpp and
// the long tests/long/scale_offset_cube_test.cpp: the fast oracle (oracle/scale_offset.hpp) against
// the slow one (oracle/slow/slow_scale_offset.hpp), element by element in both directions,
// compared by ScaleOffsetResult::same_outcome; the first few mismatches kept in full. Neither
// oracle is ever adjusted to the other.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "oracle/readings.hpp"
#include "oracle/scale_offset.hpp"

namespace cvc::test {

using ScaleOffsetFunction = ScaleOffsetResult (*)(const ScaleOffsetCodec&, std::uint64_t,
                                                  const Readings&);

// One oracle's two element functions.
struct ScaleOffsetOracle {
  ScaleOffsetFunction encode;
  ScaleOffsetFunction decode;
};
const ScaleOffsetOracle& fast_scale_offset_oracle();
const ScaleOffsetOracle& slow_scale_offset_oracle();

// "float8_e4m3, offset 0x38 (1), scale absent": a codec as a failure message shows it.
std::string codec_text(const ScaleOffsetCodec& codec);

class ScaleOffsetSweep {
 public:
  explicit ScaleOffsetSweep(const ScaleOffsetOracle& fast = fast_scale_offset_oracle(),
                            const ScaleOffsetOracle& slow = slow_scale_offset_oracle())
      : fast_(fast), slow_(slow) {}

  // `input` encoded and decoded by both oracles under `readings`.
  void check(const ScaleOffsetCodec& codec, std::uint64_t input, const Readings& readings);
  void merge(const ScaleOffsetSweep& other);
  // A sweep with no counts, comparing the same two oracles.
  ScaleOffsetSweep empty_like() const { return ScaleOffsetSweep(fast_, slow_); }

  long elements() const { return elements_; }  // one per direction
  long mismatches() const { return mismatches_; }
  std::string report() const;

 private:
  ScaleOffsetOracle fast_;
  ScaleOffsetOracle slow_;
  long elements_ = 0;
  long mismatches_ = 0;
  std::vector<std::string> shown_;
};

// Every pattern of the type, then "absent": the operand lists of an exhaustive sweep.
std::vector<std::optional<std::uint64_t>> every_operand(const DataType& type);

// The default readings, then each alternative of each scale_offset flag that can change a result
// of this type (ScaleOffsetRounding: floats; ScaleOffsetIntegerDivision: integers;
// ScaleOffsetNonFinite: floats), or of every type when `all` (for the exhaustive small sweeps).
std::vector<Readings> scale_offset_readings(const DataType& type, bool all);

// One sweep's subject: a type under one reading, named for the test ("float6_e2m3fn",
// "float6_e2m3fn_ScaleOffsetRounding_round_once"), so that ctest spreads the sweeps over the cores.
struct TypeReading {
  const DataType* type;
  Readings readings;
  std::string name;
};
void PrintTo(const TypeReading& param, std::ostream* os);
// Each type of `low` to `high` bits, under each of scale_offset_readings(type, all).
std::vector<TypeReading> type_readings(int low, int high, bool all);

// Every input x every offset x every scale (each operand also absent), both directions, under each
// of `readings`; the offsets spread over the machine's threads.
void sweep_cube(ScaleOffsetSweep& sweep, const DataType& type,
                std::span<const std::optional<std::uint64_t>> offsets,
                std::span<const std::optional<std::uint64_t>> scales,
                std::span<const Readings> readings);

}  // namespace cvc::test
