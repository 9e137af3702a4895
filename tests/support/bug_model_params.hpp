// The known-bug models as the parameters of parameterized tests: every model, a test name for
// one ("tiesaway"), printed by gtest as its id ("# GetParam() = ties-away").
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "harness/bug_models/bug_model.hpp"

namespace cvc {

// A model as a test parameter. A type of its own, not a `const BugModel*`: its printer comes
// with it into every file that uses it, so every instantiation of gtest's printer agrees (a
// PrintTo for the bare pointer, seen by some unity batches and not others, gave an address or
// the id depending on which the linker kept).
struct BugModelParam {
  const BugModel* model;
  const BugModel& operator*() const { return *model; }
  const BugModel* operator->() const { return model; }
  friend void PrintTo(const BugModelParam& param, std::ostream* out) { *out << param.model->id; }
};

std::vector<BugModelParam> every_bug_model();
std::string bug_model_test_name(const testing::TestParamInfo<BugModelParam>& param_info);

}  // namespace cvc
