// The suite knows its published vector sets by their manifest's SHA-256: the current vectors are
// among them (so regenerating them without scripts/published-manifests fails here), each row's text
// is the manifest it names, and a folder whose manifest is not published is a modified set that
// says what it lacks.
#include "vector_format/published_manifests.hpp"

#include <gtest/gtest.h>

#include <set>

#include "oracle/io/input_file.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/manifest.hpp"
#include "vector_format/sha256.hpp"

namespace cvc::published_manifests_test {
namespace {

TEST(PublishedManifests, HoldTheCurrentOne) {
  const std::string text = read_input_file(std::string(CVC_SOURCE_DIR) + "/vectors/manifest.json");
  const VectorSetIdentity identity =
      identify_vector_set(sha256_hex(text), std::string(kVectorsVersion), {});
  ASSERT_TRUE(identity.is_published())
      << "vectors/manifest.json (SHA-256 " << sha256_hex(text)
      << ") is not in vector_format/published_manifests_data.hpp: run scripts/published-manifests "
         "(CONTRIBUTING.md, \"Gates\")";
  EXPECT_EQ(identity.published->version, kVectorsVersion);
  EXPECT_EQ(identity.description(), "vectors version " + std::string(kVectorsVersion));
  EXPECT_EQ(identity.report_version(), std::string(kVectorsVersion));
}

TEST(PublishedManifests, EachRowIsTheManifestItNames) {
  std::set<std::string_view> digests;
  std::set<std::string_view> versions_with_text;
  for (const PublishedManifest& row : published_manifests()) {
    EXPECT_TRUE(is_semantic_version(std::string(row.version))) << row.version;
    EXPECT_TRUE(digests.insert(row.sha256).second) << row.sha256 << " twice";
    if (row.text.empty()) continue;
    versions_with_text.insert(row.version);
    EXPECT_EQ(sha256_hex(row.text), row.sha256) << row.version;
    EXPECT_EQ(parse_json_exact(std::string(row.text))["vectors_version"], std::string(row.version));
  }
  for (const char* version : {"1.0.0", "1.1.0", "1.2.0"})
    EXPECT_TRUE(versions_with_text.count(version)) << version;
}

TEST(PublishedManifests, AFolderOfOneFileIsAModifiedSetThatSaysWhatItLacks) {
  const VectorSetIdentity identity = identify_vector_set(
      std::string(64, 'a'), "1.1.0", {{"cast/int8.json", std::string(64, 'b')}, {"x.json", "c"}});
  ASSERT_FALSE(identity.is_published());
  EXPECT_EQ(identity.description(),
            "a modified vector set, based on 1.1.0's format: its manifest is not one the suite "
            "published");
  EXPECT_EQ(identity.report_version(), "modified (based on 1.1.0)");
  ASSERT_NE(identity.compared_with, nullptr);
  EXPECT_EQ(identity.compared_with->version, "1.1.0");
  EXPECT_EQ(identity.changed, std::vector<std::string>{"cast/int8.json"});
  EXPECT_EQ(identity.added, std::vector<std::string>{"x.json"});
  EXPECT_GT(identity.missing.size(), 300u);
  EXPECT_NE(identity.differences().find("lacks " + std::to_string(identity.missing.size()) +
                                        " (cast/bfloat16.json"),
            std::string::npos)
      << identity.differences();
  EXPECT_NE(identity.differences().find("... and "), std::string::npos);
}

TEST(PublishedManifests, AnUnknownVersionIsSaid) {
  const VectorSetIdentity identity = identify_vector_set(std::string(64, 'a'), "9.9.9", {});
  EXPECT_FALSE(identity.is_published());
  EXPECT_EQ(identity.differences(),
            "the suite published no vectors version 9.9.9 to compare it with");
}

}  // namespace
}  // namespace cvc::published_manifests_test
