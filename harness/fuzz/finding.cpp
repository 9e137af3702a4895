#include "harness/fuzz/finding.hpp"

#include <bit>

namespace cvc::fuzz {

std::vector<std::string> model_ids(BugModelSet models) {
  std::vector<std::string> ids;
  for (const std::size_t index : models.indices()) ids.emplace_back(bug_models()[index].id);
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
