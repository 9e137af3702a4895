// One slice of the exhaustive run (`cvc run --live slice --cast D:IN:OUT:ROUNDING[:OUT_OF_RANGE]`):
// every bit pattern of one input type cast to one output type, in one direction, under one
// configuration, and nothing else. What a single cell of a 32-bit certification costs, run on its
// own (docs/scaling.md); the batches are the live exhaustive run's, so they shard the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "harness/sources/case_batch.hpp"
#include "harness/sources/case_source.hpp"

namespace cvc {

struct SliceCast {
  const DataType* input = nullptr;
  const DataType* output = nullptr;
  Direction direction = Direction::Encode;
  CastConfiguration configuration{Rounding::NearestEven, OutOfRange::None};
};

// "encode:float32:float16:nearest-even" or "...:clamp"; throws std::invalid_argument naming the
// part that is wrong (a type, a direction, a rounding mode, an out_of_range rule, or a
// configuration that is not valid for the pair's data_type).
SliceCast parse_slice_cast(std::string_view text);

// "encode float32 -> float16, nearest-even / absent"
std::string slice_cast_text(const SliceCast& cast);

class SliceCaseSource : public CaseSource {
 public:
  explicit SliceCaseSource(const SliceCast& cast, std::size_t batch_elements = 4096);
  bool next(CaseBatch& batch) override;
  Skipped skip(std::uint64_t batches) override;  // by arithmetic, computing no expectation
  void set_cast_gate(CastGate gate) override { gate_ = std::move(gate); }
  std::uint64_t total_cases() const override { return inputs_; }

 private:
  CastGate gate_;  // empty: every batch is built
  LiveCast cast_;
  std::uint64_t inputs_;  // 2^bits of the input type
  std::size_t batch_elements_;
  std::uint64_t offset_ = 0;
};

}  // namespace cvc
