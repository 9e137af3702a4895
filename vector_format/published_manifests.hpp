// The vector sets the suite published, known by the SHA-256 of their manifest.json, so that a
// vector folder's identity is never only what its manifest declares: a folder holding one file
// with a matching manifest that says "1.1.0" is a modified set, not vectors version 1.1.0.
//
// The table (published_manifests_data.hpp) is written by scripts/published-manifests from the git
// history; regenerating the vectors without it makes the test PublishedManifests.HoldTheCurrentOne
// fail (CONTRIBUTING.md says when to run it).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cvc {

struct PublishedManifest {
  std::string_view version;  // its "vectors_version"
  std::string_view sha256;   // of manifest.json, byte for byte
  std::string_view commit;   // the first commit that held it ("": the commit that adds the row)
  // The manifest itself for the last published manifest of each version ("" for earlier ones):
  // what a modified set that declares the version is compared with.
  std::string_view text;
};

// Every published manifest, oldest first.
std::span<const PublishedManifest> published_manifests();

// A manifest's entry: a listed file and its SHA-256, as the manifest writes them.
struct ListedFile {
  std::string path;
  std::string sha256;
};

// What a vector folder is, by its manifest: one the suite published (then `published` is its
// row), or a modified set, which is said with what it lacks relative to the published manifest of
// the version it declares (when the suite published that version).
struct VectorSetIdentity {
  std::string declared_version;  // the manifest's "vectors_version" ("" when it has none)
  std::string manifest_sha256;
  const PublishedManifest* published = nullptr;
  // A modified set against the declared version's published manifest (`compared_with`): its files
  // that set lacks, those it lists with another SHA-256, and those it adds.
  const PublishedManifest* compared_with = nullptr;
  std::vector<std::string> missing, changed, added;

  bool is_published() const { return published != nullptr; }
  // "vectors version 1.2.0", or "a modified vector set, based on 1.1.0's format: its manifest is
  // not one the suite published".
  std::string description() const;
  // For a modified set: "lacks 355 of the 356 files of the published 1.1.0 (cast/int2.json, ...),
  // lists 0 with another SHA-256, adds 0"; "" for a published one.
  std::string differences() const;
  // What a report's vectors "version" holds: "1.2.0", or "modified (based on 1.1.0)".
  std::string report_version() const;
};

VectorSetIdentity identify_vector_set(const std::string& manifest_sha256,
                                      const std::string& declared_version,
                                      const std::vector<ListedFile>& listed);

}  // namespace cvc
