// cvc fuzz on chains (harness/fuzz/chain_codecs.*, the chain parts of scenario.*, scenario_check.*
// and chain_shrink_candidates.*): the generator draws scale_offset, alias and transpose chains
// with operands from the array type's landmarks; the checker judges a chain through the whole
// chain (the oracle's encode_through), the shrinker reduces a failing chain and keeps its bug,
// and the mutant scale-offset-final-check-only is found and shrunk at the fuzzer's defaults.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "harness/fuzz/chain_codecs.hpp"
#include "harness/fuzz/fuzz_issue_drafts.hpp"
#include "harness/fuzz/fuzz_run.hpp"
#include "harness/fuzz/shrink_bound.hpp"
#include "harness/fuzz/shrinker.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc::fuzz_chain_test {
namespace {

using json = nlohmann::json;
const std::string kCvc = CVC_BINARY;

fuzz::ScenarioSpace every_type() {
  fuzz::ScenarioSpace space;
  for (const DataType& type : all_data_types()) space.types.push_back(&type);
  return space;
}

TEST(FuzzChains, TheGeneratorDrawsEveryLeadingCodecWithValidMetadata) {
  const fuzz::ScenarioSpace space = every_type();
  std::set<std::string> kinds;
  std::size_t chains = 0, hex_operands = 0, v2_strings = 0, sharded = 0;
  for (std::uint64_t index = 0; index < 1500; ++index) {
    const fuzz::Scenario scenario = fuzz::generate_scenario(1, index, space);
    for (const std::string& feature : fuzz::features(scenario))
      if (feature.starts_with("chain: ")) kinds.insert(feature);
    if (const auto* validate = std::get_if<fuzz::ValidateScenario>(&scenario))
      sharded += validate->codecs.dump().find("sharding_indexed") != std::string::npos;
    const auto* cast = std::get_if<fuzz::CastScenario>(&scenario);
    if (cast == nullptr || !cast->is_chain()) continue;
    ++chains;
    // Sent only when the oracle accepts the whole chain's metadata, fill value included.
    ASSERT_TRUE(fuzz::oracle_chain(*cast).has_value()) << fuzz::describe(scenario);
    for (const std::uint64_t element : cast->elements)
      EXPECT_EQ(element & ~cast->input().bit_mask(), 0u) << fuzz::describe(scenario);
    const std::string text = dump_json_exact(cast->leading);
    hex_operands += text.find("\"0x") != std::string::npos;
    v2_strings += text.find("\"<") != std::string::npos || text.find("\"|") != std::string::npos;
  }
  EXPECT_GT(chains, 200u);
  EXPECT_EQ(kinds, (std::set<std::string>{"chain: numcodecs.fixedscaleoffset, float astype",
                                          "chain: numcodecs.fixedscaleoffset, integral astype",
                                          "chain: scale_offset", "chain: transpose"}));
  EXPECT_GT(hex_operands, 0u);
  EXPECT_GT(v2_strings, 0u);
  EXPECT_GT(sharded, 0u);
}

TEST(FuzzChains, NoChainIsDrawnForAnAdapterWithoutTheOperation) {
  fuzz::ScenarioSpace space = every_type();
  space.chains = false;
  for (std::uint64_t index = 0; index < 300; ++index) {
    const fuzz::Scenario scenario = fuzz::generate_scenario(1, index, space);
    if (const auto* cast = std::get_if<fuzz::CastScenario>(&scenario)) {
      EXPECT_FALSE(cast->is_chain());
    }
  }
}

// The issue's example: [2^62, 1, -2^62, 2^61] written to an int64 array through scale_offset
// {offset 0, scale 4}. Each product but 1 * 4 is beyond int64, an error by scale_offset.md:47 ("If
// any intermediate or final value produced during encoding or decoding is not representable in
// that data type, implementations MUST treat this as an error").
fuzz::CastScenario int64_product_chain() {
  fuzz::CastScenario scenario;
  scenario.array_type = scenario.data_type = find_data_type("int64");
  scenario.leading =
      json::array({{{"name", "scale_offset"}, {"configuration", {{"offset", 0}, {"scale", 4}}}}});
  scenario.rounding = Rounding::TowardsZero;
  scenario.elements = {1ull << 62, 1, 0 - (1ull << 62), 1ull << 61};
  return scenario;
}

fuzz::CheckResult check_with(const std::string& adapter, const fuzz::Scenario& scenario) {
  fuzz::ScenarioChecker checker({kCvc + " adapter" + adapter});
  std::string why;
  EXPECT_TRUE(checker.start(why)) << why;
  return checker.check(scenario);
}

bool reproduced_by(const fuzz::Mismatch& mismatch, std::string_view model) {
  const BugModel* bug = find_bug_model(model);
  return bug != nullptr && mismatch.models.contains(bug_model_index(*bug));
}

TEST(FuzzChains, TheCheckerJudgesTheWholeChain) {
  const fuzz::CastScenario scenario = int64_product_chain();
  EXPECT_EQ(check_with("", scenario).status, fuzz::CheckStatus::Match);
  const fuzz::CheckResult wrapped = check_with(" --mutant scale-offset-final-check-only", scenario);
  ASSERT_EQ(wrapped.status, fuzz::CheckStatus::Mismatch) << wrapped.detail;
  std::set<std::size_t> failed;
  for (const fuzz::Mismatch& mismatch : wrapped.mismatches) {
    failed.insert(mismatch.element);
    EXPECT_EQ(mismatch.kind, "a value where the oracle gives an error");
    EXPECT_TRUE(reproduced_by(mismatch, "scale-offset-final-check-only"));
  }
  EXPECT_EQ(failed, (std::set<std::size_t>{0, 2, 3}));
}

TEST(FuzzChains, TheShrinkerReducesAChainAndKeepsItsBug) {
  const fuzz::CastScenario original = int64_product_chain();
  fuzz::ScenarioChecker checker({kCvc + " adapter --mutant scale-offset-final-check-only"});
  std::string why;
  ASSERT_TRUE(checker.start(why)) << why;
  const fuzz::CheckResult result = checker.check(original);
  ASSERT_EQ(result.status, fuzz::CheckStatus::Mismatch);
  const fuzz::Shrunk shrunk =
      fuzz::shrink(original, result, result.mismatches.front(), checker, 400);
  const auto& minimal = std::get<fuzz::CastScenario>(shrunk.scenario);
  EXPECT_LT(fuzz::size_key(shrunk.scenario), fuzz::size_key(fuzz::Scenario(original)));
  EXPECT_EQ(fuzz::exceeds_shrink_bound(shrunk.scenario), "") << fuzz::describe(shrunk.scenario);
  // The bug is scale_offset's: the codec stays, its offset goes, the cast's rounding too.
  ASSERT_TRUE(minimal.is_chain()) << fuzz::describe(shrunk.scenario);
  EXPECT_FALSE(minimal.leading[0]["configuration"].contains("offset"))
      << fuzz::describe(shrunk.scenario);
  EXPECT_FALSE(minimal.rounding.has_value());
  EXPECT_TRUE(reproduced_by(shrunk.mismatch, "scale-offset-final-check-only"));
  EXPECT_EQ(checker.check(shrunk.scenario).status, fuzz::CheckStatus::Mismatch);
  checker.close();
  EXPECT_EQ(check_with("", shrunk.scenario).status, fuzz::CheckStatus::Match);
}

fuzz::FuzzOutcome fuzz_at_defaults(const std::string& mutant) {
  fuzz::FuzzOptions options;
  options.checker.command = kCvc + " adapter --mutant " + mutant;
  options.seed = 1;
  options.max_cases = 2000;
  options.max_findings = 1;
  return fuzz::run_fuzz(options);
}

// Teeth: at the fuzzer's defaults (2000 cases, seed 1) each chain model's mutant is found as
// itself and shrunk within the bound (scale-offset-fill-not-threaded through a validate scenario
// with a scale_offset first or a chain whose fill value it refuses).
class FuzzFindsChainMutant : public ::testing::TestWithParam<const char*> {};

TEST_P(FuzzFindsChainMutant, AtTheDefaults) {
  const fuzz::FuzzOutcome outcome = fuzz_at_defaults(GetParam());
  ASSERT_EQ(outcome.findings.size(), 1u) << GetParam() << " not found in 2000 cases";
  const fuzz::Finding& finding = outcome.findings.front();
  EXPECT_TRUE(reproduced_by(finding.mismatch, GetParam())) << finding.models_text();
  EXPECT_EQ(fuzz::exceeds_shrink_bound(finding.scenario), "") << fuzz::describe(finding.scenario);
}

INSTANTIATE_TEST_SUITE_P(
    ChainModels, FuzzFindsChainMutant,
    ::testing::Values("scale-offset-final-check-only", "fixed-scale-offset-non-finite-zero",
                      "scale-offset-javascript-floats", "scale-offset-fill-not-threaded",
                      "scale-offset-javascript-integers", "scalar-map-keys-unrounded",
                      "numcodecs-fixed-scale-offset", "cast-value-checked-with-array-type",
                      "fixed-scale-offset-fill-not-threaded",
                      // zarrs' numcodecs.fixedscaleoffset
                      "fixed-scale-offset-rust-as-saturates", "fixed-scale-offset-round-half-away",
                      "fixed-scale-offset-cast-through-float32",
                      "fixed-scale-offset-float32-operands",
                      "fixed-scale-offset-type-strings-prefixed",
                      "fixed-scale-offset-float16-unsupported"),
    [](const auto& test) {
      std::string name = test.param;
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

// The draft of a chain finding names the chain, the model, the spec's sentence and the commands.
TEST(FuzzChains, TheIssueDraftOfAChainFinding) {
  const fuzz::FuzzOutcome outcome = fuzz_at_defaults("scale-offset-final-check-only");
  ASSERT_EQ(outcome.findings.size(), 1u);
  // Found through the alias with an int64 dtype, where numcodecs' int64 arithmetic wraps alike.
  EXPECT_EQ(fuzz::fuzz_issue_draft_file_name(outcome, 0),
            "01-scale-offset-final-check-only-numcodecs-fixed-scale-offset.md");
  const std::string draft = fuzz::fuzz_issue_draft(outcome, 0);
  EXPECT_NE(draft.find("-> cast_value chain: integer scale_offset range-checked only at the end"),
            std::string::npos)
      << draft;
  EXPECT_NE(draft.find("> scale_offset.md:47"), std::string::npos) << draft;
  EXPECT_NE(draft.find("cvc replay --impl"), std::string::npos) << draft;
  EXPECT_NE(draft.find("\"cmd\":\"chain\""), std::string::npos) << draft;
}

TEST(FuzzChains, TheReferenceAdapterYieldsNothingOnChains) {
  fuzz::FuzzOptions options;
  options.checker.command = kCvc + " adapter";
  options.seed = 1;
  options.max_cases = 600;
  const fuzz::FuzzOutcome outcome = fuzz::run_fuzz(options);
  EXPECT_TRUE(outcome.findings.empty()) << fuzz::describe(outcome.findings.front().scenario);
  EXPECT_GT(outcome.stats.features.at("chain: scale_offset").scenarios, 0u);
  EXPECT_GT(outcome.stats.features.at("chain: transpose").scenarios, 0u);
  EXPECT_EQ(fuzz::fuzz_exit_code(outcome), 0);
}

TEST(FuzzChains, V2TypeStrings) {
  EXPECT_EQ(fuzz::v2_type_string(*find_data_type("int64")), "<i8");
  EXPECT_EQ(fuzz::v2_type_string(*find_data_type("uint8")), "|u1");
  EXPECT_EQ(fuzz::v2_type_string(*find_data_type("float16")), "<f2");
  EXPECT_EQ(fuzz::v2_type_string(*find_data_type("bfloat16")), std::nullopt);
  EXPECT_EQ(fuzz::v2_type_string(*find_data_type("int4")), std::nullopt);
}

}  // namespace
}  // namespace cvc::fuzz_chain_test
