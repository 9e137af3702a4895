// Diagnosis: failures grouped by the known-bug model that reproduces them, unexplained first, the
// simplest case of each group kept with its replay line. The holdout check (every mutant diagnosed
// as its own model for 99% of its failures) runs on the whole vectors in
// tests/long/holdout_test.cpp (label "long"); its short form in CI is
// tests/harness/bug_models/bug_models_test.cpp (each model's mutant, aimed at the vector case that
// catches it, diagnosed as itself).
#include "harness/run/diagnosis.hpp"

#include <gtest/gtest.h>

#include <map>

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

// The rule the diagnosis followed before issue 38, kept as the mutant of its choice of models:
// each bucket credited to the model, among those reproducing it, that reproduces the most failures
// of the whole run (catalogue order on a tie). A model whose run-wide count is swollen by failures
// another model explains better takes failures a broad model explains whole.
std::vector<const BugModel*> most_over_run(const std::vector<ModelCover>& buckets) {
  std::vector<std::uint64_t> reproduced(bug_models().size());
  for (const ModelCover& bucket : buckets)
    for (std::size_t i = 0; i < bug_models().size(); ++i)
      if (bucket.models.contains(i)) reproduced[i] += bucket.cases;
  std::vector<const BugModel*> credited;
  for (const ModelCover& bucket : buckets) {
    const BugModel* model = nullptr;
    for (std::size_t i = 0; i < bug_models().size(); ++i)
      if (bucket.models.contains(i) &&
          (model == nullptr || reproduced[i] > reproduced[bug_model_index(*model)]))
        model = &bug_models()[i];
    credited.push_back(model);
  }
  return credited;
}

// The ids of the groups naming a model in the cell encode float32 -> OUTPUT, with their cases
// there.
std::map<std::string, std::uint64_t> models_in_cell(const std::vector<DiagnosisGroup>& groups,
                                                    std::string_view output) {
  std::map<std::string, std::uint64_t> models;
  for (const DiagnosisGroup& group : groups)
    for (const DiagnosisCell& cell : group.cells)
      if (cell.output == &type(output)) models[group.id()] += cell.cases;
  return models;
}

std::string id_of(std::size_t model) {
  return std::string(bug_models()[model].id);
}

void record_cases(Diagnosis& diagnosis, std::uint64_t models, int cases, std::string_view output) {
  for (int i = 0; i < cases; ++i) record(diagnosis, failure(models, 1, output));
}

// Two partial models and one broad model each reproduce failures of the cell encode float32 ->
// int8: the broad one all 300, the partials 54 and 241 of them (as an adapter calling plain astype
// for every rounding mode met "subnormal results flushed to zero" and "directed-on-magnitude" in
// part). The partials also reproduce 800 of the 1000 failures of encode float32 -> int16, which a
// fourth model explains whole, so each partial reproduces more of the run (454, 641) than the broad
// model (300). (With the three models alone both rules agree: a partial model then reproduces
// fewer failures of the run than the broad one.)
constexpr std::uint64_t kSubnormal = 1u << 0, kDirected = 1u << 1, kBroad = 1u << 2,
                        kOtherCell = 1u << 3;

// The broad model's cell recorded into `broad_cell`, the fourth model's into `other_cell` (one
// diagnosis for a whole run, two for shards).
void record_partial_and_broad(Diagnosis& broad_cell, Diagnosis& other_cell) {
  record_cases(broad_cell, kSubnormal | kBroad, 54, "int8");
  record_cases(broad_cell, kDirected | kBroad, 241, "int8");
  record_cases(broad_cell, kBroad, 5, "int8");
  record_cases(other_cell, kSubnormal | kOtherCell, 400, "int16");
  record_cases(other_cell, kDirected | kOtherCell, 400, "int16");
  record_cases(other_cell, kOtherCell, 200, "int16");
}

Diagnosis partial_and_broad_models() {
  Diagnosis diagnosis;
  record_partial_and_broad(diagnosis, diagnosis);
  return diagnosis;
}

// The fewest models explaining the most cases: the broad model alone in its cell, the fourth alone
// in the other, the partial models nowhere.
TEST(Diagnosis, ABroadModelExplainsItsCellAloneNotThePartialOnes) {
  const std::vector<DiagnosisGroup> groups = partial_and_broad_models().groups();
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].model, &bug_models()[3]);
  EXPECT_EQ(groups[0].cases, 1000u);
  EXPECT_EQ(groups[1].model, &bug_models()[2]);
  EXPECT_EQ(models_in_cell(groups, "int8"),
            (std::map<std::string, std::uint64_t>{{id_of(2), 300}}));
}

// The test above has teeth: under the rule it replaced (the mutant most_over_run) the partial
// models take their failures of the broad model's cell, four groups instead of two.
TEST(Diagnosis, TheRuleItReplacedSplitsTheCellBetweenPartialModels) {
  const std::vector<DiagnosisGroup> groups = partial_and_broad_models().groups(most_over_run);
  EXPECT_EQ(groups.size(), 4u);
  EXPECT_EQ(models_in_cell(groups, "int8"),
            (std::map<std::string, std::uint64_t>{{id_of(0), 54}, {id_of(1), 241}, {id_of(2), 5}}));
}

// A tie on the failures left goes to the narrower model (fewer failures reproduced over the run),
// not to the earlier in the catalogue: after model 2 takes its 13, models 0 and 1 each reproduce
// the 2 left, model 0 reproduces 5 over the run and model 1 only those 2.
TEST(Diagnosis, ATieGoesToTheNarrowerModel) {
  Diagnosis diagnosis;
  record_cases(diagnosis, 0b100, 10, "int8");
  record_cases(diagnosis, 0b101, 3, "int8");
  record_cases(diagnosis, 0b011, 2, "int16");
  const std::vector<DiagnosisGroup> groups = diagnosis.groups();
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].model, &bug_models()[2]);
  EXPECT_EQ(groups[1].model, &bug_models()[1]);
  EXPECT_EQ(groups[1].cases, 2u);
}

// Shards merged (their buckets added, as cvc merge-reports does) are diagnosed as the whole run:
// the cover is computed over the merged buckets, not per shard.
TEST(Diagnosis, MergedShardsAreCoveredAsTheWholeRun) {
  Diagnosis first, second;
  record_partial_and_broad(first, second);
  Diagnosis merged;
  for (const Diagnosis* shard : {&first, &second})
    for (const Diagnosis::BucketEntry& bucket : shard->buckets()) merged.add_bucket(bucket);
  const std::vector<DiagnosisGroup> whole = partial_and_broad_models().groups();
  const std::vector<DiagnosisGroup> groups = merged.groups();
  ASSERT_EQ(groups.size(), whole.size());
  for (std::size_t i = 0; i < groups.size(); ++i) {
    EXPECT_EQ(groups[i].id(), whole[i].id());
    EXPECT_EQ(groups[i].cases, whole[i].cases);
  }
  // Alone, a shard names its broad model only too.
  EXPECT_EQ(first.groups().size(), 1u);
}

// cvc replay and cvc fuzz name first the model the diagnosis credits with the one case alone: every
// model ties there (one failure each, over a run of one), so the earliest in the catalogue.
TEST(Diagnosis, OneCaseNamesTheModelItsDiagnosisCreditsFirst) {
  const std::vector<const BugModel*> named = models_credited_first(BugModelSet::from_mask(0b10110));
  ASSERT_EQ(named.size(), 3u);
  EXPECT_EQ(named[0], &bug_models()[1]);
  EXPECT_EQ(named[0], fewest_models_cover({{BugModelSet::from_mask(0b10110), 1}}).front());
  EXPECT_EQ(named[2], &bug_models()[4]);
  EXPECT_TRUE(models_credited_first(BugModelSet()).empty());
}

// A model that explains a cell only in part says so, with the share it explains (rounded down).
TEST(Diagnosis, ACellExplainedInPartSaysItsShare) {
  const DiagnosisCell cell{"encode", &type("float64"), &type("float16"), 104};
  EXPECT_EQ(explained_cell_text(cell, 104), "104 of 104 failures in encode float64 -> float16");
  EXPECT_EQ(explained_cell_text(cell, 130),
            "104 of 130 failures in encode float64 -> float16 (80.0%)");
  const DiagnosisCell almost{"encode", &type("float64"), &type("float16"), 999};
  EXPECT_EQ(explained_cell_text(almost, 1000),
            "999 of 1000 failures in encode float64 -> float16 (99.9%)");
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
