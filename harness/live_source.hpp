// Cases made on the fly from the oracle (`cvc run --live`): every bit pattern of each input type
// of 16 bits or fewer (exhaustive), or seeded boundary-weighted random inputs (random), to every
// output type, in both directions, under every valid configuration; then, per type pair and
// direction, one seeded scalar_map with a duplicate key and an output equal to another key; then
// fill value validations.
#pragma once

#include <cstdint>

#include "harness/case_batch.hpp"

namespace cvc {

struct LiveOptions {
  bool exhaustive = true;      // false: random
  std::uint64_t seed = 1;      // random mode
  std::uint64_t count = 1000;  // random mode: inputs per (input type, output type, direction)
  int max_exhaustive_bits = 16;
  std::size_t batch_elements = 4096;
};

class LiveCaseSource : public CaseSource {
 public:
  LiveCaseSource(LiveOptions options, CaseFilter filter);
  bool next(CaseBatch& batch) override;
  std::uint64_t total_cases() const override { return total_; }

 private:
  struct Group {
    const DataType* input;
    const DataType* output;
    Direction direction;
  };
  void plan();
  bool next_scalar_map(CaseBatch& batch);
  bool next_validate(CaseBatch& batch);

  LiveOptions options_;
  CaseFilter filter_;
  std::vector<Group> groups_;
  std::size_t group_ = 0, configuration_ = 0;
  std::uint64_t offset_ = 0;                  // next input index within the group
  std::vector<std::uint64_t> random_inputs_;  // the current group's inputs (random mode)
  nlohmann::json group_fill_value_;           // survives every configuration of the group
  std::size_t map_index_ = 0;
  std::size_t validate_index_ = 0;
  std::uint64_t total_ = 0;
};

}  // namespace cvc
