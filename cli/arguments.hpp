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
  // Every option and flag the command asked for: the candidates of "did you mean" in finish().
  std::vector<std::string> asked_ = {"--help"};
};

}  // namespace cvc::cli
