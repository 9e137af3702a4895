#include "vector_format/manifest.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "oracle/input_file.hpp"
#include "oracle/json_exact.hpp"
#include "vector_format/sha256.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {

std::string manifest_text(const std::vector<std::pair<std::string, std::string>>& files) {
  std::string text = "{\"schema\":\"cast-value-vectors-manifest\",\"schema_version\":1,";
  text += "\n\"vectors_version\":" + dump_json_exact(std::string(kVectorsVersion)) + ",";
  text += "\n\"spec_revision\":" + dump_json_exact(std::string(kSpecRevision)) + ",";
  text +=
      "\n\"changelog\":\"CHANGELOG.md\",\n\"license\":\"LICENSE (MIT, at the repository root)\",";
  text += "\n\"files\":[";
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto& [path, content] = files[i];
    const nlohmann::json entry = {
        {"path", path}, {"sha256", sha256_hex(content)}, {"bytes", content.size()}};
    text += (i == 0 ? "\n" : ",\n") + dump_json_exact(entry);
  }
  return text + "]}\n";
}

bool is_semantic_version(const std::string& text) {
  int parts = 0;
  std::size_t digits = 0;
  for (const char c : text + ".") {
    if (c >= '0' && c <= '9') {
      ++digits;
    } else if (c == '.' && digits > 0) {
      ++parts;
      digits = 0;
    } else {
      return false;
    }
  }
  return parts == 3;
}

namespace {

namespace fs = std::filesystem;

// The manifest's header: vectors version and spec revision.
void check_header(const nlohmann::json& manifest, const std::string& name, ManifestCheck& check) {
  if (manifest["files"].empty()) check.problems.push_back(name + ": lists no vector file");
  if (!manifest.contains("vectors_version") || !manifest["vectors_version"].is_string() ||
      !is_semantic_version(manifest["vectors_version"].get<std::string>()))
    check.problems.push_back(name + ": no \"vectors_version\" of the form MAJOR.MINOR.PATCH");
  else
    check.vectors_version = manifest["vectors_version"].get<std::string>();
  if (!manifest.contains("spec_revision") || !manifest["spec_revision"].is_string())
    check.problems.push_back(name + ": no \"spec_revision\"");
}

// The problem of a listed file whose bytes differ from the manifest's digest.
std::string digest_problem(const fs::path& path) {
  return path.string() +
         ": SHA-256 differs from the manifest (the file is corrupted or was changed after the "
         "manifest was written)";
}

// Entry i of "files": well formed, inside the folder, listed once, with the listed SHA-256.
// Records its path, digest and (while under the budget `keep_bytes`) its bytes when it passes.
void check_entry(const fs::path& root, const nlohmann::json& entry, std::size_t i,
                 const std::string& name, std::set<std::string>& listed, std::uintmax_t& keep_bytes,
                 ManifestCheck& check) {
  const std::string at = name + ": files[" + std::to_string(i) + "]";
  if (!entry.is_object() || !entry.contains("path") || !entry["path"].is_string() ||
      !entry.contains("sha256") || !entry["sha256"].is_string()) {
    check.problems.push_back(at + " lacks a string \"path\" or \"sha256\"");
    return;
  }
  const std::string relative = entry["path"].get<std::string>();
  if (relative.empty() || relative.starts_with("/") || relative.find("..") != std::string::npos) {
    check.problems.push_back(at + " path " + dump_json_exact(relative) +
                             " is not inside the folder");
    return;
  }
  if (!listed.insert(relative).second) {
    check.problems.push_back(name + ": lists " + relative + " twice");
    return;
  }
  const fs::path path = root / relative;
  const std::string sha256 = entry["sha256"].get<std::string>();
  try {
    std::string content = read_input_file(path.string());
    if (sha256_hex(content) != sha256) {
      check.problems.push_back(digest_problem(path));
      return;
    }
    check.paths.push_back(relative);
    check.sha256s.push_back(sha256);
    if (content.size() <= keep_bytes) {
      keep_bytes -= content.size();
      check.contents.emplace_back(std::move(content));
    } else {
      check.contents.emplace_back(std::nullopt);
    }
  } catch (const InputFileError& error) {
    check.problems.push_back(std::string(error.what()) + " (listed in the manifest)");
  }
}

// Every .json file of the folder but the manifest and schema/ must be listed.
void check_unlisted(const fs::path& root, const std::set<std::string>& listed,
                    ManifestCheck& check) {
  std::error_code error;
  for (auto entry = fs::recursive_directory_iterator(root, error);
       !error && entry != fs::recursive_directory_iterator(); entry.increment(error)) {
    if (entry->path().extension() != ".json") continue;
    const std::string relative = fs::relative(entry->path(), root).generic_string();
    if (relative != "manifest.json" && !relative.starts_with("schema/") && !listed.count(relative))
      check.problems.push_back(entry->path().string() + ": not listed in the manifest");
  }
}

}  // namespace

ManifestCheck check_manifest(const std::string& directory, std::uintmax_t keep_bytes) {
  ManifestCheck check;
  const fs::path root(directory);
  const std::string name = (root / "manifest.json").string();
  nlohmann::json manifest;
  try {
    const std::string text = read_input_file(name);
    check.sha256 = sha256_hex(text);
    manifest = parse_json_exact(text);
  } catch (const InputFileError& error) {
    check.problems.push_back(std::string(error.what()) + " (is this a vector folder?)");
    return check;
  } catch (const JsonError& error) {
    check.problems.push_back(name + ": not valid JSON: " + error.what());
    return check;
  }
  if (!manifest.is_object() || !manifest.contains("files") || !manifest["files"].is_array()) {
    check.problems.push_back(name + ": no \"files\" array");
    return check;
  }
  check_header(manifest, name, check);
  std::set<std::string> listed;
  for (std::size_t i = 0; i < manifest["files"].size(); ++i)
    check_entry(root, manifest["files"][i], i, name, listed, keep_bytes, check);
  check_unlisted(root, listed, check);
  return check;
}

std::string read_listed_file(const std::string& directory, const std::string& relative,
                             const std::string& sha256) {
  const fs::path path = fs::path(directory) / relative;
  std::string content;
  try {
    content = read_input_file(path.string());
  } catch (const InputFileError& error) {
    throw VectorFormatError(std::string(error.what()) + " (listed in the manifest)");
  }
  if (sha256_hex(content) != sha256) throw VectorFormatError(digest_problem(path));
  return content;
}

}  // namespace cvc
