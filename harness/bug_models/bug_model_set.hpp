// A set of known-bug models: bit i for bug_models()[i] (harness/bug_models/bug_model.hpp). A
// value type, ordered (a key of the diagnosis' buckets), with room for kCapacity models: the
// catalogue outgrew one 64-bit word, and a set is copied per failing case, so it stays a few
// words instead of a heap-allocated bitset.
#pragma once

#include <array>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace cvc {

class BugModelSet {
 public:
  static constexpr std::size_t kCapacity = 256;

  constexpr BugModelSet() = default;
  // The set of the one model at `index`.
  static constexpr BugModelSet of(std::size_t index) {
    BugModelSet set;
    set.insert(index);
    return set;
  }
  // Models 0 to 63 as the bits of `mask` (for tests, and sets written by hand).
  static constexpr BugModelSet from_mask(std::uint64_t mask) {
    BugModelSet set;
    set.words_[0] = mask;
    return set;
  }
  // Every model there is room for.
  static constexpr BugModelSet all() {
    BugModelSet set;
    for (std::uint64_t& word : set.words_) word = ~std::uint64_t{0};
    return set;
  }

  constexpr void insert(std::size_t index) {
    if (index >= kCapacity) throw std::out_of_range("BugModelSet: model index past the capacity");
    words_[index / 64] |= std::uint64_t{1} << (index % 64);
  }
  constexpr bool contains(std::size_t index) const {
    return index < kCapacity && ((words_[index / 64] >> (index % 64)) & 1) != 0;
  }
  constexpr bool empty() const {
    for (const std::uint64_t word : words_)
      if (word != 0) return false;
    return true;
  }
  constexpr std::size_t count() const {
    std::size_t count = 0;
    for (const std::uint64_t word : words_) count += static_cast<std::size_t>(std::popcount(word));
    return count;
  }
  // The lowest index in the set; kCapacity when it is empty.
  constexpr std::size_t first() const {
    for (std::size_t w = 0; w < kWords; ++w)
      if (words_[w] != 0) return w * 64 + static_cast<std::size_t>(std::countr_zero(words_[w]));
    return kCapacity;
  }
  // The indices in the set, smallest first.
  std::vector<std::size_t> indices() const {
    std::vector<std::size_t> indices;
    for (std::size_t w = 0; w < kWords; ++w)
      for (std::uint64_t rest = words_[w]; rest != 0; rest &= rest - 1)
        indices.push_back(w * 64 + static_cast<std::size_t>(std::countr_zero(rest)));
    return indices;
  }
  // Whether the two sets share a model.
  constexpr bool intersects(const BugModelSet& other) const { return !(*this & other).empty(); }
  // The words in hexadecimal, most significant first: a stable key.
  std::string key() const {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text;
    for (std::size_t w = kWords; w-- > 0;)
      for (int shift = 60; shift >= 0; shift -= 4) text += kDigits[(words_[w] >> shift) & 0xf];
    return text;
  }

  constexpr BugModelSet& operator|=(const BugModelSet& other) {
    for (std::size_t w = 0; w < kWords; ++w) words_[w] |= other.words_[w];
    return *this;
  }
  constexpr BugModelSet& operator&=(const BugModelSet& other) {
    for (std::size_t w = 0; w < kWords; ++w) words_[w] &= other.words_[w];
    return *this;
  }
  friend constexpr BugModelSet operator|(BugModelSet a, const BugModelSet& b) { return a |= b; }
  friend constexpr BugModelSet operator&(BugModelSet a, const BugModelSet& b) { return a &= b; }
  // Ordered as the numbers the words spell, most significant word first (for tests written with
  // from_mask, the order of the masks).
  friend constexpr std::strong_ordering operator<=>(const BugModelSet& a, const BugModelSet& b) {
    for (std::size_t w = kWords; w-- > 0;)
      if (a.words_[w] != b.words_[w]) return a.words_[w] <=> b.words_[w];
    return std::strong_ordering::equal;
  }
  friend constexpr bool operator==(const BugModelSet& a, const BugModelSet& b) = default;

 private:
  static constexpr std::size_t kWords = kCapacity / 64;
  std::array<std::uint64_t, kWords> words_{};
};

}  // namespace cvc
