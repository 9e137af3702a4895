// fold_prose and fold_command: every line within the width where a break exists, and a folded
// command that /bin/sh reads back as the same words (JSON words as the same JSON).
#include "harness/text/line_fold.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/text/shell_quote.hpp"

namespace cvc::line_fold_test {
namespace {

// The words /bin/sh reads from `arguments` (a command line's words after its program).
std::vector<std::string> shell_words(const std::string& arguments) {
  const std::string command = "printf '%s\\0' " + arguments;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return {"(popen failed)"};
  std::string output;
  std::array<char, 256> buffer{};
  std::size_t read = 0;
  while ((read = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    output.append(buffer.data(), read);
  ::pclose(pipe);
  std::vector<std::string> words;
  std::size_t start = 0;
  for (std::size_t end = output.find('\0'); end != std::string::npos;
       start = end + 1, end = output.find('\0', start))
    words.push_back(output.substr(start, end - start));
  return words;
}

// A word compared as JSON when it is JSON (whitespace between tokens does not count).
std::string canonical(const std::string& word) {
  if (word.empty() || (word[0] != '{' && word[0] != '[')) return word;
  try {
    return nlohmann::json::parse(word).dump();
  } catch (const nlohmann::json::exception&) {
    return word;
  }
}

std::string joined(const std::vector<std::string>& lines, const std::string& indent) {
  return join_folded(lines, indent);
}

TEST(LineFoldTest, ProseBreaksAtSpacesAndCutsOverlongWords) {
  EXPECT_EQ(fold_prose("one two three", 7), (std::vector<std::string>{"one two", "three"}));
  EXPECT_EQ(fold_prose("short", 80), (std::vector<std::string>{"short"}));
  EXPECT_EQ(fold_prose("abcdefghij", 4), (std::vector<std::string>{"abcd", "efgh", "ij"}));
  // A cut never splits a UTF-8 sequence: "é" is two bytes.
  EXPECT_EQ(fold_prose("ab\xc3\xa9", 3), (std::vector<std::string>{"ab", "\xc3\xa9"}));
}

TEST(LineFoldTest, ACommandFoldedIsReadBackAsTheSameWords) {
  const std::string request =
      R"({"array_data_type":"float16","cmd":"cast","codec":{"configuration":{"data_type":"int8",)"
      R"("scalar_map":{"encode":[[0.9995,1],[65500.0,2],["0x3bff",6]]},"note":"a, b's"},)"
      R"("name":"cast_value"},"count":1,"direction":"encode","elements":"0000","id":1})";
  const std::string arguments = "--impl " + shell_quoted("harness/adapters/zarr python/run.sh") +
                                " --seed 7 " + shell_quoted(request);
  for (const std::size_t width : {20U, 40U, 80U, 120U}) {
    const std::vector<std::string> lines = fold_command(arguments, width);
    EXPECT_GT(lines.size(), 1U) << width;
    const std::vector<std::string> original = shell_words(arguments);
    const std::vector<std::string> folded = shell_words(joined(lines, "        "));
    ASSERT_EQ(folded.size(), original.size()) << joined(lines, "|");
    for (std::size_t i = 0; i < original.size(); ++i)
      EXPECT_EQ(canonical(folded[i]), canonical(original[i])) << width << ": " << folded[i];
  }
}

TEST(LineFoldTest, ACommandIsNeverBrokenInsideAStringOrAQuotedNonJsonWord) {
  // The only places: the spaces outside quotes, and the comma after "a" (not the one in "b,c").
  const std::vector<std::string> lines = fold_command(R"(x 'one, two' '{"a":1,"b":"c,d"}' y)", 1);
  EXPECT_EQ(lines, (std::vector<std::string>{"x \\", R"('one, two' \)", R"('{"a":1,)",
                                             R"("b":"c,d"}' \)", "y"}));
}

TEST(LineFoldTest, ACommandWithNoPlaceToBreakStaysWhole) {
  const std::string word = shell_quoted(std::string(300, 'x'));
  EXPECT_EQ(fold_command(word, 80), std::vector<std::string>{word});
}

}  // namespace
}  // namespace cvc::line_fold_test
