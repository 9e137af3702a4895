// cvc readings: the ambiguities of the spec the oracle resolves by a default reading.
#include <iostream>

#include "cli/commands.hpp"
#include "oracle/readings.hpp"

namespace cvc::cli {

int run_readings(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << "usage: cvc readings\n\nLists every reading flag: the question the spec leaves "
                 "open, the oracle's default\nreading and the alternatives (FLAG=ALT, as "
                 "`cvc cast --reading` and the vectors name them).\ndocs/readings.md explains "
                 "each one.\n";
    return kExitOk;
  }
  if (!arguments.finish().empty()) throw UsageError("cvc readings: takes no arguments");
  for (const FlagInfo& info : all_flags()) {
    std::cout << info.name << ": " << info.question << "\n  default: " << info.default_choice
              << "\n  alternatives:";
    for (int k = 0; k < info.alternative_count(); ++k)
      std::cout << (k == 0 ? " " : ", ") << info.name << "=" << info.alternatives[k];
    std::cout << "\n";
  }
  return kExitOk;
}

}  // namespace cvc::cli
