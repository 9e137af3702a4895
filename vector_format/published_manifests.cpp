#include "vector_format/published_manifests.hpp"

#include <map>
#include <nlohmann/json.hpp>

#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/published_manifests_data.hpp"

namespace cvc {
namespace {

// The last published manifest of `version` (the one whose text the table holds), or nullptr.
const PublishedManifest* last_of_version(const std::string& version) {
  const PublishedManifest* last = nullptr;
  for (const PublishedManifest& row : published_manifests())
    if (row.version == version) last = &row;
  return last != nullptr && !last->text.empty() ? last : nullptr;
}

// path -> SHA-256 of a published manifest's files.
std::map<std::string, std::string> files_of(const PublishedManifest& row) {
  std::map<std::string, std::string> files;
  const nlohmann::json manifest = parse_json_exact(std::string(row.text));
  for (const nlohmann::json& entry : manifest["files"])
    files[entry["path"].get<std::string>()] = entry["sha256"].get<std::string>();
  return files;
}

// "N (first, second, ... and K more)".
std::string counted(const std::vector<std::string>& names) {
  std::string text = std::to_string(names.size());
  if (names.empty()) return text;
  constexpr std::size_t kShown = 5;  // a message line, not a listing
  for (std::size_t k = 0; k < names.size() && k < kShown; ++k)
    text += (k == 0 ? " (" : ", ") + bounded_quote(names[k]);
  if (names.size() > kShown) text += " ... and " + std::to_string(names.size() - kShown) + " more";
  return text + ")";
}

}  // namespace

std::span<const PublishedManifest> published_manifests() {
  return kPublishedManifests;
}

std::string VectorSetIdentity::description() const {
  if (published != nullptr) return "vectors version " + std::string(published->version);
  const std::string base = declared_version.empty() ? std::string("no version's")
                                                    : bounded_quote(declared_version) + "'s";
  return "a modified vector set, based on " + base +
         " format: its manifest is not one the suite published";
}

std::string VectorSetIdentity::differences() const {
  if (published != nullptr) return "";
  if (compared_with == nullptr)
    return "the suite published no vectors version " +
           (declared_version.empty() ? std::string("(none declared)")
                                     : bounded_quote(declared_version)) +
           " to compare it with";
  return "against the published " + std::string(compared_with->version) + " (manifest SHA-256 " +
         std::string(compared_with->sha256.substr(0, 12)) + "...): lacks " + counted(missing) +
         " of its files, lists " + counted(changed) + " with another SHA-256, adds " +
         counted(added);
}

std::string VectorSetIdentity::report_version() const {
  if (published != nullptr) return std::string(published->version);
  return "modified (based on " +
         (declared_version.empty() ? std::string("no version") : bounded_quote(declared_version)) +
         ")";
}

VectorSetIdentity identify_vector_set(const std::string& manifest_sha256,
                                      const std::string& declared_version,
                                      const std::vector<ListedFile>& listed) {
  VectorSetIdentity identity;
  identity.declared_version = declared_version;
  identity.manifest_sha256 = manifest_sha256;
  for (const PublishedManifest& row : published_manifests())
    if (row.sha256 == manifest_sha256) identity.published = &row;
  if (identity.published != nullptr) return identity;
  identity.compared_with = last_of_version(declared_version);
  if (identity.compared_with == nullptr) return identity;
  std::map<std::string, std::string> expected = files_of(*identity.compared_with);
  for (const ListedFile& file : listed) {
    const auto found = expected.find(file.path);
    if (found == expected.end()) {
      identity.added.push_back(file.path);
      continue;
    }
    if (found->second != file.sha256) identity.changed.push_back(file.path);
    expected.erase(found);
  }
  for (const auto& [path, sha256] : expected) identity.missing.push_back(path);
  return identity;
}

}  // namespace cvc
