// The whole published vector set: which files exist and how each is produced.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cvc {

struct VectorFileSpec {
  std::string path;    // relative to the vectors folder, e.g. "cast/float16.json"
  std::string family;  // "cast", "scalar_map", "metadata", "scalars", "stores"
  std::function<std::string()> produce;
};

std::vector<VectorFileSpec> vector_set();

}  // namespace cvc
