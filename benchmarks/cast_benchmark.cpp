// Cost of one cast, fast oracle and slow oracle, over a fixed, seeded set of input patterns.
// Run: build/cvc_bench  (README, "Benchmarks").
#include <benchmark/benchmark.h>

#include <vector>

#include "oracle/cast.hpp"
#include "oracle/slow/slow_cast.hpp"

namespace {

// SplitMix64: a portable, seeded generator, so every run casts the same inputs.
std::vector<std::uint64_t> seeded_patterns(std::uint64_t mask, std::size_t count) {
  std::vector<std::uint64_t> patterns(count);
  std::uint64_t state = 0x5eed;
  for (std::uint64_t& pattern : patterns) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    pattern = (z ^ (z >> 31)) & mask;
  }
  return patterns;
}

template <typename CastFunction>
void cast_loop(benchmark::State& state, CastFunction cast, const char* from, const char* to,
               cvc::Rounding rounding, cvc::OutOfRange out_of_range) {
  cvc::CastRule rule;
  rule.input = &cvc::data_type(from);
  rule.output = &cvc::data_type(to);
  rule.rounding = rounding;
  rule.out_of_range = out_of_range;
  const std::vector<std::uint64_t> inputs = seeded_patterns(rule.input->bit_mask(), 4096);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(cast(rule, inputs[i], cvc::Readings{}));
    i = (i + 1) & 4095;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_FastFloat64ToFloat16(benchmark::State& state) {
  cast_loop(state, &cvc::cast_value, "float64", "float16", cvc::Rounding::NearestEven,
            cvc::OutOfRange::Clamp);
}
void BM_FastInt64ToFloat32(benchmark::State& state) {
  cast_loop(state, &cvc::cast_value, "int64", "float32", cvc::Rounding::TowardsZero,
            cvc::OutOfRange::None);
}
void BM_FastFloat32ToInt8Wrap(benchmark::State& state) {
  cast_loop(state, &cvc::cast_value, "float32", "int8", cvc::Rounding::NearestAway,
            cvc::OutOfRange::Wrap);
}
void BM_FastBfloat16ToE2M1(benchmark::State& state) {
  cast_loop(state, &cvc::cast_value, "bfloat16", "float4_e2m1fn", cvc::Rounding::NearestEven,
            cvc::OutOfRange::Clamp);
}
void BM_SlowFloat64ToFloat16(benchmark::State& state) {
  cast_loop(state, &cvc::slow::cast_value, "float64", "float16", cvc::Rounding::NearestEven,
            cvc::OutOfRange::Clamp);
}
void BM_SlowBfloat16ToE2M1(benchmark::State& state) {
  cast_loop(state, &cvc::slow::cast_value, "bfloat16", "float4_e2m1fn", cvc::Rounding::NearestEven,
            cvc::OutOfRange::Clamp);
}

BENCHMARK(BM_FastFloat64ToFloat16);
BENCHMARK(BM_FastInt64ToFloat32);
BENCHMARK(BM_FastFloat32ToInt8Wrap);
BENCHMARK(BM_FastBfloat16ToE2M1);
BENCHMARK(BM_SlowFloat64ToFloat16);
BENCHMARK(BM_SlowBfloat16ToE2M1);

}  // namespace

BENCHMARK_MAIN();
