// cvc: the cast-value-conformance command line.
#include <malloc.h>

#include <algorithm>
#include <exception>
#include <iostream>
#include <span>
#include <vector>

#include "cli/commands.hpp"
#include "cli/near_names.hpp"
#include "generators/vector_set.hpp"
#include "harness/protocol/adapter_client.hpp"
#include "harness/protocol/adapter_start.hpp"
#include "oracle/data_type.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/output_file.hpp"
#include "vector_format/manifest.hpp"

namespace {

using cvc::cli::Command;

// The summaries are constant text; the one of `types` writes the count out.
static_assert(cvc::kDataTypeCount == 26, "the summary of cvc types below says 26 data types");
constexpr Command kCommands[] = {
    {"cast", "cast values with a cast_value configuration, explaining each result",
     &cvc::cli::run_cast},
    {"chain", "send elements through a codec chain, explaining each step under any reading",
     &cvc::cli::run_chain},
    {"validate", "validate codec metadata and the fill value round trip", &cvc::cli::run_validate},
    {"types", "list the 26 data types and their facts", &cvc::cli::run_types},
    {"readings", "list the ambiguities of the spec: each flag, its default and alternatives",
     &cvc::cli::run_readings},
    {"generate", "write the published test vectors and their manifest", &cvc::cli::run_generate},
    {"verify-vectors", "recompute every vector with the slow oracle and check the manifest",
     &cvc::cli::run_verify_vectors},
    {"run", "certify an implementation through its adapter (vectors or live)", &cvc::cli::run_run},
    {"check-store", "certify an implementation through real Zarr arrays (store-level vectors)",
     &cvc::cli::run_check_store},
    {"merge-reports", "merge the JSON reports of a run's shards into the whole run's report",
     &cvc::cli::run_merge_reports},
    {"adapter", "serve the oracle (or a mutant) over the adapter protocol", &cvc::cli::run_adapter},
    {"replay", "send one protocol request to an adapter and compare with the oracle",
     &cvc::cli::run_replay},
    {"bug-models", "list the known-bug models (the mutants); count what the vectors catch of each",
     &cvc::cli::run_bug_models},
    {"fuzz", "fuzz an implementation against the oracle, shrinking each mismatch",
     &cvc::cli::run_fuzz},
};

const Command* find_command(std::string_view name) {
  for (const Command& command : kCommands)
    if (command.name == name) return &command;
  return nullptr;
}

void print_usage(std::ostream& out) {
  std::size_t width = 0;
  for (const Command& command : kCommands) width = std::max(width, command.name.size());
  out << "usage: cvc COMMAND [OPTIONS]\n"
         "       cvc help [COMMAND]\n"
         "       cvc --version\n\n"
         "The cast-value-conformance suite: exact reference oracle for the Zarr v3 cast_value "
         "codec.\n\ncommands:\n";
  for (const Command& command : kCommands)
    out << "  " << command.name << std::string(width + 2 - command.name.size(), ' ')
        << command.summary << "\n";
  out << "\n`cvc help COMMAND` (or `cvc COMMAND --help`) describes a command, `cvc help "
         "exit-codes`\nthe exit codes (0 success, 1 a negative verdict, 2 bad arguments or input, "
         "...).\n";
}

// `cvc help exit-codes`: the table every command and script follows.
void print_exit_codes(std::ostream& out) {
  out << "Exit codes of cvc and of the scripts (scripts/, harness/adapters/*/):\n";
  constexpr std::size_t kWidth = 90;  // of a meaning's lines, after the code's column
  for (const cvc::cli::ExitCodeRow& row : cvc::cli::exit_code_table()) {
    out << (row.code < 10 ? "   " : "  ") << row.code;
    std::string_view rest = row.meaning;
    while (!rest.empty()) {
      std::size_t cut = rest.size() <= kWidth ? rest.size() : rest.rfind(' ', kWidth);
      if (cut == std::string_view::npos || cut == 0) cut = std::min(rest.size(), kWidth);
      out << "  " << rest.substr(0, cut) << "\n";
      rest.remove_prefix(std::min(rest.size(), cut + 1));
      if (!rest.empty()) out << "    ";
    }
  }
}

void print_version(std::ostream& out) {
  out << "cvc " << CVC_VERSION << "\n"
      << "vectors " << cvc::kVectorsVersion << " (spec: " << cvc::kSpecRevision << ")\n"
      << "adapter protocol " << cvc::kProtocolVersion << "\n";
}

int run_command(const Command& command, std::span<char*> rest) {
  cvc::cli::Arguments arguments("cvc " + std::string(command.name), {rest.begin(), rest.end()});
  try {
    return command.run(arguments);
  } catch (const cvc::cli::UsageError& error) {
    std::cerr << error.what() << "\n";
    return cvc::cli::kExitUsage;
  } catch (const cvc::InputFileError& error) {  // a file given or found that cannot be read
    std::cerr << "cvc " << command.name << ": " << error.what() << "\n";
    return cvc::cli::kExitUsage;
  } catch (const cvc::OutputFileError& error) {  // an output path that cannot be written
    std::cerr << "cvc " << command.name << ": " << error.what() << "\n";
    return cvc::cli::kExitUsage;
  } catch (const cvc::CannotStartError& error) {  // --impl names no adapter that answers a hello
    std::cerr << "cvc " << command.name << ": " << error.what() << "\n";
    return cvc::cli::kExitUsage;
  } catch (const std::exception& error) {
    std::cerr << "cvc " << command.name << ": " << error.what() << "\n";
    return cvc::cli::kExitInternal;
  }
}

int unknown_command(std::string_view name) {
  std::vector<std::string_view> names;
  for (const Command& command : kCommands) names.push_back(command.name);
  std::cerr << "cvc: unknown command \"" << name << "\"" << cvc::cli::did_you_mean(name, names)
            << "; `cvc --help` lists the commands\n";
  return cvc::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  // A run allocates and frees the same few large buffers for every request (a batch's 4096
  // expectations, the request and answer lines): kept by malloc rather than mapped and unmapped
  // each time, which cost the harness and the reference adapter a tenth of their CPU in page
  // faults and zeroed pages (docs/scaling.md).
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  std::span<char*> args(argv, static_cast<std::size_t>(argc));
  // No command is what a newcomer types first: the usage, as `cvc --help` gives it.
  const std::string_view name = args.size() < 2 ? std::string_view("--help") : args[1];
  if (name == "--help" || name == "-h") {
    print_usage(std::cout);
    return cvc::cli::kExitOk;
  }
  if (name == "--version" || name == "version") {
    print_version(std::cout);
    return cvc::cli::kExitOk;
  }
  if (name == "help") {
    if (args.size() < 3) {
      print_usage(std::cout);
      return cvc::cli::kExitOk;
    }
    if (args.size() > 3) {
      std::cerr << "cvc help: takes at most one command name\n";
      return cvc::cli::kExitUsage;
    }
    if (std::string_view(args[2]) == "exit-codes") {
      print_exit_codes(std::cout);
      return cvc::cli::kExitOk;
    }
    const Command* command = find_command(args[2]);
    if (command == nullptr) return unknown_command(args[2]);
    static char help_flag[] = "--help";
    char* help_args[] = {help_flag};
    return run_command(*command, help_args);
  }
  const Command* command = find_command(name);
  if (command == nullptr) return unknown_command(name);
  return run_command(*command, args.subspan(2));
}
