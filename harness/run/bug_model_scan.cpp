#include "harness/run/bug_model_scan.hpp"

#include <algorithm>
#include <filesystem>

#include "harness/sources/chain_batch.hpp"
#include "oracle/cast.hpp"
#include "oracle/codec_chain.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/manifest.hpp"
#include "vector_format/result_text.hpp"
#include "vector_format/store_check.hpp"
#include "vector_format/vector_file.hpp"
#include "vector_format/vector_reader.hpp"

namespace cvc {
namespace {

// The harness's comparison of two results in `output`: both refusals, or the same bits, or both
// NaN.
bool same_answer(const DataType& output, const CastResult& a, const CastResult& b) {
  if (!a.ok() || !b.ok()) return a.ok() == b.ok();
  const std::uint64_t mask = output.bit_mask();
  if ((a.bits & mask) == (b.bits & mask)) return true;
  return output.has_nan() && decode_exact(output, a.bits).is_nan() &&
         decode_exact(output, b.bits).is_nan();
}

class Scanner {
 public:
  Scanner(ModelVectorScan& scan, const ModelScanOptions& options)
      : scan_(scan), filter_(options.filter), options_(options) {
    scan_.models.resize(bug_models().size());
  }

  // Reads the whole file before counting anything, so that a file of another family (which
  // throws) leaves no partial counts.
  void cast_file(const std::string& path, const std::string& relative) {
    const std::vector<CastVectorGroup> groups = read_cast_vector_file(path);
    for (const CastVectorGroup& group : groups) {
      if (!filter_.matches_family(group.family) ||
          !filter_.matches_direction(direction_name(group.direction)) ||
          !filter_.matches_types({group.array_type, group.data_type}))
        continue;
      for (std::size_t k = 0; k < group.rules.size(); ++k) {
        configuration(group, k, relative);
        if (done()) return;
      }
    }
  }

  void metadata_file(const nlohmann::json& file, const std::string& relative) {
    if (!filter_.matches_family("metadata") || !filter_.matches_direction("validate")) return;
    const nlohmann::json& groups = vector_array(file, "groups", relative);
    for (const nlohmann::json& group : groups) {
      for (const nlohmann::json& item : vector_array(group, "cases", relative)) {
        ++scan_.metadata_cases;
        const std::string where = relative + " case " + dump_json_exact(item.at("id"));
        const DataType* array_type = nullptr;
        try {
          array_type = &parse_data_type_metadata(item.at("array_data_type"));
        } catch (const MetadataError&) {
          continue;  // not one of the 26: no model judges it
        }
        if (!filter_.matches_types({array_type, first_cast_data_type(item.at("codecs"))})) continue;
        const nlohmann::json& fill_value = item.at("fill_value");
        const nlohmann::json& codecs = item.at("codecs");
        const bool valid = validate_array_metadata(*array_type, fill_value, codecs).valid;
        ModelCatch at;
        at.file = relative;
        at.kind = ModelCatch::Kind::Metadata;
        at.family = "metadata";
        at.direction = "validate";
        at.array_type = array_type->name;
        at.where = where;
        at.fill_value = fill_value;
        at.codecs = codecs;
        for (std::size_t i = 0; i < bug_models().size(); ++i) {
          const BugModel& model = bug_models()[i];
          if (selected(i) && model.validate != nullptr &&
              model.validate(*array_type, fill_value, codecs).valid != valid) {
            caught(i, scan_.models[i].metadata, at);
            scan_.models[i].metadata_ids.push_back(dump_json_exact(item.at("id")));
          }
        }
        if (done()) return;
      }
    }
  }

  // Stopped early: every model run has its first catch.
  bool done() const {
    if (!options_.stop_when_all_caught) return false;
    for (std::size_t i = 0; i < scan_.models.size(); ++i)
      if (selected(i) && !scan_.models[i].first) return false;
    return true;
  }

 private:
  void caught(std::size_t model, std::uint64_t& counter, const ModelCatch& at,
              std::uint64_t cases = 1) {
    counter += cases;
    if (!scan_.models[model].first) scan_.models[model].first = at;
  }

  // Does `result` equal the result the vectors give for element (case, configuration k) under an
  // alternative reading?
  static bool is_alternative(const VectorCase& item, std::size_t k, const DataType& output,
                             const CastResult& result) {
    for (const auto& [name, by_configuration] : item.alternatives) {
      const auto alternative = by_configuration.find(k);
      // Any refusal matches any refusal (same_answer).
      if (alternative != by_configuration.end() && same_answer(output, result, alternative->second))
        return true;
    }
    return false;
  }

  static ModelCatch with_kind(ModelCatch at, ModelCatch::Kind kind) {
    at.kind = kind;
    return at;
  }

  void configuration(const CastVectorGroup& group, std::size_t k, const std::string& relative) {
    const CastRule& rule = group.rules[k];
    const bool scalar_map = group.family == "scalar_map";
    const std::string group_where =
        relative + " group " + std::to_string(group.index) + " configuration " + std::to_string(k);
    // The configuration's whole chain: the cast_value codec, then the implied bytes codec.
    const nlohmann::json chain = with_implied_bytes_codec(nlohmann::json::array(
        {{{"name", "cast_value"}, {"configuration", group.configuration_with_data_type(k)}}}));
    ModelCatch at;
    at.file = relative;
    at.family = group.family;
    at.direction = direction_name(group.direction);
    at.array_type = group.array_type->name;
    at.data_type = group.data_type->name;
    at.where = group_where;
    at.rule = rule;
    at.fill_value = group.fill_value;
    at.codecs = chain;
    std::vector<std::size_t> cast_models;
    for (std::size_t i = 0; i < bug_models().size(); ++i) {
      if (!selected(i)) continue;
      const BugModel& model = bug_models()[i];
      if (model.validate != nullptr &&
          !model.validate(*group.array_type, group.fill_value, chain).valid)
        caught(i, scan_.models[i].group_metadata, with_kind(at, ModelCatch::Kind::Metadata));
      if (model.rejects != nullptr && model.rejects(rule))
        caught(i, scan_.models[i].rejected, with_kind(at, ModelCatch::Kind::Configuration),
               group.cases.size());
      if (model.cast != nullptr) cast_models.push_back(i);
    }
    const DataType& output = *rule.output;
    std::vector<std::pair<std::size_t, CastResult>> differing;
    for (const VectorCase& item : group.cases) {
      ++scan_.elements;
      const CastResult correct = cast_value(rule, item.input);
      differing.clear();
      for (const std::size_t i : cast_models) {
        const CastResult result = bug_models()[i].cast(rule, item.input);
        if (same_answer(output, result, correct)) continue;
        differing.emplace_back(i, result);
        ModelVectorCount& count = scan_.models[i];
        (scalar_map ? count.scalar_map : count.cast) += 1;
        if (is_alternative(item, k, output, result)) {
          ++count.divergent;
          continue;
        }
        if (!count.first) {
          at.where = group_where + " case " + std::to_string(item.id);
          at.input_bits = item.input;
          count.first = at;
        }
      }
      // Only a model that differs from the oracle here can give the same wrong answer.
      for (const auto& [model, result] : differing) {
        BugModelSet same;
        for (const auto& [other, other_result] : differing)
          if (other != model && same_answer(output, result, other_result)) same.insert(other);
        scan_.models[model].reproduced_by &= same;
      }
    }
  }

  bool selected(std::size_t model) const { return options_.models.contains(model); }

 public:
  // The chain family: each element through the chain by every model that acts on chains
  // (BugModel::chain), against the oracle's own chain.
  void chain_file(const std::string& path, const std::string& relative) {
    if (!filter_.matches_family("chain")) return;
    for (const ChainVectorGroup& group : read_chain_vector_file(path)) {
      const std::optional<CastBatch> batch = chain_batch(group, relative, filter_);
      if (!batch) continue;
      const DataType& output = *group.output_type;
      const auto expected = [](const ExpectedResult& result) {
        CastResult as_cast;
        as_cast.bits = result.bits;
        if (result.is_error()) as_cast.error = CastError::OutOfRange;
        return as_cast;
      };
      ModelCatch at;
      at.file = relative;
      at.family = "chain";
      at.direction = direction_name(group.direction);
      at.array_type = group.array_type->name;
      at.data_type = output.name;
      at.fill_value = group.fill_value;
      // The group's array metadata (its chain, then bytes), as a strict implementation checks it.
      const nlohmann::json metadata_codecs = group.array_metadata().at("codecs");
      at.codecs = group.codecs;
      for (std::size_t i = 0; i < bug_models().size(); ++i) {
        const BugModel& model = bug_models()[i];
        if (selected(i) && model.validate != nullptr &&
            !model.validate(*group.array_type, group.fill_value, metadata_codecs).valid) {
          ModelCatch refused = at;
          refused.codecs = metadata_codecs;
          refused.kind = ModelCatch::Kind::Metadata;
          refused.where = group.where();
          caught(i, scan_.models[i].group_metadata, refused);
        }
      }
      for (const ExpectedElement& element : batch->elements) {
        ++scan_.elements;
        const CastResult correct = group.compute(element.input).as_compared_cast();
        for (std::size_t i = 0; i < bug_models().size(); ++i) {
          if (!selected(i) || bug_models()[i].chain == nullptr) continue;
          const CastResult result =
              bug_models()[i]
                  .chain(group.chain, group.codecs, group.direction, element.input)
                  .as_compared_cast();
          if (same_answer(output, result, correct)) continue;
          ModelVectorCount& count = scan_.models[i];
          ++count.chain;
          if (std::any_of(element.alternatives.begin(), element.alternatives.end(),
                          [&](const auto& alternative) {
                            return same_answer(output, result, expected(alternative.second));
                          })) {
            ++count.divergent;
            continue;
          }
          if (!count.first) {
            at.where = batch->where(element);
            at.input_bits = element.input;
            count.first = at;
          }
        }
      }
    }
  }

 private:
  ModelVectorScan& scan_;
  const CaseFilter& filter_;
  const ModelScanOptions& options_;
};

}  // namespace

ModelVectorScan scan_vectors_with_models(const std::string& directory,
                                         const ModelScanOptions& options) {
  ManifestCheck manifest = check_manifest(directory);
  if (!manifest.problems.empty())
    throw VectorFormatError("the vector folder fails its manifest: " + manifest.problems.front());
  // Smallest files first: a scan that stops early reads less.
  std::vector<std::pair<std::uintmax_t, std::string>> files;
  for (const std::string& relative : manifest.paths) {
    if (is_store_family_path(relative)) continue;  // arrays, not vector files: cvc check-store
    files.emplace_back(std::filesystem::file_size(std::filesystem::path(directory) / relative),
                       relative);
  }
  std::sort(files.begin(), files.end());
  ModelVectorScan scan;
  Scanner scanner(scan, options);
  for (const auto& [size, relative] : files) {
    const std::string path = (std::filesystem::path(directory) / relative).string();
    try {
      scanner.cast_file(path, relative);  // the cast and scalar_map families, read once
    } catch (const VectorFormatError&) {
      const nlohmann::json file = read_vector_file(path);
      const std::string family = vector_string(file, "family", path);
      if (family == "cast" || family == "scalar_map") throw;
      if (family == "metadata") scanner.metadata_file(file, relative);
      if (family == "chain") scanner.chain_file(path, relative);
    }
    if (scanner.done()) {
      scan.stopped_early = true;
      break;
    }
  }
  return scan;
}

}  // namespace cvc
