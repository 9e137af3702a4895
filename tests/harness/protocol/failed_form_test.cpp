// The forms of an answer's "failed" list (harness/protocol/PROTOCOL.md, "Failed ranges"): indices
// become canonical ranges, and mark_failed takes each form's canonical lists and names what is
// wrong with any other.
#include "harness/protocol/failed_form.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace cvc::failed_form_test {
namespace {

std::vector<bool> marked(const FailedList& list, std::size_t count) {
  std::vector<bool> refused(count, false);
  const std::optional<std::string> why = mark_failed(list, list.form, refused);
  EXPECT_FALSE(why.has_value()) << *why;
  return refused;
}

TEST(FailedForm, NamesReadBack) {
  for (const FailedForm form : {FailedForm::Indices, FailedForm::Ranges})
    EXPECT_EQ(parse_failed_form(failed_form_name(form)), form);
  EXPECT_FALSE(parse_failed_form("bitmap").has_value());
}

TEST(FailedForm, RangesOfIndicesMarkTheSameElements) {
  EXPECT_EQ(failed_ranges_of(std::vector<std::uint64_t>{}), std::vector<std::uint64_t>{});
  EXPECT_EQ(failed_ranges_of(std::vector<std::uint64_t>{0, 1, 2, 5, 7, 8}),
            (std::vector<std::uint64_t>{0, 3, 5, 6, 7, 9}));
  std::mt19937_64 random(25);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t count = 1 + random() % 300;
    std::vector<std::uint64_t> indices;
    for (std::uint64_t i = 0; i < count; ++i)
      if (random() % 3 == 0) indices.push_back(i);
    const FailedList ranges{FailedForm::Ranges, failed_ranges_of(indices)};
    EXPECT_EQ(marked(ranges, count), marked({FailedForm::Indices, indices}, count));
  }
}

// mark_failed refuses `list` (8 elements), saying `says`.
void expect_named(const FailedList& list, FailedForm expected, const std::string& says) {
  std::vector<bool> refused(8, false);
  const std::optional<std::string> why = mark_failed(list, expected, refused);
  ASSERT_TRUE(why.has_value()) << says;
  EXPECT_NE(why->find(says), std::string::npos) << *why;
}

TEST(FailedForm, EveryNonCanonicalListIsNamed) {
  using enum FailedForm;
  expect_named({Ranges, {0, 2}}, Indices, "but the hello chose indices");
  expect_named({Indices, {1}}, Ranges, "but the hello chose ranges");
  expect_named({Indices, {2, 1}}, Indices, "ascending");
  expect_named({Indices, {1, 1}}, Indices, "without repeats");
  expect_named({Indices, {8}}, Indices, "8, which is not an element index of the request");
  expect_named({Ranges, {0, 2, 5}}, Ranges, "[begin, end] ranges");
  expect_named({Ranges, {2, 2}}, Ranges, "begin < end");
  expect_named({Ranges, {3, 2}}, Ranges, "begin < end");
  expect_named({Ranges, {0, 9}}, Ranges, "<= count");
  expect_named({Ranges, {0, 2, 2, 4}}, Ranges, "not touching");
  expect_named({Ranges, {3, 5, 0, 1}}, Ranges, "ascending");
  // An empty list has either form.
  std::vector<bool> refused(8, false);
  EXPECT_FALSE(mark_failed({Indices, {}}, Ranges, refused).has_value());
}

}  // namespace
}  // namespace cvc::failed_form_test
