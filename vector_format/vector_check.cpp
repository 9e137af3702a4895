#include "vector_format/vector_check.hpp"

#include "oracle/input_file.hpp"

#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>

#include "generators/case_results.hpp"
#include "vector_format/sha256.hpp"
#include "vector_format/vector_file.hpp"
#include "vector_format/vector_reader.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/json_exact.hpp"
#include "oracle/scalar_json.hpp"
#include "oracle/slow/slow_cast.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxProblemsPerFile = 50;

// Records one file's problems into the report, at most kMaxProblemsPerFile of them.
auto file_problems(VectorCheckReport& report) {
  const std::size_t before = report.problems.size();
  return [&report, before](const std::string& text) {
    if (report.problems.size() - before < kMaxProblemsPerFile) report.problems.push_back(text);
  };
}

// Parses "FLAG=ALT" into readings with that alternative; nullopt when unknown.
std::optional<Readings> readings_for(const std::string& name) {
  const std::size_t equals = name.find('=');
  if (equals == std::string::npos) return std::nullopt;
  const FlagInfo* info = find_flag(name.substr(0, equals));
  if (info == nullptr) return std::nullopt;
  for (int k = 0; k < info->alternative_count(); ++k)
    if (info->alternatives[k] == name.substr(equals + 1)) return Readings{}.with(info->flag, k + 1);
  return std::nullopt;
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
  const auto problem = file_problems(report);
  std::uint64_t counted = 0;
  for (const CastVectorGroup& group : groups) counted += group.cases.size() * group.rules.size();
  if (counted != declared)
    problem(path + ": \"number_of_cases\" is " + std::to_string(declared) + " but the file has " +
            std::to_string(counted) + " (inputs x configurations)");
  for (const CastVectorGroup& group : groups) {
    // The harness sends each group's fill value as the array's: the oracle must accept it.
    for (std::size_t k = 0; k < group.configurations.size(); ++k)
      if (const std::optional<std::string> why = group.metadata_problem(k)) problem(*why);
    for (const VectorCase& item : group.cases) {
      const std::string at = group.where() + " case " + std::to_string(item.id);
      for (std::size_t k = 0; k < group.rules.size(); ++k) {
        const std::string expected =
            result_text(group.output_type(), slow::cast_value(group.rules[k], item.input));
        ++report.results_checked;
        if (expected != item.results[k])
          problem(at + " configuration " + std::to_string(k) + ": vector says " + item.results[k] +
                  ", the slow oracle computes " + expected);
      }
      std::set<std::string> flags_with_alternatives;
      for (const auto& [name, by_configuration] : item.alternatives) {
        const std::optional<Readings> readings = readings_for(name);
        if (!readings) {
          problem(at + ": unknown alternative " + name);
          continue;
        }
        flags_with_alternatives.insert(name.substr(0, name.find('=')));
        for (const auto& [k, listed] : by_configuration) {
          const std::string computed = result_text(
              group.output_type(), slow::cast_value(group.rules[k], item.input, *readings));
          ++report.alternatives_checked;
          if (computed != listed)
            problem(at + " configuration " + std::to_string(k) + " under " + name +
                    ": vector says " + listed + ", the slow oracle computes " + computed);
        }
      }
      if (std::set<std::string>(item.flags.begin(), item.flags.end()) != flags_with_alternatives)
        problem(at + ": \"flags\" does not list exactly the flags of \"alternatives\"");
      if (options.completeness_sample == 0 || item.id % options.completeness_sample != 0) continue;
      // Completeness: no alternative changes a result that the case does not list.
      ++report.completeness_cases;
      for (const FlagInfo& info : all_flags()) {
        if (!is_cast_flag(info.flag)) continue;
        for (int alternative = 1; alternative <= info.alternative_count(); ++alternative) {
          const std::string name =
              std::string(info.name) + "=" + std::string(info.alternatives[alternative - 1]);
          const auto listed = item.alternatives.find(name);
          for (std::size_t k = 0; k < group.rules.size(); ++k) {
            const std::string computed = result_text(
                group.output_type(), slow::cast_value(group.rules[k], item.input,
                                                      Readings{}.with(info.flag, alternative)));
            const bool is_listed = listed != item.alternatives.end() && listed->second.count(k);
            if (computed != item.results[k] && !is_listed)
              problem(at + " configuration " + std::to_string(k) + ": under " + name +
                      " the result is " + computed + " but the case lists no alternative");
          }
        }
      }
    }
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

void check_oracle_family_file(const std::string& path, const std::string& family,
                              const VectorCheckOptions& options, VectorCheckReport& report) {
  nlohmann::json file;
  try {
    file = read_vector_file(path);
  } catch (const VectorFormatError& error) {
    report.problems.push_back(error.what());
    return;
  }
  const auto problem = file_problems(report);
  if (!file.contains("groups") || !file["groups"].is_array()) {
    problem(path + ": no \"groups\" array");
    return;
  }
  const bool metadata = family == "metadata";
  std::uint64_t counted = 0;
  std::set<std::uint64_t> ids;
  const nlohmann::json& groups = file["groups"];
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const nlohmann::json& group = groups[g];
    const char* label_key = metadata ? "category" : "data_type";
    const std::string label =
        group.is_object() && group.contains(label_key) && group[label_key].is_string()
            ? group[label_key].get<std::string>()
            : std::string();
    const std::string where = path + " group " + std::to_string(g) + " (" + label + ")";
    if (label.empty() || !group.contains("cases") || !group["cases"].is_array()) {
      problem(where + ": a group needs \"" + label_key + "\" (a string) and \"cases\" (an array)");
      continue;
    }
    const DataType* type = metadata ? nullptr : find_data_type(label);
    if (!metadata && type == nullptr) {
      problem(where + ": \"data_type\" names no supported data type");
      continue;
    }
    for (const nlohmann::json& item : group["cases"]) {
      ++counted;
      const std::optional<std::uint64_t> id = item.is_object() ? case_id(item) : std::nullopt;
      if (!id) {
        problem(where + ": a case without a non-negative integer \"id\"");
        continue;
      }
      const std::string at = where + " case " + std::to_string(*id);
      if (!ids.insert(*id).second) problem(at + ": the id is not unique in the file");
      if (!item.contains("result") || !item["result"].is_string()) {
        problem(at + ": \"result\" is missing or not a string");
        continue;
      }
      const std::string listed_result = item["result"].get<std::string>();

      CaseOracle oracle;
      if (metadata) {
        if (!item.contains("array_data_type") || !item.contains("fill_value") ||
            !item.contains("codecs")) {
          problem(at + ": a metadata case needs array_data_type, fill_value and codecs");
          continue;
        }
        const nlohmann::json array_metadata = {{"data_type", item["array_data_type"]},
                                               {"fill_value", item["fill_value"]},
                                               {"codecs", item["codecs"]}};
        oracle = [array_metadata](const Readings& readings) {
          return metadata_verdict(array_metadata, readings);
        };
      } else {
        if (!item.contains("json") || !item["json"].is_string()) {
          problem(at + ": \"json\" is missing or not a string");
          continue;
        }
        nlohmann::json value;
        try {
          value = parse_json_exact(item["json"].get<std::string>());
        } catch (const JsonError& error) {
          problem(at + ": \"json\" is not JSON text: " + error.what());
          continue;
        }
        oracle = [type, value](const Readings& readings) {
          return scalar_result(*type, value, readings);
        };
      }

      const std::string expected = oracle(Readings{});
      ++report.results_checked;
      if (expected != listed_result)
        problem(at + ": vector says " + listed_result + ", the oracle computes " + expected);

      // Alternatives: "FLAG=ALT" -> the result under that reading, which differs from the default.
      std::set<std::string> flags_with_alternatives;
      std::set<std::string> listed_alternatives;
      if (item.contains("alternatives")) {
        if (!item["alternatives"].is_object()) {
          problem(at + ": \"alternatives\" is not an object");
          continue;
        }
        for (const auto& [name, listed] : item["alternatives"].items()) {
          const std::optional<Readings> readings = readings_for(name);
          if (!readings || !listed.is_string()) {
            problem(at + ": unknown alternative or a result that is not a string: " + name);
            continue;
          }
          listed_alternatives.insert(name);
          flags_with_alternatives.insert(name.substr(0, name.find('=')));
          const std::string computed = oracle(*readings);
          ++report.alternatives_checked;
          if (computed != listed.get<std::string>())
            problem(at + " under " + name + ": vector says " + listed.get<std::string>() +
                    ", the oracle computes " + computed);
          if (computed == expected)
            problem(at + ": " + name + " is listed but gives the default result " + expected);
        }
      }
      std::set<std::string> flags;
      if (item.contains("flags")) {
        if (!item["flags"].is_array()) {
          problem(at + ": \"flags\" is not an array");
          continue;
        }
        for (const nlohmann::json& flag : item["flags"])
          if (flag.is_string()) flags.insert(flag.get<std::string>());
      }
      if (flags != flags_with_alternatives)
        problem(at + ": \"flags\" does not list exactly the flags of \"alternatives\"");

      if (options.completeness_sample == 0 || *id % options.completeness_sample != 0) continue;
      // Completeness: no alternative of any flag changes the result without being listed.
      ++report.completeness_cases;
      for (const FlagInfo& info : all_flags()) {
        for (int alternative = 1; alternative <= info.alternative_count(); ++alternative) {
          const std::string name =
              std::string(info.name) + "=" + std::string(info.alternatives[alternative - 1]);
          if (listed_alternatives.count(name)) continue;
          const std::string computed = oracle(Readings{}.with(info.flag, alternative));
          if (computed != expected)
            problem(at + ": under " + name + " the result is " + computed +
                    " but the case lists no alternative");
        }
      }
    }
  }
  const std::optional<std::string> declared =
      file.contains("number_of_cases") ? json_number_text(file["number_of_cases"]) : std::nullopt;
  if (!declared || *declared != std::to_string(counted))
    problem(path + ": \"number_of_cases\" is " + declared.value_or("missing") +
            " but the file has " + std::to_string(counted) + " cases");
}

}  // namespace

VectorCheckReport check_vectors(const std::string& directory, const VectorCheckOptions& options) {
  VectorCheckReport report;
  const fs::path root(directory);
  ManifestCheck manifest = check_manifest(directory);
  report.problems = std::move(manifest.problems);
  const std::vector<std::string>& paths = manifest.paths;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (options.progress) options.progress(paths[i], i, paths.size());
    const std::string path = (root / paths[i]).string();
    std::string family;
    try {
      const nlohmann::json file = read_vector_file(path);
      const nlohmann::json* value = file.contains("family") ? &file["family"] : nullptr;
      family = value != nullptr && value->is_string() ? value->get<std::string>() : "";
    } catch (const VectorFormatError& error) {
      report.problems.push_back(error.what());
      continue;
    }
    ++report.files;
    if (family == "cast" || family == "scalar_map") {
      check_cast_file(path, options, report);
    } else if (family == "metadata" || family == "scalars") {
      check_oracle_family_file(path, family, options, report);
    } else {
      report.problems.push_back(path + ": unknown \"family\" " +
                                (family.empty() ? std::string("(missing or not a string)")
                                                : dump_json_exact(family)) +
                                " (known: cast, scalar_map, metadata, scalars)");
    }
  }
  return report;
}

}  // namespace cvc
