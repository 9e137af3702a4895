#include "harness/fuzz/finding.hpp"

#include <bit>

namespace cvc::fuzz {

std::vector<std::string> model_ids(BugModelSet models) {
  std::vector<std::string> ids;
  for (BugModelSet rest = models; rest != 0; rest &= rest - 1)
    ids.emplace_back(bug_models()[static_cast<std::size_t>(std::countr_zero(rest))].id);
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
