#include "tests/support/bug_model_params.hpp"

namespace cvc {

std::vector<const BugModel*> every_bug_model() {
  std::vector<const BugModel*> models;
  for (const BugModel& model : bug_models()) models.push_back(&model);
  return models;
}

std::string bug_model_test_name(const BugModel* model) {
  std::string name(model->id);
  std::erase(name, '-');
  return name;
}

void PrintTo(const BugModel* model, std::ostream* out) {
  *out << (model == nullptr ? std::string_view("(no model)") : model->id);
}

}  // namespace cvc
