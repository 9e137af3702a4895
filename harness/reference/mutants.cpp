#include "harness/reference/mutants.hpp"

#include "oracle/cast.hpp"

namespace cvc {

std::optional<Mutant> find_mutant(std::string_view id) {
  if (id == kNoMutant) return Mutant{nullptr};
  if (const BugModel* model = find_bug_model(id)) return model;
  return std::nullopt;
}

std::string_view mutant_id(Mutant mutant) {
  return mutant == nullptr ? kNoMutant : mutant->id;
}

CastResult mutant_cast(Mutant mutant, const CastRule& rule, std::uint64_t input_bits) {
  if (mutant == nullptr || mutant->cast == nullptr) return cast_value(rule, input_bits);
  return mutant->cast(rule, input_bits);
}

ChainResult mutant_chain(Mutant mutant, const ArrayChain& chain, const nlohmann::json& codecs,
                         Direction direction, std::uint64_t input_bits) {
  if (mutant != nullptr && mutant->chain != nullptr)
    return mutant->chain(chain, codecs, direction, input_bits);
  return direction == Direction::Encode ? encode_through(chain, input_bits)
                                        : decode_through(chain, input_bits);
}

bool mutant_rejects(Mutant mutant, const CastRule& rule) {
  return mutant != nullptr && mutant->rejects != nullptr && mutant->rejects(rule);
}

FillValueCheck mutant_validate(Mutant mutant, const DataType& array_type,
                               const nlohmann::json& fill_value, const nlohmann::json& codecs) {
  if (mutant == nullptr || mutant->validate == nullptr)
    return validate_array_metadata(array_type, fill_value, codecs);
  return mutant->validate(array_type, fill_value, codecs);
}

}  // namespace cvc
