// The fast oracle for narrow inputs: under one rule and one set of readings, the result of every
// input pattern of a type of at most 16 bits, computed once by cvc::cast_value (the exact
// procedure, oracle/cast.cpp) and then looked up. A 16-bit input needs 65,536 casts to build the
// table (about 2 ms); afterwards a cast is one load.
//
//   CastTableCache tables;                                   // one per process (or per runner)
//   if (CastTable::covers(*rule.input)) {
//     const std::shared_ptr<const CastTable> table = tables.table_for(rule, readings);
//     for (std::uint64_t input : batch) {
//       const TableResult expected = table->lookup(input);   // .error, .bits, .ok()
//       ...
//     }
//   } else { ... cast_value(rule, input, readings) ... }
//
// A table holds only what a cast gives: the output bits or the error kind. For the step that
// decided (explain(), reports), call cast_value for the cases that are shown.
// Correctness stays with cast_value: tests/oracle/cast_table_test.cpp checks every entry of many
// tables against it with first_disagreement().
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <optional>
#include <vector>

#include "oracle/cast_result.hpp"
#include "oracle/cast_rule.hpp"
#include "oracle/readings.hpp"

namespace cvc {

// One input's result: output bits when error == CastError::None, else the error kind.
struct TableResult {
  CastError error = CastError::None;
  std::uint64_t bits = 0;

  bool ok() const { return error == CastError::None; }
  // Same outcome as cast_value's result: both the same error kind, or both the same bits.
  bool same_outcome(const CastResult& result) const {
    return error == result.error && (!ok() || bits == result.bits);
  }
};

class CastTable {
 public:
  static constexpr int kMaxInputBits = 16;
  // Can a table be built for this input type?
  static bool covers(const DataType& input) { return input.bits <= kMaxInputBits; }

  // Casts every pattern of rule.input by cast_value. Throws std::invalid_argument when the input
  // is wider than kMaxInputBits.
  explicit CastTable(const CastRule& rule, const Readings& readings = {});

  // The result of `input_bits` (bits above the input's width are ignored, as cast_value does).
  TableResult lookup(std::uint64_t input_bits) const {
    const std::size_t index = input_bits & input_mask_;
    if (narrow_) {
      const std::uint32_t entry = narrow_entries_[index];
      return {static_cast<CastError>(entry >> kNarrowErrorShift), entry & kNarrowBitsMask};
    }
    return {wide_errors_[index], wide_bits_[index]};
  }

  const CastRule& rule() const { return rule_; }
  const Readings& readings() const { return readings_; }
  std::size_t size() const { return static_cast<std::size_t>(input_mask_) + 1; }

  // For tests only: replace one entry, to prove that first_disagreement() finds a wrong entry.
  void overwrite(std::uint64_t input_bits, const TableResult& result);

 private:
  // Outputs of at most 16 bits (most tables) pack into 4 bytes: the pattern in the low bits, the
  // error kind in the top byte. Wider outputs keep bits and error kind side by side.
  static constexpr int kNarrowOutputBits = 16;
  static constexpr int kNarrowErrorShift = 24;
  static constexpr std::uint32_t kNarrowBitsMask = (1u << kNarrowErrorShift) - 1;
  static std::uint32_t narrow_entry(const TableResult& result);

  CastRule rule_;
  Readings readings_;
  std::uint64_t input_mask_;
  bool narrow_;
  std::vector<std::uint32_t> narrow_entries_;  // when narrow_
  std::vector<std::uint64_t> wide_bits_;       // otherwise, with wide_errors_
  std::vector<CastError> wide_errors_;
};

// The first input pattern (in increasing order) whose entry differs from what cast_value gives
// under the table's rule and readings; nullopt when every entry agrees.
std::optional<std::uint64_t> first_disagreement(const CastTable& table);

// Tables for callers that cast many batches under a few configurations (the harness, the
// reference adapter). Keyed by the whole rule (input, output, rounding, out_of_range and every
// scalar_map entry) and the cast flags of the readings. Holds at most `capacity` tables, dropping
// the least recently used; a table handed out stays valid for as long as its holder keeps the
// pointer. Not thread-safe: one cache per thread (parallelism here is by processes).
class CastTableCache {
 public:
  static constexpr std::size_t kDefaultCapacity = 16;  // 16 x 256 KiB for 16-bit inputs
  explicit CastTableCache(std::size_t capacity = kDefaultCapacity);

  // The table of (rule, readings), built on first use. rule.input must satisfy
  // CastTable::covers (else std::invalid_argument).
  std::shared_ptr<const CastTable> table_for(const CastRule& rule, const Readings& readings = {});

  std::size_t size() const { return tables_.size(); }
  std::size_t capacity() const { return capacity_; }
  std::size_t tables_built() const { return tables_built_; }  // misses since construction

 private:
  std::size_t capacity_;
  std::size_t tables_built_ = 0;
  std::list<std::shared_ptr<const CastTable>> tables_;  // most recently used first
};

}  // namespace cvc
