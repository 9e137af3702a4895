#include "cli/exit_codes.hpp"

namespace cvc::cli {

std::span<const ExitCodeRow> exit_code_table() {
  static constexpr ExitCodeRow kRows[] = {
      {kExitOk, "success: what was asked was done and checked, nothing failed"},
      {kExitNegative,
       "a negative verdict: failed cases, adapter errors, invalid metadata, a modified or wrong "
       "vector set, a run or replay that compared nothing, an interrupted or aborted run"},
      {kExitUsage,
       "bad arguments or input: an unknown command, option or name, a missing or malformed file "
       "or folder, an implementation that cannot be started (command not found, exits or stops "
       "before its hello, a hello that is not the protocol)"},
      {kExitInternal, "an internal or I/O error; also a set-up or a build that failed"},
      {kExitUndecided,
       "cvc validate or cvc chain cannot decide: the chain holds a codec the oracle does not "
       "follow"},
      {kExitSkipped,
       "skipped (scripts only): a part cannot be set up on this machine, the reason said on one "
       "line; never a pass"},
  };
  return kRows;
}

}  // namespace cvc::cli
