// One JUnit XML document (testsuites, testsuite, testcase: the form CI systems read), written with
// every attribute value and text escaped through text_escape.hpp. The JUnit reports of cvc run,
// cvc check-store and cvc fuzz are each built as a JunitDocument and written by
// write_junit_document, which alone writes the XML. The counts of a suite and of the document
// (tests, failures, errors, skipped) are never given: they are those of the testcases.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace cvc {

struct JunitProperty {
  std::string name;
  std::string value;
};

// One element of a testcase: <failure>, <error>, <skipped>, <system-out> or <system-err>.
struct JunitResult {
  enum class Kind { Failure, Error, Skipped, SystemOut, SystemErr };
  Kind kind = Kind::Failure;
  std::optional<std::string> type;     // the type attribute
  std::optional<std::string> message;  // the message attribute
  std::optional<std::string> text;     // the element's text; without it the element is empty
};

struct JunitTestcase {
  std::string classname;
  std::string name;
  std::optional<std::string> time;  // seconds, as the report writes them
  std::vector<JunitProperty> properties;
  std::vector<JunitResult> results;  // none: the testcase passed
};

struct JunitSuite {
  std::string name;
  std::optional<std::string> time;
  std::vector<JunitProperty> properties;
  std::vector<JunitTestcase> testcases;
};

enum class JunitLayout {
  Indented,  // every element on a line of its own, two spaces deeper than its parent
  Compact,   // a testcase and what it holds on one line
};

struct JunitDocument {
  std::optional<std::string> name;  // <testsuites name>
  std::optional<std::string> time;  // <testsuites time>
  bool totals = true;               // <testsuites> carries the counts over every suite
  bool counts_skipped = true;       // the counts include a skipped attribute
  JunitLayout layout = JunitLayout::Indented;
  std::vector<JunitSuite> suites;
};

void write_junit_document(const JunitDocument& document, std::ostream& out);

}  // namespace cvc
