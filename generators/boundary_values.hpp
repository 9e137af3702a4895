// Deterministic selection of input patterns, in the style of Berkeley TestFloat: a portable seeded
// PRNG, the boundary patterns of each type (sign x exponent x significand families for floats,
// powers of two and range limits for integers), and a generator that draws mostly from those and
// sometimes uniform bits. Used by the property tests, the exhaustive sweeps' 16-bit samples, the
// vector generator and the harness; everything here gives the same patterns on every platform and
// standard library for the same seed (no std::rand, no std distributions).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "oracle/data_type.hpp"

namespace cvc::gen {

// One step of SplitMix64 (Steele, Lea, Flood 2014): advances `state` and returns 64 mixed bits.
// Used to expand a 64-bit seed into the 256-bit xoshiro state, as its authors recommend.
std::uint64_t splitmix64(std::uint64_t& state);

// xoshiro256** 1.0 (Blackman and Vigna 2018), seeded by SplitMix64. The output sequence depends
// only on the seed, never on the platform or the standard library.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);

  std::uint64_t next();  // 64 uniform bits
  // Uniform in [0, n) for n >= 1, by rejection (no modulo bias, no library distribution); n == 0
  // means the full 64-bit range.
  std::uint64_t uniform(std::uint64_t n);
  bool one_in(std::uint64_t n) { return uniform(n) == 0; }
  std::uint64_t bits(int width);  // uniform in [0, 2^width), width in [0, 64]
  // An independent stream, for a sub-task that must not shift this stream's later draws.
  Rng split() { return Rng(next()); }

  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return items[static_cast<std::size_t>(uniform(items.size()))];
  }

 private:
  std::array<std::uint64_t, 4> state_;
};

// Every boundary pattern of `type`, sorted and without repeats; the same list on every call.
// Floats: each sign x each exponent family x each deterministic significand family (see the .cpp).
// Integers: 0, +-1, +-2, +-3, each power of two and its neighbours, min and max and their
// neighbours.
std::vector<std::uint64_t> boundary_patterns(const DataType& type);

// One boundary pattern drawn at random: as above, but the families also include a random exponent
// and random significands (uniform, one random bit, a run of ones from the top or from the bottom),
// and for integers a random magnitude of random bit length.
std::uint64_t boundary_pattern(const DataType& type, Rng& rng);

// A uniform pattern of the type's width.
std::uint64_t uniform_pattern(const DataType& type, Rng& rng);

// Mostly (7 in 8) a boundary pattern, sometimes (1 in 8) uniform bits, as TestFloat mixes them.
std::uint64_t boundary_weighted_pattern(const DataType& type, Rng& rng);

// The next pattern of `type` above (up) or below (down) in value, or nothing at the end of the
// finite range. Floats: +0 and -0 are distinct steps (the next below +0 is nothing, the next above
// -0 is nothing, the next above -min_subnormal is -0, or +0 in fnuz types): a step never crosses
// zero.
std::optional<std::uint64_t> neighbour_pattern(const DataType& type, std::uint64_t bits, bool up);

// The boundary patterns of `source` for a cast into `target`: the source patterns at and around
// each value where a cast into `target` changes behaviour. For every boundary value v of `target`
// and every midpoint between v and its neighbours (where nearest rounding ties), and the points
// just past the target's range (max + ulp/2, max + ulp, and the same below min; half and three
// quarters of the smallest e8m0fnu value), each also negated: the largest source value <= the
// point, the smallest >= it, and their neighbours. Sorted, without repeats, computed once per pair
// (the first call for a pair costs some milliseconds; thread-safe).
const std::vector<std::uint64_t>& cast_boundary_patterns(const DataType& source,
                                                         const DataType& target);

// Input selection for a cast: 3 in 8 from cast_boundary_patterns, 4 in 8 boundary_pattern(source),
// 1 in 8 uniform bits.
std::uint64_t cast_boundary_weighted_pattern(const DataType& source, const DataType& target,
                                             Rng& rng);

}  // namespace cvc::gen
