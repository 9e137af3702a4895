// Known answers for the SHA-256 that the vector manifest uses (vector_format/sha256.hpp): the test
// vectors of FIPS 180-2, Appendix B (one block, two blocks, a million 'a'), and the empty message.
#include "vector_format/sha256.hpp"

#include <gtest/gtest.h>

#include <string>

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::sha256_test {
namespace {

TEST(Sha256, KnownAnswersOfFips180) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1'000'000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, EveryLengthAroundTheBlockBoundaryDiffers) {
  // Padding edge cases: 55, 56, 63, 64 and 65 bytes fall on either side of a block boundary.
  std::string previous;
  for (const std::size_t length : {55u, 56u, 63u, 64u, 65u}) {
    const std::string digest = sha256_hex(std::string(length, 'x'));
    EXPECT_EQ(digest.size(), 64u);
    EXPECT_NE(digest, previous);
    previous = digest;
  }
}

}  // namespace
}  // namespace cvc::sha256_test
