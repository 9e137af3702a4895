// The known-bug models (harness/bug_models/bug_model.hpp) run in-process over the published
// vectors: for each model, how many vector cases it answers differently from the oracle, by
// family, and the first such case (to aim a harness run at it). The oracle's results are
// recomputed, never read from the vectors. Used by `cvc bug-models --vectors` (the counts in
// docs/bug-models.md) and by the tests that check every model is caught.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/bug_models/bug_model.hpp"
#include "harness/sources/case_batch.hpp"
#include "harness/sources/case_filter.hpp"

namespace cvc {

// Where a model first differs from the oracle (for an element: where its answer is a failure, not
// an alternative reading).
struct ModelCatch {
  // An element answered differently, a configuration refused, or metadata judged otherwise.
  enum class Kind : std::uint8_t { Element, Configuration, Metadata };
  Kind kind = Kind::Element;
  std::string file;        // relative to the vector folder: "cast/float64.json"
  std::string family;      // "cast", "scalar_map", "metadata", "chain"
  std::string direction;   // "encode", "decode", "validate"
  std::string array_type;  // names (empty when not one of the 26)
  std::string data_type;
  // "cast/float64.json group 3 configuration 0 case 17", "metadata.json case 80"
  std::string where;
  // The case itself: the rule (cast families), the element's input (cast and scalar_map
  // elements), and the metadata (validate: the case's; a cast group: its fill value and codec).
  std::optional<CastRule> rule;
  std::uint64_t input_bits = 0;
  nlohmann::json fill_value;
  nlohmann::json codecs;
};

struct ModelVectorCount {
  std::uint64_t cast = 0;        // elements of the cast family answered differently
  std::uint64_t scalar_map = 0;  // elements of the scalar_map family answered differently
  std::uint64_t chain = 0;       // elements of the chain family answered differently
  // Of those, the answers that equal an alternative reading the vectors list for the element: the
  // harness files them as divergences, not failures (and `first` is never one of them).
  std::uint64_t divergent = 0;
  std::uint64_t rejected = 0;  // elements of the configurations the model refuses (rejects)
  std::uint64_t metadata = 0;  // metadata cases with the other verdict
  std::vector<std::string> metadata_ids;  // their ids, as JSON text ("80")
  // cast and scalar_map groups (one per configuration) whose metadata the model judges otherwise
  std::uint64_t group_metadata = 0;
  std::optional<ModelCatch> first;
  // The other models that give the same answer as this one on every cast and scalar_map element
  // where this one differs from the oracle (meaningful when cast + scalar_map > 0): a failure of
  // this model's mutant is reproduced by each of them too.
  BugModelSet reproduced_by = BugModelSet::all();

  std::uint64_t total() const {
    return cast + scalar_map + chain + rejected + metadata + group_metadata;
  }
};

struct ModelVectorScan {
  std::vector<ModelVectorCount> models;  // in the order of bug_models()
  std::uint64_t elements = 0;            // cast and scalar_map elements read (x configurations)
  std::uint64_t metadata_cases = 0;
  bool stopped_early = false;
};

struct ModelScanOptions {
  CaseFilter filter;                        // the cases, selected as `cvc run` selects them
  BugModelSet models = BugModelSet::all();  // the models to run (the others count nothing)
  // Stop as soon as every model run has its first catch (the counts are then partial).
  bool stop_when_all_caught = false;
};

// Scans the vector folder (checked against its manifest; throws VectorFormatError otherwise),
// smallest files first.
ModelVectorScan scan_vectors_with_models(const std::string& directory,
                                         const ModelScanOptions& options = {});

}  // namespace cvc
