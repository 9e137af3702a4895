// The exit codes of `cvc` and of every script of scripts/ and harness/adapters/*/: one table,
// printed by `cvc help exit-codes` and restated in the README (tests/cli/exit_codes.sh checks
// both and runs each row).
#pragma once

#include <span>
#include <string_view>

namespace cvc::cli {

inline constexpr int kExitOk = 0;        // success: checked, and nothing failed
inline constexpr int kExitNegative = 1;  // a negative verdict: invalid metadata, failed cases
inline constexpr int kExitUsage = 2;     // bad arguments or input, an implementation not started
inline constexpr int kExitInternal = 3;  // an internal or I/O error
inline constexpr int kExitUndecided =
    4;  // cvc validate, cvc chain: a chain the oracle cannot follow
// A part that cannot be set up on this machine, the reason said (zarrs without a checkout): the
// code automake and ctest (SKIP_RETURN_CODE) read as skipped, never a pass. Scripts only.
inline constexpr int kExitSkipped = 77;

struct ExitCodeRow {
  int code;
  std::string_view meaning;
};

// Every row, in order of code.
std::span<const ExitCodeRow> exit_code_table();

}  // namespace cvc::cli
