// The long members of a protocol line read and written apart from the JSON library (elements and
// an answer's "failed" list) give exactly what the exact JSON reader gives, and anything that is
// not their plain form is left to it.
#include "harness/protocol/elements_field.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "oracle/json_exact.hpp"

namespace cvc::elements_field_test {
namespace {

// The indices of a "failed" list as the exact reader reads them.
std::vector<std::uint64_t> exact_indices(const nlohmann::json& failed) {
  std::vector<std::uint64_t> indices;
  for (const nlohmann::json& index : failed) indices.push_back(*json_unsigned(index));
  return indices;
}

TEST(ElementsField, PlainFailedListIsSetApartWithTheSameIndices) {
  for (const std::string line :
       {R"({"id":1,"status":"ok","failed":[0,3,17,4095],"elements":"AAAA"})",
        R"({"id": 1, "status": "ok", "failed" : [ 0 , 3,17 ,4095 ] ,"elements":"AAAA"})",
        R"({"failed":[9999999999999999999],"id":1,"elements":"AAAA"})",
        R"({"id":1,"status":"ok","failed":[],"elements":"AAAA"})"}) {
    const ProtocolLine read = parse_line_apart(line);
    const nlohmann::json exact = parse_json_exact(line);
    ASSERT_TRUE(read.failed.has_value()) << line;
    EXPECT_EQ(*read.failed, exact_indices(exact["failed"])) << line;
    EXPECT_EQ(read.message["failed"], nlohmann::json::array()) << line;
    EXPECT_EQ(read.message["elements"], "AAAA") << line;
    // The JSON form puts them back: the same document as the exact reader's, index by index.
    const nlohmann::json whole = parse_line_elements_apart(line);
    EXPECT_EQ(exact_indices(whole["failed"]), exact_indices(exact["failed"])) << line;
  }
}

TEST(ElementsField, AnythingButPlainIndicesIsLeftToTheExactReader) {
  for (const std::string line : {
           R"({"id":1,"status":"ok","failed":[1.0],"elements":"AAAA"})",  // a fraction
           R"({"id":1,"status":"ok","failed":[-1],"elements":"AAAA"})",   // a sign
           R"({"id":1,"status":"ok","failed":[1e2],"elements":"AAAA"})",  // an exponent
           R"({"id":1,"status":"ok","failed":[10000000000000000000],"elements":"AAAA"})",  // 20
           R"({"id":1,"status":"ok","failed":["1"],"elements":"AAAA"})",    // a string
           R"({"id":1,"status":"ok","failed":[1,],"elements":"AAAA"})",     // not JSON
           R"({"id":1,"status":"ok","failed":[01],"elements":"AAAA"})",     // not JSON
           R"({"id":1,"x":{"failed":[1]},"elements":"AAAA"})",              // nested
           R"({"id":1,"x":{"failed":[2]},"failed":[1],"elements":"AAAA"})"  // twice
       }) {
    SCOPED_TRACE(line);
    std::optional<nlohmann::json> exact;
    try {
      exact = parse_json_exact(line);
    } catch (const JsonError&) {
    }
    if (!exact) {
      EXPECT_THROW(parse_line_apart(line), JsonError);
      continue;
    }
    const ProtocolLine read = parse_line_apart(line);
    EXPECT_FALSE(read.failed.has_value());
    EXPECT_EQ(dump_json_exact(read.message), dump_json_exact(*exact));
  }
}

TEST(ElementsField, FailedIndicesAreWrittenAsTheExactWriterWould) {
  const nlohmann::json message = {{"id", 7}, {"status", "ok"}, {"elements", "AAAA"}};
  const std::vector<std::uint64_t> failed = {0, 5, 4095};
  const std::string apart = dump_line_apart(message, failed);
  nlohmann::json expected = message;
  expected["failed"] = failed;
  EXPECT_EQ(parse_json_exact(apart), parse_json_exact(dump_json_exact(expected))) << apart;
  // A "failed" list inside the message is written apart the same way.
  EXPECT_EQ(parse_json_exact(dump_line_elements_apart(expected)), parse_json_exact(apart));
  // Read back: the same indices, set apart.
  EXPECT_EQ(parse_line_apart(apart).failed, failed);
}

}  // namespace
}  // namespace cvc::elements_field_test
