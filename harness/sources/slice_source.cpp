#include "harness/sources/slice_source.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "generators/fill_value.hpp"

namespace cvc {
namespace {

std::vector<std::string_view> colon_parts(std::string_view text) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t colon = text.find(':', start);
    parts.push_back(text.substr(start, colon - start));
    if (colon == std::string_view::npos) return parts;
    start = colon + 1;
  }
}

const DataType& named_type(std::string_view name, std::string_view role) {
  const DataType* type = find_data_type(std::string(name));
  if (type == nullptr)
    throw std::invalid_argument(std::string(role) + " \"" + std::string(name) +
                                "\" is not one of the 26 data types");
  return *type;
}

}  // namespace

SliceCast parse_slice_cast(std::string_view text) {
  const std::vector<std::string_view> parts = colon_parts(text);
  if (parts.size() != 4 && parts.size() != 5)
    throw std::invalid_argument("\"" + std::string(text) +
                                "\" is not DIRECTION:INPUT:OUTPUT:ROUNDING[:OUT_OF_RANGE]");
  SliceCast cast;
  const std::optional<Direction> direction = parse_direction(parts[0]);
  if (!direction)
    throw std::invalid_argument("direction \"" + std::string(parts[0]) +
                                "\" is not encode or decode");
  cast.direction = *direction;
  cast.input = &named_type(parts[1], "input type");
  cast.output = &named_type(parts[2], "output type");
  const std::optional<Rounding> rounding = parse_rounding(parts[3]);
  if (!rounding)
    throw std::invalid_argument("rounding \"" + std::string(parts[3]) +
                                "\" is not one of the five rounding modes");
  cast.configuration.rounding = *rounding;
  if (parts.size() == 5) {
    const std::optional<OutOfRange> rule = parse_out_of_range(parts[4]);
    if (!rule)
      throw std::invalid_argument("out_of_range \"" + std::string(parts[4]) +
                                  "\" is not clamp or wrap (leave it out for absent)");
    cast.configuration.out_of_range = *rule;
  }
  const DataType& data_type = cast.direction == Direction::Encode ? *cast.output : *cast.input;
  const std::vector<CastConfiguration> valid = cast_configurations(data_type);
  if (std::none_of(valid.begin(), valid.end(), [&](const CastConfiguration& each) {
        return each.rounding == cast.configuration.rounding &&
               each.out_of_range == cast.configuration.out_of_range;
      }))
    throw std::invalid_argument("out_of_range " +
                                std::string(out_of_range_name(cast.configuration.out_of_range)) +
                                " is not valid for data_type " + std::string(data_type.name));
  return cast;
}

std::string slice_cast_text(const SliceCast& cast) {
  return std::string(direction_name(cast.direction)) + " " + std::string(cast.input->name) +
         " -> " + std::string(cast.output->name) + ", " +
         std::string(rounding_name(cast.configuration.rounding)) + " / " +
         std::string(out_of_range_name(cast.configuration.out_of_range));
}

SliceCaseSource::SliceCaseSource(const SliceCast& cast, std::size_t batch_elements)
    : inputs_(cast.input->bit_mask() + 1), batch_elements_(batch_elements) {
  const bool encode = cast.direction == Direction::Encode;
  const DataType& array_type = encode ? *cast.input : *cast.output;
  const DataType& data_type = encode ? *cast.output : *cast.input;
  cast_ = {cast.input,
           cast.output,
           cast.direction,
           cast.configuration,
           surviving_fill_value(array_type, single_codec_chains(data_type, {cast.configuration})),
           "live slice input #"};
  if (cast_.fill_value.is_null())
    throw std::invalid_argument("no fill value of " + std::string(array_type.name) + " survives " +
                                slice_cast_text(cast));
}

bool SliceCaseSource::next(CaseBatch& batch) {
  if (offset_ >= inputs_) return false;
  const std::uint64_t end = std::min<std::uint64_t>(inputs_, offset_ + batch_elements_);
  CastBatch header = live_cast_header(cast_);
  if (gate_ && !gate_(header)) {  // an adapter that does not declare the cell: counted only
    header.unbuilt_cases = end - offset_;
    header.unbuilt_first_id = offset_;
  } else {
    fill_live_cast_elements(header, offset_, end, {});
  }
  batch = std::move(header);
  offset_ = end;
  return true;
}

CaseSource::Skipped SliceCaseSource::skip(std::uint64_t batches) {
  Skipped skipped;
  const std::uint64_t left = (inputs_ - offset_ + batch_elements_ - 1) / batch_elements_;
  skipped.batches = std::min(batches, left);
  const std::uint64_t end =
      skipped.batches == left ? inputs_ : offset_ + skipped.batches * batch_elements_;
  skipped.cases = end - offset_;
  offset_ = end;
  return skipped;
}

}  // namespace cvc
