#include "harness/protocol/failed_form.hpp"

#include <algorithm>

namespace cvc {

std::string_view failed_form_name(FailedForm form) {
  return form == FailedForm::Ranges ? "ranges" : "indices";
}

std::optional<FailedForm> parse_failed_form(std::string_view name) {
  if (name == "indices") return FailedForm::Indices;
  if (name == "ranges") return FailedForm::Ranges;
  return std::nullopt;
}

std::vector<std::uint64_t> failed_ranges_of(std::span<const std::uint64_t> indices) {
  std::vector<std::uint64_t> ranges;
  for (std::size_t k = 0; k < indices.size();) {
    std::size_t last = k;
    while (last + 1 < indices.size() && indices[last + 1] == indices[last] + 1) ++last;
    ranges.push_back(indices[k]);
    ranges.push_back(indices[last] + 1);
    k = last + 1;
  }
  return ranges;
}

std::optional<std::string> mark_failed(const FailedList& list, FailedForm expected,
                                       std::vector<bool>& refused) {
  const std::vector<std::uint64_t>& numbers = list.numbers;
  if (!numbers.empty() && list.form != expected)
    return "failed is a list of " + std::string(failed_form_name(list.form)) +
           ", but the hello chose " + std::string(failed_form_name(expected));
  const std::uint64_t count = refused.size();
  if (list.form == FailedForm::Indices) {
    for (std::size_t k = 0; k < numbers.size(); ++k) {
      if (numbers[k] >= count)
        return "failed holds " + std::to_string(numbers[k]) +
               ", which is not an element index of the request (its count is " +
               std::to_string(count) + ")";
      if (k > 0 && numbers[k] <= numbers[k - 1])
        return "failed is not in ascending order without repeats";
      refused[numbers[k]] = true;
    }
    return std::nullopt;
  }
  if (numbers.size() % 2 != 0) return "failed is not a list of [begin, end] ranges";
  for (std::size_t k = 0; k < numbers.size(); k += 2) {
    const std::uint64_t begin = numbers[k], end = numbers[k + 1];
    if (begin >= end || end > count)
      return "failed holds a range other than [begin, end] with begin < end <= count: [" +
             std::to_string(begin) + ", " + std::to_string(end) + "]";
    if (k > 0 && begin <= numbers[k - 1])
      return "failed's ranges are not ascending, apart and not touching: [" +
             std::to_string(numbers[k - 2]) + ", " + std::to_string(numbers[k - 1]) + "] then [" +
             std::to_string(begin) + ", " + std::to_string(end) + "]";
    std::fill(refused.begin() + static_cast<std::ptrdiff_t>(begin),
              refused.begin() + static_cast<std::ptrdiff_t>(end), true);
  }
  return std::nullopt;
}

}  // namespace cvc
