#include "harness/vector_check.hpp"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "generators/case_results.hpp"
#include "generators/sha256.hpp"
#include "generators/vector_file.hpp"
#include "harness/vector_reader.hpp"
#include "oracle/json_exact.hpp"
#include "oracle/slow_cast.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxProblemsPerFile = 50;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
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
  try {
    groups = read_cast_vector_file(path);
  } catch (const VectorFormatError& error) {
    report.problems.push_back(error.what());
    return;
  }
  const std::size_t problems_before = report.problems.size();
  const auto problem = [&](const std::string& text) {
    if (report.problems.size() - problems_before < kMaxProblemsPerFile)
      report.problems.push_back(text);
  };
  for (const CastVectorGroup& group : groups) {
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

}  // namespace

VectorCheckReport check_vectors(const std::string& directory, const VectorCheckOptions& options) {
  VectorCheckReport report;
  const fs::path root(directory);
  const fs::path manifest_path = root / "manifest.json";
  if (!fs::exists(manifest_path)) {
    report.problems.push_back(manifest_path.string() + ": missing");
    return report;
  }
  nlohmann::json manifest;
  try {
    manifest = parse_json_exact(read_text(manifest_path));
  } catch (const JsonError& error) {
    report.problems.push_back(manifest_path.string() + ": not valid JSON: " + error.what());
    return report;
  }
  if (!manifest.contains("files") || !manifest["files"].is_array()) {
    report.problems.push_back(manifest_path.string() + ": no \"files\" array");
    return report;
  }
  std::set<std::string> listed;
  std::vector<std::string> paths;
  for (const nlohmann::json& entry : manifest["files"]) {
    if (!entry.contains("path") || !entry["path"].is_string() || !entry.contains("sha256")) {
      report.problems.push_back(manifest_path.string() + ": an entry lacks path or sha256");
      continue;
    }
    const std::string relative = entry["path"].get<std::string>();
    listed.insert(relative);
    const fs::path path = root / relative;
    if (!fs::exists(path)) {
      report.problems.push_back(path.string() + ": listed in the manifest but missing");
      continue;
    }
    if (sha256_hex(read_text(path)) != entry["sha256"].get<std::string>())
      report.problems.push_back(path.string() + ": SHA-256 differs from the manifest");
    paths.push_back(relative);
  }
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    const std::string relative = fs::relative(entry.path(), root).generic_string();
    if (relative != "manifest.json" && !relative.starts_with("schema/") && !listed.count(relative))
      report.problems.push_back(entry.path().string() + ": not listed in the manifest");
  }
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (options.progress) options.progress(paths[i], i, paths.size());
    const std::string path = (root / paths[i]).string();
    std::string family;
    try {
      family = read_vector_file(path).value("family", "");
    } catch (const std::runtime_error& error) {
      report.problems.push_back(error.what());
      continue;
    }
    ++report.files;
    if (family == "cast" || family == "scalar_map") check_cast_file(path, options, report);
  }
  return report;
}

}  // namespace cvc
