#include "harness/reference/mutants.hpp"

namespace cvc {

std::optional<Mutant> find_mutant(std::string_view id) {
  if (id == kNoMutant) return Mutant{nullptr};
  if (const BugModel* model = find_bug_model(id)) return model;
  return std::nullopt;
}

std::string_view mutant_id(Mutant mutant) {
  return mutant == nullptr ? kNoMutant : mutant->id;
}

}  // namespace cvc
