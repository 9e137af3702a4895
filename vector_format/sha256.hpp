// SHA-256 (FIPS 180-4), for the vector manifest: small, dependency-free, deterministic.
#pragma once

#include <string>
#include <string_view>

namespace cvc {

// Lowercase hex digest of `data`.
std::string sha256_hex(std::string_view data);

}  // namespace cvc
