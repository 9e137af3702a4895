// One case of encode float16 -> int8 (1.0 expected as 0x01), passed or not, for the tests of the
// reports that need a run of a few cases and no more.
#pragma once

#include <string>

#include "harness/run/run_result.hpp"
#include "oracle/data_type.hpp"

namespace cvc::test_support {

inline CaseOutcome sample_outcome(Verdict verdict, std::string rule = "nearest-even") {
  CaseOutcome outcome;
  outcome.family = "cast";
  outcome.where = "cast/float16.json group 1 case 2";
  outcome.operation = "encode";
  outcome.input = &data_type("float16");
  outcome.output = &data_type("int8");
  outcome.configuration = R"({"data_type":"int8"})";
  outcome.rule = std::move(rule);
  outcome.input_text = "0x3c00 (1)";
  outcome.expected = "0x01 (1)";
  outcome.got = verdict == Verdict::Pass ? "0x01 (1)" : "0x00 (0)";
  outcome.verdict = verdict;
  if (verdict == Verdict::Fail) outcome.kind = "wrong value";
  return outcome;
}

}  // namespace cvc::test_support
