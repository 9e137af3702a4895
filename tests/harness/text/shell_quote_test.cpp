// shell_quoted: the exact text of the word, and what /bin/sh reads back from it.
#include "harness/text/shell_quote.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>

namespace cvc::shell_quote_test {
namespace {

// What `/bin/sh -c "printf %s WORD"` prints: the word as the shell reads it.
std::string read_back(const std::string& word) {
  const std::string command = "printf %s " + word;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return "(popen failed)";
  std::string output;
  std::array<char, 256> buffer{};
  std::size_t read = 0;
  while ((read = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    output.append(buffer.data(), read);
  ::pclose(pipe);
  return output;
}

TEST(ShellQuoteTest, WritesSingleQuotedWords) {
  EXPECT_EQ(shell_quoted(""), "''");
  EXPECT_EQ(shell_quoted("build/cvc adapter"), "'build/cvc adapter'");
  EXPECT_EQ(shell_quoted("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quoted("'"), "''\\'''");
  EXPECT_EQ(shell_quoted("a\nb"), "'a\nb'");
  EXPECT_EQ(shell_quoted(R"({"cmd":"hello","protocol":1})"), R"('{"cmd":"hello","protocol":1}')");
}

TEST(ShellQuoteTest, TheShellReadsBackTheTextExactly) {
  for (const std::string& text :
       {std::string(), std::string("plain"), std::string("two words"), std::string("'"),
        std::string("''"), std::string("it's \"quoted\""), std::string("line 1\nline 2\n"),
        std::string("$HOME `id` $(id) \\ * ? ~ ; | & < > # !"), std::string("tab\there"),
        std::string("\xE2\x80\xA6 \xEF\xBF\xBD")})
    EXPECT_EQ(read_back(shell_quoted(text)), text) << text;
}

}  // namespace
}  // namespace cvc::shell_quote_test
