// "Did you mean": the known name nearest to an unknown one (a command, an option, a data type, a
// reading flag, a mutant), for the messages that refuse it.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace cvc::cli {

// The candidate nearest to `name` when near enough to be a slip of the keyboard: an edit
// distance (insertions, deletions, substitutions and swaps of two neighbours; case ignored) of at
// most a third of the candidate's length, at least 1 and at most 3. The first of equally near
// ones; nullopt when none is near.
std::optional<std::string_view> nearest_name(std::string_view name,
                                             std::span<const std::string_view> candidates);

// " (did you mean \"NEAREST\"?)" when a candidate is near, else "": appended to a refusal.
std::string did_you_mean(std::string_view name, std::span<const std::string_view> candidates);

}  // namespace cvc::cli
