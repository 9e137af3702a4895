#include "tests/support/scale_offset_sweep.hpp"

#include <exception>
#include <thread>

#include "oracle/slow/slow_scale_offset.hpp"
#include "tests/support/sweep.hpp"

namespace cvc::test {

const ScaleOffsetOracle& fast_scale_offset_oracle() {
  static const ScaleOffsetOracle oracle{&scale_offset_encode, &scale_offset_decode};
  return oracle;
}

const ScaleOffsetOracle& slow_scale_offset_oracle() {
  static const ScaleOffsetOracle oracle{&slow::scale_offset_encode, &slow::scale_offset_decode};
  return oracle;
}

namespace {

std::string operand_text(const DataType& type, const std::optional<std::uint64_t>& bits) {
  return bits ? input_text(type, *bits) : "absent";
}

std::string result_text(const DataType& type, const ScaleOffsetResult& result) {
  if (result.ok()) return input_text(type, result.bits);
  return std::string(scale_offset_error_name(result.error)) + " at " +
         std::string(scale_offset_operation_name(result.operation));
}

}  // namespace

std::string codec_text(const ScaleOffsetCodec& codec) {
  return std::string(codec.type->name) + ", offset " + operand_text(*codec.type, codec.offset) +
         ", scale " + operand_text(*codec.type, codec.scale);
}

void ScaleOffsetSweep::check(const ScaleOffsetCodec& codec, std::uint64_t input,
                             const Readings& readings) {
  for (const bool encode : {true, false}) {
    ++elements_;
    std::string problem;
    try {
      const ScaleOffsetResult fast = (encode ? fast_.encode : fast_.decode)(codec, input, readings);
      const ScaleOffsetResult slow = (encode ? slow_.encode : slow_.decode)(codec, input, readings);
      if (fast.same_outcome(slow)) continue;
      problem =
          "fast " + result_text(*codec.type, fast) + ", slow " + result_text(*codec.type, slow);
    } catch (const std::exception& e) {
      problem = std::string("exception: ") + e.what();
    }
    if (++mismatches_ > kMismatchesShown) continue;
    shown_.push_back(std::string(encode ? "encode " : "decode ") + codec_text(codec) +
                     readings_text(readings) + ", input " + input_text(*codec.type, input) + ": " +
                     problem);
  }
}

void ScaleOffsetSweep::merge(const ScaleOffsetSweep& other) {
  elements_ += other.elements_;
  mismatches_ += other.mismatches_;
  for (const std::string& line : other.shown_)
    if (static_cast<int>(shown_.size()) < kMismatchesShown) shown_.push_back(line);
}

std::string ScaleOffsetSweep::report() const {
  std::string text =
      std::to_string(mismatches_) + " mismatches in " + std::to_string(elements_) + " elements";
  for (const std::string& line : shown_) text += "\n  " + line;
  return text;
}

std::vector<std::optional<std::uint64_t>> every_operand(const DataType& type) {
  std::vector<std::optional<std::uint64_t>> operands;
  for (std::uint64_t bits = 0; bits <= type.bit_mask(); ++bits) operands.push_back(bits);
  operands.push_back(std::nullopt);
  return operands;
}

std::vector<Readings> scale_offset_readings(const DataType& type, bool all) {
  std::vector<Readings> readings{Readings{}};
  for (const FlagInfo& info : all_flags()) {
    if (!is_scale_offset_flag(info.flag)) continue;
    const bool applies =
        info.flag == Flag::ScaleOffsetIntegerDivision ? type.is_integer() : type.is_float();
    if (!applies && !all) continue;
    for (int choice = 1; choice <= info.alternative_count(); ++choice)
      readings.push_back(Readings{}.with(info.flag, choice));
  }
  return readings;
}

void PrintTo(const TypeReading& param, std::ostream* os) {
  *os << param.name;
}

std::vector<TypeReading> type_readings(int low, int high, bool all) {
  std::vector<TypeReading> params;
  for (const DataType& type : all_data_types()) {
    if (type.bits < low || type.bits > high) continue;
    for (const Readings& readings : scale_offset_readings(type, all)) {
      std::string name(type.name);
      for (const FlagInfo& info : all_flags())
        if (!readings.is_default(info.flag))
          name += "_" + std::string(info.name) + "_" +
                  std::string(info.alternatives[readings[info.flag] - 1]);
      params.push_back({&type, readings, sanitized(name)});
    }
  }
  return params;
}

void sweep_cube(ScaleOffsetSweep& sweep, const DataType& type,
                std::span<const std::optional<std::uint64_t>> offsets,
                std::span<const std::optional<std::uint64_t>> scales,
                std::span<const Readings> readings) {
  const unsigned threads = machine_threads();
  std::vector<ScaleOffsetSweep> sweeps(threads, sweep.empty_like());
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      ScaleOffsetSweep& mine = sweeps[t];
      for (std::size_t i = t; i < offsets.size(); i += threads)
        for (const std::optional<std::uint64_t>& scale : scales) {
          const ScaleOffsetCodec codec{&type, offsets[i], scale};
          for (const Readings& r : readings)
            for (std::uint64_t input = 0; input <= type.bit_mask(); ++input)
              mine.check(codec, input, r);
        }
    });
  }
  for (std::thread& worker : workers) worker.join();
  for (const ScaleOffsetSweep& s : sweeps) sweep.merge(s);
}

}  // namespace cvc::test
