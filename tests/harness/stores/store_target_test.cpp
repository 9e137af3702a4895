// Which store arrays an adapter is sent (harness/stores/store_target.hpp): an array whose chain
// holds scale_offset or the numcodecs.fixedscaleoffset alias only when the hello declares the
// codec (capabilities.chain.codecs, or the operation chain with that list left out) and the
// direction; cast_value alone needs nothing beyond the store operations. The codecs and types of
// a case are read from its zarr.json, inside sharding_indexed too (store_vectors.hpp).
#include "harness/stores/store_target.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "harness/protocol/capabilities.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc::store_target_test {
namespace {

StoreCase case_with(StoreKind kind, std::set<std::string> codecs) {
  StoreCase store_case;
  store_case.kind = kind;
  store_case.codecs = std::move(codecs);
  return store_case;
}

Handshake hello(const std::string& capabilities, std::set<std::string> operations = {}) {
  Handshake handshake;
  handshake.protocol = 2;
  handshake.operations = std::move(operations);
  handshake.operations.insert({"open_array", "read_array", "write_array"});
  handshake.capabilities = parse_capabilities(parse_json_exact(capabilities));
  return handshake;
}

TEST(StoreTarget, CastValueAloneNeedsNoDeclaration) {
  EXPECT_EQ(undeclared_store_codecs(hello("{}"), case_with(StoreKind::Decode, {"cast_value"})),
            std::nullopt);
}

TEST(StoreTarget, ScaleOffsetUndeclaredIsUnsupportedWithTheReason) {
  const std::optional<std::string> why = undeclared_store_codecs(
      hello("{}"), case_with(StoreKind::Decode, {"cast_value", "scale_offset"}));
  ASSERT_TRUE(why);
  EXPECT_EQ(*why,
            "the adapter does not declare the codec scale_offset (hello: neither "
            "capabilities.chain.codecs nor the operation chain)");
  const std::optional<std::string> listed = undeclared_store_codecs(
      hello(R"({"chain": {"codecs": ["cast_value", "scale_offset"]}})"),
      case_with(StoreKind::Open, {"cast_value", "numcodecs.fixedscaleoffset"}));
  ASSERT_TRUE(listed);
  EXPECT_EQ(*listed,
            "the adapter does not declare the codec numcodecs.fixedscaleoffset in a chain (hello: "
            "capabilities.chain.codecs = [\"cast_value\", \"scale_offset\"])");
}

TEST(StoreTarget, ScaleOffsetDeclaredIsSent) {
  const StoreCase scale_offset = case_with(StoreKind::Encode, {"cast_value", "scale_offset"});
  EXPECT_EQ(
      undeclared_store_codecs(hello(R"({"chain": {"codecs": ["scale_offset"]}})"), scale_offset),
      std::nullopt);
  // The operation chain with no codec list: every codec a chain may hold.
  EXPECT_EQ(undeclared_store_codecs(hello("{}", {"chain"}), scale_offset), std::nullopt);
}

TEST(StoreTarget, TheDirectionOfAWriteOrAReadMustBeDeclared) {
  const Handshake decode_only = hello(R"({"chain": {"directions": ["decode"]}})", {"chain"});
  const std::optional<std::string> why = undeclared_store_codecs(
      decode_only, case_with(StoreKind::Encode, {"cast_value", "scale_offset"}));
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("capabilities.chain.directions"), std::string::npos) << *why;
  EXPECT_EQ(undeclared_store_codecs(decode_only,
                                    case_with(StoreKind::Decode, {"cast_value", "scale_offset"})),
            std::nullopt);
}

// The published vectors' cases: the codecs before each bytes codec, the alias's astype a type.
TEST(StoreVectors, ACaseNamesTheCodecsOfItsChain) {
  const StoreVectors vectors =
      read_store_vectors(std::filesystem::path(CVC_SOURCE_DIR) / "vectors");
  std::size_t with_scale_offset = 0;
  for (const StoreCase& store_case : vectors.cases) {
    EXPECT_FALSE(store_case.codecs.contains("bytes")) << store_case.id;
    EXPECT_FALSE(store_case.codecs.contains("sharding_indexed")) << store_case.id;
    with_scale_offset += store_case.codecs.contains("scale_offset") ? 1 : 0;
    if (store_case.id == "decode/shard-scale-offset-float32-uint16") {
      EXPECT_EQ(store_case.codecs, (std::set<std::string>{"cast_value", "scale_offset"}));
    }
    if (store_case.id == "decode/fixedscaleoffset-float32-uint8") {
      EXPECT_EQ(store_case.codecs, std::set<std::string>{"numcodecs.fixedscaleoffset"});
      EXPECT_EQ(store_case.types, (std::set<std::string>{"float32", "uint8"}));
    }
  }
  EXPECT_GE(with_scale_offset, 10u);
}

}  // namespace
}  // namespace cvc::store_target_test
