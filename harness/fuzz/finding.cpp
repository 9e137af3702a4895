#include "harness/fuzz/finding.hpp"

#include "harness/run/diagnosis.hpp"

namespace cvc::fuzz {

std::vector<std::string> model_ids(BugModelSet models) {
  std::vector<std::string> ids;
  for (const BugModel* model : models_credited_first(models)) ids.emplace_back(model->id);
  return ids;
}

std::string model_names(BugModelSet models) {
  std::string names;
  for (const std::string& id : model_ids(models)) names += (names.empty() ? "" : ", ") + id;
  return names;
}

std::string Finding::models_text() const {
  return model_names(mismatch.models);
}

}  // namespace cvc::fuzz
