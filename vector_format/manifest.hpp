// The manifest of a vector folder (vectors/README.md): the vectors' version and the spec revision
// they follow, then every vector file with its SHA-256 and size. Written by `cvc generate`,
// checked by `cvc verify-vectors` and, before any file is used, by `cvc run --vectors`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vector_format/published_manifests.hpp"

namespace cvc {

// The version of the published vectors (semantic: a change of any expected result is a new major
// or minor version; vectors/CHANGELOG.md says what changed) and the spec text they follow.
inline constexpr std::string_view kVectorsVersion = "1.4.0";
inline constexpr std::string_view kSpecRevision =
    "zarr-extensions codecs/cast_value/README.md, change log through \"Fixed the NumPy "
    "compatibility example to encode positive infinity as Infinity\"";

// manifest.json for the produced files (path -> text), deterministic: the vectors' version and
// spec revision, then each file's path, SHA-256 and size.
std::string manifest_text(const std::vector<std::pair<std::string, std::string>>& files);

// A vector folder's manifest, checked before any file of it is used: it parses, carries a vectors
// version and spec revision, lists at least one file; each listed file is inside the folder, a
// regular file under the size cap (never through a link), listed once, with the listed size and
// SHA-256; the folder holds only regular files and folders (no link, FIFO or device, walked
// without following links), and every file in it is listed but the manifest and the
// documentation (README.md, CHANGELOG.md, STORES.md, schema/). `paths` holds the listed files
// that passed. `identity` says whether the manifest is one the suite published.
//
// Each file is read once: the bytes that were hashed are kept (`contents`) while their total is at
// most `keep_bytes`, for the reader to parse; a file beyond that is read again when used, with
// read_listed_file, which checks it against its digest again.
struct ManifestCheck {
  std::vector<std::string> paths;
  std::vector<std::string> sha256s;                  // the listed digest of each of `paths`
  std::vector<std::optional<std::string>> contents;  // each of `paths`, when kept
  std::vector<std::string> problems;                 // each names the file
  std::string vectors_version;
  std::string sha256;              // of manifest.json
  std::vector<ListedFile> listed;  // every well-formed entry of "files", as written
  VectorSetIdentity identity;
};
ManifestCheck check_manifest(const std::string& directory, std::uintmax_t keep_bytes = 0);

// The listed file `relative` of the folder, checked against `sha256` (the manifest's digest);
// throws VectorFormatError, as the manifest check words it, when it differs or cannot be read.
std::string read_listed_file(const std::string& directory, const std::string& relative,
                             const std::string& sha256);

// MAJOR.MINOR.PATCH, each a run of digits.
bool is_semantic_version(const std::string& text);

}  // namespace cvc
