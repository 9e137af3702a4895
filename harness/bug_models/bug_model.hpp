// Known-bug models: the ways casts go wrong in practice, each a small function that computes what
// an implementation with that bug answers. The catalogue serves three uses: the reference
// adapter's mutants (`cvc adapter --mutant ID` is the oracle with one model's bug), the diagnosis
// of failures in reports (which model reproduces a failure exactly: model_answer.hpp), and
// docs/bug-models.md.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>

#include "harness/bug_models/bug_model_set.hpp"
#include "oracle/cast_result.hpp"
#include "oracle/codec_chain.hpp"
#include "oracle/codec_metadata.hpp"

namespace cvc {

struct BugModel {
  std::string_view id;         // stable, kebab-case: "double-rounding-float32"
  std::string_view title;      // a short phrase for reports: "double rounding through float32"
  std::string_view mechanism;  // how the bug arises, in a few sentences
  std::string_view seen_in;    // a real implementation that had it ("cast-value-rs 0.5.1, ...")
  std::string_view spec;       // the spec text that decides against it, quoted, with its place
  // The buggy cast of one element; nullptr when the model concerns metadata only. Where the bug
  // does not apply the function returns the oracle's result.
  CastResult (*cast)(const CastRule& rule, std::uint64_t input_bits);
  // Whether the buggy implementation refuses the whole configuration (a rounding mode it lacks
  // for a pair, ...); nullptr when it never does.
  bool (*rejects)(const CastRule& rule);
  // The buggy metadata verdict; nullptr when the model concerns casts only (the oracle's verdict
  // is then used).
  FillValueCheck (*validate)(const DataType& array_type, const nlohmann::json& fill_value,
                             const nlohmann::json& codecs);
  // The buggy result of one element of a chain request: `chain` is parse_array_chain of the
  // request's `codecs` (the array -> array codecs as sent, which a bug may read on its own terms);
  // nullptr when the model does not concern chains. Where the bug does not apply it returns the
  // oracle's result.
  ChainResult (*chain)(const ArrayChain& chain, const nlohmann::json& codecs, Direction direction,
                       std::uint64_t input);
  // Whether a cast request in `direction` with this cast_value codec fails every element although
  // the array opens: a part of the codec the implementation reads only when it casts. Its metadata
  // is then taken as the oracle takes it; nullptr when the model never does this.
  bool (*fails_elements)(const nlohmann::json& codec, Direction direction);
};

// At most this many models: a BugModelSet holds bit i for bug_models()[i].
inline constexpr std::size_t kMaxBugModels = BugModelSet::kCapacity;

std::span<const BugModel> bug_models();
const BugModel* find_bug_model(std::string_view id);  // nullptr when unknown
std::size_t bug_model_index(const BugModel& model);   // its bit in a BugModelSet

// Which models reproduce an implementation's answer: harness/bug_models/model_answer.hpp.

// What a model acts on, for tables: "cast", "configuration", "metadata", "chain", or two of them
// joined by " + " ("metadata + configuration").
std::string bug_model_scope(const BugModel& model);
// Where it was seen, in a few words: the implementations and versions without the details in
// parentheses, or "none seen yet".
std::string bug_model_seen_briefly(const BugModel& model);
// The catalogue as a Markdown table (id, acts on, title, seen in): the table at the top of
// docs/bug-models.md, and what `cvc bug-models` prints.
std::string bug_model_table();

}  // namespace cvc
