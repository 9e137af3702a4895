#include "vector_format/manifest.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string_view>

#include "oracle/hex_digits.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/input_tree.hpp"
#include "oracle/io/json_exact.hpp"
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

// The files a vector folder may hold beside the listed ones: the manifest itself and the
// documentation the generator does not write (vectors/README.md, "Files"). They too must be
// regular files.
bool is_unlisted_documentation(const std::string& relative) {
  return relative == "manifest.json" || relative == "README.md" || relative == "CHANGELOG.md" ||
         relative == "STORES.md" || relative.starts_with("schema/") ||
         relative.starts_with("changes/");
}

// The manifest's header: vectors version and spec revision.
void check_header(const nlohmann::json& manifest, const std::string& name, ManifestCheck& check) {
  if (!manifest.contains("schema") || manifest["schema"] != "cast-value-vectors-manifest")
    check.problems.push_back(name +
                             ": not a cast-value-vectors manifest (its \"schema\" is not "
                             "\"cast-value-vectors-manifest\")");
  if (manifest["files"].empty()) check.problems.push_back(name + ": lists no vector file");
  if (!manifest.contains("vectors_version") || !manifest["vectors_version"].is_string() ||
      !is_semantic_version(manifest["vectors_version"].get<std::string>()))
    check.problems.push_back(name + ": no \"vectors_version\" of the form MAJOR.MINOR.PATCH");
  else
    check.vectors_version = manifest["vectors_version"].get<std::string>();
  if (!manifest.contains("spec_revision") || !manifest["spec_revision"].is_string())
    check.problems.push_back(name + ": no \"spec_revision\"");
}

// Why a listed path cannot name a vector file of the folder (docs/input-contract.md, rule 4), or
// nullptr: it must be a plain relative path inside the folder, in the one spelling the walk gives
// it, and not the manifest or the documentation, which are never read as vector files.
const char* unsafe_listed_path(const std::string& relative) {
  if (relative.empty() || relative.starts_with("/"))
    return "is not a relative path inside the folder";
  if (relative.find('\\') != std::string::npos) return "has a backslash";
  if (relative.find('\0') != std::string::npos) return "has a NUL character";
  for (std::size_t begin = 0; begin <= relative.size();) {
    const std::size_t end = std::min(relative.find('/', begin), relative.size());
    const std::string_view part = std::string_view(relative).substr(begin, end - begin);
    if (part.empty() || part == "." || part == "..")
      return "has an empty, \".\" or \"..\" component: not a path inside the folder";
    begin = end + 1;
  }
  if (is_unlisted_documentation(relative)) return "names the manifest or the documentation";
  return nullptr;
}

// 64 lower-case hexadecimal digits, as the manifest writes a SHA-256.
bool is_sha256_hex(const std::string& text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
           return hex_digit_value(c, HexLetters::Lowercase) >= 0;
         });
}

// The problem of a listed file whose bytes differ from the manifest's digest.
std::string digest_problem(const fs::path& path) {
  return path.string() +
         ": SHA-256 differs from the manifest (the file is corrupted or was changed after the "
         "manifest was written)";
}

// Everything in the folder, walked without following a link (oracle/io/input_tree.hpp): relative
// path -> entry. Whatever is neither a regular file nor a folder is a problem here, named.
std::map<std::string, TreeEntry> folder_entries(const fs::path& root, ManifestCheck& check) {
  std::map<std::string, TreeEntry> entries;
  std::vector<TreeEntry> tree;
  try {
    tree = list_input_tree(root);
  } catch (const InputFileError& error) {
    check.problems.push_back(error.what());
    return entries;
  }
  for (TreeEntry& entry : tree) {
    if (entry.kind != TreeEntryKind::RegularFile && entry.kind != TreeEntryKind::Directory)
      check.problems.push_back((root / entry.relative).string() + ": " + describe_kind(entry.kind) +
                               ", where a vector folder holds only regular files and folders");
    entries.emplace(entry.relative, std::move(entry));
  }
  return entries;
}

// The listed size: a non-negative integer.
std::optional<std::uintmax_t> listed_bytes(const nlohmann::json& entry) {
  if (!entry.contains("bytes")) return std::nullopt;
  return json_unsigned(entry["bytes"]);
}

// Entry i of "files": well formed, inside the folder, listed once, a regular file on disk with the
// listed size and SHA-256. Records its path, digest and (while under the budget `keep_bytes`) its
// bytes when it passes.
void check_entry(const fs::path& root, const nlohmann::json& entry, std::size_t i,
                 const std::string& name, const std::map<std::string, TreeEntry>& on_disk,
                 std::set<std::string>& listed, std::uintmax_t& keep_bytes, ManifestCheck& check) {
  const std::string at = name + ": files[" + std::to_string(i) + "]";
  const std::optional<std::uintmax_t> bytes = listed_bytes(entry);
  if (!entry.is_object() || !entry.contains("path") || !entry["path"].is_string() ||
      !entry.contains("sha256") || !entry["sha256"].is_string() || !bytes) {
    check.problems.push_back(at + " lacks a string \"path\" or \"sha256\" or an integer \"bytes\"");
    return;
  }
  const std::string relative = entry["path"].get<std::string>();
  if (const char* why = unsafe_listed_path(relative)) {
    check.problems.push_back(at + " path " + bounded_quote(dump_json_exact(relative)) + " " + why);
    return;
  }
  if (!is_sha256_hex(entry["sha256"].get<std::string>())) {
    check.problems.push_back(at + " \"sha256\" is not 64 lower-case hexadecimal digits");
    return;
  }
  if (!listed.insert(relative).second) {
    check.problems.push_back(name + ": lists " + bounded_quote(relative) + " twice");
    return;
  }
  const std::string sha256 = entry["sha256"].get<std::string>();
  check.listed.push_back({relative, sha256});
  const fs::path path = root / relative;
  const auto found = on_disk.find(relative);
  if (found == on_disk.end() || found->second.kind != TreeEntryKind::RegularFile) {
    // A link or FIFO is named by the walk already; a link in a parent folder leaves it unlisted.
    if (found == on_disk.end())
      check.problems.push_back(path.string() +
                               ": listed in the manifest, but not a regular file of the folder");
    return;
  }
  try {
    std::string content = read_input_file(path.string(), max_input_file_bytes(), FinalLink::Refuse);
    if (content.size() != *bytes) {
      check.problems.push_back(path.string() + ": " + std::to_string(content.size()) +
                               " bytes, the manifest lists " + std::to_string(*bytes));
      return;
    }
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

// Every regular file of the folder but the manifest and the documentation must be listed: a
// chunk file left in an array's folder, or any other, changes what is checked.
void check_unlisted(const fs::path& root, const std::map<std::string, TreeEntry>& on_disk,
                    const std::set<std::string>& listed, ManifestCheck& check) {
  std::vector<std::string> unlisted;
  for (const auto& [relative, entry] : on_disk)
    if (entry.kind == TreeEntryKind::RegularFile && !listed.count(relative) &&
        !is_unlisted_documentation(relative))
      unlisted.push_back(relative);
  for (std::size_t k = 0; k < unlisted.size() && k < kListedItems; ++k)
    check.problems.push_back((root / unlisted[k]).string() + ": not listed in the manifest");
  if (unlisted.size() > kListedItems)
    check.problems.push_back("... and " + std::to_string(unlisted.size() - kListedItems) +
                             " more files not listed in the manifest");
}

}  // namespace

ManifestCheck check_manifest(const std::string& directory, std::uintmax_t keep_bytes) {
  ManifestCheck check;
  const fs::path root(directory);
  const std::string name = (root / "manifest.json").string();
  nlohmann::json manifest;
  try {
    const std::string text = read_input_file(name, max_input_file_bytes(), FinalLink::Refuse);
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
  const std::map<std::string, TreeEntry> on_disk = folder_entries(root, check);
  std::set<std::string> listed;
  for (std::size_t i = 0; i < manifest["files"].size(); ++i)
    check_entry(root, manifest["files"][i], i, name, on_disk, listed, keep_bytes, check);
  check_unlisted(root, on_disk, listed, check);
  check.identity = identify_vector_set(check.sha256, check.vectors_version, check.listed);
  return check;
}

std::string read_listed_file(const std::string& directory, const std::string& relative,
                             const std::string& sha256) {
  const fs::path path = fs::path(directory) / relative;
  std::string content;
  try {
    content = read_input_file(path.string(), max_input_file_bytes(), FinalLink::Refuse);
  } catch (const InputFileError& error) {
    throw VectorFormatError(std::string(error.what()) + " (listed in the manifest)");
  }
  if (sha256_hex(content) != sha256) throw VectorFormatError(digest_problem(path));
  return content;
}

}  // namespace cvc
