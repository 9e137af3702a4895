// BugModelSet past one 64-bit word: the catalogue holds more than 64 models, and a model's bit in
// the second word must be kept, found, ordered and listed like one in the first.
#include <gtest/gtest.h>

#include "harness/bug_models/bug_model.hpp"

namespace cvc::bug_model_set_test {
namespace {

TEST(BugModelSet, AModelPastTheFirstWordIsKeptFoundAndListed) {
  BugModelSet set = BugModelSet::of(70);
  set.insert(3);
  EXPECT_TRUE(set.contains(70));
  EXPECT_TRUE(set.contains(3));
  EXPECT_FALSE(set.contains(6));  // 70 - 64: not the same bit of the first word
  EXPECT_EQ(set.count(), 2u);
  EXPECT_EQ(set.first(), 3u);
  EXPECT_EQ(set.indices(), (std::vector<std::size_t>{3, 70}));
  EXPECT_TRUE(set.intersects(BugModelSet::of(70)));
  EXPECT_FALSE(set.intersects(BugModelSet::of(6)));
  EXPECT_EQ(BugModelSet::of(70).first(), 70u);
}

TEST(BugModelSet, OrderAndKeysTellTheWordsApart) {
  // A set holding a model of the second word is greater than any set of the first word alone,
  // and its key differs from the first-word set with the same bit.
  EXPECT_LT(BugModelSet::from_mask(~std::uint64_t{0}), BugModelSet::of(64));
  EXPECT_NE(BugModelSet::of(64).key(), BugModelSet::of(0).key());
  EXPECT_EQ(BugModelSet::from_mask(0b101), BugModelSet::of(0) | BugModelSet::of(2));
  EXPECT_TRUE(BugModelSet().empty());
  EXPECT_EQ(BugModelSet().first(), BugModelSet::kCapacity);
}

TEST(BugModelSet, EveryCatalogueModelHasABitOfItsOwn) {
  EXPECT_LE(bug_models().size(), kMaxBugModels);
  BugModelSet every;
  for (const BugModel& model : bug_models()) every.insert(bug_model_index(model));
  EXPECT_EQ(every.count(), bug_models().size());
  EXPECT_THROW(every.insert(BugModelSet::kCapacity), std::out_of_range);
}

}  // namespace
}  // namespace cvc::bug_model_set_test
