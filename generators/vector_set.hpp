// The whole published vector set: which files exist and how each is produced.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cvc {

// The version of the published vectors (semantic: a change of any expected result is a new major
// or minor version; vectors/CHANGELOG.md says what changed) and the spec text they follow.
inline constexpr std::string_view kVectorsVersion = "1.0.0";
inline constexpr std::string_view kSpecRevision =
    "zarr-extensions codecs/cast_value/README.md, change log through \"Fixed the NumPy "
    "compatibility example to encode positive infinity as Infinity\"";

struct VectorFileSpec {
  std::string path;    // relative to the vectors folder, e.g. "cast/float16.json"
  std::string family;  // "cast", "scalar_map", "metadata", "scalars"
  std::function<std::string()> produce;
};

std::vector<VectorFileSpec> vector_set();

// manifest.json for the produced files (path -> text), deterministic: the vectors' version and
// spec revision, then each file's path, SHA-256 and size.
std::string manifest_text(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace cvc
