#include "cli/near_names.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace cvc::cli {
namespace {

char folded(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// The optimal string alignment distance: a swap of two neighbours ("flaot") costs one edit, as
// the slip of the keyboard it usually is.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t columns = b.size() + 1;
  std::vector<std::size_t> d((a.size() + 1) * columns);
  const auto at = [&](std::size_t i, std::size_t j) -> std::size_t& { return d[i * columns + j]; };
  for (std::size_t i = 0; i <= a.size(); ++i) at(i, 0) = i;
  for (std::size_t j = 0; j <= b.size(); ++j) at(0, j) = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const bool same = folded(a[i - 1]) == folded(b[j - 1]);
      std::size_t best = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + !same});
      if (i > 1 && j > 1 && folded(a[i - 1]) == folded(b[j - 2]) &&
          folded(a[i - 2]) == folded(b[j - 1]))
        best = std::min(best, at(i - 2, j - 2) + 1);
      at(i, j) = best;
    }
  return at(a.size(), b.size());
}

}  // namespace

std::optional<std::string_view> nearest_name(std::string_view name,
                                             std::span<const std::string_view> candidates) {
  std::optional<std::string_view> nearest;
  std::size_t nearest_distance = 0;
  for (std::string_view candidate : candidates) {
    const std::size_t limit = std::clamp<std::size_t>(candidate.size() / 3, 1, 3);
    const std::size_t distance = edit_distance(name, candidate);
    if (distance <= limit && (!nearest || distance < nearest_distance)) {
      nearest = candidate;
      nearest_distance = distance;
    }
  }
  return nearest;
}

std::string did_you_mean(std::string_view name, std::span<const std::string_view> candidates) {
  const std::optional<std::string_view> nearest = nearest_name(name, candidates);
  return nearest ? " (did you mean \"" + std::string(*nearest) + "\"?)" : "";
}

}  // namespace cvc::cli
