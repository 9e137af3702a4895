// write_junit_document: the counts come from the testcases, every value is escaped, and the two
// layouts write what the run, check-store and fuzz reports have always written.
#include "harness/text/junit_document.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace cvc::junit_document_test {
namespace {

using Kind = JunitResult::Kind;

std::string written(const JunitDocument& document) {
  std::ostringstream out;
  write_junit_document(document, out);
  return out.str();
}

JunitDocument two_suites() {
  JunitDocument document;
  document.name = "cast_value conformance: impl 1.0";
  document.time = "2.500000";
  JunitSuite encode{"encode", "2.000000", {{"mode", "vectors"}}, {}};
  encode.testcases.push_back({"encode", "float16 -> int8", "2.000000", {{"fail", "3"}}, {}});
  encode.testcases.back().results.push_back(
      {Kind::Failure, "fail", "3 failed", "wrong value\n  e.g. 0x01"});
  encode.testcases.push_back({"encode", "int8 -> int16", "0", {}, {}});
  encode.testcases.back().results.push_back({Kind::Skipped, {}, "unsupported", {}});
  JunitSuite run{"run", {}, {}, {}};
  run.testcases.push_back({"run", "completion", {}, {}, {}});
  run.testcases.back().results.push_back({Kind::Error, "aborted", "run aborted", {}});
  run.testcases.back().results.push_back({Kind::SystemErr, {}, {}, "1 incident\n"});
  run.testcases.push_back({"run", "empty", {}, {}, {}});
  document.suites = {encode, run};
  return document;
}

TEST(JunitDocument, IndentedWithCountsFromTheTestcases) {
  EXPECT_EQ(written(two_suites()),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<testsuites name=\"cast_value conformance: impl 1.0\" tests=\"4\" failures=\"1\" "
            "errors=\"1\" skipped=\"1\" time=\"2.500000\">\n"
            "  <testsuite name=\"encode\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"1\" "
            "time=\"2.000000\">\n"
            "    <properties>\n"
            "      <property name=\"mode\" value=\"vectors\"/>\n"
            "    </properties>\n"
            "    <testcase classname=\"encode\" name=\"float16 -&gt; int8\" time=\"2.000000\">\n"
            "      <properties>\n"
            "        <property name=\"fail\" value=\"3\"/>\n"
            "      </properties>\n"
            "      <failure type=\"fail\" message=\"3 failed\">wrong value\n"
            "  e.g. 0x01</failure>\n"
            "    </testcase>\n"
            "    <testcase classname=\"encode\" name=\"int8 -&gt; int16\" time=\"0\">\n"
            "      <skipped message=\"unsupported\"/>\n"
            "    </testcase>\n"
            "  </testsuite>\n"
            "  <testsuite name=\"run\" tests=\"2\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
            "    <testcase classname=\"run\" name=\"completion\">\n"
            "      <error type=\"aborted\" message=\"run aborted\"/>\n"
            "      <system-err>1 incident\n"
            "</system-err>\n"
            "    </testcase>\n"
            "    <testcase classname=\"run\" name=\"empty\"/>\n"
            "  </testsuite>\n"
            "</testsuites>\n");
}

TEST(JunitDocument, CompactWithoutTotalsOrSkippedCounts) {
  JunitDocument document;
  document.totals = false;
  document.layout = JunitLayout::Compact;
  JunitSuite stores{"stores", {}, {}, {}};
  stores.testcases.push_back({"stores.decode", "decode/a", {}, {}, {}});
  stores.testcases.push_back({"stores.decode", "decode/b", {}, {}, {}});
  stores.testcases.back().results.push_back({Kind::Failure, {}, "value[3]", "value[3]\nand more"});
  stores.testcases.push_back({"stores.open", "open/c", {}, {}, {}});
  stores.testcases.back().results.push_back({Kind::Failure, {}, "empty text", ""});
  document.suites.push_back(stores);
  EXPECT_EQ(written(document),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<testsuites>\n"
            "  <testsuite name=\"stores\" tests=\"3\" failures=\"2\" errors=\"0\" skipped=\"0\">\n"
            "    <testcase classname=\"stores.decode\" name=\"decode/a\"></testcase>\n"
            "    <testcase classname=\"stores.decode\" name=\"decode/b\"><failure "
            "message=\"value[3]\">value[3]\nand more</failure></testcase>\n"
            "    <testcase classname=\"stores.open\" name=\"open/c\"><failure message=\"empty "
            "text\"></failure></testcase>\n"
            "  </testsuite>\n"
            "</testsuites>\n");
  document.totals = true;
  document.counts_skipped = false;
  EXPECT_NE(written(document).find("<testsuites tests=\"3\" failures=\"2\" errors=\"0\">"),
            std::string::npos);
  EXPECT_NE(written(document).find("tests=\"3\" failures=\"2\" errors=\"0\">\n    <testcase"),
            std::string::npos);
}

TEST(JunitDocument, EscapesEveryNameValueAndText) {
  const std::string nasty = "<b>&\"q'</b>\x1b[31m\nline2\x01 \xff ]]>";
  JunitDocument document;
  document.name = nasty;
  JunitSuite suite{nasty, nasty, {{nasty, nasty}}, {}};
  suite.testcases.push_back({nasty, nasty, nasty, {{nasty, nasty}}, {}});
  suite.testcases.back().results.push_back({Kind::Failure, nasty, nasty, nasty});
  suite.testcases.back().results.push_back({Kind::SystemOut, {}, {}, nasty});
  document.suites.push_back(suite);
  const std::string xml = written(document);
  const std::string attribute =
      "&lt;b&gt;&amp;&quot;q&#39;&lt;/b&gt;\\x1b[31m&#10;line2\\x01 \xEF\xBF\xBD ]]&gt;";
  const std::string text =
      "&lt;b&gt;&amp;&quot;q&#39;&lt;/b&gt;\\x1b[31m\nline2\\x01 \xEF\xBF\xBD ]]&gt;";
  EXPECT_NE(xml.find("<testsuites name=\"" + attribute + "\""), std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"" + attribute + "\""), std::string::npos);
  EXPECT_NE(xml.find("<property name=\"" + attribute + "\" value=\"" + attribute + "\"/>"),
            std::string::npos);
  EXPECT_NE(xml.find("<testcase classname=\"" + attribute + "\" name=\"" + attribute +
                     "\" time=\"" + attribute + "\">"),
            std::string::npos);
  EXPECT_NE(xml.find("<failure type=\"" + attribute + "\" message=\"" + attribute + "\">" + text +
                     "</failure>"),
            std::string::npos);
  EXPECT_NE(xml.find("<system-out>" + text + "</system-out>"), std::string::npos);
  EXPECT_EQ(xml.find('\x1b'), std::string::npos);
  EXPECT_EQ(xml.find('\x01'), std::string::npos);
  EXPECT_EQ(xml.find("<b>"), std::string::npos);
}

}  // namespace
}  // namespace cvc::junit_document_test
