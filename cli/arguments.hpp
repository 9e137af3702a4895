// Command-line options of the `cvc` subcommands: `--name VALUE`, `--name=VALUE`, `--flag`, and
// positional arguments. Anything unrecognised is a usage error that names the argument and the
// nearest option the command asked for.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli/exit_codes.hpp"

namespace cvc::cli {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The values a numeric option takes, both ends included.
struct NumberRange {
  std::uint64_t min = 0;
  std::uint64_t max = UINT64_MAX;
};

// The ranges of the options several commands share: --max-file-bytes (1 byte to 1 PiB) and
// --failures (failures printed in full).
inline constexpr NumberRange kFileBytesRange{1, std::uint64_t{1} << 50};
inline constexpr NumberRange kFailuresShownRange{0, 1000000};

// The default of --max-incidents (cvc run, fuzz, check-store).
inline constexpr int kDefaultMaxIncidents = 50;

class Arguments {
 public:
  Arguments(std::string command, std::vector<std::string> arguments);

  bool help_requested() const;
  // The value of --name (last occurrence wins is NOT allowed: a repeat is a usage error).
  std::optional<std::string> option(std::string_view name);
  std::string required_option(std::string_view name);
  std::vector<std::string> repeated_option(std::string_view name);
  // The value of --name as a whole number from range.min to range.max (digits only), or
  // `fallback` when absent; anything else (a sign, a fraction, a value out of the range or past
  // 2^64 - 1, which is never truncated) is a UsageError naming the option and its range.
  std::uint64_t number_option(std::string_view name, std::uint64_t fallback, NumberRange range);
  // --timeout SECONDS (or `fallback_seconds` when absent) as milliseconds: from 1 to 86400
  // seconds; 0 (which would kill every adapter at once) and more than a day are usage errors.
  std::chrono::milliseconds timeout_option(std::uint64_t fallback_seconds);
  // --start-timeout SECONDS (the wait for each start's hello answer), 1 to 86400 seconds, as
  // milliseconds; zero when absent (the --timeout then bounds the hello too).
  std::chrono::milliseconds start_timeout_option();
  // --max-incidents-in-a-row N (5 when absent): from 1 to 1000000; 0 is a usage error (it would
  // abort before the first request), not silently 1.
  int max_incidents_option();
  // --max-incidents N (kDefaultMaxIncidents when absent): requests in all that may end in an
  // incident before the run is aborted; from 1 to 1000000.
  int max_total_incidents_option();
  bool flag(std::string_view name);
  // The positional arguments; throws UsageError if an unconsumed --option remains.
  std::vector<std::string> finish();

 private:
  std::string command_;
  std::vector<std::string> arguments_;
  std::vector<bool> used_;
  // Every option and flag the command asked for: the candidates of "did you mean" in finish().
  std::vector<std::string> asked_ = {"--help"};
};

}  // namespace cvc::cli
