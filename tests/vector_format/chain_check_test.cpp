// The verifier's check of the chain family has teeth: the generated chain.json passes, every case
// recomputed by the slow oracle, and a changed result, a wrong error_at, a dropped alternative, a
// wrong case count and a fill value the chain does not carry back are each reported, naming where.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "generators/chain_family.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/manifest.hpp"
#include "vector_format/vector_check.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::chain_check_test {
namespace {

namespace fs = std::filesystem;

const std::string& chain_file_text() {
  static const std::string text = chain_family_file();
  return text;
}

class ChainCheckTest : public testing::Test {
 protected:
  void SetUp() override {
    root_ =
        fs::temp_directory_path() /
        ("cvc-chain-check-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
    file_ = parse_json_exact(chain_file_text());
  }
  void TearDown() override { fs::remove_all(root_); }

  VectorCheckReport check(std::uint64_t completeness_sample = 1) {
    const std::string text = changed_ ? dump_json_exact(file_) : chain_file_text();
    const std::vector<std::pair<std::string, std::string>> files = {{"chain.json", text}};
    std::ofstream(root_ / "chain.json", std::ios::binary) << text;
    std::ofstream(root_ / "manifest.json") << manifest_text(files);
    VectorCheckOptions options;
    options.completeness_sample = completeness_sample;
    return check_vectors(root_.string(), options);
  }
  // The first case (group, index) for which `pick` holds.
  template <typename Pick>
  std::pair<std::size_t, std::size_t> find_case(Pick pick) const {
    const nlohmann::json& groups = file_["groups"];
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (std::size_t c = 0; c < groups[g]["cases"].size(); ++c)
        if (pick(groups[g]["cases"][c])) return {g, c};
    ADD_FAILURE() << "no such case";
    return {0, 0};
  }
  nlohmann::json& case_at(std::pair<std::size_t, std::size_t> at) {
    changed_ = true;
    return file_["groups"][at.first]["cases"][at.second];
  }
  static bool mentions(const VectorCheckReport& report, const std::string& text) {
    for (const std::string& problem : report.problems)
      if (problem.find(text) != std::string::npos) return true;
    return false;
  }
  static std::string first(const VectorCheckReport& report) {
    return report.problems.empty() ? "(no problem)" : report.problems.front();
  }

  fs::path root_;
  nlohmann::json file_;
  bool changed_ = false;
};

TEST_F(ChainCheckTest, GeneratedChainVectorsPass) {
  const VectorCheckReport report = check(4);
  EXPECT_TRUE(report.problems.empty()) << first(report);
  EXPECT_EQ(report.files, 1u);
  EXPECT_EQ(std::to_string(report.chain_results_checked),
            *json_number_text(file_["number_of_cases"]));
  EXPECT_GT(report.alternatives_checked, 0u);  // some cases depend on a scale_offset reading
  EXPECT_GT(report.completeness_cases, 0u);
}

TEST_F(ChainCheckTest, ChangedResultIsCaught) {
  const auto at = find_case([](const nlohmann::json& item) {
    return item["result"].get<std::string>() == "0x00" && !item.contains("flags");
  });
  case_at(at)["result"] = "0x01";
  const VectorCheckReport report = check(0);
  EXPECT_TRUE(mentions(report, "vector says 0x01, the slow oracle computes 0x00")) << first(report);
}

TEST_F(ChainCheckTest, WrongErrorAtIsCaught) {
  const auto at = find_case([](const nlohmann::json& item) {
    return item.contains("error_at") && item["error_at"] == "codecs[1]";
  });
  case_at(at)["error_at"] = "codecs[0]";
  const VectorCheckReport report = check(0);
  EXPECT_TRUE(mentions(report, " at codecs[0], the slow oracle computes ")) << first(report);
}

TEST_F(ChainCheckTest, DroppedAlternativeIsCaught) {
  const auto at = find_case([](const nlohmann::json& item) { return item.contains("flags"); });
  nlohmann::json& item = case_at(at);
  const std::uint64_t id = std::stoull(*json_number_text(item["id"]));
  item.erase("flags");
  item.erase("alternatives");
  const VectorCheckReport report = check(1);
  EXPECT_TRUE(mentions(report, "case " + std::to_string(id) + ": under ")) << first(report);
  EXPECT_TRUE(mentions(report, "but the case lists no alternative")) << first(report);
}

TEST_F(ChainCheckTest, AnAlternativeWithoutItsFlagIsCaught) {
  const auto at = find_case([](const nlohmann::json& item) { return item.contains("flags"); });
  case_at(at)["flags"] = nlohmann::json::array({"InfClamp"});
  const VectorCheckReport report = check(0);
  EXPECT_TRUE(mentions(report, "\"flags\" does not list exactly the flags of \"alternatives\""))
      << first(report);
}

TEST_F(ChainCheckTest, WrongNumberOfCasesIsCaught) {
  changed_ = true;
  file_["number_of_cases"] = 3;
  EXPECT_TRUE(mentions(check(0), "\"number_of_cases\" is 3 but the file has "));
}

TEST_F(ChainCheckTest, AFillValueTheChainDoesNotCarryBackIsCaught) {
  // NaN through a chain whose cast_value has no scalar_map for it: the round trip fails.
  std::size_t g = 0;
  while (file_["groups"][g]["codecs"].dump().find("scalar_map") != std::string::npos ||
         file_["groups"][g]["codecs"].size() < 2 ||
         file_["groups"][g]["array_data_type"] != "float32")
    ++g;
  changed_ = true;
  file_["groups"][g]["fill_value"] = "NaN";
  const VectorCheckReport report = check(0);
  EXPECT_TRUE(mentions(report, "group " + std::to_string(g) + " (")) << first(report);
  EXPECT_TRUE(mentions(report, "\"fill_value\" \"NaN\" with the group's codecs is not valid"))
      << first(report);
}

}  // namespace
}  // namespace cvc::chain_check_test
