// The SHA-256 of the vector manifest has two engines, the portable rounds and the x86 SHA
// extensions: they give the same digests on every length around the block boundaries and on a
// large input (the known answers of FIPS 180 are in sha256_test.cpp, through the default engine).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "vector_format/sha256.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::vector_sha256_engines_test {
namespace {

TEST(Sha256Engines, PortableKnownAnswer) {
  EXPECT_EQ(sha256_hex("abc", Sha256Engine::Portable),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256Engines, HardwareAgreesWithPortable) {
  if (!sha256_hardware_available()) GTEST_SKIP() << "no SHA extensions on this processor";
  std::mt19937 random(5);
  std::string data;
  for (std::size_t length = 0; length <= 300; ++length) {
    EXPECT_EQ(sha256_hex(data, Sha256Engine::Hardware), sha256_hex(data, Sha256Engine::Portable))
        << "length " << length;
    data += static_cast<char>(random());
  }
  std::string large(3'000'017, '\0');
  for (char& c : large) c = static_cast<char>(random());
  EXPECT_EQ(sha256_hex(large, Sha256Engine::Hardware), sha256_hex(large, Sha256Engine::Portable));
  EXPECT_EQ(sha256_hex("abc"), sha256_hex("abc", Sha256Engine::Hardware));
}

}  // namespace
}  // namespace cvc::vector_sha256_engines_test
