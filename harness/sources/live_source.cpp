#include "harness/sources/live_source.hpp"

#include "generators/boundary_values.hpp"
#include "generators/case_results.hpp"
#include "generators/cast_family.hpp"
#include "generators/fill_value.hpp"
#include "oracle/cast.hpp"
#include "oracle/codec_chain.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc {
namespace {

// The configuration's data_type: the output for encode, the input for decode.
const DataType& data_type_of(const DataType& input, const DataType& output, Direction direction) {
  return direction == Direction::Encode ? output : input;
}

}  // namespace

LiveCaseSource::LiveCaseSource(LiveOptions options, CaseFilter filter)
    : options_(options), filter_(std::move(filter)) {
  plan();
}

void LiveCaseSource::plan() {
  for (const DataType& input : all_data_types()) {
    if (options_.exhaustive && input.bits > options_.max_exhaustive_bits) continue;
    for (const DataType& output : all_data_types()) {
      for (Direction direction : {Direction::Encode, Direction::Decode}) {
        if (!filter_.matches_family("live") ||
            !filter_.matches_direction(direction_name(direction)) ||
            !filter_.matches_types({&input, &output}))
          continue;
        const std::uint64_t inputs = options_.exhaustive ? input.bit_mask() + 1 : options_.count;
        const std::uint64_t configurations =
            cast_configurations(data_type_of(input, output, direction)).size();
        groups_.push_back({&input, &output, direction, inputs, configurations,
                           (inputs + options_.batch_elements - 1) / options_.batch_elements});
        total_ += inputs * configurations;
      }
    }
  }
}

const std::vector<std::optional<CastBatch>>& LiveCaseSource::map_batches() const {
  if (!map_batches_) {
    map_batches_.emplace();
    for (std::size_t index = 0; index < groups_.size(); ++index)
      map_batches_->push_back(scalar_map_batch(index));
  }
  return *map_batches_;
}

std::uint64_t LiveCaseSource::total_cases() const {
  if (!other_cases_) {
    std::uint64_t cases = 0;
    for (const std::optional<CastBatch>& map : map_batches())
      if (map) cases += map->elements.size();
    for (std::size_t index = 0; index < validate_count(); ++index)
      cases += validate_fill_bits(index).has_value() ? 1 : 0;
    other_cases_ = cases;
  }
  return total_ + *other_cases_;
}

const std::vector<CastConfiguration>& LiveCaseSource::configurations_of(std::size_t group) {
  if (configurations_group_ != group) {
    const Group& g = groups_[group];
    configurations_ = cast_configurations(data_type_of(*g.input, *g.output, g.direction));
    configurations_group_ = group;
  }
  return configurations_;
}

bool LiveCaseSource::advance_cast(CastSlot& slot) {
  while (group_ < groups_.size()) {
    if (offset_ >= groups_[group_].inputs) {
      offset_ = 0;
      if (++configuration_ >= configurations_of(group_).size()) {
        configuration_ = 0;
        ++group_;
      }
      continue;
    }
    slot.group = group_;
    slot.configuration = configuration_;
    slot.begin = offset_;
    slot.end = std::min<std::uint64_t>(groups_[group_].inputs, offset_ + options_.batch_elements);
    offset_ = slot.end;
    return true;
  }
  return false;
}

void LiveCaseSource::prepare_group(std::size_t index) {
  if (prepared_group_ == index) return;
  prepared_group_ = index;
  const Group& group = groups_[index];
  const DataType& data_type = data_type_of(*group.input, *group.output, group.direction);
  // A fill value that survives every configuration of the group.
  const DataType& array = group.direction == Direction::Encode ? *group.input : *group.output;
  group_fill_value_ =
      surviving_fill_value(array, single_codec_chains(data_type, configurations_of(index)));
}

void LiveCaseSource::prepare_random_inputs(std::size_t index) {
  if (random_inputs_group_ == index) return;
  random_inputs_group_ = index;
  const Group& group = groups_[index];
  // The same seeded inputs for every configuration of the group.
  gen::Rng rng(options_.seed ^
               (std::uint64_t{static_cast<std::uint64_t>(index)} * 0x9e3779b97f4a7c15ull));
  random_inputs_.clear();
  for (std::uint64_t i = 0; i < options_.count; ++i)
    random_inputs_.push_back(gen::cast_boundary_weighted_pattern(*group.input, *group.output, rng));
}

void LiveCaseSource::build_cast(const CastSlot& slot, CaseBatch& batch) {
  prepare_group(slot.group);
  const Group& group = groups_[slot.group];
  const LiveCast cast{
      group.input,
      group.output,
      group.direction,
      configurations_of(slot.group)[slot.configuration],
      group_fill_value_,
      std::string(options_.exhaustive ? "live exhaustive" : "live random") + " input #"};
  CastBatch header = live_cast_header(cast);
  if (gate_ && !gate_(header)) {
    header.unbuilt_cases = slot.end - slot.begin;
    header.unbuilt_first_id = slot.begin;
    batch = std::move(header);
    return;
  }
  if (!options_.exhaustive) prepare_random_inputs(slot.group);
  fill_live_cast_elements(header, slot.begin, slot.end,
                          options_.exhaustive ? std::span<const std::uint64_t>() : random_inputs_);
  batch = std::move(header);
}

bool LiveCaseSource::next(CaseBatch& batch) {
  CastSlot slot;
  if (advance_cast(slot)) {
    build_cast(slot, batch);
    return true;
  }
  return next_scalar_map(batch) || next_validate(batch);
}

CaseSource::Skipped LiveCaseSource::skip(std::uint64_t batches) {
  Skipped skipped;
  // The casts: the cursor (group_, configuration_, offset_) moved by arithmetic, a whole group
  // at a time where the batches reach past it. offset_ is a multiple of the batch size, or the
  // group's inputs once its configuration's last batch is taken.
  while (skipped.batches < batches && group_ < groups_.size()) {
    const Group& group = groups_[group_];
    const std::uint64_t per_configuration = group.batches_per_configuration;
    const std::uint64_t batches_taken =
        configuration_ * per_configuration +
        (offset_ + options_.batch_elements - 1) / options_.batch_elements;
    const std::uint64_t cases_taken = configuration_ * group.inputs + offset_;
    const std::uint64_t left = group.configurations * per_configuration - batches_taken;
    const std::uint64_t wanted = batches - skipped.batches;
    if (wanted >= left) {
      skipped.batches += left;
      skipped.cases += group.configurations * group.inputs - cases_taken;
      ++group_;
      configuration_ = 0;
      offset_ = 0;
      continue;
    }
    const std::uint64_t at = batches_taken + wanted;  // the group's next batch after the skip
    configuration_ = at / per_configuration;
    offset_ = (at % per_configuration) * options_.batch_elements;
    skipped.batches += wanted;
    skipped.cases += configuration_ * group.inputs + offset_ - cases_taken;
  }
  // The scalar_map and validate batches, built (their count is known only once built).
  for (CaseBatch batch; skipped.batches < batches; ++skipped.batches) {
    if (!next_scalar_map(batch) && !next_validate(batch)) break;
    skipped.cases += case_count(batch);
  }
  return skipped;
}

bool LiveCaseSource::next_scalar_map(CaseBatch& batch) {
  while (map_index_ < groups_.size()) {
    const std::optional<CastBatch>& map = map_batches()[map_index_++];
    if (!map) continue;
    batch = *map;
    return true;
  }
  return false;
}

std::optional<CastBatch> LiveCaseSource::scalar_map_batch(std::size_t index) const {
  const Group& group = groups_[index];
  gen::Rng rng(options_.seed ^ (0x5ca1a5ull + index * 0x9e3779b97f4a7c15ull));
  const DataType& in = *group.input;
  const DataType& out = *group.output;
  const bool encode = group.direction == Direction::Encode;
  const DataType& array_type = encode ? in : out;
  const DataType& data_type = encode ? out : in;
  // [[k1, o1], [k2, o2], [k1, o3]]: k1 repeated (the first entry must win), and o1 chosen equal
  // to k2 where the types allow, so a mapped output that is another key must not map again.
  const std::uint64_t k1 = gen::cast_boundary_weighted_pattern(in, out, rng);
  std::uint64_t k2 = gen::cast_boundary_weighted_pattern(in, out, rng);
  if (k2 == k1) k2 = (k1 + 1) & in.bit_mask();
  const std::uint64_t o1 = &in == &out ? k2 : gen::uniform_pattern(out, rng);
  const std::uint64_t o2 = gen::uniform_pattern(out, rng);
  std::uint64_t o3 = gen::uniform_pattern(out, rng);
  if (o3 == o1) o3 = (o1 + 1) & out.bit_mask();
  const auto entry = [&](std::uint64_t key, std::uint64_t value) {
    return nlohmann::json::array({format_scalar(in, key), format_scalar(out, value)});
  };
  nlohmann::json configuration = {
      {"data_type", std::string(data_type.name)},
      {"scalar_map",
       {{encode ? "encode" : "decode",
         nlohmann::json::array({entry(k1, o1), entry(k2, o2), entry(k1, o3)})}}}};
  CastValueCodec codec;
  try {
    codec = parse_cast_value_configuration(array_type, configuration);
  } catch (const MetadataError&) {
    return std::nullopt;  // e.g. a NaN pattern that has no JSON spelling in a scalar_map
  }
  const nlohmann::json codec_object = {{"name", "cast_value"}, {"configuration", configuration}};
  const nlohmann::json fill_value =
      surviving_fill_value(array_type, {nlohmann::json::array({codec_object})});
  if (fill_value.is_null()) return std::nullopt;
  CastBatch cast;
  cast.family = "live";
  cast.rule = encode ? codec.encode_rule() : codec.decode_rule();
  cast.compute_alternatives = true;
  cast.request.direction = group.direction;
  cast.request.array_type = &array_type;
  cast.request.fill_value = fill_value;
  cast.request.codec = codec_object;
  cast.request.input = &in;
  cast.request.output = &out;
  cast.configuration = dump_json_exact(configuration);
  cast.rule_label = "nearest-even / absent, scalar_map";
  std::vector<std::uint64_t> inputs = {k1, k2, o1 & in.bit_mask()};
  for (int i = 0; i < 5; ++i) inputs.push_back(gen::cast_boundary_weighted_pattern(in, out, rng));
  // Every element of the map's batch is at the same place: "live scalar_map #N".
  cast.where_prefix = "live scalar_map #";
  for (std::uint64_t input : inputs) {
    ExpectedElement element;
    element.input = input;
    element.expected = ExpectedResult::of(cast_value(cast.rule, input));
    element.id = index;
    cast.elements.push_back(std::move(element));
  }
  return cast;
}

namespace {
// Fill value round trips: for each group's encode pair, the array type's boundary patterns as
// fill values through a nearest-even codec and a towards-zero / clamp codec.
constexpr std::size_t kLiveFillValuesPerPair = 6;
}  // namespace

std::size_t LiveCaseSource::validate_count() const {
  return groups_.size() * kLiveFillValuesPerPair * 2;
}

std::optional<std::uint64_t> LiveCaseSource::validate_fill_bits(std::size_t index) const {
  const Group& group = groups_[index / (kLiveFillValuesPerPair * 2)];
  if (group.direction != Direction::Encode || !filter_.matches_family("live")) return std::nullopt;
  const std::vector<std::uint64_t>& patterns = gen::boundary_patterns(*group.input);
  const std::size_t which = (index / 2) % kLiveFillValuesPerPair;
  if (which >= patterns.size()) return std::nullopt;
  return patterns[which * patterns.size() / kLiveFillValuesPerPair];
}

bool LiveCaseSource::next_validate(CaseBatch& batch) {
  while (validate_index_ < validate_count()) {
    const std::size_t index = validate_index_++;
    const std::optional<std::uint64_t> fill = validate_fill_bits(index);
    if (!fill) continue;
    const Group& group = groups_[index / (kLiveFillValuesPerPair * 2)];
    const std::uint64_t fill_bits = *fill;
    const CastConfiguration configuration =
        index % 2 == 0 ? CastConfiguration{Rounding::NearestEven, OutOfRange::None}
                       : CastConfiguration{Rounding::TowardsZero, OutOfRange::Clamp};
    ValidateBatch validate;
    validate.family = "live";
    validate.request.array_data_type = std::string(group.input->name);
    validate.request.array_type = group.input;
    validate.request.fill_value = format_scalar(*group.input, fill_bits);
    // A whole chain (the array -> bytes codec after the cast): the core spec's form, which an
    // implementation may rightly insist on.
    validate.request.codecs = with_implied_bytes_codec(
        nlohmann::json::array({cast_value_codec_json(*group.output, configuration)}));
    const FillValueCheck check =
        validate_array_metadata(*group.input, validate.request.fill_value, validate.request.codecs);
    validate.expected = check.valid ? "valid" : "invalid";
    validate.expected_reason = check.message;
    validate.compute_alternatives = true;
    validate.where = "live validate #" + std::to_string(index);
    validate.rule = "fill value round trip";
    batch = std::move(validate);
    return true;
  }
  return false;
}

}  // namespace cvc
