// read_vector_header reads a file's header without its groups when the header comes first (as
// written), whatever the groups hold, reads past the groups when a header member follows them,
// and refuses what read_vector_text refuses in the header, naming the file.
#include <gtest/gtest.h>

#include <string>

#include "oracle/io/json_exact.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc::vector_header_test {
namespace {

const std::string kPath = "cast/int8.json";
const std::string kHeader =
    R"({"schema":"cast-value-vectors","schema_version":1,"family":"cast","number_of_cases":7,)";

std::string error_of(const std::string& text) {
  try {
    read_vector_header(text, kPath);
  } catch (const VectorFormatError& error) {
    return error.what();
  }
  return "accepted";
}

TEST(VectorHeader, StopsAtTheGroupsWhenTheHeaderComesFirst) {
  // Groups that no reader of the cases would accept, and text after them that is not JSON: none
  // of it is read.
  const nlohmann::json header =
      read_vector_header(kHeader + R"("groups":[{"cases":"not cases"}, oops)", kPath);
  EXPECT_EQ(header.at("family"), "cast");
  EXPECT_EQ(dump_json_exact(header.at("number_of_cases")), "7");
  EXPECT_FALSE(header.contains("groups"));
}

TEST(VectorHeader, ReadsPastTheGroupsForAMemberThatFollowsThem) {
  const std::string text =
      R"({"schema":"cast-value-vectors","schema_version":1,"groups":[{"a":[1,2]}],)"
      R"("family":"scalar_map","number_of_cases":3})";
  const nlohmann::json header = read_vector_header(text, kPath);
  EXPECT_EQ(header.at("family"), "scalar_map");
  EXPECT_EQ(dump_json_exact(header.at("number_of_cases")), "3");
  // The groups it had to pass are checked as JSON, and so is the rest of the text.
  EXPECT_NE(error_of(R"({"schema":"cast-value-vectors","groups":[1,,2],"family":"cast"})")
                .find(kPath + ": not valid JSON"),
            std::string::npos);
  EXPECT_NE(error_of(text + "x").find(kPath + ": not valid JSON"), std::string::npos);
}

TEST(VectorHeader, RefusesWhatIsNotAVectorFile) {
  EXPECT_NE(error_of("[1]").find(kPath + ": not a cast-value-vectors file"), std::string::npos);
  EXPECT_NE(error_of(R"({"schema":"other","groups":[]})").find("not a cast-value-vectors file"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"schema":"cast-value-vectors","schema_version":2,"groups":[]})")
                .find("unsupported schema_version"),
            std::string::npos);
  EXPECT_NE(error_of(kHeader + R"("family":"cast","groups":[]})").find("the key \"family\" twice"),
            std::string::npos);
}

}  // namespace
}  // namespace cvc::vector_header_test
