// cvc adapter: the oracle (or a mutant) as an adapter process, for the harness and its tests.
#include <iostream>

#include "cli/commands.hpp"
#include "harness/reference_adapter.hpp"

namespace cvc::cli {

int run_adapter(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << "usage: cvc adapter [--mutant NAME]\n\n"
                 "Speaks the adapter protocol (harness/PROTOCOL.md) on stdin/stdout, answering "
                 "with the oracle:\nthe reference implementation, which `cvc run` must certify. "
                 "--mutant serves the oracle\nwith one deliberate bug, to prove the harness "
                 "catches it. Mutants:\n";
    for (const MutantInfo& info : all_mutants())
      std::cout << "  " << info.name << ": " << info.bug << "\n";
    return kExitOk;
  }
  Mutant mutant = Mutant::None;
  if (const std::optional<std::string> name = arguments.option("mutant")) {
    const MutantInfo* info = find_mutant(*name);
    if (info == nullptr)
      throw UsageError("cvc adapter: unknown mutant \"" + *name + "\" (see cvc adapter --help)");
    mutant = info->mutant;
  }
  if (!arguments.finish().empty()) throw UsageError("cvc adapter: takes no positional arguments");
  std::ios::sync_with_stdio(false);
  return run_reference_adapter(std::cin, std::cout, mutant);
}

}  // namespace cvc::cli
