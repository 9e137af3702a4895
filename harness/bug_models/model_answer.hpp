// What a known-bug model answers to a request, and which models reproduce an implementation's
// answer: one definition for both. The reference adapter's mutants (`cvc adapter --mutant ID`)
// answer by the model_* functions, and the diagnosis of `cvc run`, `cvc replay` and `cvc fuzz`
// matches through RequestModels, which asks the same functions; so a model reproduces its own
// mutant on every case where the mutant differs from the oracle, whatever the kind of answer
// (a value, an element refused, the configuration rejected, a metadata verdict).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/bug_models/bug_model.hpp"
#include "oracle/codec_chain.hpp"

namespace cvc {

// A model of the catalogue, or nullptr for the oracle itself.
using ModelOrOracle = const BugModel*;

// --- A model's answers
// -----------------------------------------------------------------------------

// How a model takes the metadata of a cast request (one cast_value codec and the array's fill
// value), as a strict implementation does: the metadata must be valid (the model's verdict), then
// the rule it reads from it must not be one it refuses (BugModel::rejects).
struct ModelConfiguration {
  std::optional<CastRule> rule;  // the rule it casts with; absent when it refuses the metadata
  bool rejected = false;         // the configuration refused (its metadata or its rule)
  std::string message;           // why, when rejected
  bool elements_fail = false;    // taken, but every element fails (BugModel::fails_elements)
};
ModelConfiguration model_cast_configuration(ModelOrOracle model, const DataType& array_type,
                                            const nlohmann::json& fill_value,
                                            const nlohmann::json& codec, Direction direction);
// A chain request (the array -> array codecs as sent): the chain as the oracle parses it, refused
// when unparsable, when the array's metadata (the codecs, then bytes) is invalid to the model, or
// when the model refuses the rule of one of its cast_value steps in `direction`.
struct ModelChainConfiguration {
  std::optional<ArrayChain> chain;
  bool rejected = false;
  std::string message;
};
ModelChainConfiguration model_chain_configuration(ModelOrOracle model, const DataType& array_type,
                                                  const nlohmann::json& fill_value,
                                                  const nlohmann::json& codecs,
                                                  Direction direction);
// The codecs of a chain request's array: its chain, then the bytes codec it implies.
nlohmann::json chain_metadata_codecs(const nlohmann::json& chain);

// One element, once the configuration is taken (the oracle's result wherever the model does not
// act). A chain: the model's chain bug, or its cast bug in every cast_value step.
CastResult model_cast(ModelOrOracle model, const CastRule& rule, std::uint64_t input_bits);
ChainResult model_chain(ModelOrOracle model, const ArrayChain& chain, const nlohmann::json& codecs,
                        Direction direction, std::uint64_t input_bits);
// The metadata verdict.
FillValueCheck model_validate(ModelOrOracle model, const DataType& array_type,
                              const nlohmann::json& fill_value, const nlohmann::json& codecs);

// --- Matching an implementation's answer
// -----------------------------------------------------------

// One request as an implementation receives it.
struct ModelRequest {
  enum class Kind : std::uint8_t { Cast, Chain, Validate };
  Kind kind = Kind::Cast;
  const DataType* array_type = nullptr;  // null (validate only): not one of the 26, no model acts
  nlohmann::json fill_value;
  // Cast: the cast_value codec object; Chain: the array -> array codecs as sent; Validate: the
  // array's codecs.
  nlohmann::json codecs;
  Direction direction = Direction::Encode;  // Cast and Chain
};

// An answer, compared as the harness compares: the same bits or any NaN for a NaN (Value), any
// refusal of an element for another, a rejection of the configuration, a metadata verdict.
struct ModelAnswer {
  enum class Kind : std::uint8_t { Value, ElementRefused, Rejected, Valid, Invalid };
  Kind kind = Kind::Value;
  std::uint64_t bits = 0;  // Value

  static ModelAnswer value(std::uint64_t bits) { return {Kind::Value, bits}; }
  static ModelAnswer element(bool refused, std::uint64_t bits) {
    return {refused ? Kind::ElementRefused : Kind::Value, bits};
  }
  static ModelAnswer rejected() { return {Kind::Rejected, 0}; }
  static ModelAnswer verdict(bool valid) { return {valid ? Kind::Valid : Kind::Invalid, 0}; }
};

// Every model's reading of one request, taken once (the metadata is validated once per model),
// then asked per element.
class RequestModels {
 public:
  explicit RequestModels(ModelRequest request);

  // What `model` (nullptr: the oracle) answers to element `input` (ignored for Validate).
  ModelAnswer answer(ModelOrOracle model, std::uint64_t input = 0) const;
  // The models whose answer equals `got` where the oracle's does not: the diagnosis of a failure.
  BugModelSet reproducing(const ModelAnswer& got, std::uint64_t input = 0) const;

 private:
  struct Reading {
    bool rejected = false;
    bool elements_fail = false;    // Cast: every element refused (BugModel::fails_elements)
    std::optional<CastRule> rule;  // Cast: the model's rule when it differs from the oracle's
    bool valid = false;            // Validate
  };
  const Reading& reading(ModelOrOracle model) const;
  bool same(const ModelAnswer& a, const ModelAnswer& b) const;

  ModelRequest request_;
  const DataType* output_ = nullptr;  // the type of a Value answer (Cast and Chain)
  std::optional<CastRule> rule_;      // Cast: the oracle's rule
  std::optional<ArrayChain> chain_;   // Chain: the oracle's chain
  Reading oracle_;
  std::vector<Reading> models_;  // in the order of bug_models()
};

// The models reproducing `got` for one element of `request` (RequestModels, for a single answer).
BugModelSet models_reproducing(const ModelRequest& request, const ModelAnswer& got,
                               std::uint64_t input = 0);

}  // namespace cvc
