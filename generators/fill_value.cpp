#include "generators/fill_value.hpp"

#include "oracle/codec_chain.hpp"
#include "oracle/codec_metadata.hpp"

namespace cvc {

nlohmann::json surviving_fill_value(const DataType& array_type,
                                    const std::vector<nlohmann::json>& chains) {
  for (int candidate : {0, 1, 2}) {
    bool survives = true;
    for (const nlohmann::json& chain : chains)
      survives =
          survives &&
          validate_array_metadata(array_type, candidate, with_implied_bytes_codec(chain)).valid;
    if (survives) return candidate;
  }
  return nullptr;
}

}  // namespace cvc
