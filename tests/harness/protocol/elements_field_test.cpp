// The long members of a protocol line read and written apart from the JSON library (elements and
// an answer's "failed" list) give exactly what the exact JSON reader gives, and anything that is
// not their plain form is left to it.
#include "harness/protocol/elements_field.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "oracle/io/json_exact.hpp"

namespace cvc::elements_field_test {
namespace {

// The numbers of a "failed" list as the exact reader reads them, in order (a range's two bounds
// one after the other).
std::vector<std::uint64_t> exact_numbers(const nlohmann::json& failed) {
  std::vector<std::uint64_t> numbers;
  for (const nlohmann::json& item : failed) {
    if (!item.is_array()) {
      numbers.push_back(*json_unsigned(item));
      continue;
    }
    for (const nlohmann::json& bound : item) numbers.push_back(*json_unsigned(bound));
  }
  return numbers;
}

TEST(ElementsField, PlainFailedListIsSetApartWithTheSameNumbers) {
  struct Line {
    std::string text;
    FailedForm form;
  };
  for (const Line& line : {
           Line{R"({"id":1,"status":"ok","failed":[0,3,17,4095],"elements":"AAAA"})",
                FailedForm::Indices},
           Line{R"({"id": 1, "status": "ok", "failed" : [ 0 , 3,17 ,4095 ] ,"elements":"AAAA"})",
                FailedForm::Indices},
           Line{R"({"failed":[9999999999999999999],"id":1,"elements":"AAAA"})",
                FailedForm::Indices},
           Line{R"({"id":1,"status":"ok","failed":[],"elements":"AAAA"})", FailedForm::Indices},
           Line{R"({"id":1,"status":"ok","failed":[[0,3],[17,4096]],"elements":"AAAA"})",
                FailedForm::Ranges},
           Line{R"({"id":1,"failed" : [ [ 0 , 3 ] , [17,4096] ] , "elements":"AAAA"})",
                FailedForm::Ranges},
       }) {
    SCOPED_TRACE(line.text);
    const ProtocolLine read = parse_line_apart(line.text);
    const nlohmann::json exact = parse_json_exact(line.text);
    ASSERT_TRUE(read.failed.has_value());
    EXPECT_EQ(read.failed->form, line.form);
    EXPECT_EQ(read.failed->numbers, exact_numbers(exact["failed"]));
    EXPECT_EQ(read.message["failed"], nlohmann::json::array());
    EXPECT_EQ(read.message["elements"], "AAAA");
    // The JSON form puts them back: the same document as the exact reader's.
    EXPECT_EQ(dump_json_exact(parse_line_elements_apart(line.text)), dump_json_exact(exact));
  }
}

TEST(ElementsField, AnythingButPlainIndicesIsLeftToTheExactReader) {
  for (const std::string line : {
           R"({"id":1,"status":"ok","failed":[1.0],"elements":"AAAA"})",  // a fraction
           R"({"id":1,"status":"ok","failed":[-1],"elements":"AAAA"})",   // a sign
           R"({"id":1,"status":"ok","failed":[1e2],"elements":"AAAA"})",  // an exponent
           R"({"id":1,"status":"ok","failed":[10000000000000000000],"elements":"AAAA"})",  // 20
           R"({"id":1,"status":"ok","failed":["1"],"elements":"AAAA"})",     // a string
           R"({"id":1,"status":"ok","failed":[1,],"elements":"AAAA"})",      // not JSON
           R"({"id":1,"status":"ok","failed":[01],"elements":"AAAA"})",      // not JSON
           R"({"id":1,"x":{"failed":[1]},"elements":"AAAA"})",               // nested
           R"({"id":1,"x":{"failed":[2]},"failed":[1],"elements":"AAAA"})",  // twice
           R"({"id":1,"failed":[[0,3],4],"elements":"AAAA"})",  // ranges, then an index
           R"({"id":1,"failed":[4,[0,3]],"elements":"AAAA"})",  // an index, then a range
           R"({"id":1,"failed":[[0,3,5]],"elements":"AAAA"})",  // three bounds
           R"({"id":1,"failed":[[0]],"elements":"AAAA"})",      // one bound
           R"({"id":1,"failed":[[]],"elements":"AAAA"})",       // none
           R"({"id":1,"failed":[[0,[3]]],"elements":"AAAA"})",  // nested deeper
           R"({"id":1,"failed":[[-1,3]],"elements":"AAAA"})"    // a sign
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

TEST(ElementsField, FailedListsAreWrittenAsTheExactWriterWould) {
  const nlohmann::json message = {{"id", 7}, {"status", "ok"}, {"elements", "AAAA"}};
  for (const FailedList& failed :
       {FailedList{FailedForm::Indices, {0, 5, 4095}},
        FailedList{FailedForm::Ranges, {0, 5, 7, 4096}}, FailedList{FailedForm::Ranges, {}}}) {
    const std::string apart = dump_line_apart(message, &failed);
    SCOPED_TRACE(apart);
    nlohmann::json expected = message;
    expected["failed"] = failed_json(failed);
    EXPECT_EQ(apart.find(' '), std::string::npos);
    EXPECT_EQ(parse_json_exact(apart), parse_json_exact(dump_json_exact(expected)));
    // Read back: the same numbers in the same form, set apart.
    const ProtocolLine read = parse_line_apart(apart);
    ASSERT_TRUE(read.failed.has_value());
    EXPECT_EQ(read.failed->numbers, failed.numbers);
    if (!failed.numbers.empty()) {
      EXPECT_EQ(read.failed->form, failed.form);
    }
  }
  EXPECT_EQ(failed_json({FailedForm::Ranges, {2, 4, 9, 10}}),
            nlohmann::json::parse("[[2,4],[9,10]]"));
}

}  // namespace
}  // namespace cvc::elements_field_test
