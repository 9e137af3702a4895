// Base64 elements are read as a plain decoder reads them: written here the slow, obvious way
// (every character checked, then each group decoded), the fast decoder (groups decoded without a
// branch, the first bad character found afterwards) must agree on every text: the bytes, whether
// it is refused, and the offset it names.
#include "harness/protocol/element_packing.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/data_type.hpp"

namespace cvc::element_packing_test {
namespace {

constexpr std::string_view kDigits =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// What a plain decoder gives: the bytes, or the offset of the first character that is not a
// digit (SIZE_MAX for the other refusals: length, padding bits).
struct Decoded {
  std::optional<std::vector<std::uint64_t>> bytes;
  std::size_t bad_offset = SIZE_MAX;
};

Decoded slow_decode(std::string_view text) {
  Decoded result;
  if (text.size() % 4 != 0) return result;
  const std::size_t padding = text.ends_with("==") ? 2 : text.ends_with("=") ? 1 : 0;
  for (std::size_t i = 0; i < text.size() - padding; ++i)
    if (kDigits.find(text[i]) == std::string_view::npos) {
      result.bad_offset = i;
      return result;
    }
  std::vector<std::uint64_t> bytes;
  for (std::size_t i = 0; i < text.size(); i += 4) {
    std::uint32_t group = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      const std::size_t at = kDigits.find(text[i + j]);
      group = group << 6 | (at == std::string_view::npos ? 0 : static_cast<std::uint32_t>(at));
    }
    const std::size_t kept = i + 4 == text.size() ? 3 - padding : 3;
    for (std::size_t j = 0; j < kept; ++j) bytes.push_back(group >> (16 - 8 * j) & 0xff);
    if (kept < 3 && (group & ((1u << (8 * (3 - kept))) - 1)) != 0) return result;
  }
  result.bytes = bytes;
  return result;
}

TEST(ElementPacking, Base64IsReadAsThePlainDecoderReadsIt) {
  const DataType& uint8 = *find_data_type("uint8");
  std::mt19937_64 random(25);
  std::size_t refused = 0, compared = 0;
  for (std::size_t length = 0; length <= 13; ++length) {
    std::vector<std::uint64_t> bytes(length);
    for (std::uint64_t& byte : bytes) byte = random() % 256;
    const std::string text = pack_elements(uint8, bytes, ElementEncoding::Base64);
    // The text itself, then each of its characters replaced by each byte value.
    std::vector<std::string> texts = {text};
    for (std::size_t at = 0; at < text.size(); ++at)
      for (int c = 0; c < 256; ++c) {
        std::string changed = text;
        changed[at] = static_cast<char>(c);
        texts.push_back(changed);
      }
    for (const std::string& candidate : texts) {
      const Decoded expected = slow_decode(candidate);
      const std::size_t count = expected.bytes ? expected.bytes->size() : length;
      const UnpackedElements read =
          unpack_elements_checked(uint8, candidate, count, ElementEncoding::Base64);
      ++compared;
      ASSERT_EQ(read.problem.has_value(), !expected.bytes.has_value()) << candidate;
      if (expected.bytes) {
        EXPECT_EQ(read.patterns, *expected.bytes) << candidate;
        continue;
      }
      ++refused;
      const std::size_t named = read.problem->find("at offset ");
      if (expected.bad_offset == SIZE_MAX) {
        EXPECT_EQ(named, std::string::npos) << *read.problem;
      } else {
        ASSERT_NE(named, std::string::npos) << *read.problem;
        EXPECT_EQ(std::stoull(read.problem->substr(named + 10)), expected.bad_offset)
            << *read.problem;
      }
    }
  }
  EXPECT_GT(refused, 1000u);
  EXPECT_GT(compared, refused);
}

}  // namespace
}  // namespace cvc::element_packing_test
