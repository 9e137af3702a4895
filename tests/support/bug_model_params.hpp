// The known-bug models as the parameters of parameterized tests: every model, a test name for
// one ("tiesaway"), and how gtest prints one (its id: without it, the model's address).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "oracle/bug_models/bug_model.hpp"

namespace cvc {

std::vector<const BugModel*> every_bug_model();
std::string bug_model_test_name(const BugModel* model);

// Found by gtest through the pointee's namespace: "# GetParam() = ties-away" in test lists.
void PrintTo(const BugModel* model, std::ostream* out);

}  // namespace cvc
