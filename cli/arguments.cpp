#include "cli/arguments.hpp"

#include <charconv>

#include "cli/near_names.hpp"

namespace cvc::cli {

Arguments::Arguments(std::string command, std::vector<std::string> arguments)
    : command_(std::move(command)),
      arguments_(std::move(arguments)),
      used_(arguments_.size(), false) {}

std::uint64_t Arguments::number_option(std::string_view name, std::uint64_t fallback,
                                       NumberRange range) {
  const std::optional<std::string> text = option(name);
  if (!text) return fallback;
  std::uint64_t value = 0;
  const char* end = text->data() + text->size();
  const bool digits = !text->empty() && text->find_first_not_of("0123456789") == std::string::npos;
  // from_chars refuses a value past 2^64 - 1 (result_out_of_range) instead of wrapping it.
  const auto [stop, error] = std::from_chars(text->data(), end, value);
  if (digits && error == std::errc() && stop == end && value >= range.min && value <= range.max)
    return value;
  throw UsageError(command_ + ": --" + std::string(name) + " takes a whole number from " +
                   std::to_string(range.min) + " to " + std::to_string(range.max) + ", not \"" +
                   *text + "\"");
}

std::chrono::milliseconds Arguments::timeout_option(std::uint64_t fallback_seconds) {
  constexpr std::uint64_t kMaxSeconds = 86400;
  return std::chrono::milliseconds(1000 *
                                   number_option("timeout", fallback_seconds, {1, kMaxSeconds}));
}

std::chrono::milliseconds Arguments::start_timeout_option() {
  constexpr std::uint64_t kMaxSeconds = 86400;
  // Absent: 0 (the fallback is not checked against the range).
  return std::chrono::milliseconds(1000 * number_option("start-timeout", 0, {1, kMaxSeconds}));
}

int Arguments::max_incidents_option() {
  return static_cast<int>(number_option("max-incidents-in-a-row", 5, {1, 1000000}));
}

int Arguments::max_total_incidents_option() {
  return static_cast<int>(number_option("max-incidents", kDefaultMaxIncidents, {1, 1000000}));
}

bool Arguments::help_requested() const {
  for (const std::string& argument : arguments_)
    if (argument == "--help" || argument == "-h") return true;
  return false;
}

std::vector<std::string> Arguments::repeated_option(std::string_view name) {
  std::vector<std::string> values;
  const std::string dashed = "--" + std::string(name);
  asked_.push_back(dashed);
  for (std::size_t i = 0; i < arguments_.size(); ++i) {
    if (used_[i]) continue;
    const std::string& argument = arguments_[i];
    if (argument == dashed) {
      if (i + 1 >= arguments_.size())
        throw UsageError(command_ + ": option " + dashed + " needs a value");
      used_[i] = used_[i + 1] = true;
      values.push_back(arguments_[++i]);
    } else if (argument.starts_with(dashed + "=")) {
      used_[i] = true;
      values.push_back(argument.substr(dashed.size() + 1));
    }
  }
  return values;
}

std::optional<std::string> Arguments::option(std::string_view name) {
  std::vector<std::string> values = repeated_option(name);
  if (values.size() > 1)
    throw UsageError(command_ + ": option --" + std::string(name) + " given more than once");
  if (values.empty()) return std::nullopt;
  return values.front();
}

std::string Arguments::required_option(std::string_view name) {
  std::optional<std::string> value = option(name);
  if (value) return *value;
  // A slip of the keyboard ("--confg") is named, rather than left for finish() to find later.
  const std::string dashed = "--" + std::string(name);
  const std::string_view wanted[] = {dashed};
  std::string slip;
  for (std::size_t i = 0; i < arguments_.size() && slip.empty(); ++i) {
    const std::string_view argument =
        std::string_view(arguments_[i]).substr(0, arguments_[i].find('='));
    if (!used_[i] && argument.starts_with("--") && nearest_name(argument, wanted))
      slip = " (" + std::string(argument) + " is not an option: did you mean \"" + dashed + "\"?)";
  }
  throw UsageError(command_ + ": missing required option " + dashed + slip);
}

bool Arguments::flag(std::string_view name) {
  const std::string dashed = "--" + std::string(name);
  asked_.push_back(dashed);
  bool found = false;
  for (std::size_t i = 0; i < arguments_.size(); ++i) {
    if (!used_[i] && arguments_[i] == dashed) used_[i] = found = true;
  }
  return found;
}

std::vector<std::string> Arguments::finish() {
  std::vector<std::string> positionals;
  bool only_positionals = false;
  for (std::size_t i = 0; i < arguments_.size(); ++i) {
    if (used_[i]) continue;
    const std::string& argument = arguments_[i];
    if (!only_positionals && argument == "--") {
      only_positionals = true;
    } else if (!only_positionals && argument.size() > 2 && argument.starts_with("--")) {
      const std::vector<std::string_view> asked(asked_.begin(), asked_.end());
      const std::string_view option = std::string_view(argument).substr(0, argument.find('='));
      throw UsageError(command_ + ": unknown option " + argument + did_you_mean(option, asked) +
                       "; see " + command_ + " --help");
    } else {
      positionals.push_back(argument);
    }
  }
  return positionals;
}

}  // namespace cvc::cli
