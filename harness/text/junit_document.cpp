#include "harness/text/junit_document.hpp"

#include <cstddef>
#include <string_view>

#include "harness/text/text_escape.hpp"

namespace cvc {
namespace {

std::string attribute(std::string_view name, std::string_view value) {
  std::string text(1, ' ');  // appended, not " " + ...: GCC 12 warns falsely (-Wrestrict)
  text.append(name).append("=\"").append(escape_markup_attribute(value)).push_back('"');
  return text;
}

std::string optional_attribute(std::string_view name, const std::optional<std::string>& value) {
  return value ? attribute(name, *value) : std::string();
}

struct Counts {
  std::size_t tests = 0, failures = 0, errors = 0, skipped = 0;

  void add(const Counts& other) {
    tests += other.tests;
    failures += other.failures;
    errors += other.errors;
    skipped += other.skipped;
  }
};

bool holds(const JunitTestcase& testcase, JunitResult::Kind kind) {
  for (const JunitResult& result : testcase.results)
    if (result.kind == kind) return true;
  return false;
}

Counts counts_of(const JunitSuite& suite) {
  Counts counts;
  for (const JunitTestcase& testcase : suite.testcases) {
    ++counts.tests;
    counts.failures += holds(testcase, JunitResult::Kind::Failure);
    counts.errors += holds(testcase, JunitResult::Kind::Error);
    counts.skipped += holds(testcase, JunitResult::Kind::Skipped);
  }
  return counts;
}

std::string counts_attributes(const Counts& counts, bool with_skipped) {
  std::string text = attribute("tests", std::to_string(counts.tests)) +
                     attribute("failures", std::to_string(counts.failures)) +
                     attribute("errors", std::to_string(counts.errors));
  if (with_skipped) text += attribute("skipped", std::to_string(counts.skipped));
  return text;
}

std::string_view tag_of(JunitResult::Kind kind) {
  switch (kind) {
    case JunitResult::Kind::Failure:
      return "failure";
    case JunitResult::Kind::Error:
      return "error";
    case JunitResult::Kind::Skipped:
      return "skipped";
    case JunitResult::Kind::SystemOut:
      return "system-out";
    case JunitResult::Kind::SystemErr:
      return "system-err";
  }
  return "failure";
}

std::string result_element(const JunitResult& result) {
  const std::string_view tag = tag_of(result.kind);
  std::string text = "<";
  text.append(tag)
      .append(optional_attribute("type", result.type))
      .append(optional_attribute("message", result.message));
  if (!result.text) return text + "/>";
  text.append(">").append(escape_markup(*result.text)).append("</").append(tag).append(">");
  return text;
}

// The properties, one a line at `indent`, or all on the current line when `indent` is empty.
void write_properties(const std::vector<JunitProperty>& properties, std::string_view indent,
                      std::ostream& out) {
  if (properties.empty()) return;
  const std::string_view line_end = indent.empty() ? "" : "\n";
  const std::string_view deeper = indent.empty() ? "" : "  ";
  out << indent << "<properties>" << line_end;
  for (const JunitProperty& property : properties)
    out << indent << deeper << "<property" << attribute("name", property.name)
        << attribute("value", property.value) << "/>" << line_end;
  out << indent << "</properties>" << line_end;
}

void write_testcase(const JunitTestcase& testcase, JunitLayout layout, std::ostream& out) {
  out << "    <testcase" << attribute("classname", testcase.classname)
      << attribute("name", testcase.name) << optional_attribute("time", testcase.time);
  if (layout == JunitLayout::Compact) {
    out << ">";
    write_properties(testcase.properties, "", out);
    for (const JunitResult& result : testcase.results) out << result_element(result);
    out << "</testcase>\n";
    return;
  }
  if (testcase.properties.empty() && testcase.results.empty()) {
    out << "/>\n";
    return;
  }
  out << ">\n";
  write_properties(testcase.properties, "      ", out);
  for (const JunitResult& result : testcase.results)
    out << "      " << result_element(result) << "\n";
  out << "    </testcase>\n";
}

}  // namespace

void write_junit_document(const JunitDocument& document, std::ostream& out) {
  Counts all;
  for (const JunitSuite& suite : document.suites) all.add(counts_of(suite));
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"
      << optional_attribute("name", document.name);
  if (document.totals) out << counts_attributes(all, document.counts_skipped);
  out << optional_attribute("time", document.time) << ">\n";
  for (const JunitSuite& suite : document.suites) {
    out << "  <testsuite" << attribute("name", suite.name)
        << counts_attributes(counts_of(suite), document.counts_skipped)
        << optional_attribute("time", suite.time) << ">\n";
    write_properties(suite.properties, "    ", out);
    for (const JunitTestcase& testcase : suite.testcases)
      write_testcase(testcase, document.layout, out);
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

}  // namespace cvc
