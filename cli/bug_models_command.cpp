// cvc bug-models: the catalogue of known-bug models, and what the published vectors catch of each.
#include <iostream>

#include "cli/commands.hpp"
#include "harness/run/bug_model_scan.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kHelp =
    R"(usage: cvc bug-models [--json] [--vectors DIR]

Lists the known-bug models (docs/bug-models.md): the ways real implementations get casts and
metadata wrong, each a small function computing the buggy answer. `cvc adapter --mutant ID`
serves one of them, and the run reports name the model that reproduces each failure.

By default prints the catalogue as a Markdown table (the table of docs/bug-models.md).

  --json          every field of every model (id, title, acts_on, mechanism, seen_in, spec)
  --vectors DIR   also run every model in-process over the vector folder DIR and count, per
                  model, the cases it answers differently from the oracle, by family (cast,
                  scalar_map and chain elements, elements of the configurations it refuses, metadata
                  cases, and cast groups whose metadata it judges otherwise), with the first one
)";

nlohmann::json count_json(const ModelVectorCount& count) {
  nlohmann::json json = {{"cast", count.cast},
                         {"scalar_map", count.scalar_map},
                         {"chain", count.chain},
                         {"divergent", count.divergent},
                         {"rejected", count.rejected},
                         {"metadata", count.metadata},
                         {"group_metadata", count.group_metadata}};
  json["metadata_cases"] = count.metadata_ids;
  nlohmann::json reproduced_by = nlohmann::json::array();
  if (count.cast + count.scalar_map > 0)
    for (std::size_t i = 0; i < bug_models().size(); ++i)
      if (count.reproduced_by.contains(i)) reproduced_by.push_back(std::string(bug_models()[i].id));
  json["reproduced_by"] = reproduced_by;
  if (count.first) json["first"] = count.first->where;
  return json;
}

void print_json(const ModelVectorScan* scan) {
  nlohmann::json models = nlohmann::json::array();
  for (std::size_t i = 0; i < bug_models().size(); ++i) {
    const BugModel& model = bug_models()[i];
    nlohmann::json entry = {
        {"id", std::string(model.id)},           {"title", std::string(model.title)},
        {"acts_on", bug_model_scope(model)},     {"mechanism", std::string(model.mechanism)},
        {"seen_in", std::string(model.seen_in)}, {"spec", std::string(model.spec)}};
    if (scan != nullptr) entry["vectors"] = count_json(scan->models[i]);
    models.push_back(std::move(entry));
  }
  std::cout << models.dump(2) << "\n";
}

void print_counts(const ModelVectorScan& scan) {
  std::cout << "\n"
            << scan.elements << " cast, scalar_map and chain elements, " << scan.metadata_cases
            << " metadata cases\n\n"
            << "| id | cast | scalar_map | chain | refused configurations | metadata | group "
               "metadata | first case |\n|---|---|---|---|---|---|---|---|\n";
  for (std::size_t i = 0; i < bug_models().size(); ++i) {
    const ModelVectorCount& count = scan.models[i];
    std::cout << "| `" << bug_models()[i].id << "` | " << count.cast << " | " << count.scalar_map
              << " | " << count.chain << " | " << count.rejected << " | " << count.metadata << " | "
              << count.group_metadata << " | " << (count.first ? count.first->where : "none")
              << " |\n";
  }
}

}  // namespace

int run_bug_models(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kHelp;
    return kExitOk;
  }
  const bool json = arguments.flag("json");
  const std::optional<std::string> vectors = arguments.option("vectors");
  if (!arguments.finish().empty())
    throw UsageError("cvc bug-models: takes no positional arguments");
  std::optional<ModelVectorScan> scan;
  if (vectors) {
    try {
      scan = scan_vectors_with_models(*vectors);
    } catch (const VectorFormatError& error) {
      std::cerr << "cvc bug-models: " << error.what() << "\n";
      return kExitUsage;
    }
  }
  if (json) {
    print_json(scan ? &*scan : nullptr);
    return kExitOk;
  }
  std::cout << bug_model_table();
  if (scan) print_counts(*scan);
  return kExitOk;
}

}  // namespace cvc::cli
