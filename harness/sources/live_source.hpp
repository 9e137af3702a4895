// Cases made on the fly from the oracle (`cvc run --live`): every bit pattern of each input type
// of 16 bits or fewer (exhaustive), or seeded boundary-weighted random inputs (random), to every
// output type, in both directions, under every valid configuration; then, per type pair and
// direction, one seeded scalar_map with a duplicate key and an output equal to another key; then
// fill value validations.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "generators/cast_family.hpp"
#include "harness/sources/case_batch.hpp"
#include "harness/sources/case_filter.hpp"
#include "harness/sources/case_source.hpp"

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
  // Cast batches are passed over by arithmetic on the plan (a shard seeks its next batch in a
  // time that does not grow with the run): nothing of theirs is computed. The scalar_map and
  // validate batches (a few thousand, after the casts) are passed one by one.
  Skipped skip(std::uint64_t batches) override;
  // A refused cast batch is its header: no inputs, expectations or random patterns computed.
  void set_cast_gate(CastGate gate) override { gate_ = std::move(gate); }
  // Exact: the casts, and the scalar_map batches and validations the run will take, counted when
  // first asked (after the first batch: the maps' fill values take a second to find).
  std::uint64_t total_cases() const override;

 private:
  struct Group {
    const DataType* input;
    const DataType* output;
    Direction direction;
    std::uint64_t inputs;          // per configuration
    std::uint64_t configurations;  // valid configurations of its data_type
    std::uint64_t batches_per_configuration;
  };
  // Where the next cast batch is: its group, configuration and first input index.
  struct CastSlot {
    std::size_t group = 0, configuration = 0;
    std::uint64_t begin = 0, end = 0;
  };
  void plan();
  const std::vector<CastConfiguration>& configurations_of(std::size_t group);
  // Moves past the next cast batch of the exhaustive or random part; false when it is done.
  bool advance_cast(CastSlot& slot);
  void build_cast(const CastSlot& slot, CaseBatch& batch);
  // What every configuration of a group shares, computed when its first batch is built: the
  // fill value (part of a batch's header), and in random mode the inputs (when first built).
  void prepare_group(std::size_t group);
  void prepare_random_inputs(std::size_t group);
  bool next_scalar_map(CaseBatch& batch);
  // The scalar_map batch of group `index`, or none when its map cannot be written or no fill
  // value survives it.
  std::optional<CastBatch> scalar_map_batch(std::size_t index) const;
  bool next_validate(CaseBatch& batch);
  // The validations: their number, and the fill value of validation `index` (none: skipped).
  std::size_t validate_count() const;
  std::optional<std::uint64_t> validate_fill_bits(std::size_t index) const;

  LiveOptions options_;
  CaseFilter filter_;
  std::vector<Group> groups_;
  std::size_t group_ = 0, configuration_ = 0;
  std::uint64_t offset_ = 0;  // next input index within the group and configuration
  std::size_t configurations_group_ = SIZE_MAX;
  std::vector<CastConfiguration> configurations_;  // of configurations_group_
  std::size_t prepared_group_ = SIZE_MAX;
  std::size_t random_inputs_group_ = SIZE_MAX;
  std::vector<std::uint64_t> random_inputs_;  // of random_inputs_group_ (random mode)
  nlohmann::json group_fill_value_;           // survives every configuration of the group
  CastGate gate_;                             // empty: every batch is built
  std::size_t map_index_ = 0;
  std::size_t validate_index_ = 0;
  std::uint64_t total_ = 0;  // the casts
  // The scalar_map batches (built once, when the total is first asked or the first is needed)
  // and the cases of the maps and validations.
  mutable std::optional<std::vector<std::optional<CastBatch>>> map_batches_;
  mutable std::optional<std::uint64_t> other_cases_;
  const std::vector<std::optional<CastBatch>>& map_batches() const;
};

}  // namespace cvc
