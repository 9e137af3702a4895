// A finding of a fuzz run: one distinct minimal mismatch, with everything needed to reproduce
// it (the shrunk scenario's request line and `cvc replay` command, the `cvc cast` / `cvc validate`
// command explaining the oracle's answer, the seed and the case index that found it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/fuzz/scenario.hpp"
#include "harness/fuzz/scenario_check.hpp"

namespace cvc::fuzz {

struct Finding {
  std::uint64_t seed = 0;
  std::uint64_t case_index = 0;  // the case that found it (cases tried until found: index + 1)
  std::string original;          // describe() of the case as generated
  std::size_t original_elements = 0;
  Scenario scenario;  // shrunk
  Mismatch mismatch;  // of the shrunk scenario's element 0
  std::uint64_t shrink_requests = 0, shrink_steps = 0;
  bool reduced_to_one = true;
  std::uint64_t occurrences = 1;  // failing cases of the run that this finding stands for

  std::string replay;       // the request line (id 1)
  std::string explanation;  // cvc cast / cvc validate command

  // "double-rounding-float32, ties-away", or "" when no known-bug model reproduces it.
  std::string models_text() const;
};

// The ids of a set of models, the one the diagnosis credits with the case alone first, then the
// others in catalogue order (models_credited_first, harness/run/diagnosis.hpp).
std::vector<std::string> model_ids(BugModelSet models);
// "ties-away, low-word-dropped" for a set of models; "" for none.
std::string model_names(BugModelSet models);

}  // namespace cvc::fuzz
