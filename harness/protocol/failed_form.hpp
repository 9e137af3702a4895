// The two forms of an ok cast or chain answer's "failed" list (harness/protocol/PROTOCOL.md,
// Protocol 2, "Failed ranges"): the element indices, or [begin, end) ranges of them, chosen in
// the hello as the element encoding is. In a cell whose elements are mostly refused (int32 ->
// float16 refuses all but 131,009 of 2^32 inputs) an index per element costs the harness more
// than the element itself; the ranges of a batch of consecutive inputs are a few numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cvc {

enum class FailedForm { Indices, Ranges };

std::string_view failed_form_name(FailedForm form);  // "indices", "ranges"
std::optional<FailedForm> parse_failed_form(std::string_view name);

// An answer's "failed" list as read: its numbers in order; for Ranges the pairs flattened
// (begin, end, begin, end, ...). The form is the list's shape; an empty list has either.
struct FailedList {
  FailedForm form = FailedForm::Indices;
  std::vector<std::uint64_t> numbers;
};

// Ascending distinct indices as ranges: each run of consecutive indices one [begin, end) pair,
// flattened (the canonical form mark_failed accepts).
std::vector<std::uint64_t> failed_ranges_of(std::span<const std::uint64_t> indices);

// Marks the elements `list` names in `refused`, whose size is the answer's count. The problem,
// naming it, when the list is not in `expected`'s form, or not canonical: indices strictly
// ascending; ranges with begin < end, each begin above the previous end (neither overlapping
// nor touching), every element below the count.
std::optional<std::string> mark_failed(const FailedList& list, FailedForm expected,
                                       std::vector<bool>& refused);

}  // namespace cvc
