#include "harness/bug_models/model_answer.hpp"

#include "harness/bug_models/chain_parts.hpp"
#include "harness/bug_models/model_parts.hpp"
#include "oracle/cast.hpp"
#include "oracle/codec_metadata.hpp"

namespace cvc {
namespace {

bool same_rule(const CastRule& a, const CastRule& b) {
  if (a.input != b.input || a.output != b.output || a.rounding != b.rounding ||
      a.out_of_range != b.out_of_range || a.scalar_map.size() != b.scalar_map.size())
    return false;
  for (std::size_t i = 0; i < a.scalar_map.size(); ++i)
    if (a.scalar_map[i].input_bits != b.scalar_map[i].input_bits ||
        a.scalar_map[i].output_bits != b.scalar_map[i].output_bits)
      return false;
  return true;
}

ModelAnswer element_answer(const CastResult& result) {
  return ModelAnswer::element(!result.ok(), result.bits);
}

}  // namespace

// --- A model's answers
// -----------------------------------------------------------------------------

ModelConfiguration model_cast_configuration(ModelOrOracle model, const DataType& array_type,
                                            const nlohmann::json& fill_value,
                                            const nlohmann::json& codec, Direction direction) {
  ModelConfiguration taken;
  // A request whose every element the model fails: the metadata is taken as the oracle takes it
  // (the failing part is read only when casting).
  taken.elements_fail = model != nullptr && model->fails_elements != nullptr &&
                        model->fails_elements(codec, direction);
  // The cast's whole chain: the codec, then the array -> bytes codec a cast request implies.
  const FillValueCheck check =
      model_validate(taken.elements_fail ? nullptr : model, array_type, fill_value,
                     chain_metadata_codecs(nlohmann::json::array({codec})));
  if (!check.valid || check.cast_codecs.size() != 1) {
    taken.rejected = true;
    taken.message = check.message;
    return taken;
  }
  const CastValueCodec& cast_codec = check.cast_codecs.front();
  taken.rule = direction == Direction::Encode ? cast_codec.encode_rule() : cast_codec.decode_rule();
  if (!taken.elements_fail && model != nullptr && model->rejects != nullptr &&
      model->rejects(*taken.rule)) {
    taken.rejected = true;
    taken.message = "the mutant " + std::string(model->id) + " refuses this configuration";
  }
  return taken;
}

nlohmann::json chain_metadata_codecs(const nlohmann::json& chain) {
  nlohmann::json codecs = chain;
  codecs.push_back({{"name", "bytes"}, {"configuration", {{"endian", "little"}}}});
  return codecs;
}

ModelChainConfiguration model_chain_configuration(ModelOrOracle model, const DataType& array_type,
                                                  const nlohmann::json& fill_value,
                                                  const nlohmann::json& codecs,
                                                  Direction direction) {
  ModelChainConfiguration taken;
  try {
    taken.chain = parse_array_chain(array_type, codecs);
  } catch (const MetadataError& error) {
    taken.rejected = true;
    taken.message = error.what();
    return taken;
  }
  // A strict implementation: the array's metadata (the chain, then bytes) must be valid, its fill
  // value threaded through every codec.
  const FillValueCheck check =
      model_validate(model, array_type, fill_value, chain_metadata_codecs(codecs));
  if (!check.valid) {
    taken.rejected = true;
    taken.message = check.message;
    return taken;
  }
  // A configuration the model refuses, in any cast_value step (its rule in this direction).
  if (model == nullptr || model->rejects == nullptr) return taken;
  for (const ChainStep& step : taken.chain->steps) {
    const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec);
    if (cast == nullptr ||
        !model->rejects(direction == Direction::Encode ? cast->encode_rule() : cast->decode_rule()))
      continue;
    taken.rejected = true;
    taken.message =
        "the mutant " + std::string(model->id) + " refuses the configuration of " + step.path;
    return taken;
  }
  return taken;
}

CastResult model_cast(ModelOrOracle model, const CastRule& rule, std::uint64_t input_bits) {
  if (model == nullptr || model->cast == nullptr) return cast_value(rule, input_bits);
  return model->cast(rule, input_bits);
}

ChainResult model_chain(ModelOrOracle model, const ArrayChain& chain, const nlohmann::json& codecs,
                        Direction direction, std::uint64_t input_bits) {
  if (model != nullptr && model->chain != nullptr)
    return model->chain(chain, codecs, direction, input_bits);
  // A cast bug acts on every cast_value codec of a chain (the catalogue's chain_elements), not
  // on the cast step of numcodecs.fixedscaleoffset: that is the alias's own codec, not the
  // implementation's cast_value.
  if (model != nullptr && model->cast != nullptr) {
    const ElementOracle& bugged =
        bug_catalogue::catalogue()[bug_model_index(*model)].chain_elements;
    return bug_catalogue::chain_through(
        chain, codecs, direction, input_bits,
        [&bugged](const ChainStep& step, const nlohmann::json&, Direction way,
                  std::uint64_t bits) -> std::optional<ChainResult> {
          if (!std::holds_alternative<CastValueCodec>(step.codec) || step.alias_cast)
            return std::nullopt;
          return step_through(step, way, bits, {}, bugged);
        });
  }
  return direction == Direction::Encode ? encode_through(chain, input_bits)
                                        : decode_through(chain, input_bits);
}

FillValueCheck model_validate(ModelOrOracle model, const DataType& array_type,
                              const nlohmann::json& fill_value, const nlohmann::json& codecs) {
  if (model == nullptr || model->validate == nullptr)
    return validate_array_metadata(array_type, fill_value, codecs);
  return model->validate(array_type, fill_value, codecs);
}

// --- Matching ----------------------------------------------------------------------------------

RequestModels::RequestModels(ModelRequest request) : request_(std::move(request)) {
  const std::span<const BugModel> all = bug_models();
  models_.resize(all.size());
  if (request_.array_type == nullptr) return;  // no model acts: every reading is the oracle's
  const DataType& array_type = *request_.array_type;
  // A model that neither validates nor refuses reads the metadata as the oracle does.
  const auto reads_on_its_own = [&](const BugModel& model) {
    return model.validate != nullptr ||
           (request_.kind != ModelRequest::Kind::Validate &&
            (model.rejects != nullptr || model.fails_elements != nullptr));
  };
  switch (request_.kind) {
    case ModelRequest::Kind::Cast: {
      const ModelConfiguration oracle = model_cast_configuration(
          nullptr, array_type, request_.fill_value, request_.codecs, request_.direction);
      oracle_.rejected = oracle.rejected;
      rule_ = oracle.rule;
      if (rule_) output_ = rule_->output;
      for (std::size_t i = 0; i < all.size(); ++i) {
        if (!reads_on_its_own(all[i])) {
          models_[i] = oracle_;
          continue;
        }
        ModelConfiguration taken = model_cast_configuration(
            &all[i], array_type, request_.fill_value, request_.codecs, request_.direction);
        models_[i].rejected = taken.rejected;
        models_[i].elements_fail = taken.elements_fail;
        if (taken.rule && !(rule_ && same_rule(*taken.rule, *rule_)))
          models_[i].rule = std::move(taken.rule);
        if (output_ == nullptr && models_[i].rule) output_ = models_[i].rule->output;
      }
      return;
    }
    case ModelRequest::Kind::Chain: {
      ModelChainConfiguration oracle = model_chain_configuration(
          nullptr, array_type, request_.fill_value, request_.codecs, request_.direction);
      oracle_.rejected = oracle.rejected;
      chain_ = std::move(oracle.chain);
      if (!chain_) {  // every model parses the chain as the oracle: all refuse it
        for (Reading& reading : models_) reading.rejected = true;
        return;
      }
      output_ = request_.direction == Direction::Encode ? &chain_->output_type() : &array_type;
      for (std::size_t i = 0; i < all.size(); ++i)
        models_[i].rejected =
            reads_on_its_own(all[i])
                ? model_chain_configuration(&all[i], array_type, request_.fill_value,
                                            request_.codecs, request_.direction)
                      .rejected
                : oracle_.rejected;
      return;
    }
    case ModelRequest::Kind::Validate: {
      oracle_.valid =
          model_validate(nullptr, array_type, request_.fill_value, request_.codecs).valid;
      for (std::size_t i = 0; i < all.size(); ++i)
        models_[i].valid =
            reads_on_its_own(all[i])
                ? model_validate(&all[i], array_type, request_.fill_value, request_.codecs).valid
                : oracle_.valid;
      return;
    }
  }
}

const RequestModels::Reading& RequestModels::reading(ModelOrOracle model) const {
  return model == nullptr ? oracle_ : models_[bug_model_index(*model)];
}

ModelAnswer RequestModels::answer(ModelOrOracle model, std::uint64_t input) const {
  const Reading& taken = reading(model);
  if (request_.kind == ModelRequest::Kind::Validate || request_.array_type == nullptr)
    return ModelAnswer::verdict(taken.valid);
  if (taken.rejected) return ModelAnswer::rejected();
  if (taken.elements_fail) return ModelAnswer::element(true, 0);
  if (request_.kind == ModelRequest::Kind::Chain)
    return element_answer(
        model_chain(model, *chain_, request_.codecs, request_.direction, input).as_compared_cast());
  return element_answer(model_cast(model, taken.rule ? *taken.rule : *rule_, input));
}

bool RequestModels::same(const ModelAnswer& a, const ModelAnswer& b) const {
  if (a.kind != b.kind) return false;
  if (a.kind != ModelAnswer::Kind::Value) return true;
  const std::uint64_t mask = output_->bit_mask();
  return (a.bits & mask) == (b.bits & mask) ||
         (bug_catalogue::is_nan(*output_, a.bits) && bug_catalogue::is_nan(*output_, b.bits));
}

BugModelSet RequestModels::reproducing(const ModelAnswer& got, std::uint64_t input) const {
  if (request_.array_type == nullptr) return {};
  const bool cast = request_.kind == ModelRequest::Kind::Cast;
  // The oracle's result, computed once: each cast model is given it (CatalogueEntry::cast).
  std::optional<CastResult> correct;
  if (cast && rule_ && !oracle_.rejected) correct = cast_value(*rule_, input);
  const ModelAnswer oracle = correct ? element_answer(*correct) : answer(nullptr, input);
  if (same(got, oracle)) return {};  // not a failure
  BugModelSet models;
  const std::span<const bug_catalogue::CatalogueEntry> entries = bug_catalogue::catalogue();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const bug_catalogue::CatalogueEntry& entry = entries[i];
    const Reading& taken = models_[i];
    ModelAnswer mine;
    if (correct && !taken.rejected && !taken.elements_fail && !taken.rule) {
      // The oracle's rule: only a cast bug can answer otherwise, and only where it applies.
      if (entry.cast == nullptr || !entry.applies(*rule_)) continue;
      mine = element_answer(entry.cast(*rule_, input, *correct));
    } else {
      mine = answer(&bug_models()[i], input);
    }
    if (!same(mine, oracle) && same(mine, got)) models.insert(i);
  }
  return models;
}

BugModelSet models_reproducing(const ModelRequest& request, const ModelAnswer& got,
                               std::uint64_t input) {
  return RequestModels(request).reproducing(got, input);
}

}  // namespace cvc
