#include "vector_format/vector_check.hpp"

#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>

#include "oracle/codec_metadata.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"
#include "oracle/slow/slow_cast.hpp"
#include "vector_format/chain_check.hpp"
#include "vector_format/sha256.hpp"
#include "vector_format/stable_id_check.hpp"
#include "vector_format/store_check.hpp"
#include "vector_format/vector_check_support.hpp"
#include "vector_format/vector_file.hpp"
#include "vector_format/vector_reader.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;

// --- Families `cast` and `scalar_map` -----------------------------------------------------------
//
// Each case is recomputed by the slow oracle under every configuration of its group: the default
// result, each listed alternative, and (for a sample of the cases) every alternative of every cast
// flag, which must change exactly the listed results.

// The result of `item` under configuration k of `group`, as the slow oracle computes it.
std::string slow_result(const CastVectorGroup& group, std::size_t k, const VectorCase& item,
                        const Readings& readings = {}) {
  return result_text(group.output_type(), slow::cast_value(group.rules[k], item.input, readings));
}

// "number_of_cases" counts inputs x configurations.
void check_cast_case_count(const std::string& path, std::uint64_t declared,
                           const std::vector<CastVectorGroup>& groups,
                           const FileProblems& problem) {
  std::uint64_t counted = 0;
  for (const CastVectorGroup& group : groups) counted += group.cases.size() * group.rules.size();
  if (counted != declared)
    problem(path + ": \"number_of_cases\" is " + std::to_string(declared) + " but the file has " +
            std::to_string(counted) + " (inputs x configurations)");
}

// The results under the default readings, one per configuration.
void check_cast_results(const CastVectorGroup& group, const VectorCase& item, const std::string& at,
                        VectorCheckReport& report, const FileProblems& problem) {
  for (std::size_t k = 0; k < group.rules.size(); ++k) {
    const std::string expected = slow_result(group, k, item);
    const std::string listed = result_text(group.output_type(), item.results[k]);
    ++report.results_checked;
    if (expected != listed)
      problem(at + " configuration " + std::to_string(k) + ": vector says " + listed +
              ", the slow oracle computes " + expected);
  }
}

// The listed alternatives ("FLAG=ALT" -> configuration -> result); returns the flags they belong
// to.
std::set<std::string> check_cast_alternatives(const CastVectorGroup& group, const VectorCase& item,
                                              const std::string& at, VectorCheckReport& report,
                                              const FileProblems& problem) {
  std::set<std::string> flags_with_alternatives;
  for (const auto& [name, by_configuration] : item.alternatives) {
    const std::optional<Readings> readings = readings_for(name);
    if (!readings) {
      problem(at + ": unknown alternative " + name);
      continue;
    }
    flags_with_alternatives.insert(name.substr(0, name.find('=')));
    for (const auto& [k, listed_result] : by_configuration) {
      const std::string computed = slow_result(group, k, item, *readings);
      const std::string listed = result_text(group.output_type(), listed_result);
      ++report.alternatives_checked;
      if (computed != listed)
        problem(at + " configuration " + std::to_string(k) + " under " + name + ": vector says " +
                listed + ", the slow oracle computes " + computed);
    }
  }
  return flags_with_alternatives;
}

// Completeness: no alternative changes a result that the case does not list.
void check_cast_completeness(const CastVectorGroup& group, const VectorCase& item,
                             const std::string& at, VectorCheckReport& report,
                             const FileProblems& problem) {
  ++report.completeness_cases;
  for (const FlagInfo& info : all_flags()) {
    if (!is_cast_flag(info.flag)) continue;
    for (int alternative = 1; alternative <= info.alternative_count(); ++alternative) {
      const std::string name = alternative_name(info, alternative);
      const auto listed = item.alternatives.find(name);
      for (std::size_t k = 0; k < group.rules.size(); ++k) {
        const std::string computed =
            slow_result(group, k, item, Readings{}.with(info.flag, alternative));
        const bool is_listed = listed != item.alternatives.end() && listed->second.count(k);
        if (computed != result_text(group.output_type(), item.results[k]) && !is_listed)
          problem(at + " configuration " + std::to_string(k) + ": under " + name +
                  " the result is " + computed + " but the case lists no alternative");
      }
    }
  }
}

// One case: its results, its alternatives, its flags and, when sampled, its completeness.
void check_cast_case(const CastVectorGroup& group, const VectorCase& item,
                     const VectorCheckOptions& options, VectorCheckReport& report,
                     const FileProblems& problem) {
  const std::string at = group.where() + " case " + std::to_string(item.id);
  check_cast_results(group, item, at, report, problem);
  const std::set<std::string> flags_with_alternatives =
      check_cast_alternatives(group, item, at, report, problem);
  if (std::set<std::string>(item.flags.begin(), item.flags.end()) != flags_with_alternatives)
    problem(at + ": \"flags\" does not list exactly the flags of \"alternatives\"");
  if (in_completeness_sample(options, item.id))
    check_cast_completeness(group, item, at, report, problem);
}

void check_cast_file(const std::string& path, const VectorCheckOptions& options,
                     VectorCheckReport& report) {
  std::vector<CastVectorGroup> groups;
  std::uint64_t declared = 0;
  try {
    groups = read_cast_vector_file(path, &declared);
  } catch (const VectorFormatError& error) {
    report.problems.push_back(error.what());
    return;
  }
  const FileProblems problem(report);
  check_cast_case_count(path, declared, groups, problem);
  for (const CastVectorGroup& group : groups) {
    // The harness sends each group's fill value as the array's: the oracle must accept it.
    for (std::size_t k = 0; k < group.configurations.size(); ++k)
      if (const std::optional<std::string> why = group.metadata_problem(k)) problem(*why);
    for (const VectorCase& item : group.cases)
      check_cast_case(group, item, options, report, problem);
  }
}

// --- Families `metadata` and `scalars` ----------------------------------------------------------
//
// These two families have no slow counterpart: a metadata verdict is recomputed with
// validate_array_metadata and a scalar with parse_json_exact + parse_scalar, the same oracle
// functions the generator used (oracle/codec_metadata.hpp, oracle/scalar_json.hpp; their number
// arithmetic is the slow oracle's rationals, and the fill value round trip runs the fast cast).
// So this check catches stale or edited files, malformed cases and flags that are not listed, but
// not a bug that generator and verifier share; the oracle's own tests cover those functions.

// The result of one case under a reading, recomputed by the oracle.
using CaseOracle = std::function<std::string(const Readings&)>;

std::string metadata_verdict(const nlohmann::json& array_metadata, const Readings& readings) {
  return validate_array_metadata(array_metadata, readings).valid ? "valid" : "invalid";
}

std::string scalar_result(const DataType& type, const nlohmann::json& value,
                          const Readings& readings) {
  try {
    return pattern_hex(type, parse_scalar(type, value, readings));
  } catch (const ScalarError&) {
    return "invalid";
  }
}

std::optional<std::uint64_t> case_id(const nlohmann::json& item) {
  if (!item.contains("id")) return std::nullopt;
  const std::optional<std::string> text = json_number_text(item["id"]);
  if (!text || text->empty() || text->size() > 19 ||
      text->find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoull(*text);
}

// What the check of one metadata or scalars file carries from group to group and case to case.
struct OracleFamilyCheck {
  OracleFamilyCheck(const std::string& path_, const std::string& family,
                    const VectorCheckOptions& options_, VectorCheckReport& report_)
      : path(path_),
        metadata(family == "metadata"),
        options(options_),
        report(report_),
        problem(report_) {}

  const std::string& path;
  bool metadata;  // the metadata family; else the scalars family
  const VectorCheckOptions& options;
  VectorCheckReport& report;
  FileProblems problem;         // made once the file is read
  std::uint64_t counted = 0;    // the cases seen, for "number_of_cases"
  std::set<std::uint64_t> ids;  // the ids seen: each must be unique in the file
};

// The alternatives a case lists: their names ("FLAG=ALT") and the flags they belong to.
struct ListedAlternatives {
  std::set<std::string> names;
  std::set<std::string> flags;
};

// A group's label: its "category" (metadata) or its "data_type" (scalars); "" when there is none.
std::string group_label(const nlohmann::json& group, const char* label_key) {
  return group.is_object() && group.contains(label_key) && group[label_key].is_string()
             ? group[label_key].get<std::string>()
             : std::string();
}

// A metadata case's verdict: its array metadata validated; nullopt (a problem) when incomplete.
std::optional<CaseOracle> metadata_case_oracle(const nlohmann::json& item, const std::string& at,
                                               const FileProblems& problem) {
  if (!item.contains("array_data_type") || !item.contains("fill_value") ||
      !item.contains("codecs")) {
    problem(at + ": a metadata case needs array_data_type, fill_value and codecs");
    return std::nullopt;
  }
  const nlohmann::json array_metadata = {{"data_type", item["array_data_type"]},
                                         {"fill_value", item["fill_value"]},
                                         {"codecs", item["codecs"]}};
  return [array_metadata](const Readings& readings) {
    return metadata_verdict(array_metadata, readings);
  };
}

// A scalars case's result: its "json" text parsed as a scalar of `type`; nullopt (a problem) when
// "json" is missing or not JSON text.
std::optional<CaseOracle> scalar_case_oracle(const DataType& type, const nlohmann::json& item,
                                             const std::string& at, const FileProblems& problem) {
  if (!item.contains("json") || !item["json"].is_string()) {
    problem(at + ": \"json\" is missing or not a string");
    return std::nullopt;
  }
  nlohmann::json value;
  try {
    value = parse_json_exact(item["json"].get<std::string>());
  } catch (const JsonError& error) {
    problem(at + ": \"json\" is not JSON text: " + error.what());
    return std::nullopt;
  }
  return [&type, value](const Readings& readings) { return scalar_result(type, value, readings); };
}

// Alternatives: "FLAG=ALT" -> the result under that reading, which differs from the default.
// nullopt (a problem) when "alternatives" is not an object.
std::optional<ListedAlternatives> check_listed_alternatives(OracleFamilyCheck& check,
                                                            const nlohmann::json& item,
                                                            const std::string& at,
                                                            const CaseOracle& oracle,
                                                            const std::string& expected) {
  ListedAlternatives listed_alternatives;
  if (!item.contains("alternatives")) return listed_alternatives;
  if (!item["alternatives"].is_object()) {
    check.problem(at + ": \"alternatives\" is not an object");
    return std::nullopt;
  }
  for (const auto& [name, listed] : item["alternatives"].items()) {
    const std::optional<Readings> readings = readings_for(name);
    if (!readings || !listed.is_string()) {
      check.problem(at + ": unknown alternative or a result that is not a string: " + name);
      continue;
    }
    listed_alternatives.names.insert(name);
    listed_alternatives.flags.insert(name.substr(0, name.find('=')));
    const std::string computed = oracle(*readings);
    ++check.report.alternatives_checked;
    if (computed != listed.get<std::string>())
      check.problem(at + " under " + name + ": vector says " + listed.get<std::string>() +
                    ", the oracle computes " + computed);
    if (computed == expected)
      check.problem(at + ": " + name + " is listed but gives the default result " + expected);
  }
  return listed_alternatives;
}

// "flags" lists exactly the flags of the listed alternatives; false (a problem) when it is not an
// array.
bool check_listed_flags(const nlohmann::json& item, const std::string& at,
                        const std::set<std::string>& flags_with_alternatives,
                        const FileProblems& problem) {
  std::set<std::string> flags;
  if (item.contains("flags")) {
    if (!item["flags"].is_array()) {
      problem(at + ": \"flags\" is not an array");
      return false;
    }
    for (const nlohmann::json& flag : item["flags"])
      if (flag.is_string()) flags.insert(flag.get<std::string>());
  }
  if (flags != flags_with_alternatives)
    problem(at + ": \"flags\" does not list exactly the flags of \"alternatives\"");
  return true;
}

// Completeness: no alternative of any flag changes the result without being listed.
void check_oracle_completeness(OracleFamilyCheck& check, const std::string& at,
                               const CaseOracle& oracle, const std::string& expected,
                               const std::set<std::string>& listed_alternatives) {
  ++check.report.completeness_cases;
  for (const FlagInfo& info : all_flags()) {
    for (int alternative = 1; alternative <= info.alternative_count(); ++alternative) {
      const std::string name = alternative_name(info, alternative);
      if (listed_alternatives.count(name)) continue;
      const std::string computed = oracle(Readings{}.with(info.flag, alternative));
      if (computed != expected)
        check.problem(at + ": under " + name + " the result is " + computed +
                      " but the case lists no alternative");
    }
  }
}

// One case: its id, its result, its alternatives, its flags and, when sampled, its completeness.
// `type` is the group's data type (scalars), null for metadata.
void check_oracle_family_case(OracleFamilyCheck& check, const nlohmann::json& item,
                              const std::string& where, const DataType* type) {
  const std::optional<std::uint64_t> id = item.is_object() ? case_id(item) : std::nullopt;
  if (!id) {
    check.problem(where + ": a case without a non-negative integer \"id\"");
    return;
  }
  const std::string at = where + " case " + std::to_string(*id);
  if (!check.ids.insert(*id).second) check.problem(at + ": the id is not unique in the file");
  if (!item.contains("result") || !item["result"].is_string()) {
    check.problem(at + ": \"result\" is missing or not a string");
    return;
  }
  const std::string listed_result = item["result"].get<std::string>();
  const std::optional<CaseOracle> oracle = check.metadata
                                               ? metadata_case_oracle(item, at, check.problem)
                                               : scalar_case_oracle(*type, item, at, check.problem);
  if (!oracle) return;

  const std::string expected = (*oracle)(Readings{});
  ++check.report.results_checked;
  if (expected != listed_result)
    check.problem(at + ": vector says " + listed_result + ", the oracle computes " + expected);

  const std::optional<ListedAlternatives> alternatives =
      check_listed_alternatives(check, item, at, *oracle, expected);
  if (!alternatives || !check_listed_flags(item, at, alternatives->flags, check.problem)) return;
  if (in_completeness_sample(check.options, *id))
    check_oracle_completeness(check, at, *oracle, expected, alternatives->names);
}

// One group: its label ("category" or "data_type"), then each of its cases.
void check_oracle_family_group(OracleFamilyCheck& check, const nlohmann::json& group,
                               std::size_t g) {
  const char* label_key = check.metadata ? "category" : "data_type";
  const std::string label = group_label(group, label_key);
  const std::string where = check.path + " group " + std::to_string(g) + " (" + label + ")";
  if (label.empty() || !group.contains("cases") || !group["cases"].is_array()) {
    check.problem(where + ": a group needs \"" + label_key +
                  "\" (a string) and \"cases\" (an array)");
    return;
  }
  const DataType* type = check.metadata ? nullptr : find_data_type(label);
  if (!check.metadata && type == nullptr) {
    check.problem(where + ": \"data_type\" names no supported data type");
    return;
  }
  for (const nlohmann::json& item : group["cases"]) {
    ++check.counted;
    check_oracle_family_case(check, item, where, type);
  }
}

// "number_of_cases" is the number of cases the groups hold.
void check_oracle_family_case_count(const OracleFamilyCheck& check, const nlohmann::json& file) {
  const std::optional<std::string> declared =
      file.contains("number_of_cases") ? json_number_text(file["number_of_cases"]) : std::nullopt;
  if (!declared || *declared != std::to_string(check.counted))
    check.problem(check.path + ": \"number_of_cases\" is " + declared.value_or("missing") +
                  " but the file has " + std::to_string(check.counted) + " cases");
}

void check_oracle_family_file(const std::string& path, const std::string& family,
                              const VectorCheckOptions& options, VectorCheckReport& report) {
  nlohmann::json file;
  try {
    file = read_vector_file(path);
  } catch (const VectorFormatError& error) {
    report.problems.push_back(error.what());
    return;
  }
  OracleFamilyCheck check(path, family, options, report);
  if (!file.contains("groups") || !file["groups"].is_array()) {
    check.problem(path + ": no \"groups\" array");
    return;
  }
  const nlohmann::json& groups = file["groups"];
  for (std::size_t g = 0; g < groups.size(); ++g) check_oracle_family_group(check, groups[g], g);
  check_oracle_family_case_count(check, file);
}

}  // namespace

VectorCheckReport check_vectors(const std::string& directory, const VectorCheckOptions& options) {
  VectorCheckReport report;
  const fs::path root(directory);
  ManifestCheck manifest = check_manifest(directory);
  report.problems = std::move(manifest.problems);
  report.manifest_problems = report.problems.size();
  report.identity = manifest.identity;
  const std::vector<std::string>& paths = manifest.paths;
  StableIdCheck stable_ids(manifest.vectors_version);
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (is_store_family_path(paths[i])) continue;  // checked as a whole below
    if (options.progress) options.progress(paths[i], i, paths.size());
    const std::string path = (root / paths[i]).string();
    std::string family;
    nlohmann::json file;
    try {
      file = read_vector_file(path);
      const nlohmann::json* value = file.contains("family") ? &file["family"] : nullptr;
      family = value != nullptr && value->is_string() ? value->get<std::string>() : "";
    } catch (const VectorFormatError& error) {
      report.problems.push_back(error.what());
      continue;
    }
    ++report.files;
    stable_ids.check_file(path, family, file, report);
    file = nullptr;  // the family's check reads the file its own way
    if (family == "cast" || family == "scalar_map") {
      check_cast_file(path, options, report);
    } else if (family == "metadata" || family == "scalars") {
      check_oracle_family_file(path, family, options, report);
    } else if (family == "chain") {
      check_chain_file(path, options, report);
    } else {
      report.problems.push_back(
          path + ": unknown \"family\" " +
          (family.empty() ? std::string("(missing or not a string)") : dump_json_exact(family)) +
          " (known: cast, scalar_map, metadata, scalars, chain)");
    }
  }
  check_store_family(directory, manifest, report);
  if (options.progress) options.progress("", paths.size(), paths.size());
  return report;
}

}  // namespace cvc
