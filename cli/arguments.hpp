// Command-line options of the `cvc` subcommands: `--name VALUE`, `--name=VALUE`, `--flag`, and
// positional arguments. Anything unrecognised is a usage error that names the argument.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cvc::cli {

// Exit codes shared by every subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitNegative = 1;   // a verdict: invalid metadata, failed cases
inline constexpr int kExitUsage = 2;      // bad arguments or input
inline constexpr int kExitInternal = 3;   // I/O failure or an internal error
inline constexpr int kExitUndecided = 4;  // cvc validate: a chain the oracle cannot follow

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Arguments {
 public:
  Arguments(std::string command, std::vector<std::string> arguments);

  bool help_requested() const;
  // The value of --name (last occurrence wins is NOT allowed: a repeat is a usage error).
  std::optional<std::string> option(std::string_view name);
  std::string required_option(std::string_view name);
  std::vector<std::string> repeated_option(std::string_view name);
  // The value of --name as a non-negative integer (digits only, below 2^64), or `fallback` when
  // absent; a UsageError naming the option otherwise.
  std::uint64_t number_option(std::string_view name, std::uint64_t fallback);
  // --timeout SECONDS (or `fallback_seconds` when absent) as milliseconds: from 1 to 86400
  // seconds; 0 (which would kill every adapter at once) and more than a day are usage errors.
  std::chrono::milliseconds timeout_option(std::uint64_t fallback_seconds);
  // --max-incidents-in-a-row N (5 when absent): from 1 to 1000000; 0 is a usage error (it would
  // abort before the first request), not silently 1.
  int max_incidents_option();
  bool flag(std::string_view name);
  // The positional arguments; throws UsageError if an unconsumed --option remains.
  std::vector<std::string> finish();

 private:
  std::string command_;
  std::vector<std::string> arguments_;
  std::vector<bool> used_;
};

}  // namespace cvc::cli
