#include "tests/support/bug_model_params.hpp"

namespace cvc {

std::vector<BugModelParam> every_bug_model() {
  std::vector<BugModelParam> models;
  for (const BugModel& model : bug_models()) models.push_back({&model});
  return models;
}

std::string bug_model_test_name(const testing::TestParamInfo<BugModelParam>& param_info) {
  std::string name(param_info.param->id);
  std::erase(name, '-');
  return name;
}

}  // namespace cvc
