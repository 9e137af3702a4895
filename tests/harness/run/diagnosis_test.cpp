// Diagnosis: failures grouped by the known-bug model that reproduces them, unexplained first, the
// simplest case of each group kept with its replay line. The holdout check (every mutant diagnosed
// as its own model for 99% of its failures) runs on the whole vectors in
// tests/long/holdout_test.cpp (label "long"); its short form in CI is
// tests/harness/bug_models/bug_models_test.cpp (each model's mutant, aimed at the vector case that
// catches it, diagnosed as itself).
#include "harness/run/diagnosis.hpp"

#include <gtest/gtest.h>

#include "harness/protocol/adapter_client.hpp"
#include "harness/reports/run_summary.hpp"

namespace cvc::diagnosis_test {
namespace {

const DataType& type(std::string_view name) {
  return data_type(name);
}

CaseOutcome failure(std::uint64_t models, std::uint64_t simplicity,
                    std::string_view output = "int8", std::string kind = "wrong value") {
  CaseOutcome outcome;
  outcome.operation = "encode";
  outcome.input = &type("float32");
  outcome.output = &type(output);
  outcome.verdict = Verdict::Fail;
  outcome.kind = std::move(kind);
  outcome.models = BugModelSet::from_mask(models);  // models 0 to 63 as bits
  outcome.simplicity = {simplicity, 0, 0, 0, 0};
  outcome.where = "case " + std::to_string(simplicity);
  return outcome;
}

void record(Diagnosis& diagnosis, const CaseOutcome& outcome) {
  if (CaseOutcome* slot = diagnosis.record(outcome)) *slot = outcome;
}

TEST(Diagnosis, UnexplainedFirstThenModelsByCount) {
  Diagnosis diagnosis;
  for (int i = 0; i < 5; ++i) record(diagnosis, failure(0b01, 10 + i));
  for (int i = 0; i < 3; ++i) record(diagnosis, failure(0b10, 20 + i));
  record(diagnosis, failure(0, 30));
  const std::vector<DiagnosisGroup> groups = diagnosis.groups();
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].model, nullptr);
  EXPECT_EQ(groups[0].id(), "unexplained: wrong value");
  EXPECT_EQ(groups[1].model, &bug_models()[0]);
  EXPECT_EQ(groups[1].cases, 5u);
  EXPECT_EQ(groups[2].model, &bug_models()[1]);
  EXPECT_EQ(diagnosis.failures(), 9u);
  EXPECT_EQ(diagnosis.explained(), 8u);
}

// A failure two models reproduce goes to the one that explains more of the run.
TEST(Diagnosis, SharedFailuresGoToTheModelExplainingMost) {
  Diagnosis diagnosis;
  for (int i = 0; i < 4; ++i) record(diagnosis, failure(0b10, 1));
  record(diagnosis, failure(0b11, 2));
  record(diagnosis, failure(0b01, 3));
  const std::vector<DiagnosisGroup> groups = diagnosis.groups();
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].model, &bug_models()[1]);
  EXPECT_EQ(groups[0].cases, 5u);
  EXPECT_EQ(groups[1].model, &bug_models()[0]);
  EXPECT_EQ(groups[1].cases, 1u);
}

TEST(Diagnosis, KeepsTheSimplestCaseAcrossCells) {
  Diagnosis diagnosis;
  record(diagnosis, failure(0b1, 7, "int8"));
  record(diagnosis, failure(0b1, 3, "int16"));
  record(diagnosis, failure(0b1, 5, "int8"));
  const std::vector<DiagnosisGroup> groups = diagnosis.groups();
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].minimal.where, "case 3");
  ASSERT_EQ(groups[0].cells.size(), 2u);
  EXPECT_EQ(groups[0].cells[0].output, &type("int8"));  // matrix order
  EXPECT_EQ(groups[0].cells[0].cases, 2u);
}

TEST(Diagnosis, SimplerMeansFewerSignificantBitsAndDefaults) {
  CastRule rule{&type("float64"), &type("float16"), Rounding::NearestEven, OutOfRange::None, {}};
  const Simplicity one = cast_simplicity(rule, 0x3ff0000000000000);    // 1.0
  const Simplicity third = cast_simplicity(rule, 0x3fd5555555555555);  // 1/3
  EXPECT_LT(one, third);
  CastRule clamped = rule;
  clamped.out_of_range = OutOfRange::Clamp;
  EXPECT_LT(third, cast_simplicity(clamped, 0x3ff0000000000000));
}

TEST(Diagnosis, ReplayLineIsOneElementOfTheRequest) {
  CastRequest request;
  request.direction = Direction::Encode;
  request.array_type = &type("float64");
  request.input = &type("float64");
  request.output = &type("float16");
  request.fill_value = 0;
  request.codec = {{"name", "cast_value"}, {"configuration", {{"data_type", "float16"}}}};
  request.elements = {1, 2, 3};
  CaseOutcome outcome;
  outcome.cast_request = &request;
  outcome.input_bits = 0x3ff0000000000000;
  const nlohmann::json line = nlohmann::json::parse(replay_line(outcome));
  EXPECT_EQ(line["count"], 1);
  EXPECT_EQ(line["elements"], "000000000000f03f");
  EXPECT_EQ(oracle_command(outcome),
            "cvc cast --from float64 --config '{\"data_type\":\"float16\"}' 0x3ff0000000000000");
}

TEST(Diagnosis, AChainCaseIsExplainedByCvcChain) {
  CastRequest request;
  request.direction = Direction::Decode;
  request.array_type = &type("float32");
  request.input = &type("uint8");
  request.output = &type("float32");
  request.fill_value = 10.0;
  request.chain = nlohmann::json::array(
      {{{"name", "scale_offset"}, {"configuration", {{"offset", 10}}}},
       {{"name", "cast_value"}, {"configuration", {{"data_type", "uint8"}}}}});
  request.elements = {7, 8};
  CaseOutcome outcome;
  outcome.cast_request = &request;
  outcome.input_bits = 8;
  EXPECT_EQ(oracle_command(outcome),
            "cvc chain --array-type float32 --fill-value '10.0' --codecs "
            "'[{\"configuration\":{\"offset\":10},\"name\":\"scale_offset\"},"
            "{\"configuration\":{\"data_type\":\"uint8\"},\"name\":\"cast_value\"}]' "
            "--direction decode 0x08");
}

}  // namespace
}  // namespace cvc::diagnosis_test
