// SHA-256 (FIPS 180-4), for the vector manifest: small, dependency-free, deterministic. On x86-64
// processors with the SHA extensions it uses them (about ten times faster: checking the manifest
// hashes every vector file before a run); elsewhere the portable rounds.
#pragma once

#include <string>
#include <string_view>

namespace cvc {

// Lowercase hex digest of `data`.
std::string sha256_hex(std::string_view data);

// The two implementations, for the tests that hold them to the same digests.
enum class Sha256Engine { Portable, Hardware };
bool sha256_hardware_available();
std::string sha256_hex(std::string_view data, Sha256Engine engine);  // Hardware: when available

}  // namespace cvc
