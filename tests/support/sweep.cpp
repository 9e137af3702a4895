#include "tests/support/sweep.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <exception>
#include <set>
#include <thread>

#include "generators/boundary_values.hpp"
#include "generators/case_results.hpp"
#include "oracle/rational/rational_value.hpp"

namespace cvc::test {

std::string input_text(const DataType& type, std::uint64_t bits) {
  const rational::RationalValue v = rational::value_of(type, bits);
  std::string value = v.value.str();
  if (v.kind == rational::RationalValue::Kind::NaN) value = "NaN";
  if (v.kind == rational::RationalValue::Kind::Infinity) value = v.negative ? "-inf" : "+inf";
  if (v.kind == rational::RationalValue::Kind::Finite && v.value == 0 && v.negative) value = "-0";
  return pattern_hex(type, bits) + " (" + value + ")";
}

std::string readings_text(const Readings& readings) {
  std::string text;
  for (const FlagInfo& info : all_flags())
    if (!readings.is_default(info.flag))
      text += " [" + std::string(info.name) + "=" +
              std::string(info.alternatives[readings[info.flag] - 1]) + "]";
  return text.empty() ? " [default readings]" : text;
}

void Sweep::check(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  ++casts_;
  std::string problem;
  try {
    const CastResult fast = fast_cast_(rule, bits, readings);
    const CastResult slow = slow_cast_(rule, bits, readings);
    if (fast.same_explanation(slow)) return;
    problem = "fast " + result_text(*rule.output, fast) + " (" + explain(rule, fast) + "), slow " +
              result_text(*rule.output, slow) + " (" + explain(rule, slow) + ")";
  } catch (const std::exception& e) {
    problem = std::string("exception: ") + e.what();
  }
  if (++mismatches_ > kMismatchesShown) return;
  std::string text = std::string(rule.input->name) + " -> " + std::string(rule.output->name) +
                     ", " + std::string(rounding_name(rule.rounding)) + ", out_of_range " +
                     std::string(out_of_range_name(rule.out_of_range));
  if (!rule.scalar_map.empty()) text += ", with scalar_map";
  shown_.push_back(text + readings_text(readings) + ", input " + input_text(*rule.input, bits) +
                   ": " + problem);
}

void Sweep::merge(const Sweep& other) {
  casts_ += other.casts_;
  mismatches_ += other.mismatches_;
  for (const std::string& line : other.shown_)
    if (static_cast<int>(shown_.size()) < kMismatchesShown) shown_.push_back(line);
}

std::string Sweep::report() const {
  std::string text = std::to_string(mismatches_) + " mismatches in " + std::to_string(casts_) +
                     " casts; the first ones:\n";
  for (const std::string& line : shown_) text += "  " + line + "\n";
  return text;
}

std::span<const Rounding> all_roundings() {
  static constexpr std::array<Rounding, kRoundingCount> roundings = {
      Rounding::NearestEven, Rounding::TowardsZero, Rounding::TowardsPositive,
      Rounding::TowardsNegative, Rounding::NearestAway};
  return roundings;
}

std::vector<ScalarMapEntry> test_scalar_map(const DataType& source, const DataType& target) {
  std::vector<ScalarMapEntry> map;
  map.push_back({0, 1 & target.bit_mask()});
  if (source.has_nan()) map.push_back({source.canonical_nan(), 2 & target.bit_mask()});
  map.push_back({source.max_finite_bits(), 0});
  if (source.has_negative_zero()) map.push_back({source.sign_mask(), 3 & target.bit_mask()});
  return map;
}

bool is_map_flag(Flag flag) {
  return flag == Flag::MapSignedZero || flag == Flag::MapNaNPayload;
}

void sweep_pair(Sweep& sweep, const DataType& source, const DataType& target,
                std::span<const std::uint64_t> patterns, std::span<const Rounding> roundings,
                const Readings& readings, bool with_map) {
  CastRule rule;
  rule.input = &source;
  rule.output = &target;
  if (with_map) rule.scalar_map = test_scalar_map(source, target);
  for (Rounding rounding : roundings) {
    rule.rounding = rounding;
    for (int o = 0; o < kOutOfRangeCount; ++o) {
      rule.out_of_range = static_cast<OutOfRange>(o);
      for (std::uint64_t bits : patterns) sweep.check(rule, bits, readings);
    }
  }
}

std::vector<std::uint64_t> every_pattern(const DataType& source, const DataType&) {
  std::vector<std::uint64_t> patterns;
  for (std::uint64_t bits = 0; bits <= source.bit_mask(); ++bits) patterns.push_back(bits);
  return patterns;
}

std::vector<std::uint64_t> boundary_sample(const DataType& source, const DataType& target) {
  std::vector<std::uint64_t> patterns = gen::boundary_patterns(source);
  const auto& cast_boundaries = gen::cast_boundary_patterns(source, target);
  patterns.insert(patterns.end(), cast_boundaries.begin(), cast_boundaries.end());
  std::sort(patterns.begin(), patterns.end());
  patterns.erase(std::unique(patterns.begin(), patterns.end()), patterns.end());
  return patterns;
}

std::vector<std::uint64_t> seeded_sample(const DataType& source, const DataType& target,
                                         std::uint64_t seed, std::size_t count) {
  for (char c : source.name) seed = seed * 131 + static_cast<unsigned char>(c);
  gen::Rng rng(seed);
  std::vector<std::uint64_t> patterns = boundary_sample(source, target);
  // Draws repeat the boundary families often: draw until `count` of them are distinct.
  std::set<std::uint64_t> drawn;
  while (drawn.size() < count) drawn.insert(gen::boundary_weighted_pattern(source, rng));
  patterns.insert(patterns.end(), drawn.begin(), drawn.end());
  std::sort(patterns.begin(), patterns.end());
  patterns.erase(std::unique(patterns.begin(), patterns.end()), patterns.end());
  return patterns;
}

void sweep_targets(Sweep& sweep, const DataType& source, PatternsFor patterns_for,
                   std::span<const Rounding> roundings, const Readings& readings, bool with_map,
                   unsigned threads) {
  const auto& targets = all_data_types();
  const auto sweep_some = [&](Sweep& into, std::size_t first, std::size_t step) {
    for (std::size_t i = first; i < targets.size(); i += step)
      sweep_pair(into, source, targets[i], patterns_for(source, targets[i]), roundings, readings,
                 with_map);
  };
  if (threads <= 1) {
    sweep_some(sweep, 0, 1);
    return;
  }
  std::vector<Sweep> sweeps(threads, sweep.empty_like());
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t)
    workers.emplace_back([&, t] { sweep_some(sweeps[t], t, threads); });
  for (std::thread& worker : workers) worker.join();
  for (const Sweep& part : sweeps) sweep.merge(part);
}

unsigned machine_threads() {
  return std::max(1u, std::min(std::thread::hardware_concurrency(), 8u));
}

std::vector<const DataType*> sixteen_bit_sources() {
  std::vector<const DataType*> sources;
  for (const DataType& type : all_data_types())
    if (type.bits == 16) sources.push_back(&type);
  return sources;
}

std::string sanitized(std::string name) {
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

std::vector<Alternative> cast_flag_alternatives() {
  const Flag flags[] = {Flag::MapSignedZero,  Flag::MapNaNPayload,    Flag::InfClamp,
                        Flag::NaNNonIEEE,     Flag::DirectedOverflow, Flag::E8M0Tie,
                        Flag::E8M0Low,        Flag::NegZeroNoSign,    Flag::RoundedNegativeZero,
                        Flag::DecodeWrapFloat};
  std::vector<Alternative> alternatives;
  for (Flag flag : flags)
    for (int choice = 1; choice <= flag_info(flag).alternative_count(); ++choice)
      alternatives.push_back({flag, choice});
  return alternatives;
}

std::string alternative_text(const Alternative& alternative) {
  const FlagInfo& flag = flag_info(alternative.flag);
  return std::string(flag.name) + "=" + std::string(flag.alternatives[alternative.choice - 1]);
}

void PrintTo(const Alternative& alternative, std::ostream* os) {
  *os << alternative_text(alternative);
}

std::string alternative_name(const testing::TestParamInfo<Alternative>& info) {
  return sanitized(alternative_text(info.param));
}

}  // namespace cvc::test
