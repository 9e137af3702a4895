// The subcommands of `cvc`. Each returns an exit code (cli/arguments.hpp) and prints its own
// --help text.
#pragma once

#include "cli/arguments.hpp"

namespace cvc::cli {

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(Arguments& arguments);
};

int run_cast(Arguments& arguments);
int run_chain(Arguments& arguments);
int run_validate(Arguments& arguments);
int run_types(Arguments& arguments);
int run_readings(Arguments& arguments);
int run_generate(Arguments& arguments);
int run_verify_vectors(Arguments& arguments);
int run_adapter(Arguments& arguments);
int run_run(Arguments& arguments);
int run_replay(Arguments& arguments);
int run_bug_models(Arguments& arguments);
int run_merge_reports(Arguments& arguments);
int run_fuzz(Arguments& arguments);
int run_check_store(Arguments& arguments);

}  // namespace cvc::cli
