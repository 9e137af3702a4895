#include "oracle/cast_table.hpp"

#include <stdexcept>
#include <string>

#include "oracle/cast.hpp"

namespace cvc {
namespace {

TableResult table_result(const CastResult& result) {
  return {result.error, result.ok() ? result.bits : 0};
}

// Only the cast flags change a cast: readings differing in metadata flags share a table.
Readings cast_flags_only(const Readings& readings) {
  Readings cast_flags = readings;
  for (int i = 0; i < kFlagCount; ++i)
    if (!is_cast_flag(static_cast<Flag>(i))) cast_flags.choice[i] = 0;
  return cast_flags;
}

bool same_scalar_map(const std::vector<ScalarMapEntry>& a, const std::vector<ScalarMapEntry>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].input_bits != b[i].input_bits || a[i].output_bits != b[i].output_bits) return false;
  return true;
}

bool same_configuration(const CastTable& table, const CastRule& rule, const Readings& cast_flags) {
  const CastRule& held = table.rule();
  return held.input == rule.input && held.output == rule.output && held.rounding == rule.rounding &&
         held.out_of_range == rule.out_of_range && table.readings().choice == cast_flags.choice &&
         same_scalar_map(held.scalar_map, rule.scalar_map);
}

}  // namespace

CastTable::CastTable(const CastRule& rule, const Readings& readings)
    : rule_(rule),
      readings_(cast_flags_only(readings)),
      input_mask_(rule.input->bit_mask()),
      narrow_(rule.output->bits <= kNarrowOutputBits) {
  if (!covers(*rule.input))
    throw std::invalid_argument("a cast table needs an input of at most " +
                                std::to_string(kMaxInputBits) + " bits, not " +
                                std::string(rule.input->name));
  if (narrow_) {
    narrow_entries_.resize(size());
  } else {
    wide_bits_.resize(size());
    wide_errors_.resize(size());
  }
  for (std::uint64_t input = 0; input <= input_mask_; ++input)
    overwrite(input, table_result(cast_value(rule_, input, readings_)));
}

std::uint32_t CastTable::narrow_entry(const TableResult& result) {
  return static_cast<std::uint32_t>(result.error) << kNarrowErrorShift |
         static_cast<std::uint32_t>(result.bits);
}

void CastTable::overwrite(std::uint64_t input_bits, const TableResult& result) {
  const std::size_t index = input_bits & input_mask_;
  if (narrow_) {
    narrow_entries_[index] = narrow_entry(result);
  } else {
    wide_bits_[index] = result.bits;
    wide_errors_[index] = result.error;
  }
}

std::optional<std::uint64_t> first_disagreement(const CastTable& table) {
  for (std::uint64_t input = 0; input < table.size(); ++input)
    if (!table.lookup(input).same_outcome(cast_value(table.rule(), input, table.readings())))
      return input;
  return std::nullopt;
}

CastTableCache::CastTableCache(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

std::shared_ptr<const CastTable> CastTableCache::table_for(const CastRule& rule,
                                                           const Readings& readings) {
  const Readings cast_flags = cast_flags_only(readings);
  for (auto it = tables_.begin(); it != tables_.end(); ++it) {
    if (!same_configuration(**it, rule, cast_flags)) continue;
    tables_.splice(tables_.begin(), tables_, it);  // now the most recently used
    return tables_.front();
  }
  tables_.push_front(std::make_shared<const CastTable>(rule, cast_flags));
  ++tables_built_;
  if (tables_.size() > capacity_) tables_.pop_back();
  return tables_.front();
}

}  // namespace cvc
