// The streaming JSON reader of the vector files (vector_format/json_cursor.hpp) accepts exactly
// what parse_json_exact accepts, and reads the same trees: checked on hand-picked edge cases
// (escapes, UTF-8, repeated keys, nesting and number limits) and on thousands of random
// mutations of a piece of a real vector file.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "oracle/io/json_exact.hpp"
#include "vector_format/json_cursor.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::vector_json_cursor_test {
namespace {

// The tree the cursor reads, or nullopt when it refuses the text.
std::optional<std::string> read_with_cursor(std::string_view text) {
  try {
    JsonCursor cursor(text);
    const nlohmann::json value = cursor.read_json();
    cursor.end_document();
    return dump_json_exact(value);
  } catch (const JsonError&) {
    return std::nullopt;
  }
}

// Whether skipping the value (the path that builds nothing) accepts the text.
bool skip_accepts(std::string_view text) {
  try {
    JsonCursor cursor(text);
    cursor.skip_value();
    cursor.end_document();
    return true;
  } catch (const JsonError&) {
    return false;
  }
}

std::optional<std::string> read_with_parser(std::string_view text) {
  try {
    return dump_json_exact(parse_json_exact(text));
  } catch (const JsonError&) {
    return std::nullopt;
  }
}

void expect_same_verdict(const std::string& text) {
  const std::optional<std::string> expected = read_with_parser(text);
  EXPECT_EQ(read_with_cursor(text), expected) << "text: " << text;
  EXPECT_EQ(skip_accepts(text), expected.has_value()) << "text: " << text;
}

TEST(JsonCursor, AgreesWithTheParserOnEdgeCases) {
  const std::vector<std::string> texts = {"",
                                          " ",
                                          "{}",
                                          "[]",
                                          "0",
                                          "-0",
                                          "01",
                                          "1.",
                                          ".5",
                                          "1.5e",
                                          "1e400",
                                          "-1.50E+02",
                                          "1-2",
                                          "true",
                                          "tru",
                                          "nulll",
                                          "[1,]",
                                          "[,1]",
                                          "{,}",
                                          "{\"a\":1,}",
                                          "{\"a\" 1}",
                                          "{\"a\":1}x",
                                          "{\"a\":1,\"a\":2}",
                                          "{\"a\":1,\"\\u0061\":2}",
                                          "{\"a\":{\"a\":1}}",
                                          "\"\\u00e9\"",
                                          "\"\\ud83d\\ude00\"",
                                          "\"\\ud83d\"",
                                          "\"\\ude00\"",
                                          "\"\\ud83dx\"",
                                          "\"\\u12\"",
                                          "\"\\x\"",
                                          "\"\t\"",
                                          "\"\x7f\"",
                                          "\"\xc3\xa9\"",
                                          "\"\xc0\xaf\"",
                                          "\"\xed\xa0\x80\"",
                                          "\"\xf4\x90\x80\x80\"",
                                          "\"\xf0\x9f\x98\x80\"",
                                          "\"\xe2\x82\"",
                                          "\xc3\xa9",
                                          "\"abc",
                                          "[\"a\" \"b\"]",
                                          "\xef\xbb\xbf{}",
                                          "\xef\xbb{}",
                                          " \xef\xbb\xbf{}",
                                          "{\"\":0}",
                                          "[1 2]",
                                          "\n[\r\t1 ]\n",
                                          std::string("\"a\0b\"", 5),
                                          "\"\\u0000\"",
                                          "{\"a\":1, \"b\":[true,false,null,{}]}"};
  for (const std::string& text : texts) expect_same_verdict(text);
}

// A string's plain run is scanned apart from the rest of it: each byte that ends the run (a quote,
// an escape, a control character, a multi-byte or invalid UTF-8 sequence; 0x7f does not) at each
// place of a long string, as a value and as a key, and strings of each length up to 19.
TEST(JsonCursor, AgreesWithTheParserWhereverAPlainRunEnds) {
  const std::vector<std::string> enders = {"\"",   "\\n",  "\\u0041",  "\t",   std::string(1, '\0'),
                                           "\x1f", "\x7f", "\xc3\xa9", "\xff", "\xe2\x82",
                                           "\x80"};
  for (const std::string& ender : enders)
    for (std::size_t at = 0; at < 20; ++at) {
      const std::string inside = std::string(at, 'a') + ender + std::string(20 - at, 'b');
      expect_same_verdict("\"" + inside + "\"");
      expect_same_verdict("{\"" + inside + "\":1}");
    }
  for (std::size_t length = 0; length < 20; ++length)
    expect_same_verdict("[\"" + std::string(length, 'x') + "\",\"" + std::string(length, 'y') +
                        "\"]");
}

TEST(JsonCursor, AgreesWithTheParserOnTheLimits) {
  for (const std::size_t depth : {kMaxJsonDepth - 1, kMaxJsonDepth, kMaxJsonDepth + 1})
    expect_same_verdict(std::string(depth, '[') + std::string(depth, ']'));
  for (const std::size_t digits : {kMaxJsonNumberChars, kMaxJsonNumberChars + 1}) {
    // Appended piece by piece: "[" + std::string(...) trips GCC 12's false -Wstringop-overflow.
    std::string number = "[";
    number.append(digits, '7').append("]");
    expect_same_verdict(number);
  }
  // An object of many keys (the cursor's key set grows past its short list).
  std::string many = "{";
  for (int i = 0; i < 100; ++i) many += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":1";
  expect_same_verdict(many + "}");
  expect_same_verdict(many + ",\"k57\":2}");
}

TEST(JsonCursor, AgreesWithTheParserOnMutatedVectorText) {
  // A vector file's shape: header, a group, cases with results, flags and alternatives.
  const std::string seed =
      "{\"schema\":\"cast-value-vectors\",\"schema_version\":1,\"number_of_cases\":12,"
      "\"notes\":{\"E8M0Tie\":{\"alternatives\":[\"even-exponent\"]}},\"groups\":[\n"
      "{\"array_data_type\":\"int8\",\"configurations\":[{\"rounding\":\"nearest-even\"},"
      "{\"out_of_range\":\"clamp\",\"rounding\":\"towards-zero\"}],\"fill_value\":-0.5e-3,"
      "\"cases\":[\n{\"id\":1,\"input\":\"0x00\",\"results\":[\"0x00\",\"error:out_of_range\"]},"
      "\n{\"id\":2,\"input\":\"0x7f\",\"results\":[\"0x7f\"],\"alternatives\":{\"A=b\":{\"0\":"
      "\"0x01\"}},\"flags\":[\"A\"],\"note\":\"caf\\u00e9 \xc3\xa9\"}]}]}";
  expect_same_verdict(seed);
  const std::string alphabet = "{}[]\",:0123456789eE.+- \\utfnlr\x80\xc3\xa9\xed\xf4\x01";
  std::mt19937 random(12);  // fixed: the same mutations on every run
  for (int trial = 0; trial < 4000; ++trial) {
    std::string text = seed;
    const int edits = 1 + static_cast<int>(random() % 3);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = random() % text.size();
      const char c = alphabet[random() % alphabet.size()];
      switch (random() % 3) {
        case 0:
          text[at] = c;
          break;
        case 1:
          text.insert(text.begin() + static_cast<long>(at), c);
          break;
        default:
          text.erase(at, 1);
      }
    }
    expect_same_verdict(text);
    if (HasFailure()) return;  // one example is enough to read
  }
}

TEST(JsonCursor, ErrorsNameTheByteLineAndColumn) {
  try {
    JsonCursor cursor("{\"a\":1,\n \"b\":[1,,2]}");
    cursor.skip_value();
    FAIL() << "accepted";
  } catch (const JsonError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("byte 17 (line 2, column 9)"), std::string::npos) << message;
    EXPECT_NE(message.find("near \"{\\\"a\\\":1,\\n \\\"b\\\":[1,,\""), std::string::npos)
        << message;
    EXPECT_EQ(error.position(), 17u);
  }
}

TEST(JsonCursor, AMarkReadsTheSameValueAgain) {
  JsonCursor cursor("{\"later\":[1,{\"x\":\"y\"}],\"first\":2}");
  cursor.begin_object();
  std::string_view key;
  ASSERT_TRUE(cursor.next_member(key));
  const JsonCursor::Mark later = cursor.mark();
  const std::string skipped(cursor.skip_value());
  ASSERT_TRUE(cursor.next_member(key));
  EXPECT_EQ(key, "first");
  EXPECT_EQ(cursor.read_number(), "2");
  EXPECT_FALSE(cursor.next_member(key));
  const JsonCursor::Mark end = cursor.mark();
  cursor.seek(later);
  EXPECT_EQ(dump_json_exact(cursor.read_json()), skipped);
  cursor.seek(end);
  cursor.end_document();
}

}  // namespace
}  // namespace cvc::vector_json_cursor_test
