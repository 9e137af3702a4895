// cvc: the cast-value-conformance command line.
#include <exception>
#include <iostream>
#include <span>

#include "cli/commands.hpp"

namespace {

using cvc::cli::Command;

constexpr Command kCommands[] = {
    {"cast", "cast values with a cast_value configuration, explaining each result",
     &cvc::cli::run_cast},
    {"validate", "validate codec metadata and the fill value round trip", &cvc::cli::run_validate},
    {"types", "list the 26 data types and their facts", &cvc::cli::run_types},
    {"generate", "write the published test vectors and their manifest", &cvc::cli::run_generate},
    {"run", "certify an implementation through its adapter (vectors or live)", &cvc::cli::run_run},
    {"adapter", "serve the oracle (or a mutant) over the adapter protocol", &cvc::cli::run_adapter},
    {"verify-vectors", "recompute every vector with the slow oracle and check the manifest",
     &cvc::cli::run_verify_vectors},
};

void print_usage(std::ostream& out) {
  out << "usage: cvc COMMAND [OPTIONS]\n\n"
         "The cast-value-conformance suite: exact reference oracle for the Zarr v3 cast_value "
         "codec.\n\ncommands:\n";
  for (const Command& command : kCommands)
    out << "  " << command.name << std::string(12 - command.name.size(), ' ') << command.summary
        << "\n";
  out << "\n`cvc COMMAND --help` describes a command. Exit codes: 0 success, 1 a negative verdict\n"
         "(invalid metadata, failed cases), 2 bad arguments or input, 3 internal or I/O error.\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::span<char*> args(argv, static_cast<std::size_t>(argc));
  if (args.size() < 2) {
    print_usage(std::cerr);
    return cvc::cli::kExitUsage;
  }
  const std::string name = args[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(std::cout);
    return cvc::cli::kExitOk;
  }
  for (const Command& command : kCommands) {
    if (command.name != name) continue;
    cvc::cli::Arguments arguments("cvc " + name, {args.begin() + 2, args.end()});
    try {
      return command.run(arguments);
    } catch (const cvc::cli::UsageError& error) {
      std::cerr << error.what() << "\n";
      return cvc::cli::kExitUsage;
    } catch (const std::exception& error) {
      std::cerr << "cvc " << name << ": " << error.what() << "\n";
      return cvc::cli::kExitInternal;
    }
  }
  std::cerr << "cvc: unknown command \"" << name << "\"\n\n";
  print_usage(std::cerr);
  return cvc::cli::kExitUsage;
}
