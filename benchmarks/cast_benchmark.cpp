// Cost of one cast, over a fixed, seeded set of 4096 input patterns per case, by every way this
// binary has of computing it:
//   BM_Fast<case>      cvc::cast_value, the fast oracle's exact procedure (oracle/cast.cpp)
//   BM_Table<case>     CastTable::lookup, for inputs of at most 16 bits (oracle/cast_table.hpp)
//   BM_Slow<case>      cvc::slow::cast_value, exact rationals (only two cases: it is ~100x slower)
//   BM_Mpfr<case>      MPFR rounding the same value onto the output's format (when built with it)
//   BM_Hardware<case>  the machine's (or the compiler's) own conversion, where one exists
// After the run, a summary gives per case the oracle's cost (table when it has one, else fast),
// and the ratios MPFR / oracle and oracle / hardware.
// Run: build/cvc_bench  (README, "Benchmarks"; scripts/bench runs it with the harness timings).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "oracle/cast.hpp"
#include "oracle/cast_table.hpp"
#include "oracle/slow/slow_cast.hpp"

#ifdef CVC_HAVE_MPFR
#include <mpfr.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace {

using cvc::OutOfRange;
using cvc::Rounding;

constexpr std::size_t kInputCount = 4096;  // a power of two: the loops wrap with a mask

// SplitMix64: a portable, seeded generator, so every run casts the same inputs.
std::vector<std::uint64_t> seeded_patterns(std::uint64_t mask) {
  std::vector<std::uint64_t> patterns(kInputCount);
  std::uint64_t state = 0x5eed;
  for (std::uint64_t& pattern : patterns) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    pattern = (z ^ (z >> 31)) & mask;
  }
  return patterns;
}

// ---- The machine's conversions, one per case that has one (nullptr: none) ----

// The hardware (or compiler) result; the value only matters to DoNotOptimize.
using HardwareCast = std::uint64_t (*)(std::uint64_t input);

double float16_value(std::uint64_t bits) {
  return static_cast<double>(std::bit_cast<_Float16>(static_cast<std::uint16_t>(bits)));
}

// Truncation into an N-bit signed integer, clamped, NaN to 0: what a careful caller writes.
template <typename Int>
std::uint64_t truncate_clamped(double value) {
  if (std::isnan(value)) return 0;
  const double low = static_cast<double>(INTMAX_C(-1) << (sizeof(Int) * 8 - 1));
  if (value <= low) return static_cast<std::uint64_t>(static_cast<Int>(low));
  if (value >= -low) return static_cast<std::uint64_t>(static_cast<Int>(-low - 1));
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
}

std::uint64_t hardware_float64_to_float16(std::uint64_t input) {
  return std::bit_cast<std::uint16_t>(static_cast<_Float16>(std::bit_cast<double>(input)));
}
std::uint64_t hardware_float64_to_float32(std::uint64_t input) {
  return std::bit_cast<std::uint32_t>(static_cast<float>(std::bit_cast<double>(input)));
}
std::uint64_t hardware_int64_to_float32(std::uint64_t input) {  // under fesetround(FE_TOWARDZERO)
  return std::bit_cast<std::uint32_t>(static_cast<float>(static_cast<std::int64_t>(input)));
}
std::uint64_t hardware_float64_to_int32(std::uint64_t input) {
  return truncate_clamped<std::int32_t>(std::bit_cast<double>(input));
}
std::uint64_t hardware_float32_to_int8_wrap(std::uint64_t input) {  // round() is nearest-away
  const float value = std::bit_cast<float>(static_cast<std::uint32_t>(input));
  if (!(std::fabs(value) < 0x1p62f)) return 0;  // NaN, infinities and the huge: not wrapped
  return static_cast<std::uint8_t>(static_cast<std::int64_t>(std::round(value)));
}
// Half precision: the machine's F16C instructions (vcvtph2ps, vcvtps2ph) where the CPU has them,
// else the compiler's _Float16 conversions (libgcc, in software). float64 -> float16 has no such
// instruction (through float32 it would round twice): it is always the compiler's.
#if defined(__x86_64__) && defined(__GNUC__)
const bool kHasF16C = __builtin_cpu_supports("f16c");
[[gnu::target("f16c")]] std::uint64_t f16c_float16_to_int8(std::uint64_t input) {
  return truncate_clamped<std::int8_t>(_cvtsh_ss(static_cast<unsigned short>(input)));
}
[[gnu::target("f16c")]] std::uint64_t f16c_int16_to_float16(std::uint64_t input) {
  const float value = static_cast<std::int16_t>(static_cast<std::uint16_t>(input));  // exact
  return _cvtss_sh(value, _MM_FROUND_TO_NEAREST_INT);
}
#else
const bool kHasF16C = false;
std::uint64_t f16c_float16_to_int8(std::uint64_t) {
  return 0;
}
std::uint64_t f16c_int16_to_float16(std::uint64_t) {
  return 0;
}
#endif

std::uint64_t hardware_float16_to_int8(std::uint64_t input) {
  if (kHasF16C) return f16c_float16_to_int8(input);
  return truncate_clamped<std::int8_t>(float16_value(input));
}
std::uint64_t hardware_int16_to_float16(std::uint64_t input) {
  if (kHasF16C) return f16c_int16_to_float16(input);
  return std::bit_cast<std::uint16_t>(
      static_cast<_Float16>(static_cast<std::int16_t>(static_cast<std::uint16_t>(input))));
}

// ---- The cases ----

struct BenchCase {
  const char* name;  // benchmark names are BM_Fast<name>, BM_Table<name>, ...
  const char* from;
  const char* to;
  Rounding rounding;
  OutOfRange out_of_range;
  HardwareCast hardware;
  bool slow;  // also time the slow oracle
};

const BenchCase kCases[] = {
    // Wide inputs: the procedure itself.
    {"Float64ToFloat16", "float64", "float16", Rounding::NearestEven, OutOfRange::Clamp,
     &hardware_float64_to_float16, true},
    {"Int64ToFloat32", "int64", "float32", Rounding::TowardsZero, OutOfRange::None,
     &hardware_int64_to_float32, false},
    {"Float32ToInt8Wrap", "float32", "int8", Rounding::NearestAway, OutOfRange::Wrap,
     &hardware_float32_to_int8_wrap, false},
    {"Float64ToFloat32", "float64", "float32", Rounding::NearestEven, OutOfRange::None,
     &hardware_float64_to_float32, false},
    {"Float64ToInt32", "float64", "int32", Rounding::TowardsZero, OutOfRange::Clamp,
     &hardware_float64_to_int32, false},
    // Inputs of 16 bits or fewer: the table.
    {"Bfloat16ToE2M1", "bfloat16", "float4_e2m1fn", Rounding::NearestEven, OutOfRange::Clamp,
     nullptr, true},
    {"Float16ToInt8", "float16", "int8", Rounding::TowardsZero, OutOfRange::Clamp,
     &hardware_float16_to_int8, false},
    {"Int16ToFloat16", "int16", "float16", Rounding::NearestEven, OutOfRange::Clamp,
     &hardware_int16_to_float16, false},
};

cvc::CastRule rule_of(const BenchCase& c) {
  cvc::CastRule rule;
  rule.input = &cvc::data_type(c.from);
  rule.output = &cvc::data_type(c.to);
  rule.rounding = c.rounding;
  rule.out_of_range = c.out_of_range;
  return rule;
}

// One cast per iteration, cycling through the seeded inputs.
template <typename Cast>
void cast_loop(benchmark::State& state, const cvc::CastRule& rule, Cast cast) {
  const std::vector<std::uint64_t> inputs = seeded_patterns(rule.input->bit_mask());
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(cast(inputs[i]));
    i = (i + 1) & (kInputCount - 1);
  }
  state.SetItemsProcessed(state.iterations());
}

using OracleCast = cvc::CastResult (*)(const cvc::CastRule&, std::uint64_t, const cvc::Readings&);

void oracle_benchmark(benchmark::State& state, const BenchCase& c, OracleCast oracle) {
  const cvc::CastRule rule = rule_of(c);
  const cvc::Readings readings;
  cast_loop(state, rule, [&](std::uint64_t input) { return oracle(rule, input, readings); });
}

void table_benchmark(benchmark::State& state, const BenchCase& c) {
  const cvc::CastTable table(rule_of(c));  // built outside the timed loop
  cast_loop(state, table.rule(), [&](std::uint64_t input) { return table.lookup(input); });
}

// The machine's rounding mode for each Rounding, in enum order (nearest-away: the case's function
// rounds with round()).
constexpr int kFenvModes[cvc::kRoundingCount] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD,
                                                 FE_DOWNWARD, FE_TONEAREST};

void hardware_benchmark(benchmark::State& state, const BenchCase& c) {
  const int saved = std::fegetround();
  std::fesetround(kFenvModes[static_cast<int>(c.rounding)]);
  cast_loop(state, rule_of(c), c.hardware);
  std::fesetround(saved);
}

#ifdef CVC_HAVE_MPFR
// MPFR computing the same exact conversion: the input's value set exactly, rounded by the mode
// onto the output's grid (floats: precision mantissa_bits + 1, the output's exponent range and
// mpfr_subnormalize; integers: mpfr_rint, or mpfr_round for nearest-away), then the out_of_range
// rule (clamp to the largest finite value, wrap modulo 2^N by mpfr_fmod). The result is left as a
// double (exact): the final packing into bits, a few shifts, is not timed.
class MpfrCast {
 public:
  explicit MpfrCast(const cvc::CastRule& rule) : rule_(rule) {
    const cvc::DataType& out = *rule.output;
    mpfr_inits2(128, exact_, rounded_, modulus_, static_cast<mpfr_ptr>(nullptr));
    if (out.is_float()) mpfr_set_prec(rounded_, out.mantissa_bits + 1);
    mpfr_set_ui_2exp(modulus_, 1, out.bits, MPFR_RNDN);
    // MPFR's exponent: x = 0.1b... * 2^e, so one above the IEEE exponent.
    emin_ = out.min_exponent() - out.mantissa_bits + 1;
    emax_ = out.max_exponent() + 1;
    largest_ = std::ldexp((2.0 - std::ldexp(1.0, -out.mantissa_bits)), out.max_exponent());
  }
  ~MpfrCast() { mpfr_clears(exact_, rounded_, modulus_, static_cast<mpfr_ptr>(nullptr)); }
  MpfrCast(const MpfrCast&) = delete;
  MpfrCast& operator=(const MpfrCast&) = delete;

  // Within the output's exponent range (floats): set around the timed loop, as the global
  // exponent range is MPFR's state.
  void enter_range() {
    saved_emin_ = mpfr_get_emin();
    saved_emax_ = mpfr_get_emax();
    if (rule_.output->is_float()) {
      mpfr_set_emin(emin_);
      mpfr_set_emax(emax_);
    }
  }
  void leave_range() {
    mpfr_set_emin(saved_emin_);
    mpfr_set_emax(saved_emax_);
  }

  double operator()(std::uint64_t input) {
    set_exact(input);
    if (mpfr_nan_p(exact_)) return NAN;
    if (rule_.output->is_float()) return to_float();
    return to_integer();
  }

 private:
  void set_exact(std::uint64_t input) {
    const cvc::DataType& in = *rule_.input;
    if (in.family == cvc::Family::SignedInteger) {
      const int shift = 64 - in.bits;  // sign-extend
      mpfr_set_si(exact_, static_cast<long>(input << shift) >> shift, MPFR_RNDN);
    } else if (in.family == cvc::Family::UnsignedInteger) {
      mpfr_set_ui(exact_, input, MPFR_RNDN);
    } else {
      mpfr_set_d(exact_, float_value(in, input), MPFR_RNDN);  // exact: precision 128
    }
  }
  static double float_value(const cvc::DataType& in, std::uint64_t input) {
    if (in.bits == 64) return std::bit_cast<double>(input);
    if (in.bits == 32) return std::bit_cast<float>(static_cast<std::uint32_t>(input));
    if (in.name == "bfloat16") return std::bit_cast<float>(static_cast<std::uint32_t>(input << 16));
    return float16_value(input);
  }
  // MPFR's mode for each Rounding, in enum order (nearest-away is only used into integers here,
  // where mpfr_round rounds ties away).
  mpfr_rnd_t mode() const {
    static constexpr mpfr_rnd_t kModes[cvc::kRoundingCount] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU,
                                                               MPFR_RNDD, MPFR_RNDN};
    return kModes[static_cast<int>(rule_.rounding)];
  }
  double to_float() {
    int inexact = mpfr_set(rounded_, exact_, mode());
    inexact = mpfr_check_range(rounded_, inexact, mode());
    mpfr_subnormalize(rounded_, inexact, mode());
    const double value = mpfr_get_d(rounded_, MPFR_RNDN);
    if (std::isinf(value) && !mpfr_inf_p(exact_) && rule_.out_of_range == OutOfRange::Clamp)
      return std::copysign(largest_, value);
    return value;
  }
  double to_integer() {
    if (rule_.rounding == Rounding::NearestAway) {
      mpfr_round(rounded_, exact_);
    } else {
      mpfr_rint(rounded_, exact_, mode());
    }
    const cvc::DataType& out = *rule_.output;
    const double low = -static_cast<double>(out.integer_min_magnitude());
    const double high = static_cast<double>(out.integer_max_magnitude());
    if (rule_.out_of_range == OutOfRange::Wrap) {
      mpfr_fmod(rounded_, rounded_, modulus_, MPFR_RNDN);
      return mpfr_get_d(rounded_, MPFR_RNDN);
    }
    if (mpfr_cmp_d(rounded_, high) > 0) return high;
    if (mpfr_cmp_d(rounded_, low) < 0) return low;
    return mpfr_get_d(rounded_, MPFR_RNDN);
  }

  cvc::CastRule rule_;
  mpfr_t exact_, rounded_, modulus_;
  mpfr_exp_t emin_ = 0, emax_ = 0, saved_emin_ = 0, saved_emax_ = 0;
  double largest_ = 0;
};

void mpfr_benchmark(benchmark::State& state, const BenchCase& c) {
  MpfrCast mpfr(rule_of(c));
  mpfr.enter_range();
  cast_loop(state, rule_of(c), [&](std::uint64_t input) { return mpfr(input); });
  mpfr.leave_range();
}
#endif

void register_benchmarks() {
  for (const BenchCase& c : kCases) {
    const std::string name = c.name;
    benchmark::RegisterBenchmark(("BM_Fast" + name).c_str(), oracle_benchmark, c, &cvc::cast_value);
    if (cvc::CastTable::covers(cvc::data_type(c.from)))
      benchmark::RegisterBenchmark(("BM_Table" + name).c_str(), table_benchmark, c);
#ifdef CVC_HAVE_MPFR
    benchmark::RegisterBenchmark(("BM_Mpfr" + name).c_str(), mpfr_benchmark, c);
#endif
    if (c.hardware != nullptr)
      benchmark::RegisterBenchmark(("BM_Hardware" + name).c_str(), hardware_benchmark, c);
    if (c.slow)
      benchmark::RegisterBenchmark(("BM_Slow" + name).c_str(), oracle_benchmark, c,
                                   &cvc::slow::cast_value);
  }
}

// The console output as usual, and each benchmark's CPU time per cast kept (the median when
// repeated) for the summary.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      const std::string& name = run.run_name.function_name;
      if (run.error_occurred || (run.run_type == Run::RT_Aggregate && !median)) continue;
      if (median || medians_.count(name) == 0) ns_[name] = run.GetAdjustedCPUTime();
      if (median) medians_[name] = true;
    }
  }
  // ns per cast of a benchmark, or a negative number when it did not run.
  double ns(const std::string& name) const {
    const auto it = ns_.find(name);
    return it == ns_.end() ? -1 : it->second;
  }

 private:
  std::map<std::string, double> ns_;
  std::map<std::string, bool> medians_;
};

void print_ratio(double numerator, double denominator) {
  if (numerator < 0 || denominator <= 0) {
    std::printf(" %9s", "-");
  } else {
    std::printf(" %9.2f", numerator / denominator);
  }
}

void print_ns(double ns) {
  if (ns < 0) {
    std::printf(" %9s", "-");
  } else {
    std::printf(" %9.1f", ns);
  }
}

// One line per case: the oracle's cost (the table for inputs of 16 bits or fewer), its path, and
// how it compares with MPFR and the hardware. Times are CPU ns per cast.
void print_summary(const SummaryReporter& reporter) {
  std::printf("\nsummary (CPU ns per cast; oracle = table for inputs of 16 bits or fewer)\n");
  std::printf("%-18s %-6s %9s %9s %9s %9s %9s %9s\n", "case", "path", "oracle", "direct", "mpfr",
              "hardware", "mpfr/orc", "orc/hw");
  for (const BenchCase& c : kCases) {
    const std::string name = c.name;
    const double table = reporter.ns("BM_Table" + name);
    const double direct = reporter.ns("BM_Fast" + name);
    const double oracle = table >= 0 ? table : direct;
    const double mpfr = reporter.ns("BM_Mpfr" + name);
    const double hardware = reporter.ns("BM_Hardware" + name);
    if (oracle < 0 && mpfr < 0 && hardware < 0) continue;  // filtered out
    std::printf("%-18s %-6s", c.name, table >= 0 ? "table" : "direct");
    print_ns(oracle);
    print_ns(direct);
    print_ns(mpfr);
    print_ns(hardware);
    print_ratio(mpfr, oracle);
    print_ratio(oracle, hardware);
    std::printf("\n");
  }
#ifndef CVC_HAVE_MPFR
  std::printf("(built without MPFR: install libmpfr-dev and reconfigure for the mpfr column)\n");
#endif
}

}  // namespace

int main(int argc, char** argv) {
  register_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_summary(reporter);
  benchmark::Shutdown();
  return 0;
}
