// The adapter's environment (its hello's name/version pairs) as one line of a report or draft:
// "numpy 2.5.5, python 3.12.8", each quoted bounded, at most kListedItems pairs, then "... and N
// more": the hello comes from outside and may hold thousands of megabyte-long entries.
#pragma once

#include <string>

#include "harness/run/run_result.hpp"

namespace cvc {

std::string environment_text(const RunInfo& info);

}  // namespace cvc
